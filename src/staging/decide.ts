import { mayDecide } from './deciders.js';
import type { OutcomeCode } from './outcomes.js';
import { formatInstant, type StagedAction } from './record.js';
import { isExpired, isTampered } from './status.js';

/**
 * The store's folders, one per step of the flow: `pending/` waits for a person, `confirmed/`
 * waits for the one claim, `resolved/` holds what can never execute again.
 */
export type Folder = 'pending' | 'confirmed' | 'resolved';

/** A record file as the store found it: the record, or why it is not one. */
export type Found =
  | { folder: Folder; token: string; file: string; record: StagedAction }
  | { folder: Folder; token: string; file: string; problem: string };

/** A move the store must make to carry out a decision: rename, then write the new content. */
export interface Transition {
  from: Folder;
  to: Folder;
  write: StagedAction;
}

/** The answer to one verb: the outcome code, the record it concerns, and any move to make. */
export interface Decision {
  outcome: OutcomeCode;
  /** The record as it was found (for `execute`: exactly as the person confirmed it). */
  record: StagedAction | null;
  /** Repository-relative path of the record file, when one was found. */
  file: string | null;
  /** Why a `malformed` record could not be read. */
  problem?: string;
  transition?: Transition;
}

/** Where a found record stands, independent of the verb asking. */
export type Standing =
  | 'absent'
  | 'malformed'
  | 'tampered'
  | 'awaiting'
  | 'expired'
  | 'confirmed'
  | 'confirmed-expired'
  | 'claimed'
  | 'declined';

/** Reads a found record against the clock. Folder and state together say where it stands. */
export function standing(found: Found | null, now: Date, maxTtlMs: number): Standing {
  if (found === null) return 'absent';
  if ('problem' in found) return 'malformed';
  const r = found.record;
  if (isTampered(r, found.token)) return 'tampered';
  if (r.state === 'claimed') return 'claimed';
  if (r.state === 'declined') return 'declined';
  const expired = isExpired(r, now, maxTtlMs);
  // Only the ceremony moves a record into confirmed/; a `confirmed` state elsewhere is a hand
  // edit (in pending/) or a claim that stopped between its rename and its rewrite (in resolved/).
  if (found.folder === 'resolved') return r.state === 'confirmed' ? 'claimed' : 'expired';
  if (r.state === 'confirmed' && found.folder === 'confirmed')
    return expired ? 'confirmed-expired' : 'confirmed';
  return expired ? 'expired' : 'awaiting';
}

function base(found: Found | null, outcome: OutcomeCode): Decision {
  if (found === null) return { outcome, record: null, file: null };
  if ('problem' in found) return { outcome, record: null, file: found.file, problem: found.problem };
  return { outcome, record: found.record, file: found.file };
}

const COMMON: Partial<Record<Standing, OutcomeCode>> = {
  absent: 'token-mismatch',
  malformed: 'malformed',
  tampered: 'tampered',
  expired: 'expired',
  'confirmed-expired': 'expired',
};

/** `claim`: `execute` only for a live confirmed stage, and only with the move that claims it. */
export function decideClaim(found: Found | null, now: Date, maxTtlMs: number): Decision {
  const s = standing(found, now, maxTtlMs);
  if (s === 'confirmed' && found !== null && 'record' in found) {
    const write: StagedAction = { ...found.record, state: 'claimed', claimed_at: formatInstant(now) };
    return { ...base(found, 'execute'), transition: { from: 'confirmed', to: 'resolved', write } };
  }
  const map: Partial<Record<Standing, OutcomeCode>> = {
    awaiting: 'not-confirmed',
    claimed: 'already-claimed',
    declined: 'declined',
  };
  return base(found, map[s] ?? COMMON[s]!);
}

/** `confirm` by a person (`decidedBy` starts with `human:`); replaying it changes nothing. */
export function decideConfirm(found: Found | null, now: Date, maxTtlMs: number, decidedBy: string): Decision {
  const s = standing(found, now, maxTtlMs);
  if (s === 'awaiting' && found !== null && 'record' in found) {
    // Only a person confirms (deciders.ts); the command asks for one before it asks the question.
    if (!mayDecide(decidedBy, 'confirmed')) return base(found, 'decider-required');
    const write: StagedAction = {
      ...found.record,
      state: 'confirmed',
      decided_by: decidedBy,
      resolved_at: formatInstant(now),
    };
    return { ...base(found, 'confirmed'), transition: { from: found.folder, to: 'confirmed', write } };
  }
  const map: Partial<Record<Standing, OutcomeCode>> = {
    confirmed: 'already-confirmed',
    'confirmed-expired': 'already-confirmed',
    claimed: 'already-confirmed',
    declined: 're-vote',
  };
  return base(found, map[s] ?? COMMON[s]!);
}

/** `decline`: no ceremony, since declining only tightens; the reason is kept for the agent. */
export function decideDecline(
  found: Found | null,
  now: Date,
  maxTtlMs: number,
  decidedBy: string | null,
  reason: string | null,
): Decision {
  const s = standing(found, now, maxTtlMs);
  if (s === 'awaiting' && found !== null && 'record' in found) {
    // A person or a reviewer declines (deciders.ts); replays above answer without one.
    if (decidedBy === null) return base(found, 'decider-required');
    if (!mayDecide(decidedBy, 'declined')) return base(found, 'decider-not-allowed');
    const write: StagedAction = {
      ...found.record,
      state: 'declined',
      decided_by: decidedBy,
      resolved_at: formatInstant(now),
      reason,
    };
    return { ...base(found, 'declined'), transition: { from: found.folder, to: 'resolved', write } };
  }
  const map: Partial<Record<Standing, OutcomeCode>> = {
    declined: 'already-declined',
    confirmed: 're-vote',
    'confirmed-expired': 're-vote',
    claimed: 're-vote',
  };
  return base(found, map[s] ?? COMMON[s]!);
}

const CLAIM_PREFERENCE: readonly Standing[] = [
  'confirmed',
  'awaiting',
  'confirmed-expired',
  'claimed',
  'declined',
  'expired',
  'tampered',
];

function newestFirst(a: Found, b: Found): number {
  const sa = 'record' in a ? a.record.staged_at : '';
  const sb = 'record' in b ? b.record.staged_at : '';
  return sa === sb ? a.token.localeCompare(b.token) : sa < sb ? 1 : -1;
}

/**
 * The record a claim by action and object means: a live confirmed stage first, then one still
 * waiting, then the newest decided one, so the answer names the most useful outcome.
 */
export function selectForClaim(
  entries: readonly Found[],
  action: string,
  object: string,
  now: Date,
  maxTtlMs: number,
): Found | null {
  const matching = entries.filter(
    (e) => 'record' in e && e.record.action === action && e.record.object === object,
  );
  for (const wanted of CLAIM_PREFERENCE) {
    const hits = matching.filter((e) => standing(e, now, maxTtlMs) === wanted).sort(newestFirst);
    if (hits.length > 0) return hits[0]!;
  }
  return null;
}

/** A live stage of this action and object (waiting, or confirmed and unclaimed), oldest first. */
export function findLiveStage(
  entries: readonly Found[],
  action: string,
  object: string,
  now: Date,
  maxTtlMs: number,
): StagedAction | null {
  const live = entries
    .filter((e): e is Extract<Found, { record: StagedAction }> => 'record' in e)
    .filter((e) => e.record.action === action && e.record.object === object)
    .filter((e) => ['awaiting', 'confirmed'].includes(standing(e, now, maxTtlMs)))
    .sort((a, b) => -newestFirst(a, b));
  return live[0]?.record ?? null;
}
