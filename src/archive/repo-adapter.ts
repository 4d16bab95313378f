import { lstatSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { RepoStateError } from '../core/errors.js';
import type { GitPort } from '../core/git-port.js';
import type { ArchivePlan } from './model.js';

/** A path git reports (relative to its top level) relative to the root; null when outside it. */
export type ToRootRelative = (gitPath: string) => string | null;

function rootRelative(paths: Iterable<string>, toRoot: ToRootRelative): string[] {
  return [...paths].flatMap((p) => toRoot(p) ?? []);
}

/**
 * Root-relative paths touched by commits since `base`, or null for `--all`. An unresolvable
 * base yields an empty set and the problem, so nothing is archived (never a silent `--all`).
 */
export async function touchedPaths(
  git: GitPort,
  toRoot: ToRootRelative,
  base: string | null,
): Promise<{ touched: Set<string> | null; problem: string | null }> {
  if (base === null) return { touched: null, problem: null };
  try {
    return { touched: new Set(rootRelative(await git.changedSince(base), toRoot)), problem: null };
  } catch (error) {
    if (!(error instanceof RepoStateError)) throw error;
    return { touched: new Set(), problem: `cannot resolve \`${base}\`` };
  }
}

/** True when the file, or a folder between it and the roadmap root, is a symbolic link. */
export function isSymlinked(root: string, roadmapsDir: string, from: string): boolean {
  try {
    const real = realpathSync(join(root, from));
    return real !== join(realpathSync(join(root, roadmapsDir)), from.slice(roadmapsDir.length + 1));
  } catch {
    return true;
  }
}

/** True when anything (a broken link included) exists at the path. */
export function pathExists(abs: string): boolean {
  try {
    lstatSync(abs);
    return true;
  } catch {
    return false;
  }
}

/** Root-relative paths with staged or unstaged changes (untracked files do not count). */
export async function dirtyPaths(git: GitPort, toRoot: ToRootRelative): Promise<string[]> {
  const entries = (await git.status()).filter((e) => e.index !== '?' && e.index !== '!');
  const paths = new Set(entries.flatMap((e) => (e.from ? [e.path, e.from] : [e.path])));
  return rootRelative(paths, toRoot).sort();
}

/** The refusal for a dirty working tree, naming the first paths. */
export function dirtyTreeError(dirty: string[]): RepoStateError {
  const shown = dirty.slice(0, 5).join(', ');
  const more = dirty.length > 5 ? ` and ${dirty.length - 5} more` : '';
  return new RepoStateError(
    `the working tree has uncommitted changes (${shown}${more}); nothing was archived`,
    undefined,
    'commit or stash them first, or pass --allow-dirty',
  );
}

/**
 * What a run stages: both paths of every tracked move, tracked rewritten files and the
 * dashboard when tracked — never a file that held uncommitted changes of the user's.
 */
export function stagePaths(
  plan: ArchivePlan,
  tracked: ReadonlySet<string>,
  dirty: ReadonlySet<string>,
): string[] {
  const out = new Set<string>();
  for (const m of plan.moves) {
    if (!m.tracked) continue;
    out.add(m.from);
    out.add(m.to);
  }
  for (const r of plan.rewrites) if (r.tracked && !dirty.has(r.path)) out.add(r.writePath);
  if (tracked.has(plan.dashboard) && !dirty.has(plan.dashboard)) out.add(plan.dashboard);
  return [...out].sort();
}
