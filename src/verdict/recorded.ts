import { type Outcomes, outcomes } from '../core/outcomes.js';
import type { Verdict } from './verdict.js';

/** The payload of a `verdict.recorded` ledger record (docs/verdicts.md). */
export interface VerdictPayload {
  [key: string]: string | null;
  token: string;
  /** `reviewer:<id>`. */
  reviewer: string;
  risk: string;
  authorization: string;
  decision: string;
  reason: string | null;
}

/** The ledger payload of a checked verdict on a stage. */
export function verdictPayload(token: string, reviewer: string, verdict: Verdict): VerdictPayload {
  return {
    token,
    reviewer,
    risk: verdict.risk,
    authorization: verdict.authorization,
    decision: verdict.decision,
    reason: verdict.reason ?? null,
  };
}

const FIELDS = ['token', 'reviewer', 'risk', 'authorization', 'decision', 'reason'] as const;

/** Whether two verdict payloads say the same thing (the same reviewer, the same verdict). */
export function sameVerdict(a: VerdictPayload, b: VerdictPayload): boolean {
  return FIELDS.every((k) => a[k] === b[k]);
}

/** A ledger record as far as this module needs it. */
export interface LedgerEntryView {
  event: string;
  payload: Record<string, unknown>;
  verified: boolean;
}

/** A stored payload read back, or null when it does not have the verdict's shape. */
export function asVerdictPayload(payload: Record<string, unknown>): VerdictPayload | null {
  for (const k of FIELDS) {
    const v = payload[k];
    if (k === 'reason' ? v !== null && typeof v !== 'string' : typeof v !== 'string') return null;
  }
  return Object.fromEntries(FIELDS.map((k) => [k, payload[k]])) as VerdictPayload;
}

/**
 * The verdict that counts for each token: the first verified `verdict.recorded` record of it,
 * in the order given (the ledger's read order). A later differing verdict never replaces it.
 */
export function verdictsByToken(entries: readonly LedgerEntryView[]): Map<string, VerdictPayload> {
  const out = new Map<string, VerdictPayload>();
  for (const e of entries) {
    if (!e.verified || e.event !== 'verdict.recorded') continue;
    const p = asVerdictPayload(e.payload);
    if (p !== null && !out.has(p.token)) out.set(p.token, p);
  }
  return out;
}

/** Every answer of `verdict record`. Frozen: scripts depend on these names. */
export type VerdictRecordOutcome =
  | 'recorded'
  | 'already-recorded'
  | 'decline-unrecorded'
  | 'verdict-invalid'
  | 'verdict-conflict'
  | 'stage-decided'
  | 'expired'
  | 'tampered'
  | 'malformed'
  | 'token-mismatch'
  | 'invalid-token';

/** The outcomes of `verdict record` with their exit codes, in docs/verdicts.md's order. Frozen. */
export const VERDICT_RECORD_OUTCOMES: Outcomes<VerdictRecordOutcome, 0 | 1 | 2> = outcomes({
  recorded: { exit: 0, meaning: 'the verdict is in the ledger; a deny declined the stage as the reviewer' },
  'already-recorded': {
    exit: 0,
    meaning: 'this reviewer recorded this same verdict before; nothing new was recorded',
  },
  'decline-unrecorded': {
    exit: 1,
    meaning:
      'the verdict is recorded and the stage declined, but the decline could not be written to the ledger; run it again',
  },
  'verdict-invalid': {
    exit: 1,
    meaning: 'the verdict fails the check (its code is given); nothing was written',
  },
  'verdict-conflict': {
    exit: 1,
    meaning: 'another verdict is recorded for this stage; a verdict is never changed',
  },
  'stage-decided': {
    exit: 1,
    meaning: 'the stage was confirmed, declined or claimed before; a verdict comes too late',
  },
  expired: { exit: 1, meaning: 'the stage outlived its window; nothing was written' },
  tampered: { exit: 1, meaning: 'the stage record does not hold (hash or decider); nothing was written' },
  malformed: { exit: 1, meaning: 'the stage record cannot be read; nothing was written' },
  'token-mismatch': { exit: 1, meaning: 'no stage has this token' },
  'invalid-token': {
    exit: 2,
    meaning: 'the token is not 8 to 64 lower-case hex characters; no path was formed',
  },
});
