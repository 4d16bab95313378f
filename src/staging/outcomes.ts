import { type Outcomes, outcomes } from '../core/outcomes.js';

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
  | 'wrong-worktree'
  | 'malformed'
  | 'token-mismatch'
  | 'invalid-token'
  | 'unrecorded'
  | 'unrecorded-confirmation'
  | 'evidence-failed'
  | 'signature-required'
  | 'signature-invalid'
  | 'signer-unknown';

const SHARED = outcomes({
  expired: { exit: 1, meaning: 'the stage outlived its window; nothing was consumed' },
  tampered: {
    exit: 1,
    meaning:
      'action, object or nonce no longer hash to the token, or its decider does not fit its decision; it never executes',
  },
  'wrong-worktree': {
    exit: 1,
    meaning:
      'the stage was made in another working tree or repository; it is decided and executed only there (cd to it)',
  },
  malformed: { exit: 1, meaning: 'the record file cannot be read as a record; it is left in place' },
  'token-mismatch': { exit: 1, meaning: 'no stage has this token (or this action and object)' },
  'invalid-token': {
    exit: 2,
    meaning: 'the token is not 8 to 64 lower-case hex characters; no path was formed',
  },
});

/** A decision that stands unrecorded: `confirm` and `decline` alike. */
const UNRECORDED = {
  exit: 1,
  meaning:
    'the decision stands, but its evidence-ledger record could not be written; run the verb again to record it',
} as const;

// A person's decision with signers registered (docs/signing.md): it could not be signed.
const SIGNING = outcomes({
  'signature-required': {
    exit: 2,
    meaning:
      'signers are registered: the decision is signed with a key (--key, AGENT_CONFIG_SIGNING_KEY, git user.signingkey) and the ledger is on; nothing changed',
  },
  'signer-unknown': {
    exit: 1,
    meaning:
      'the signing key is not trusted for this person in every version of the signers file; nothing changed',
  },
});

/**
 * The outcome codes of each verb with their exit codes (0 execute/ok, 1 refused, 2 could not
 * run). Frozen: scripts depend on these names, and a test pins the whole table.
 */
export const OUTCOMES: Readonly<Record<StagingVerb, Partial<Outcomes<OutcomeCode, 0 | 1 | 2>>>> =
  Object.freeze({
    stage: outcomes({
      staged: { exit: 0, meaning: 'a new stage was written; the token is on stdout' },
      'already-staged': {
        exit: 0,
        meaning: 'a live stage of this action and object exists; its token is on stdout',
      },
      'supplied-key-refused': {
        exit: 2,
        meaning: 'the --input JSON carries a key only the store sets; nothing was staged',
      },
    }),
    confirm: outcomes({
      confirmed: { exit: 0, meaning: 'the person confirmed; the stager may claim it now' },
      'already-confirmed': { exit: 0, meaning: 'this stage was confirmed before; nothing changed' },
      're-vote': { exit: 1, meaning: 'the stage was declined before; a decision is never changed' },
      'answer-mismatch': {
        exit: 1,
        meaning:
          'the answer was not the last four characters of the token, or the person cancelled; nothing changed',
      },
      'changed-while-asked': {
        exit: 1,
        meaning:
          'the stage changed while the question was on screen; the answer is refused and nothing consumed',
      },
      'stdin-not-tty': {
        exit: 1,
        meaning: 'stdin is not a terminal or --json was given: only a person confirms',
      },
      'decider-required': {
        exit: 2,
        meaning:
          'no person decides: give `--as human:<name>` or set AGENT_CONFIG_HUMAN=human:<name> (with neither, confirm asks for the name)',
      },
      unrecorded: UNRECORDED,
      ...SIGNING,
      ...SHARED,
    }),
    decline: outcomes({
      declined: { exit: 0, meaning: 'the stage is declined; it can never execute' },
      'already-declined': { exit: 0, meaning: 'this stage was declined before; nothing changed' },
      're-vote': { exit: 1, meaning: 'the stage was confirmed before; a decision is never changed' },
      'decider-required': {
        exit: 2,
        meaning: 'no `--as` and no AGENT_CONFIG_HUMAN: a decline names who declines',
      },
      'decider-not-allowed': {
        exit: 2,
        meaning: 'only `human:<id>` or `reviewer:<id>` declines (a reviewer never confirms)',
      },
      unrecorded: UNRECORDED,
      ...SIGNING,
      ...SHARED,
    }),
    claim: outcomes({
      execute: { exit: 0, meaning: 'execute now: this caller, and no other ever, holds the confirmed stage' },
      'not-confirmed': { exit: 1, meaning: 'the stage still waits for a person; nothing was consumed' },
      'already-claimed': { exit: 1, meaning: 'another caller claimed it; do not act' },
      declined: { exit: 1, meaning: 'a person or a reviewer declined it; the reason is in the record' },
      'unrecorded-confirmation': {
        exit: 1,
        meaning:
          'the confirmation has no stage.confirmed record in the evidence ledger; the person confirms again to record it; nothing was consumed',
      },
      'evidence-failed': {
        exit: 1,
        meaning: 'the stage.claimed record could not be written: the stage is consumed and never executes',
      },
      'signature-required': {
        exit: 1,
        meaning:
          'signers are registered and the confirmation is not signed (or the ledger is off); the stage keeps waiting, nothing was consumed',
      },
      'signature-invalid': {
        exit: 1,
        meaning:
          "the confirmation's signature does not hold for its record and stream; the stage keeps waiting, nothing was consumed",
      },
      'signer-unknown': {
        exit: 1,
        meaning:
          'the confirmation is signed by a key not trusted for its person; the stage keeps waiting, nothing was consumed',
      },
      ...SHARED,
    }),
  });

/** The exit code of an outcome for a verb. */
export function outcomeExit(verb: StagingVerb, code: OutcomeCode): 0 | 1 | 2 {
  const spec = OUTCOMES[verb][code];
  if (spec === undefined) throw new Error(`outcome ${code} is not defined for ${verb}`);
  return spec.exit;
}

/** Every outcome code of every verb, each once, in table order. Frozen. */
export const OUTCOME_CODES: readonly OutcomeCode[] = Object.freeze([
  ...new Set(Object.values(OUTCOMES).flatMap((table) => Object.keys(table) as OutcomeCode[])),
]);
