import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { WorktreeEntry } from '../core/git-port.js';

// The working trees of a repository read from git's own files (gitrepository-layout(5)), for
// `inbox`: starting a git process costs more than reading the few files it would read, and
// the inbox reads hundreds of repositories. Anything unusual (a bare repository, a separate
// git dir, a file that does not read as expected) answers null, and the caller asks git.

function text(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

/** The repository's common git dir for a working tree's root, or null when it is not one. */
export function commonGitDir(root: string): string | null {
  const dotGit = join(root, '.git');
  const file = text(dotGit);
  if (file === null) {
    // A folder (or nothing): the main working tree's own git dir.
    return text(join(dotGit, 'HEAD')) === null ? null : dotGit;
  }
  const match = /^gitdir: (.+)$/m.exec(file);
  if (match === null) return null;
  const gitDir = resolve(root, match[1]!.trim());
  const common = text(join(gitDir, 'commondir'));
  return common === null ? gitDir : resolve(gitDir, common.trim());
}

const OID = /^[0-9a-f]{40}([0-9a-f]{24})?$/;

/** The commit a ref names, from its loose file or `packed-refs`; null when neither has it. */
function refOid(common: string, ref: string, packed: string | null): string | null {
  const loose = text(join(common, ref))?.trim() ?? null;
  if (loose !== null) {
    if (OID.test(loose)) return loose;
    const symbolic = /^ref: (\S+)$/.exec(loose);
    return symbolic === null ? null : refOid(common, symbolic[1]!, packed);
  }
  for (const line of (packed ?? '').split('\n')) {
    const [oid, name] = line.split(' ');
    if (name === ref && oid !== undefined && OID.test(oid)) return oid;
  }
  return null;
}

function headOf(
  gitDir: string,
  common: string,
  packed: string | null,
): Pick<WorktreeEntry, 'head' | 'branch'> | null {
  const head = text(join(gitDir, 'HEAD'))?.trim();
  if (head === undefined) return null;
  if (OID.test(head)) return { head, branch: null };
  const symbolic = /^ref: (\S+)$/.exec(head);
  if (symbolic === null) return null;
  return { head: refOid(common, symbolic[1]!, packed), branch: symbolic[1]! };
}

/** A repository as its files describe it: its working trees, the base's commit, each index. */
export interface RepositoryLayout {
  worktrees: Array<WorktreeEntry & { index: string }>;
  /** The commit `refs/remotes/origin/HEAD` names; null when there is no base (or it is not read). */
  base: string | null;
  hasBase: boolean;
}

/**
 * The working trees of the repository whose common git dir is `common`, the main one first,
 * as `git worktree list` lists them; null when the layout is one this reader does not know.
 */
export function readLayout(common: string): RepositoryLayout | null {
  if (basename(common) !== '.git') return null;
  const config = text(join(common, 'config')) ?? '';
  if (/^\s*bare\s*=\s*true\s*$/im.test(config) || /^\s*worktree\s*=/im.test(config)) return null;
  const packed = text(join(common, 'packed-refs'));
  const main = headOf(common, common, packed);
  if (main === null) return null;
  const worktrees: RepositoryLayout['worktrees'] = [
    { path: dirname(common), ...main, bare: false, prunable: false, index: join(common, 'index') },
  ];
  let ids: string[] = [];
  try {
    ids = readdirSync(join(common, 'worktrees')).sort();
  } catch {
    // No linked working tree.
  }
  for (const id of ids) {
    const dir = join(common, 'worktrees', id);
    const gitdir = text(join(dir, 'gitdir'))?.trim();
    const head = headOf(dir, common, packed);
    if (gitdir === undefined || head === null) return null;
    const path = dirname(resolve(dir, gitdir));
    const prunable = text(resolve(dir, gitdir)) === null;
    worktrees.push({ path, ...head, bare: false, prunable, index: join(dir, 'index') });
  }
  const baseRef = text(join(common, 'refs/remotes/origin/HEAD'));
  const base = refOid(common, 'refs/remotes/origin/HEAD', packed);
  return { worktrees, base, hasBase: baseRef !== null || base !== null };
}

/**
 * True when the index file at `index` may name `path`: a byte search of versions 2 and 3; a
 * version-4 index (paths prefix-compressed) or one that cannot be read answers true, so the
 * caller asks git. A missing index names nothing.
 */
export function indexMayName(index: string, path: string): boolean {
  let bytes: Buffer;
  try {
    bytes = readFileSync(index);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ENOENT';
  }
  if (bytes.length < 12 || bytes.toString('latin1', 0, 4) !== 'DIRC' || bytes.readUInt32BE(4) > 3)
    return true;
  return bytes.includes(Buffer.from(`${path}\0`, 'utf8'));
}
