import { join } from 'node:path';
import { parseAllowedSigners } from '../../evidence/allowed-signers.js';
import { SIGNERS_FILE } from '../../evidence/trust.js';
import { readFileBytes } from '../../repo/read-text.js';

/**
 * Whether the working copy's signers file lists anyone: the cheap question behind the
 * "decisions are not signed" notice (no git). What is honoured reads all three versions
 * (trust.ts); a notice never decides anything.
 */
export function signersListedHere(root: string): boolean {
  const bytes = readFileBytes(join(root, SIGNERS_FILE));
  return Buffer.isBuffer(bytes) && parseAllowedSigners(bytes.toString('utf8')).listsAnyone;
}
