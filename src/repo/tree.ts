import { isUtf8 } from 'node:buffer';
import { existsSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../core/config.js';
import type { Diagnostic } from '../core/diagnostics.js';
import { InputError } from '../core/errors.js';
import type { DeferralTarget, TargetLookup } from '../roadmap/completion.js';
import type { Roadmap } from '../roadmap/model.js';
import { resumeCell } from '../roadmap/parked.js';
import { parseRoadmap } from '../roadmap/scanner.js';

/** Folders below the roadmap root that never hold active roadmaps. */
export const EXCLUDED_DIRS: ReadonlySet<string> = new Set(['archive', 'skipped', 'stubs', 'later']);

/** A file that could not be read faithfully: the reason and what to do about it. */
export interface ReadProblem {
  file: string;
  message: string;
  fix: string;
}

/** A `later/` roadmap listed in the dashboard's Parked section. */
export interface ParkedRoadmap {
  name: string;
  resume: string;
}

/** Everything the roadmap commands read from one repository. */
export interface RoadmapTree {
  /** Absolute repository root. */
  root: string;
  /** Roadmap root relative to the repository (`agents/roadmaps`). */
  roadmapsDir: string;
  /** The roadmap root exists. */
  exists: boolean;
  /** Every candidate file that is not a draft, parsed (with or without phase headings). */
  candidates: Roadmap[];
  /** Candidates with at least one phase heading: the active roadmaps, sorted by path. */
  active: Roadmap[];
  parked: ParkedRoadmap[];
  /** Files that could not be read; a command that must not guess refuses when this is not empty. */
  problems: ReadProblem[];
  /** Warnings about the tree itself (symlink loops, broken links). */
  warnings: Diagnostic[];
}

/** Upstream's name test: no templates, READMEs, dashboards or question logs. */
export function isRoadmapName(name: string): boolean {
  if (!name.endsWith('.md')) return false;
  if (
    name === 'template.md' ||
    name === 'README.md' ||
    name === 'progress.md' ||
    name === 'roadmaps-progress.md'
  ) {
    return false;
  }
  return !name.startsWith('open-questions');
}

/** Reads a text file, refusing binary and non-UTF-8 content with a reason. */
export function readTextFile(abs: string, shown: string): { text: string } | { problem: ReadProblem } {
  let text: string;
  try {
    // Node's UTF-8 fast path reads and decodes in one native call.
    text = readFileSync(abs, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    const fix = code === 'EACCES' ? 'make it readable (chmod u+r)' : 'check the file';
    return { problem: { file: shown, message: `cannot be read (${code})`, fix } };
  }
  if (text.includes('\u0000')) {
    return {
      problem: {
        file: shown,
        message: 'is binary (contains NUL bytes)',
        fix: 'replace it with a markdown text file',
      },
    };
  }
  // Invalid bytes decode to U+FFFD; only then is the byte-level check worth running, since a
  // file may also contain a real U+FFFD.
  if (text.includes('\uFFFD') && !isUtf8(readFileSync(abs))) {
    return { problem: { file: shown, message: 'is not valid UTF-8', fix: 're-save it as UTF-8' } };
  }
  return { text };
}

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

function readParked(rootAbs: string, roadmapsDir: string, problems: ReadProblem[]): ParkedRoadmap[] {
  const dir = join(rootAbs, roadmapsDir, 'later');
  let names: string[];
  try {
    names = readdirSync(dir).sort();
  } catch {
    return [];
  }
  const parked: ParkedRoadmap[] = [];
  for (const name of names) {
    if (!isRoadmapName(name)) continue;
    const abs = join(dir, name);
    try {
      if (!statSync(abs).isFile()) continue;
    } catch {
      continue;
    }
    const read = readTextFile(abs, `${roadmapsDir}/later/${name}`);
    if ('problem' in read) {
      problems.push(read.problem);
      continue;
    }
    const roadmap = parseRoadmap(read.text, { rel: `later/${name}`, file: `${roadmapsDir}/later/${name}` });
    if (roadmap.draft) continue;
    parked.push({ name, resume: resumeCell(read.text) });
  }
  return parked;
}

/**
 * Reads and parses every roadmap below the configured root. `select`, when given, is a cheap
 * test on the raw text: files that fail it are read (so unreadable ones are still reported)
 * but not parsed, and are absent from `candidates` and `active` (`gates` skips files that
 * cannot hold a blocker).
 */
export function loadRoadmapTree(
  rootAbs: string,
  config: Pick<Config, 'roadmaps'>,
  select?: (text: string) => boolean,
): RoadmapTree {
  const roadmapsDir = config.roadmaps;
  const tree: RoadmapTree = {
    root: rootAbs,
    roadmapsDir,
    exists: roadmapRootExists(rootAbs, roadmapsDir),
    candidates: [],
    active: [],
    parked: [],
    problems: [],
    warnings: [],
  };
  if (!tree.exists) return tree;
  const listing = listRoadmapFiles(rootAbs, roadmapsDir);
  tree.warnings.push(...listing.warnings);
  tree.problems.push(...listing.problems);
  const base = join(rootAbs, roadmapsDir);
  for (const rel of listing.files) {
    const file = `${roadmapsDir}/${rel}`;
    const read = readTextFile(`${base}/${rel}`, file);
    if ('problem' in read) {
      tree.problems.push(read.problem);
      continue;
    }
    if (select !== undefined && !select(read.text)) continue;
    const roadmap = parseRoadmap(read.text, { rel, file });
    if (roadmap.draft) continue;
    tree.candidates.push(roadmap);
    if (roadmap.phases.length > 0) tree.active.push(roadmap);
  }
  tree.parked = readParked(rootAbs, roadmapsDir, tree.problems);
  return tree;
}

/** A TargetLookup over the files of a repository, for deferral validation. */
export function createTargetLookup(rootAbs: string, roadmapsDir: string): TargetLookup {
  const cache = new Map<string, DeferralTarget>();
  return (slug) => {
    const cached = cache.get(slug);
    if (cached) return cached;
    let found: DeferralTarget = { location: null, frontmatter: null, text: '' };
    const places: Array<[DeferralTarget['location'], string]> = [
      ['active', `${slug}.md`],
      ['later', `later/${slug}.md`],
      ['archive', `archive/${slug}.md`],
      ['skipped', `skipped/${slug}.md`],
    ];
    for (const [location, rel] of places) {
      const abs = join(rootAbs, roadmapsDir, rel);
      if (!existsSync(abs)) continue;
      const read = readTextFile(abs, `${roadmapsDir}/${rel}`);
      const text = 'text' in read ? read.text : '';
      found = {
        location,
        frontmatter: parseRoadmap(text, { rel, file: `${roadmapsDir}/${rel}` }).frontmatter,
        text,
      };
      break;
    }
    cache.set(slug, found);
    return found;
  };
}
