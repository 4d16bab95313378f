import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../core/config.js';
import type { Diagnostic } from '../core/diagnostics.js';
import type { DeferralTarget, TargetLookup } from '../roadmap/completion.js';
import type { Roadmap } from '../roadmap/model.js';
import { resumeCell } from '../roadmap/parked.js';
import { parseRoadmap } from '../roadmap/scanner.js';
import { isRoadmapName, listRoadmapFiles, roadmapRootExists } from './discover.js';
import { type ByteViewTest, type ReadProblem, readTextFile } from './read-text.js';

export { EXCLUDED_DIRS, isRoadmapName, listRoadmapFiles, roadmapRootExists } from './discover.js';
export { type ReadProblem, readTextFile } from './read-text.js';

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

/** How `scanRoadmapTree` reads the files. */
export interface ScanOptions {
  /** A cheap test on a file's bytes; files that fail it are read and checked but not parsed. */
  select?: ByteViewTest;
}

/** A tree read without keeping its roadmaps: everything of `RoadmapTree` but the models. */
export type ScannedTree = Omit<RoadmapTree, 'candidates' | 'active'>;

/**
 * Reads and parses every roadmap below the configured root, in path order, handing each
 * candidate (every file that is not a draft) to `visit` and keeping nothing of it: a command
 * that needs only a summary of each roadmap lets the model go at once. `select`, when given, is
 * a cheap test on the file's bytes (see `ByteViewTest`): files that fail it are read and checked
 * (so unreadable ones are still reported) but neither decoded nor parsed (`gates` skips files
 * that cannot hold a blocker).
 */
export function scanRoadmapTree(
  rootAbs: string,
  config: Pick<Config, 'roadmaps'>,
  visit: (roadmap: Roadmap) => void,
  options: ScanOptions = {},
): ScannedTree {
  const { select } = options;
  const roadmapsDir = config.roadmaps;
  const tree: ScannedTree = {
    root: rootAbs,
    roadmapsDir,
    exists: roadmapRootExists(rootAbs, roadmapsDir),
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
    const read = readTextFile(`${base}/${rel}`, file, select);
    if ('problem' in read) {
      tree.problems.push(read.problem);
      continue;
    }
    if ('skipped' in read) continue;
    const roadmap = parseRoadmap(read.text, { rel, file });
    if (!roadmap.draft) visit(roadmap);
  }
  tree.parked = readParked(rootAbs, roadmapsDir, tree.problems);
  return tree;
}

/** Reads and parses every roadmap below the configured root and keeps the models (see `scanRoadmapTree`). */
export function loadRoadmapTree(
  rootAbs: string,
  config: Pick<Config, 'roadmaps'>,
  select?: ByteViewTest,
): RoadmapTree {
  const candidates: Roadmap[] = [];
  const active: Roadmap[] = [];
  const scanned = scanRoadmapTree(
    rootAbs,
    config,
    (roadmap) => {
      candidates.push(roadmap);
      if (roadmap.phases.length > 0) active.push(roadmap);
    },
    { select },
  );
  return { ...scanned, candidates, active };
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
