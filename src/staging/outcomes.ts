/** The staging verbs that answer with an outcome code. */
export type StagingVerb = 'stage' | 'confirm' | 'decline' | 'claim';

/** Every outcome code a staging verb can answer with. */
export type OutcomeCode =
  | 'staged'
  | 'already-staged'
  | 'confirmed'
  | 'already-confirmed'
  | 'declined'
  | 'already-declined'
  | 'execute'
  | 'not-confirmed'
  | 'already-claimed'
  | 're-vote'
  | 'answer-mismatch'
  | 'stdin-not-tty'
  | 'decider-required'
  | 'decider-not-allowed'
  | 'changed-while-asked'
  | 'supplied-key-refused'
  | 'expired'
  | 'tampered'
  | 'malformed'
  | 'token-mismatch'
  | 'invalid-token'
  | 'unrecorded'
  | 'unrecorded-confirmation'
  | 'evidence-failed'
  | 'signature-required'
  | 'signature-invalid'
  | 'signer-unknown';

/** One row of the outcome table: the code, its exit code for that verb, and what it means. */
export interface OutcomeSpec {
  readonly code: OutcomeCode;
  readonly exit: 0 | 1 | 2;
  readonly meaning: string;
}

const row = (code: OutcomeCode, exit: 0 | 1 | 2, meaning: string): OutcomeSpec =>
  Object.freeze({ code, exit, meaning });

// A person's decision with signers registered (docs/signing.md): it could not be signed.
const SIGNING: readonly OutcomeSpec[] = [
  row(
    'signature-required',
    2,
    'signers are registered: the decision is signed with a key (--key, AGENT_CONFIG_SIGNING_KEY, git user.signingkey) and the ledger is on; nothing changed',
  ),
  row(
    'signer-unknown',
    1,
    'the signing key is not trusted for this person in every version of the signers file; nothing changed',
  ),
];

const SHARED: readonly OutcomeSpec[] = [
  row('expired', 1, 'the stage outlived its window; nothing was consumed'),
  row(
    'tampered',
    1,
    'action, object or nonce no longer hash to the token, or its decider does not fit its decision; it never executes',
  ),
  row('malformed', 1, 'the record file cannot be read as a record; it is left in place'),
  row('token-mismatch', 1, 'no stage has this token (or this action and object)'),
  row('invalid-token', 2, 'the token is not 8 to 64 lower-case hex characters; no path was formed'),
];

/**
 * The outcome codes of each verb with their exit codes (0 execute/ok, 1 refused, 2 could not
 * run). Frozen: scripts depend on these names, and a test pins the whole table.
 */
export const OUTCOMES: Readonly<Record<StagingVerb, readonly OutcomeSpec[]>> = Object.freeze({
  stage: Object.freeze([
    row('staged', 0, 'a new stage was written; the token is on stdout'),
    row('already-staged', 0, 'a live stage of this action and object exists; its token is on stdout'),
    row('supplied-key-refused', 2, 'the --input JSON carries a key only the store sets; nothing was staged'),
  ]),
  confirm: Object.freeze([
    row('confirmed', 0, 'the person confirmed; the stager may claim it now'),
    row('already-confirmed', 0, 'this stage was confirmed before; nothing changed'),
    row('re-vote', 1, 'the stage was declined before; a decision is never changed'),
    row(
      'answer-mismatch',
      1,
      'the answer was not the last four characters of the token, or the person cancelled; nothing changed',
    ),
    row(
      'changed-while-asked',
      1,
      'the stage changed while the question was on screen; the answer is refused and nothing consumed',
    ),
    row('stdin-not-tty', 1, 'stdin is not a terminal or --json was given: only a person confirms'),
    row(
      'decider-required',
      2,
      'no person decides: give `--as human:<name>` or set AGENT_CONFIG_HUMAN=human:<name> (with neither, confirm asks for the name)',
    ),
    row(
      'unrecorded',
      1,
      'the decision stands, but its evidence-ledger record could not be written; run the verb again to record it',
    ),
    ...SIGNING,
    ...SHARED,
  ]),
  decline: Object.freeze([
    row('declined', 0, 'the stage is declined; it can never execute'),
    row('already-declined', 0, 'this stage was declined before; nothing changed'),
    row('re-vote', 1, 'the stage was confirmed before; a decision is never changed'),
    row('decider-required', 2, 'no `--as` and no AGENT_CONFIG_HUMAN: a decline names who declines'),
    row(
      'decider-not-allowed',
      2,
      'only `human:<id>` or `reviewer:<id>` declines (a reviewer never confirms)',
    ),
    row(
      'unrecorded',
      1,
      'the decision stands, but its evidence-ledger record could not be written; run the verb again to record it',
    ),
    ...SIGNING,
    ...SHARED,
  ]),
  claim: Object.freeze([
    row('execute', 0, 'execute now: this caller, and no other ever, holds the confirmed stage'),
    row('not-confirmed', 1, 'the stage still waits for a person; nothing was consumed'),
    row('already-claimed', 1, 'another caller claimed it; do not act'),
    row('declined', 1, 'a person or a reviewer declined it; the reason is in the record'),
    row(
      'unrecorded-confirmation',
      1,
      'the confirmation has no stage.confirmed record in the evidence ledger; the person confirms again to record it; nothing was consumed',
    ),
    row(
      'evidence-failed',
      1,
      'the stage.claimed record could not be written: the stage is consumed and never executes',
    ),
    row(
      'signature-required',
      1,
      'signers are registered and the confirmation is not signed (or the ledger is off); the stage keeps waiting, nothing was consumed',
    ),
    row(
      'signature-invalid',
      1,
      "the confirmation's signature does not hold for its record and stream; the stage keeps waiting, nothing was consumed",
    ),
    row(
      'signer-unknown',
      1,
      'the confirmation is signed by a key not trusted for its person; the stage keeps waiting, nothing was consumed',
    ),
    ...SHARED,
  ]),
});

/** The exit code of an outcome for a verb. */
export function outcomeExit(verb: StagingVerb, code: OutcomeCode): 0 | 1 | 2 {
  const spec = OUTCOMES[verb].find((o) => o.code === code);
  if (spec === undefined) throw new Error(`outcome ${code} is not defined for ${verb}`);
  return spec.exit;
}

/** Every outcome code of every verb, each once, in table order. Frozen. */
export const OUTCOME_CODES: readonly OutcomeCode[] = Object.freeze([
  ...new Set(Object.values(OUTCOMES).flatMap((rows) => rows.map((r) => r.code))),
]);
