import { SIGNERS_FILE, type SignerTrust, signerTrust } from '../../evidence/trust.js';
import { type FileVersions, readFileVersions } from '../../repo/file-versions.js';
import type { Repository } from '../../repo/open-repository.js';

/** The signers in force and the three versions of the signers file they come from. */
export interface LoadedTrust {
  trust: SignerTrust;
  versions: FileVersions;
}

/**
 * The signers in force: `agents/evidence/allowed_signers` in the working copy, at HEAD and on
 * the base branch as last fetched. A key counts only where all three list it (a repository
 * without a base branch trusts no key); signatures are required as soon as any lists anyone.
 */
export async function loadSignerTrust(repo: Repository): Promise<LoadedTrust> {
  const versions = await readFileVersions(repo, SIGNERS_FILE);
  const text = (b: Buffer | null) => (b === null ? null : b.toString('utf8'));
  const trust = signerTrust([text(versions.working), text(versions.head), text(versions.base)]);
  return { trust, versions };
}
