import { type Found, standing } from '../staging/decide.js';
import type { StagedAction } from '../staging/record.js';
import { effectiveExpiry } from '../staging/status.js';

/** What the hook does for a guarded command, given the stages of the same action and object. */
export type HookStep =
  /** A person confirmed it: claim it (exactly once) and allow. */
  | { step: 'claim'; record: StagedAction }
  /** It waits for a person: deny again with the same token. */
  | { step: 'pending'; record: StagedAction }
  /** A person declined it: deny with their reason until that stage's expiry. */
  | { step: 'declined'; record: StagedAction }
  /** Nothing live (none yet, expired, or the last one was claimed): stage it anew. */
  | { step: 'stage' };

type Live = Extract<Found, { record: StagedAction }>;

const newest = (a: Live, b: Live) =>
  a.record.staged_at < b.record.staged_at ? 1 : a.record.staged_at > b.record.staged_at ? -1 : 0;

/**
 * Picks the hook's step from the store's records: a live confirmed stage first, then one that
 * still waits, then a decline newer than every other stage and not yet expired; else a new
 * stage. Tampered and malformed records are never used.
 */
export function planHookStep(
  entries: readonly Found[],
  action: string,
  object: string,
  now: Date,
  maxTtlMs: number,
): HookStep {
  const mine = entries
    .filter((e): e is Live => 'record' in e && e.record.action === action && e.record.object === object)
    .sort(newest);
  const by = (s: string) => mine.find((e) => standing(e, now, maxTtlMs) === s)?.record;
  const confirmed = by('confirmed');
  if (confirmed !== undefined) return { step: 'claim', record: confirmed };
  const awaiting = by('awaiting');
  if (awaiting !== undefined) return { step: 'pending', record: awaiting };
  const latest = mine.find((e) => standing(e, now, maxTtlMs) !== 'tampered');
  if (
    latest !== undefined &&
    standing(latest, now, maxTtlMs) === 'declined' &&
    now.getTime() < effectiveExpiry(latest.record, maxTtlMs)
  ) {
    return { step: 'declined', record: latest.record };
  }
  return { step: 'stage' };
}

/**
 * The object a hook stages: the command exactly as the agent wrote it, and where it runs. No
 * character is trimmed or rewritten: to the shell a trailing no-break space or carriage return
 * is part of a word (`main\u00a0` is another branch), so a confirmation binds these bytes only.
 */
export function hookObject(command: string, relativeCwd: string): string {
  return `in ${relativeCwd === '' ? '.' : relativeCwd}: ${command}`;
}
