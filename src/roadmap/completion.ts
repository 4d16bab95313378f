import type { Roadmap, Step } from './model.js';
import { roadmapSlug } from './names.js';
import { type Counts, openBlockers, roadmapCounts } from './queries.js';

/** Where a deferral's destination slug was found, and what the destination says. */
export interface DeferralTarget {
  location: 'active' | 'later' | 'archive' | 'skipped' | null;
  frontmatter: Record<string, unknown> | null;
  /** The destination's text (for `merged-into`, which must mention the source). */
  text: string;
}

/** Finds a roadmap by slug; provided by the caller so this module stays pure. */
export type TargetLookup = (slug: string) => DeferralTarget;

/** A `[~]` step validly resolved into another active roadmap, which must stay alive to receive it. */
export interface DeferralReceiver {
  /** The active roadmap's slug (its path below the roadmap root without `.md`). */
  slug: string;
  kind: 'carried-to' | 'merged-into';
  /** `line 6 "later"`: the step, as deferral problems name it. */
  where: string;
}

/**
 * Why a roadmap is or is not finished (SPEC §5: one predicate for dashboard and archive). A
 * finished roadmap with `[~]` steps names their active `receivers`: archiving one of them in the
 * same run would leave a step with no live receiver.
 */
export type Completion =
  | { finished: true; counts: Counts; receivers?: DeferralReceiver[] }
  | { finished: false; reason: 'in-progress' | 'no-active-steps'; counts: Counts }
  | { finished: false; reason: 'deferrals'; problems: string[]; counts: Counts }
  | { finished: false; reason: 'blockers'; blockerIds: string[]; counts: Counts };

function quoteStep(step: Step): string {
  const text = step.text.trim();
  if (text === '') return '(unnamed step)';
  return JSON.stringify(text.length > 120 ? `${text.slice(0, 117)}...` : text);
}

function judgeDeferrals(
  roadmap: Roadmap,
  lookup: TargetLookup,
): { problems: string[]; receivers: DeferralReceiver[] } {
  const problems: string[] = [];
  const receivers: DeferralReceiver[] = [];
  const source = roadmapSlug(roadmap.rel);
  for (const step of roadmap.steps) {
    if (step.state !== 'deferred') continue;
    const where = `line ${step.line} ${quoteStep(step)}`;
    const res = step.deferredResolution;
    if (res === null) {
      problems.push(
        `${where}: [~] without a resolution — add <!-- deferred-resolution: carried-to=<slug> --> or merged-into=<slug>`,
      );
      continue;
    }
    const target = lookup(res.slug);
    if (target.location !== 'active' && target.location !== 'later') {
      const hint = target.location === null ? '' : ` (it is in ${target.location}/)`;
      problems.push(`${where}: ${res.kind}=${res.slug} names no active or later/ roadmap${hint}`);
      continue;
    }
    const before = problems.length;
    if (res.kind === 'carried-to') {
      const parent = target.frontmatter?.parent_roadmap;
      if (typeof parent !== 'string' || parent.trim() !== source) {
        problems.push(
          `${where}: carried-to=${res.slug} lacks the back-link \`parent_roadmap: ${source}\` in its frontmatter`,
        );
      }
    } else if (!target.text.includes(source)) {
      problems.push(`${where}: merged-into=${res.slug} never mentions ${source}`);
    }
    if (problems.length === before && target.location === 'active')
      receivers.push({ slug: res.slug, kind: res.kind, where });
  }
  return { problems, receivers };
}

/** Iron Law 3: all steps are closed, but `[~]` deferrals without a valid resolution hold the roadmap. */
export function heldByDeferrals(
  verdict: Completion | undefined,
): verdict is Extract<Completion, { reason: 'deferrals' }> {
  return verdict?.finished === false && verdict.reason === 'deferrals';
}

/**
 * A roadmap is finished when it has at least one active step, no open step, every `[~]` step
 * resolved by a valid annotation, and no open blocker (structured or legacy).
 */
export function completion(roadmap: Roadmap, lookup: TargetLookup): Completion {
  const counts = roadmapCounts(roadmap);
  if (counts.open > 0) return { finished: false, reason: 'in-progress', counts };
  if (counts.totalActive === 0) return { finished: false, reason: 'no-active-steps', counts };
  let receivers: DeferralReceiver[] = [];
  if (counts.deferred > 0) {
    const judged = judgeDeferrals(roadmap, lookup);
    if (judged.problems.length > 0)
      return { finished: false, reason: 'deferrals', problems: judged.problems, counts };
    receivers = judged.receivers;
  }
  const open = openBlockers(roadmap);
  if (open.length > 0)
    return {
      finished: false,
      reason: 'blockers',
      blockerIds: open.map((b) => b.id),
      counts,
    };
  return receivers.length > 0 ? { finished: true, counts, receivers } : { finished: true, counts };
}
