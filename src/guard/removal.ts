import type { PathCheck } from './classify.js';
import { dirname, relative, resolve } from './paths.js';

/** What the hook knows to answer a `PathCheck`: absolute, `/`-separated paths. */
export interface RemovalContext {
  /** The repository's top level, symbolic links resolved. */
  root: string;
  /** The home folder, symbolic links resolved; null when the hook does not know it. */
  home: string | null;
  /** The folder the call runs in. */
  cwd: string;
  /** Resolves the symbolic links of the part of a path that exists (`ln -s / x; rm -rf x/`). */
  realpath(path: string): string;
}

/** How to answer one check: held outright, or held when `git ls-files` lists anything for the pathspecs. */
export interface RemovalPlan {
  held: boolean;
  pathspecs: string[];
}

const GLOB = /[*?[]/;

const within = (path: string, folder: string) =>
  folder === '/' || path === folder || path.startsWith(`${folder}/`);

function expandHome(path: string, home: string | null): string | null {
  if (path === '~' || path.startsWith('~/')) return home === null ? null : home + path.slice(1);
  return path.startsWith('~') ? null : path;
}

/**
 * Whether removing everything at or below `path` loses what must never go: the file system's
 * top (`/`, `/usr`), the home folder, a folder right inside it, or the repository's root or
 * any folder above it.
 */
function protectedFolder(path: string, ctx: RemovalContext): boolean {
  const parts = path.split('/').filter((p) => p !== '');
  if (parts.length <= 1) return true;
  if (ctx.home !== null && (within(ctx.home, path) || dirname(path) === ctx.home)) return true;
  return within(ctx.root, path);
}

/** Whether a glob's matches inside `folder` can be protected (`/*`, `~/*`, `../*` from the root). */
function globReaches(folder: string, ctx: RemovalContext): boolean {
  const above = (path: string) => folder !== path && within(path, folder);
  return folder === '/' || (ctx.home !== null && (folder === ctx.home || above(ctx.home))) || above(ctx.root);
}

/**
 * The answer to a `PathCheck` as far as paths go: held when a path is protected (or cannot be
 * placed), else the `:(top)` pathspecs of the paths inside the repository, whose tracked files
 * decide. Paths outside the repository and not above it are free.
 */
export function planRemoval(check: PathCheck, ctx: RemovalContext): RemovalPlan {
  const base = expandHome(check.cwd, ctx.home);
  if (base === null) return { held: true, pathspecs: [] };
  const folder = resolve(ctx.cwd, base);
  const pathspecs: string[] = [];
  for (const raw of check.paths) {
    const path = expandHome(raw, ctx.home);
    if (path === null) return { held: true, pathspecs: [] };
    const glob = GLOB.exec(path);
    // A glob: the folder before its first pattern character is fixed, the rest may match anything below it.
    const fixed = glob === null ? path : path.slice(0, path.lastIndexOf('/', glob.index) + 1);
    const at = ctx.realpath(resolve(folder, fixed === '' ? '.' : fixed));
    if (glob === null ? protectedFolder(at, ctx) : globReaches(at, ctx)) return { held: true, pathspecs: [] };
    if (!within(at, ctx.root)) continue;
    const inside = relative(ctx.root, at);
    if (glob === null) pathspecs.push(`:(top,literal)${inside}`);
    else pathspecs.push(`:(top)${inside === '' ? '' : `${inside}/`}${path.slice(fixed.length)}`);
  }
  return { held: false, pathspecs };
}
