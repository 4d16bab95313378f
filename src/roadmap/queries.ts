import { isResolved } from './blockers.js';
import type { Blocker, Phase, Roadmap, Step } from './model.js';

/** Step counts of a phase or a roadmap. */
export interface Counts {
  open: number;
  done: number;
  deferred: number;
  cancelled: number;
  /** done + open: the denominator of progress. */
  totalActive: number;
  /** Every step, whatever its state. */
  totalAll: number;
  percent: number;
}

/** Round half to even, as upstream (Python's `round`): 12.5 → 12, 37.5 → 38. */
export function roundHalfEven(value: number): number {
  const floor = Math.floor(value);
  const diff = value - floor;
  const epsilon = 1e-9;
  if (diff > 0.5 + epsilon) return floor + 1;
  if (diff < 0.5 - epsilon) return floor;
  return floor % 2 === 0 ? floor : floor + 1;
}

/** Percentage of done among done + open, banker's rounding; 0 when nothing is active. */
export function percentDone(done: number, totalActive: number): number {
  return totalActive === 0 ? 0 : roundHalfEven((done * 100) / totalActive);
}

/** Counts steps by state. */
export function countSteps(steps: readonly Step[]): Counts {
  let open = 0;
  let done = 0;
  let deferred = 0;
  let cancelled = 0;
  for (const s of steps) {
    if (s.state === 'open') open++;
    else if (s.state === 'done') done++;
    else if (s.state === 'deferred') deferred++;
    else cancelled++;
  }
  const totalActive = open + done;
  return {
    open,
    done,
    deferred,
    cancelled,
    totalActive,
    totalAll: totalActive + deferred + cancelled,
    percent: percentDone(done, totalActive),
  };
}

/** The dashboard's state word for a phase, emoji included (upstream §1.6). */
export function phaseState(c: Counts): string {
  if (c.totalActive === 0 && c.deferred + c.cancelled > 0) return '⏭️ skipped';
  if (c.totalActive === 0) return '⬜ empty';
  if (c.done === 0) return '⬜ not started';
  if (c.open === 0) return '✅ done';
  return '🟡 in progress';
}

export function phaseCounts(phase: Phase): Counts {
  return countSteps(phase.steps);
}

export function roadmapCounts(roadmap: Roadmap): Counts {
  return countSteps(roadmap.steps);
}

/** Blockers that are not resolved (structured and legacy). */
export function openBlockers(roadmap: Roadmap): Blocker[] {
  return roadmap.blockers.filter((b) => !isResolved(b));
}

/** Every open step is merge-gated: the roadmap waits for a PR to merge. */
export function isMergeGated(roadmap: Roadmap, c: Counts = roadmapCounts(roadmap)): boolean {
  if (c.open === 0) return false;
  let gated = 0;
  for (const s of roadmap.steps) if (s.state === 'open' && s.mergeGated) gated++;
  return gated === c.open;
}

/** Merge-gated open steps, and the PR numbers they cite (unique, first-seen order). */
export function mergeGatedSummary(roadmap: Roadmap): { count: number; prs: number[] } {
  const gated = roadmap.steps.filter((s) => s.state === 'open' && s.mergeGated);
  return { count: gated.length, prs: [...new Set(gated.flatMap((s) => s.prs))] };
}
