import { type Outcomes, outcomes } from '../../core/outcomes.js';

/** Every outcome code `decide` answers with (docs/decide.md lists them; frozen by a test). */
export type DecideOutcome =
  | 'decided'
  | 'plan-approved'
  | 'already-approved'
  | 'blocker-unknown'
  | 'already-resolved'
  | 'approval-not-required'
  | 'answer-mismatch'
  | 'changed-while-asked'
  | 'stdin-not-tty'
  | 'unrecorded'
  | 'signer-unknown'
  | 'signature-required'
  | 'ambiguous-blocker'
  | 'option-unknown'
  | 'choice-required'
  | 'answer-invalid'
  | 'decider-required';

/** `decide`'s outcome codes with their exit codes, in docs/decide.md's order. */
export const DECIDE_OUTCOMES: Outcomes<DecideOutcome, 0 | 1 | 2> = outcomes({
  decided: {
    exit: 0,
    meaning: 'the answer is recorded in the evidence ledger and written into the blocker’s status line',
  },
  'plan-approved': {
    exit: 0,
    meaning: 'the plan’s approval is recorded in the evidence ledger, bound to its phases and steps',
  },
  'already-approved': {
    exit: 0,
    meaning: 'the latest approval of this plan covers its phases and steps as they are; nothing was recorded',
  },
  'blocker-unknown': {
    exit: 1,
    meaning:
      'no active roadmap has a `### blocker:` entry with this id (a `> Blocked until` note is answered by editing it)',
  },
  'already-resolved': {
    exit: 1,
    meaning: 'the blocker is resolved already; a decision is never changed by deciding again',
  },
  'approval-not-required': {
    exit: 1,
    meaning: 'the roadmap’s frontmatter does not say `approval: required`; there is nothing to approve',
  },
  'answer-mismatch': {
    exit: 1,
    meaning: 'the answer typed was not the id asked for, or the person cancelled; nothing changed',
  },
  'changed-while-asked': {
    exit: 1,
    meaning:
      'the blocker (or the plan) changed while the question was on screen; the answer is refused and nothing changed',
  },
  'stdin-not-tty': {
    exit: 1,
    meaning: 'stdin is not a terminal or --json was given: only a person decides',
  },
  unrecorded: {
    exit: 1,
    meaning: 'the evidence-ledger record could not be written, so nothing was changed; run the verb again',
  },
  'signer-unknown': {
    exit: 1,
    meaning:
      'the signing key is not trusted for this person in every version of the signers file; nothing changed',
  },
  'signature-required': {
    exit: 2,
    meaning:
      'signers are registered: the decision is signed with a key (--key, AGENT_CONFIG_SIGNING_KEY, git user.signingkey) and the ledger is on; nothing changed',
  },
  'ambiguous-blocker': {
    exit: 2,
    meaning: 'active roadmaps hold more than one blocker with this id; name one with --roadmap',
  },
  'option-unknown': {
    exit: 2,
    meaning: '--option is not the number of one of the blocker’s options (they count from 1)',
  },
  'choice-required': {
    exit: 2,
    meaning: 'give exactly one of --option N and --answer TEXT (and neither with --approve-plan)',
  },
  'answer-invalid': {
    exit: 2,
    meaning: 'the answer is empty, longer than 500 characters, or holds a line break or a control character',
  },
  'decider-required': {
    exit: 2,
    meaning:
      'no person decides: give `--as human:<name>` or set AGENT_CONFIG_HUMAN=human:<name> (with neither, decide asks for the name)',
  },
});
