import { readdirSync, realpathSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Diagnostic } from '../core/diagnostics.js';
import { InputError } from '../core/errors.js';
import { EXCLUDED_DIRS, isRoadmapName } from '../roadmap/names.js';
import type { ReadProblem } from './read-text.js';

export { EXCLUDED_DIRS, isRoadmapName } from '../roadmap/names.js';

interface Walk {
  files: string[];
  warnings: Diagnostic[];
  problems: ReadProblem[];
}

function walk(abs: string, rel: string, shownRoot: string, seen: Set<string>, out: Walk): void {
  let entries: import('node:fs').Dirent[];
  try {
    entries = readdirSync(abs, { withFileTypes: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    out.problems.push({
      file: `${shownRoot}/${rel}`,
      message: `folder cannot be read (${code})`,
      fix: 'check its permissions',
    });
    return;
  }
  for (const entry of entries) {
    const childAbs = `${abs}/${entry.name}`;
    const childRel = rel === '' ? entry.name : `${rel}/${entry.name}`;
    let isDir = entry.isDirectory();
    let isFile = entry.isFile();
    if (entry.isSymbolicLink()) {
      try {
        const st = statSync(childAbs);
        isDir = st.isDirectory();
        isFile = st.isFile();
      } catch {
        out.warnings.push({
          file: `${shownRoot}/${childRel}`,
          line: 1,
          column: 1,
          severity: 'warning',
          code: 'broken-symlink',
          message: 'symbolic link points nowhere (or into a loop); skipped',
        });
        continue;
      }
    }
    if (isDir) {
      if (EXCLUDED_DIRS.has(entry.name)) continue;
      let real: string;
      try {
        real = realpathSync(childAbs);
      } catch {
        continue;
      }
      if (seen.has(real)) {
        out.warnings.push({
          file: `${shownRoot}/${childRel}`,
          line: 1,
          column: 1,
          severity: 'warning',
          code: 'symlink-loop',
          message: 'folder was already read through another path (symbolic link loop?); skipped',
        });
        continue;
      }
      seen.add(real);
      walk(childAbs, childRel, shownRoot, seen, out);
    } else if (isFile && isRoadmapName(entry.name)) {
      out.files.push(childRel);
    }
  }
}

/** Lists candidate roadmap files below the roadmap root, sorted by path as upstream. */
export function listRoadmapFiles(rootAbs: string, roadmapsDir: string): Walk {
  const out: Walk = { files: [], warnings: [], problems: [] };
  const abs = join(rootAbs, roadmapsDir);
  let real: string;
  try {
    real = realpathSync(abs);
  } catch {
    return out;
  }
  walk(abs, '', roadmapsDir, new Set([real]), out);
  out.files.sort();
  return out;
}

/** Checks the roadmap root: absent is fine (nothing to do), anything but a folder is an error. */
export function roadmapRootExists(rootAbs: string, roadmapsDir: string): boolean {
  const abs = join(rootAbs, roadmapsDir);
  let st: import('node:fs').Stats;
  try {
    st = statSync(abs);
  } catch {
    return false;
  }
  if (!st.isDirectory()) {
    throw new InputError(
      'is not a folder',
      roadmapsDir,
      'move the file away; roadmaps live in a folder of that name',
    );
  }
  return true;
}
