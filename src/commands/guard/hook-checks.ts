import { dirname, posix, resolve } from 'node:path';
import type { Context } from '../../core/context.js';
import type { PathCheck } from '../../guard/classify.js';
import { placeKey } from '../../guard/git-view.js';
import type { ShellCall } from '../../guard/harness.js';
import { planRemoval, type RemovalContext } from '../../guard/removal.js';
import type { GitPlace } from '../../guard/rule-types.js';
import { pathKind, realPath } from '../../repo/discover.js';

/**
 * How long the hook waits for `git ls-files` to say whether a removal touches tracked files.
 * Well inside the harness's timeout: past it, the command is held (docs/guard.md, "rm -r").
 */
export const TRACKED_CHECK_MS = 2000;

/** A path with the symbolic links of its existing part resolved (`x/` where x → `/`). */
function realpathOf(path: string): string {
  let existing = path;
  const rest: string[] = [];
  while (pathKind(existing) === null && dirname(existing) !== existing) {
    rest.unshift(existing.slice(dirname(existing).length).replace(/^[\\/]/, ''));
    existing = dirname(existing);
  }
  try {
    return posix.join(realPath(existing).split('\\').join('/'), ...rest);
  } catch {
    return path;
  }
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T | 'timeout'> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'timeout'>((done) => {
    timer = setTimeout(() => done('timeout'), ms);
    timer.unref?.();
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * Answers the classifier's path checks for one call: the actions whose paths are protected or
 * hold tracked files (`git ls-files`, one call per action, all at once, bounded by `timeoutMs`).
 * Anything that cannot be answered — no repository, git failing, the deadline — holds the action.
 */
export async function answerChecks(
  ctx: Context,
  root: string | null,
  call: ShellCall,
  checks: readonly PathCheck[],
  timeoutMs = TRACKED_CHECK_MS,
): Promise<string[]> {
  const actions = [...new Set(checks.map((c) => c.action))];
  if (root === null) return actions;
  const home = ctx.env.HOME;
  const where: RemovalContext = {
    root: realpathOf(resolve(ctx.cwd, root)),
    home: home === undefined || home === '' ? null : realpathOf(resolve(ctx.cwd, home)),
    cwd: realpathOf(resolve(ctx.cwd, call.cwd ?? '.')),
    realpath: realpathOf,
  };
  const held = new Set<string>();
  const pathspecs = new Map<string, string[]>();
  for (const check of checks) {
    const plan = planRemoval(check, where);
    if (plan.held) held.add(check.action);
    else pathspecs.set(check.action, [...(pathspecs.get(check.action) ?? []), ...plan.pathspecs]);
  }
  const asked = [...pathspecs].filter(([action, specs]) => !held.has(action) && specs.length > 0);
  const answers = await withTimeout(
    Promise.all(
      asked.map(async ([action, specs]) => {
        try {
          return (await ctx.git(where.root).listTracked(specs)).length > 0 ? action : null;
        } catch {
          return action;
        }
      }),
    ),
    timeoutMs,
  );
  if (answers === 'timeout') return [...held, ...asked.map(([action]) => action)];
  return [...held, ...answers.filter((a): a is string => a !== null)];
}

/** What the hook learnt of git's aliases, by place (see `placeKey`); null: cannot be known. */
export type ReadAliases = Map<string, ReadonlyMap<string, string> | null>;

/**
 * Reads the aliases git's configuration defines where a line's git commands run (the
 * repository's, included files', the user's): one `git config --get-regexp` per distinct folder
 * and repository, all rounds of one call bounded together like the tracked-files checks. A
 * place the text cannot fix, a folder that does not exist, git failing or the time running out
 * read as null: the line is then held as unreadable where a word may be an alias.
 */
export function aliasReader(
  ctx: Context,
  call: ShellCall,
  timeoutMs = TRACKED_CHECK_MS,
): (places: readonly (GitPlace | null)[], into: ReadAliases) => Promise<void> {
  const from = resolve(ctx.cwd, call.cwd ?? '.');
  const home = ctx.env.HOME;
  const absolute = (path: string): string | null => {
    const m = /^~(\/.*)?$/.exec(path);
    if (m === null) return resolve(from, path);
    return home === undefined || home === '' ? null : resolve(home, `.${m[1] ?? ''}`);
  };
  const byFolder = new Map<string, Promise<Map<string, string> | null>>();
  // One bound for every round of the call; unref'd, it keeps no process alive.
  const late = new Promise<'timeout'>((done) => {
    setTimeout(() => done('timeout'), timeoutMs).unref?.();
  });
  return async (places, into) => {
    const asked = places.map((place) => {
      const dir = place === null ? null : absolute(place.dir);
      const gitDir = place?.gitDir == null ? undefined : absolute(place.gitDir);
      if (dir === null || gitDir === null) return Promise.resolve(null);
      const key = JSON.stringify([dir, gitDir ?? null]);
      let read = byFolder.get(key);
      if (read === undefined) {
        read = ctx
          .git(dir)
          .aliases(gitDir === undefined ? {} : { gitDir })
          .catch(() => null);
        byFolder.set(key, read);
      }
      return read;
    });
    const answers = await Promise.race([Promise.all(asked), late]);
    places.forEach((place, k) => {
      into.set(placeKey(place), answers === 'timeout' ? null : answers[k]!);
    });
  };
}
