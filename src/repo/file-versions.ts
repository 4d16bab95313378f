import { join } from 'node:path';
import type { Repository } from './open-repository.js';
import { readFileBytes } from './read-text.js';

/** The remote-tracking ref that names the base branch as last fetched (`git clone` sets it). */
export const BASE_REF = 'refs/remotes/origin/HEAD';

/**
 * The three versions of a repository file that decide what is in force: the working copy's,
 * HEAD's, and the base branch's as last fetched. Null where the file (or the revision) is absent.
 */
export interface FileVersions {
  working: Buffer | null;
  head: Buffer | null;
  base: Buffer | null;
  /** False when the repository has no base branch (no `refs/remotes/origin/HEAD`). */
  hasBase: boolean;
}

/**
 * Reads the three versions of `rel` (root-relative, `/`) with one `git cat-file --batch`.
 *
 * The guard's anchoring of the rules in force (working copy, HEAD, base) reads the same three
 * versions of `agent-config.yaml`; the two should share one reader (see docs/signing.md).
 */
export async function readFileVersions(repo: Repository, rel: string): Promise<FileVersions> {
  const bytes = readFileBytes(join(repo.root, rel));
  const working = Buffer.isBuffer(bytes) ? bytes : null;
  const view = await repo.gitView();
  if (view === null) return { working, head: null, base: null, hasBase: false };
  const path = view.toGitPath(rel);
  const [[head = null, base = null], baseCommit] = await Promise.all([
    repo.git.showFiles([`HEAD:${path}`, `${BASE_REF}:${path}`]),
    repo.git.resolveRevision(BASE_REF),
  ]);
  const hasBase = baseCommit !== null;
  return { working, head, base, hasBase };
}
