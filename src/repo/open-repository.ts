import { join, relative, resolve } from 'node:path';
import { CONFIG_FILE, type Config } from '../core/config.js';
import type { Context } from '../core/context.js';
import { RepoStateError, UsageError } from '../core/errors.js';
import type { GitPort } from '../core/git-port.js';
import { type Harness, PROJECT_DIR_VARIABLE } from '../guard/harness.js';
import { pathKind, realPath } from './discover.js';
import { loadConfig, loadRoadmapConfig } from './load-config.js';
import { toPosix } from './posix-path.js';

/**
 * Where a verb looks for its repository when no `--root` is given:
 * * `marked` (default): the current folder when it holds `agents/` or `agent-config.yaml`, else
 *   the git top level when that does, else the current folder;
 * * `git-top`: the git top level, else the current folder (`init`, the agent's settings);
 * * `project-dir`: the folder the harness names in its environment (else the current folder)
 *   when it holds `agents/` or `agent-config.yaml`, else its git top level, else itself (the
 *   guard hook).
 */
export type RootSearch = { find?: 'marked' | 'git-top' } | { find: 'project-dir'; harness: Harness };

export type OpenOptions = RootSearch & {
  /** `--root` as given: a folder, relative to the current one; taken as it is. */
  root?: string;
};

/** What the root is to git: paths converted between git's (top-level-relative) and the root's. */
export interface GitView {
  /** A path git names (top-level-relative, `/`) relative to the root; null when outside it. */
  toRootRelative(gitPath: string): string | null;
  /** The path git names for a root-relative one. */
  toGitPath(rel: string): string;
}

/** A repository opened for a verb: its root, the git port there and git's view of it. */
export interface Repository {
  /** Absolute root; every repository-relative path is relative to it. */
  root: string;
  git: GitPort;
  /** git's view of the root (asked once), or null outside git. */
  gitView(): Promise<GitView | null>;
  /**
   * git's view of the root, refusing a root outside git with the one message and the verb's
   * `fix`. `dotGitIsTop`: a root holding `.git` is taken as the top level without asking git
   * (a process saved where every one counts).
   */
  requireGit(fix: string, options?: { dotGitIsTop?: boolean }): Promise<GitView>;
}

/** A repository with its `agent-config.yaml` read (defaults when there is none). */
export interface ConfiguredRepository extends Repository {
  config: Config;
}

/**
 * How the configuration is read: `read` as it is; `roadmaps` for a verb that reads the roadmap
 * folder, which refuses a `roadmaps:` folder that does not exist.
 */
export type ConfigRead = 'read' | 'roadmaps';

function isMarked(dir: string): boolean {
  return pathKind(join(dir, 'agents')) !== null || pathKind(join(dir, CONFIG_FILE)) !== null;
}

function explicitRoot(ctx: Context, given: string): string {
  const abs = resolve(ctx.cwd, given);
  if (pathKind(abs) !== 'dir')
    throw new UsageError('is not a folder', `--root ${given}`, 'pass the repository folder');
  return abs;
}

/** The root a search finds, and the git top level (of both) when the search asked git. */
async function findRoot(ctx: Context, search: RootSearch): Promise<{ root: string; top?: string | null }> {
  const start =
    search.find === 'project-dir' ? ctx.env[PROJECT_DIR_VARIABLE[search.harness]] || ctx.cwd : ctx.cwd;
  if (search.find !== 'git-top' && isMarked(start)) return { root: start };
  const top = await ctx.git(start).topLevel();
  // The default search takes the top level only when that is marked; the others take it as it is.
  const atTop = top !== null && (search.find === 'git-top' || search.find === 'project-dir' || isMarked(top));
  return { root: atTop ? top : start, top };
}

// git names its top level with symbolic links resolved: both sides are compared resolved.
function viewOf(root: string, top: string): GitView {
  const realTop = realPath(top);
  const realRoot = realPath(root);
  const prefix = toPosix(relative(realTop, realRoot));
  const head = `${prefix}/`;
  return {
    toRootRelative: (path) => (prefix === '' ? path : path.startsWith(head) ? path.slice(head.length) : null),
    toGitPath: (rel) => toPosix(relative(realTop, resolve(realRoot, rel))),
  };
}

/**
 * The one way a verb opens its repository: the root (`--root`, else found as `find` says), the
 * git port there, git's view of it on demand, and with `config` its `agent-config.yaml`.
 */
export async function openRepository(
  ctx: Context,
  options: OpenOptions & { config: ConfigRead },
): Promise<ConfiguredRepository>;
export async function openRepository(ctx: Context, options: OpenOptions): Promise<Repository>;
export async function openRepository(
  ctx: Context,
  options: OpenOptions & { config?: ConfigRead },
): Promise<Repository | ConfiguredRepository> {
  const found =
    options.root === undefined ? await findRoot(ctx, options) : { root: explicitRoot(ctx, options.root) };
  const { root } = found;
  let port: GitPort | undefined;
  // Built when first used: a verb that never asks git builds no port.
  const git = () => (port ??= ctx.git(root));
  let top: Promise<string | null> | undefined =
    found.top === undefined ? undefined : Promise.resolve(found.top);
  let view: Promise<GitView | null> | undefined;
  const gitView = () => {
    top ??= git().topLevel();
    view ??= top.then((t) => (t === null ? null : viewOf(root, t)));
    return view;
  };
  const requireGit = async (fix: string, opts?: { dotGitIsTop?: boolean }) => {
    if (opts?.dotGitIsTop === true && top === undefined && pathKind(join(root, '.git')) !== null)
      top = Promise.resolve(root);
    const known = await gitView();
    if (known === null) throw new RepoStateError('is not inside a git repository', root, fix);
    return known;
  };
  const read = options.config;
  const config =
    read === undefined ? {} : { config: read === 'roadmaps' ? loadRoadmapConfig(root) : loadConfig(root) };
  return {
    root,
    get git() {
      return git();
    },
    gitView,
    requireGit,
    ...config,
  };
}
