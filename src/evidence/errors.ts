import { AgentConfigError } from '../core/errors.js';

/** Why the ledger could not be written or read: a closed list, named in every message. */
export type EvidenceErrorCode =
  | 'ledger-not-folder'
  | 'ledger-outside'
  | 'lock-stale'
  | 'lock-timeout'
  | 'lock-foreign'
  | 'head-moved'
  | 'io-error'
  | 'invalid-entry';

/**
 * The ledger could not be written (or read). Nothing was appended; `code` says why, `where`
 * names the file and `fix` the command or step that clears it.
 */
export class EvidenceError extends AgentConfigError {
  constructor(
    readonly code: EvidenceErrorCode,
    message: string,
    where?: string,
    fix?: string,
  ) {
    super(`${message} (${code})`, where, fix);
  }
}
