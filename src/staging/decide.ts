import { mayDecide } from './deciders.js';
import type { OutcomeCode } from './outcomes.js';
import { type Folder, type Found, type FoundRecord, formatInstant, type StagedAction } from './record.js';
import { readStage, type StagePolicy, type StageReading, type Standing, standing } from './status.js';

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

function base(found: Found | null, outcome: OutcomeCode): Decision {
  if (found === null) return { outcome, record: null, file: null };
  if ('problem' in found) return { outcome, record: null, file: found.file, problem: found.problem };
  return { outcome, record: found.record, file: found.file };
}

const COMMON: Partial<Record<Standing, OutcomeCode>> = {
  absent: 'token-mismatch',
  malformed: 'malformed',
  tampered: 'tampered',
  'wrong-worktree': 'wrong-worktree',
  expired: 'expired',
  'confirmed-expired': 'expired',
};

/** `claim`: `execute` only for a live confirmed stage, and only with the move that claims it. */
export function decideClaim(found: Found | null, policy: StagePolicy): Decision {
  const s = standing(found, policy);
  if (s === 'confirmed' && found !== null && 'record' in found) {
    const write: StagedAction = { ...found.record, state: 'claimed', claimed_at: formatInstant(policy.now) };
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
export function decideConfirm(found: Found | null, policy: StagePolicy, decidedBy: string): Decision {
  const s = standing(found, policy);
  if (s === 'awaiting' && found !== null && 'record' in found) {
    // Only a person confirms (deciders.ts); the command asks for one before it asks the question.
    if (!mayDecide(decidedBy, 'confirmed')) return base(found, 'decider-required');
    const write: StagedAction = {
      ...found.record,
      state: 'confirmed',
      decided_by: decidedBy,
      resolved_at: formatInstant(policy.now),
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
  policy: StagePolicy,
  decidedBy: string | null,
  reason: string | null,
): Decision {
  const s = standing(found, policy);
  if (s === 'awaiting' && found !== null && 'record' in found) {
    // A person or a reviewer declines (deciders.ts); replays above answer without one.
    if (decidedBy === null) return base(found, 'decider-required');
    if (!mayDecide(decidedBy, 'declined')) return base(found, 'decider-not-allowed');
    const write: StagedAction = {
      ...found.record,
      state: 'declined',
      decided_by: decidedBy,
      resolved_at: formatInstant(policy.now),
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
  'wrong-worktree',
];

function newestFirst(a: StageReading, b: StageReading): number {
  const sa = a.found.record.staged_at;
  const sb = b.found.record.staged_at;
  return sa === sb ? a.found.token.localeCompare(b.found.token) : sa < sb ? 1 : -1;
}

/**
 * The stages of one action and object, each read against the clock, newest first (then by
 * token): what `claim --action --object`, an idempotent `stage` and the hook choose from.
 * Malformed records name no action and are never among them.
 */
export function stagesFor(
  entries: readonly Found[],
  action: string,
  object: string,
  policy: StagePolicy,
): StageReading[] {
  return entries
    .filter(
      (e): e is FoundRecord => 'record' in e && e.record.action === action && e.record.object === object,
    )
    .map((e) => readStage(e, policy))
    .sort(newestFirst);
}

/**
 * The record a claim by action and object means: a live confirmed stage first, then one still
 * waiting, then the newest decided one, so the answer names the most useful outcome.
 */
export function selectForClaim(
  entries: readonly Found[],
  action: string,
  object: string,
  policy: StagePolicy,
): Found | null {
  const stages = stagesFor(entries, action, object, policy);
  for (const wanted of CLAIM_PREFERENCE) {
    const hit = stages.find((s) => s.standing === wanted);
    if (hit !== undefined) return hit.found;
  }
  return null;
}

/** The oldest live stage of this action and object (waiting, or confirmed and unclaimed). */
export function findLiveStage(
  entries: readonly Found[],
  action: string,
  object: string,
  policy: StagePolicy,
): StagedAction | null {
  const live = stagesFor(entries, action, object, policy).filter(
    (s) => s.standing === 'awaiting' || s.standing === 'confirmed',
  );
  return live[live.length - 1]?.found.record ?? null;
}
