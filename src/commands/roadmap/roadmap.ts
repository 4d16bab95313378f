import { join, posix, sep } from 'node:path';
import type { Context } from '../../core/context.js';
import type { Diagnostic } from '../../core/diagnostics.js';
import { UsageError } from '../../core/errors.js';
import { pathKind, realPath } from '../../repo/discover.js';
import { openRepository } from '../../repo/open-repository.js';
import { isRoadmapName, type ReadProblem, readTextFile, scanRoadmapTree } from '../../repo/tree.js';
import type { Roadmap } from '../../roadmap/model.js';
import { parseRoadmap } from '../../roadmap/scanner.js';

/**
 * The active roadmaps of a repository: the files `progress` counts and `gates` reads (no draft,
 * no file without a phase heading; `archive/`, `later/` and the like left out).
 */
export interface RoadmapListReport {
  root: string;
  /** Roadmap root relative to the repository (`agents/roadmaps`). */
  roadmapsDir: string;
  /** Paths relative to the roadmap root, sorted. */
  files: string[];
  problems: ReadProblem[];
  warnings: Diagnostic[];
}

/** One roadmap read by path: its model, or why it could not be read. */
export interface RoadmapReport {
  /** Repository-relative path. */
  file: string;
  /** Path relative to the roadmap root. */
  rel: string;
  /** The parsed model; null when the file could not be read. */
  roadmap: Roadmap | null;
  problem: ReadProblem | null;
}

/** Lists the active roadmaps below the configured roadmap root (see `RoadmapListReport`). */
export async function listRoadmaps(ctx: Context, options: { root?: string }): Promise<RoadmapListReport> {
  const { root, config } = await openRepository(ctx, { root: options.root, config: 'roadmaps' });
  const files: string[] = [];
  const tree = scanRoadmapTree(root, config, (roadmap) => {
    if (roadmap.phases.length > 0) files.push(roadmap.rel);
  });
  return { root, roadmapsDir: config.roadmaps, files, problems: tree.problems, warnings: tree.warnings };
}

/**
 * Where `path` (relative to the roadmap root, or to the repository when it starts with the
 * roadmap root) names a roadmap file inside the roadmap root; a path that leaves it, even by a
 * symbolic link, or names no markdown file there is a usage error.
 */
export function locateRoadmap(root: string, roadmapsDir: string, path: string): { rel: string; abs: string } {
  const bad = (why: string, fix: string) => new UsageError(why, `roadmap path ${JSON.stringify(path)}`, fix);
  if (path.includes('\0')) throw bad('contains a NUL character', 'remove it');
  let rel = posix.normalize(path.split('\\').join('/'));
  if (rel.startsWith(`${roadmapsDir}/`)) rel = rel.slice(roadmapsDir.length + 1);
  if (rel.startsWith('/') || rel === '..' || rel.startsWith('../') || rel === '.') {
    throw bad(`is outside ${roadmapsDir}/`, `name a file below ${roadmapsDir}/, e.g. my-roadmap.md`);
  }
  if (!isRoadmapName(posix.basename(rel))) {
    throw bad('is not a roadmap file', 'name a .md roadmap (not a README, template or dashboard)');
  }
  const base = join(root, roadmapsDir);
  const abs = join(base, rel);
  let isFile = false;
  let inside = false;
  try {
    isFile = pathKind(abs) === 'file';
    inside = realPath(abs).startsWith(realPath(base) + sep);
  } catch {
    isFile = false;
  }
  if (!isFile)
    throw bad(`names no file in ${roadmapsDir}/`, 'list them with the resources agent-config://roadmaps/…');
  if (!inside) throw bad(`leads outside ${roadmapsDir}/ by a symbolic link`, 'name the file itself');
  return { rel, abs };
}

/** Reads one roadmap's text; an unreadable file (permissions, binary, not UTF-8) is a problem, not an error. */
export async function readRoadmapText(
  ctx: Context,
  options: { root?: string; path: string },
): Promise<{ file: string; rel: string; text: string | null; problem: ReadProblem | null }> {
  const { root, config } = await openRepository(ctx, { root: options.root, config: 'roadmaps' });
  const { roadmaps } = config;
  const { rel, abs } = locateRoadmap(root, roadmaps, options.path);
  const file = `${roadmaps}/${rel}`;
  const read = readTextFile(abs, file);
  return 'problem' in read
    ? { file, rel, text: null, problem: read.problem }
    : { file, rel, text: read.text, problem: null };
}

/** One roadmap's parsed model, the model every command reads (SPEC §2). */
export async function runRoadmap(
  ctx: Context,
  options: { root?: string; path: string },
): Promise<RoadmapReport> {
  const { file, rel, text, problem } = await readRoadmapText(ctx, options);
  return { file, rel, roadmap: text === null ? null : parseRoadmap(text, { rel, file }), problem };
}

/** The `roadmap` tool's document (no CLI verb prints it): the report itself. */
export type RoadmapDocument = RoadmapReport;

/** The document of the `roadmap` tool. */
export function roadmapDocument(report: RoadmapReport): RoadmapDocument {
  return report;
}
