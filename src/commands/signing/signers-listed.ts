import { join } from 'node:path';
import { parseAllowedSigners } from '../../evidence/allowed-signers.js';
import { SIGNERS_FILE } from '../../evidence/trust.js';
import { readRegularFileBytes } from '../../repo/anchor-note.js';
import { MAX_CONFIG_BYTES } from '../../repo/anchored-config.js';

/**
 * Whether the working copy's signers file lists anyone: the cheap question behind the
 * "decisions are not signed" notice (no git). What is honoured reads all three versions
 * (trust.ts); a notice never decides anything.
 */
export function signersListedHere(root: string): boolean {
  // Never waited on: a pipe in its place reads as a file that lists someone (nothing is proven).
  const bytes = readRegularFileBytes(join(root, SIGNERS_FILE), MAX_CONFIG_BYTES);
  if (bytes === undefined) return true;
  return bytes !== null && parseAllowedSigners(bytes.toString('utf8')).listsAnyone;
}
