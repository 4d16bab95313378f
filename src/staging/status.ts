import { deciderFits } from './deciders.js';
import { type Found, type FoundRecord, formatInstant, parseInstant, type StagedAction } from './record.js';
import { deriveToken } from './token.js';

/**
 * What a stage is read against: the instant (from the injected clock) and the configured maximum
 * lifetime (`staging.max-ttl`). Every expiry decision of the store goes through one.
 */
export interface StagePolicy {
  readonly now: Date;
  readonly maxTtlMs: number;
  /**
   * The working tree reading (`stageIdentity` of the root). A record bound to another one — or
   * any bound record when this is absent — stands `wrong-worktree`.
   */
  readonly worktree?: string;
}

/** The policy at an instant under the configured limits, in the working tree `worktree` names. */
export function policyAt(now: Date, limits: { maxTtlMs: number; worktree: string }): StagePolicy {
  return { now, maxTtlMs: limits.maxTtlMs, worktree: limits.worktree };
}

/**
 * True when the record was changed by hand: action, object or nonce no longer hash to the token
 * (or the file name disagrees), or its `decided_by` does not fit its state (see deciders.ts).
 */
export function isTampered(record: StagedAction, fileToken: string = record.token): boolean {
  if (
    record.token !== fileToken ||
    deriveToken(record.action, record.object, record.nonce, record.worktree) !== record.token
  )
    return true;
  return !deciderFits(record.state, record.decided_by);
}

/**
 * The instant a stage stops being usable: the earlier of its `expires_at` and `staged_at` plus
 * the configured maximum lifetime, so editing `expires_at` can only shorten the window.
 */
export function effectiveExpiry(record: StagedAction, policy: Pick<StagePolicy, 'maxTtlMs'>): number {
  const expires = parseInstant(record.expires_at)!;
  const capped = parseInstant(record.staged_at)! + policy.maxTtlMs;
  return Math.min(expires, capped);
}

/** The effective expiry as every message and view shows it: ISO-8601 UTC to the second. */
export function formatExpiry(record: StagedAction, policy: Pick<StagePolicy, 'maxTtlMs'>): string {
  return formatInstant(new Date(effectiveExpiry(record, policy)));
}

/** Where a record stands, for every verb, the hook and the pending view. */
export type Standing =
  | 'absent'
  | 'malformed'
  | 'tampered'
  | 'wrong-worktree'
  | 'awaiting'
  | 'expired'
  | 'confirmed'
  | 'confirmed-expired'
  | 'claimed'
  | 'declined';

/** A readable record read against the clock: the one reading everything else derives from. */
export interface StageReading {
  readonly found: FoundRecord;
  readonly standing: Standing;
  /** The clock reached the effective expiry (`now >= expiry`, as upstream), whatever the state. */
  readonly lapsed: boolean;
}

/** Reads a record against the clock. Folder and state together say where it stands. */
export function readStage(found: FoundRecord, policy: StagePolicy): StageReading {
  const lapsed = policy.now.getTime() >= effectiveExpiry(found.record, policy);
  return { found, standing: standingOf(found, lapsed, policy), lapsed };
}

function standingOf(found: FoundRecord, lapsed: boolean, policy: StagePolicy): Standing {
  const r = found.record;
  if (isTampered(r, found.token)) return 'tampered';
  // Bound to the working tree that made it: a copy or a replay anywhere else never counts.
  if (r.worktree !== undefined && r.worktree !== policy.worktree) return 'wrong-worktree';
  if (r.state === 'claimed') return 'claimed';
  if (r.state === 'declined') return 'declined';
  // Only the ceremony moves a record into confirmed/; a `confirmed` state elsewhere is a hand
  // edit (in pending/) or a claim that stopped between its rename and its rewrite (in resolved/).
  if (found.folder === 'resolved') return r.state === 'confirmed' ? 'claimed' : 'expired';
  if (r.state === 'confirmed' && found.folder === 'confirmed')
    return lapsed ? 'confirmed-expired' : 'confirmed';
  return lapsed ? 'expired' : 'awaiting';
}

/** Where a token's record stands, `absent` and `malformed` included: what the verbs decide on. */
export function standing(found: Found | null, policy: StagePolicy): Standing {
  if (found === null) return 'absent';
  if ('problem' in found) return 'malformed';
  return readStage(found, policy).standing;
}

/** The word the pending view shows for a record (`pending --json` prints it). */
export type StageStatus =
  | 'pending'
  | 'confirmed'
  | 'declined'
  | 'claimed'
  | 'expired'
  | 'tampered'
  | 'wrong-worktree';

/**
 * The pending view's word for a reading. A decision sticks (a confirmed stage stays confirmed
 * after its window); only an undecided stage expires. The view names the state a record says, so
 * a `confirmed` written by hand into `pending/` shows as `confirmed`, while the verbs and the hook
 * read it as still awaiting a person (see `standingOf`).
 */
export function stageStatus(reading: StageReading): StageStatus {
  if (reading.standing === 'tampered' || reading.standing === 'wrong-worktree') return reading.standing;
  const { state } = reading.found.record;
  if (state !== 'pending') return state;
  return reading.lapsed ? 'expired' : 'pending';
}
