import { lstatSync, realpathSync } from 'node:fs';
import { join, relative } from 'node:path';
import { RepoStateError } from '../core/errors.js';
import type { GitFactory, GitPort } from '../core/git-port.js';
import { toPosix } from '../repo/posix-path.js';
import type { ArchivePlan } from './model.js';

/** Paths git reports relative to its top level, made relative to the root (others dropped). */
function toRootRelative(paths: Iterable<string>, prefix: string): string[] {
  if (prefix === '') return [...paths];
  const head = `${prefix}/`;
  return [...paths].filter((p) => p.startsWith(head)).map((p) => p.slice(head.length));
}

/** The git port for a root, and the root's path below the top level (`''` at the top). */
export interface Repository {
  git: GitPort;
  prefix: string;
}

/** Opens the repository a root lies in; a folder outside git cannot be archived. */
export async function openRepository(factory: GitFactory, root: string): Promise<Repository> {
  const git = factory(root);
  const top = await git.topLevel();
  if (top === null) {
    throw new RepoStateError(
      'is not inside a git repository',
      root,
      'archive moves files with git; run it in a clone',
    );
  }
  return { git, prefix: toPosix(relative(realpathSync(top), realpathSync(root))) };
}

/**
 * Root-relative paths touched by commits since `base`, or null for `--all`. An unresolvable
 * base yields an empty set and the problem, so nothing is archived (never a silent `--all`).
 */
export async function touchedPaths(
  git: GitPort,
  prefix: string,
  base: string | null,
): Promise<{ touched: Set<string> | null; problem: string | null }> {
  if (base === null) return { touched: null, problem: null };
  try {
    return { touched: new Set(toRootRelative(await git.changedSince(base), prefix)), problem: null };
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
export async function dirtyPaths(git: GitPort, prefix: string): Promise<string[]> {
  const entries = (await git.status()).filter((e) => e.index !== '?' && e.index !== '!');
  const paths = new Set(entries.flatMap((e) => (e.from ? [e.path, e.from] : [e.path])));
  return toRootRelative(paths, prefix).sort();
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
