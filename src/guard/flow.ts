import { stagesFor } from '../staging/decide.js';
import type { Found, StagedAction } from '../staging/record.js';
import type { StagePolicy } from '../staging/status.js';

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

/**
 * Picks the hook's step from the store's records: a live confirmed stage first, then one that
 * still waits, then a decline newer than every other stage and not yet expired; else a new
 * stage. Tampered and malformed records are never used.
 */
export function planHookStep(
  entries: readonly Found[],
  action: string,
  object: string,
  policy: StagePolicy,
): HookStep {
  const mine = stagesFor(entries, action, object, policy);
  const confirmed = mine.find((s) => s.standing === 'confirmed');
  if (confirmed !== undefined) return { step: 'claim', record: confirmed.found.record };
  const awaiting = mine.find((s) => s.standing === 'awaiting');
  if (awaiting !== undefined) return { step: 'pending', record: awaiting.found.record };
  const latest = mine.find((s) => s.standing !== 'tampered' && s.standing !== 'wrong-worktree');
  if (latest !== undefined && latest.standing === 'declined' && !latest.lapsed) {
    return { step: 'declined', record: latest.found.record };
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
