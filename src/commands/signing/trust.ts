import { SIGNERS_FILE, type SignerTrust, signerTrust } from '../../evidence/trust.js';
import { type AnchoredConfig, type AnchoredFile, readAnchoredConfig } from '../../repo/anchored-config.js';
import type { Repository } from '../../repo/open-repository.js';

/** The signers in force and the three versions of the signers file they come from. */
export interface LoadedTrust {
  trust: SignerTrust;
  versions: AnchoredFile;
}

/**
 * The signers in force from the three versions of `agents/evidence/allowed_signers` (the
 * working copy's, HEAD's, the base branch's as last fetched), read with the rules
 * (repo/anchored-config.ts). A key counts only where all three list it (a repository without a
 * base branch trusts no key); signatures are required as soon as any lists anyone. A working
 * copy that is not a regular file, or committed versions git could not read, require
 * signatures and trust nobody: what cannot be read never switches signing off.
 */
export function trustOf(versions: AnchoredFile): LoadedTrust {
  const text = (b: Buffer | null | undefined) => (b === null || b === undefined ? null : b.toString('utf8'));
  const read = signerTrust([text(versions.working), text(versions.head), text(versions.base)]);
  // Unreadable: that version lists nobody (no key counts), and signatures are still required.
  const unreadable = versions.working === undefined || versions.unknown;
  return { trust: unreadable ? { ...read, required: true } : read, versions };
}

/** The signers in force where the rules were read with the signers file (`also: [SIGNERS_FILE]`). */
export function anchoredTrust(anchored: AnchoredConfig): LoadedTrust {
  const versions = anchored.files[SIGNERS_FILE];
  if (versions === undefined) throw new Error(`${SIGNERS_FILE} was not read with the rules`);
  return trustOf(versions);
}

/** The signers in force at a repository: the rules and the signers file read with one git process. */
export async function loadSignerTrust(repo: Pick<Repository, 'root' | 'git'>): Promise<LoadedTrust> {
  return anchoredTrust(await readAnchoredConfig(repo.root, repo.git, { also: [SIGNERS_FILE] }));
}
