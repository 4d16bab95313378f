import { type ExitCode, outcomes } from '../../core/outcomes.js';

/**
 * The outcomes of `signers add|remove|list`, their exit codes and when each is given. Frozen:
 * scripts depend on the names. The three signature codes are the ledger's (evidence/trust.ts).
 */
export const SIGNERS_OUTCOMES = outcomes({
  added: { exit: 0, meaning: 'the key is listed and the change recorded (signers.changed)' },
  removed: { exit: 0, meaning: 'the signer (or one key, with --only) is removed and the change recorded' },
  listed: { exit: 0, meaning: '`signers list`: the signers and where they are listed' },
  'already-listed': { exit: 0, meaning: 'this key is listed for this person already; nothing changed' },
  'not-listed': { exit: 1, meaning: 'no such signer (or key) is listed; nothing changed' },
  'stdin-not-tty': { exit: 1, meaning: 'no controlling terminal: only a person changes the signers' },
  'confirmation-mismatch': { exit: 1, meaning: 'the person did not confirm the change; nothing changed' },
  'principal-invalid': { exit: 2, meaning: 'the principal is not `human:<id>`' },
  'key-invalid': { exit: 2, meaning: 'the public key cannot be read as an OpenSSH public key' },
  'ledger-disabled': { exit: 2, meaning: '`evidence.ledger: false`: a change could not be recorded' },
  'signature-required': {
    exit: 2,
    meaning: 'a change after the first is signed by a trusted signer: name a key (--key, …)',
  },
  'signature-invalid': { exit: 1, meaning: 'the signature made does not verify; nothing changed' },
  'signer-unknown': {
    exit: 1,
    meaning: 'the signing key is not trusted in every version of the signers file; nothing changed',
  },
  unrecorded: {
    exit: 1,
    meaning: 'the file changed but its signers.changed record could not be written; run the verb again',
  },
});

export type SignersOutcome = keyof typeof SIGNERS_OUTCOMES;

/** The exit code of a `signers` verb: its outcome's. */
export function signersExit(report: SignersReport): ExitCode {
  return report.exit;
}

/** `signers … --json`: the report without its verb and message. */
export type SignersDocument = Pick<
  SignersReport,
  'outcome' | 'exit' | 'required' | 'hasBase' | 'signers' | 'problems'
>;

/** The document of `signers list --json`. */
export function signersDocument(report: SignersReport): SignersDocument {
  const { outcome, exit, required, hasBase, signers, problems } = report;
  return { outcome, exit, required, hasBase, signers, problems };
}

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
    exit: SIGNERS_OUTCOMES[outcome].exit,
    message,
    required: extra.required ?? false,
    hasBase: extra.hasBase ?? false,
    signers: extra.signers ?? [],
    problems: extra.problems ?? [],
  };
}
