import { lstatSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Diagnostic } from '../core/diagnostics.js';
import { InputError } from '../core/errors.js';
import { EXCLUDED_DIRS, isRoadmapName } from '../roadmap/names.js';
import type { ReadProblem } from './read-text.js';

export { EXCLUDED_DIRS, isRoadmapName } from '../roadmap/names.js';

/** What a walk found: files (relative to where it started), warnings, unreadable folders. */
interface Walk {
  files: string[];
  warnings: Diagnostic[];
  problems: ReadProblem[];
}

/** Which folders a walk enters and which files it keeps; whether it follows symbolic links. */
interface WalkRules {
  skipDir(name: string): boolean;
  keepFile(name: string): boolean;
  /** Follow links (with loop detection and a warning for broken ones), or skip them. */
  followLinks: boolean;
}

function linkWarning(file: string, code: string, message: string): Diagnostic {
  return { file, line: 1, column: 1, severity: 'warning', code, message };
}

/**
 * The one tree walker: `abs` is the folder, `rel` its path as files are listed; messages name
 * paths as `shownRoot/rel`.
 */
function walk(
  abs: string,
  rel: string,
  shownRoot: string,
  rules: WalkRules,
  seen: Set<string>,
  out: Walk,
): void {
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
    const childShown = `${shownRoot}/${childRel}`;
    let isDir = entry.isDirectory();
    let isFile = entry.isFile();
    if (entry.isSymbolicLink()) {
      if (!rules.followLinks) continue;
      try {
        const st = statSync(childAbs);
        isDir = st.isDirectory();
        isFile = st.isFile();
      } catch {
        out.warnings.push(
          linkWarning(childShown, 'broken-symlink', 'symbolic link points nowhere (or into a loop); skipped'),
        );
        continue;
      }
    }
    if (isDir) {
      if (rules.skipDir(entry.name)) continue;
      if (rules.followLinks) {
        let real: string;
        try {
          real = realpathSync(childAbs);
        } catch {
          continue;
        }
        if (seen.has(real)) {
          out.warnings.push(
            linkWarning(
              childShown,
              'symlink-loop',
              'folder was already read through another path (symbolic link loop?); skipped',
            ),
          );
          continue;
        }
        seen.add(real);
      }
      walk(childAbs, childRel, shownRoot, rules, seen, out);
    } else if (isFile && rules.keepFile(entry.name)) {
      out.files.push(childRel);
    }
  }
}

const ROADMAP_RULES: WalkRules = {
  skipDir: (name) => EXCLUDED_DIRS.has(name),
  keepFile: isRoadmapName,
  followLinks: true,
};

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
  walk(abs, '', roadmapsDir, ROADMAP_RULES, new Set([real]), out);
  out.files.sort();
  return out;
}

// Folders no document of ours lives in; walking them would only cost time.
const SKIP_DIRS = new Set(['.git', 'node_modules']);
export const isMarkdownName = (name: string) => name.endsWith('.md');

/**
 * Every markdown file (or every file whose name `keep` accepts) below a repository folder,
 * repository-relative, in walk order; skips `.git`, `node_modules` and symbolic links, and
 * passes over an unreadable folder.
 */
export function listMarkdownFiles(
  root: string,
  dir: string,
  keep: (name: string) => boolean = isMarkdownName,
): string[] {
  const out: Walk = { files: [], warnings: [], problems: [] };
  const rules: WalkRules = { skipDir: (name) => SKIP_DIRS.has(name), keepFile: keep, followLinks: false };
  walk(join(root, dir), dir, dir, rules, new Set(), out);
  return out.files;
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

/** The path with every symbolic link resolved (`fs.realpathSync`); throws as it does. */
export function realPath(abs: string): string {
  return realpathSync(abs);
}

/** True when `abs` itself is a symbolic link (false when it does not exist). */
export function isSymbolicLink(abs: string): boolean {
  try {
    return lstatSync(abs).isSymbolicLink();
  } catch {
    return false;
  }
}

/** What is at a path, following symbolic links: a folder, a file, something else, or nothing. */
export function pathKind(abs: string): 'dir' | 'file' | 'other' | null {
  try {
    const st = statSync(abs);
    return st.isDirectory() ? 'dir' : st.isFile() ? 'file' : 'other';
  } catch {
    return null;
  }
}
