/**
 * The outcomes of `signers add|remove|list` and their exit codes. Frozen: scripts depend on the
 * names. The three signature codes are the ledger's (evidence/trust.ts).
 */
export const SIGNERS_OUTCOMES = Object.freeze({
  added: 0,
  removed: 0,
  listed: 0,
  'already-listed': 0,
  'not-listed': 1,
  'stdin-not-tty': 1,
  'confirmation-mismatch': 1,
  'principal-invalid': 2,
  'key-invalid': 2,
  'ledger-disabled': 2,
  'signature-required': 2,
  'signature-invalid': 1,
  'signer-unknown': 1,
  unrecorded: 1,
} as const);

export type SignersOutcome = keyof typeof SIGNERS_OUTCOMES;

/** One signer as `signers list` shows it: which versions of the file list it, and whether it counts. */
export interface SignerRow {
  principals: string;
  type: string;
  fingerprint: string;
  comment: string;
  working: boolean;
  head: boolean;
  base: boolean;
  /** Listed in all three: its signatures are honoured. */
  trusted: boolean;
}

/** What a `signers` verb answers. */
export interface SignersReport {
  verb: 'add' | 'remove' | 'list';
  outcome: SignersOutcome;
  exit: 0 | 1 | 2;
  /** One sentence for people. */
  message: string;
  /** Signatures are required: some version of the file lists a signer. */
  required: boolean;
  /** The repository has a base branch (refs/remotes/origin/HEAD). */
  hasBase: boolean;
  signers: SignerRow[];
  problems: Array<{ version: 'working' | 'head' | 'base'; line: number; problem: string }>;
}

/** A report for an outcome, with what else is known. */
export function signersReport(
  verb: SignersReport['verb'],
  outcome: SignersOutcome,
  message: string,
  extra: Partial<Pick<SignersReport, 'required' | 'hasBase' | 'signers' | 'problems'>> = {},
): SignersReport {
  return {
    verb,
    outcome,
    exit: SIGNERS_OUTCOMES[outcome],
    message,
    required: extra.required ?? false,
    hasBase: extra.hasBase ?? false,
    signers: extra.signers ?? [],
    problems: extra.problems ?? [],
  };
}
