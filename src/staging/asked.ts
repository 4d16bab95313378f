import type { Decision } from './decide.js';
import type { Found, StagedAction } from './record.js';
import { effectiveExpiry, type StagePolicy } from './status.js';

/**
 * What the confirmation question shows a person about a stage (render/pending.ts
 * `confirmQuestion`): the answer is bound to exactly this.
 */
function shownFields(record: StagedAction, policy: Pick<StagePolicy, 'maxTtlMs'>): readonly string[] {
  return [
    record.token,
    record.action,
    record.object,
    record.source,
    record.staged_at,
    String(effectiveExpiry(record, policy)),
  ];
}

/**
 * `changed-while-asked` when the record read again after the person answered no longer shows
 * what the question showed (a hand edit of the source or the expiry while the question was on
 * screen), else null and the confirmation goes on. A record that is gone or unreadable is left
 * to `decideConfirm`, which names that.
 */
export function changedWhileAsked(
  found: Found | null,
  shown: StagedAction,
  policy: Pick<StagePolicy, 'maxTtlMs'>,
): Decision | null {
  if (found === null || !('record' in found)) return null;
  const now = shownFields(found.record, policy);
  const then = shownFields(shown, policy);
  if (now.every((field, i) => field === then[i])) return null;
  return { outcome: 'changed-while-asked', record: found.record, file: found.file };
}
