import { deciderFits } from './deciders.js';
import { parseInstant, type StagedAction } from './record.js';
import { deriveToken } from './token.js';

/** What a record is now: its stored state read against the clock, or `tampered`. */
export type StageStatus = 'pending' | 'confirmed' | 'declined' | 'claimed' | 'expired' | 'tampered';

/**
 * True when the record was changed by hand: action, object or nonce no longer hash to the token
 * (or the file name disagrees), or its `decided_by` does not fit its state (see deciders.ts).
 */
export function isTampered(record: StagedAction, fileToken: string = record.token): boolean {
  if (record.token !== fileToken || deriveToken(record.action, record.object, record.nonce) !== record.token)
    return true;
  return !deciderFits(record.state, record.decided_by);
}

/**
 * The instant a stage stops being usable: the earlier of its `expires_at` and `staged_at` plus
 * the configured maximum lifetime, so editing `expires_at` can only shorten the window.
 */
export function effectiveExpiry(record: StagedAction, maxTtlMs: number): number {
  const expires = parseInstant(record.expires_at)!;
  const capped = parseInstant(record.staged_at)! + maxTtlMs;
  return Math.min(expires, capped);
}

/** Expired at the expiry instant itself, as upstream: `now >= expiry`. */
export function isExpired(record: StagedAction, now: Date, maxTtlMs: number): boolean {
  return now.getTime() >= effectiveExpiry(record, maxTtlMs);
}

/**
 * The derived status. A decision sticks (a confirmed stage stays confirmed after its window; a
 * claim must still come before the expiry, see `decideClaim`); only an undecided stage expires.
 */
export function stageStatus(
  record: StagedAction,
  now: Date,
  maxTtlMs: number,
  fileToken: string = record.token,
): StageStatus {
  if (isTampered(record, fileToken)) return 'tampered';
  if (record.state !== 'pending') return record.state;
  return isExpired(record, now, maxTtlMs) ? 'expired' : 'pending';
}
