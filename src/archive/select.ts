import type { Completion, DeferralReceiver } from '../roadmap/completion.js';
import type { PlannedMove, Refusal } from './model.js';

/** Facts about a move that only the file system knows, supplied by the caller. */
export interface MoveFacts {
  /** The roadmap (or a folder above it, below the roadmap root) is a symbolic link. */
  symlink: boolean;
  /** Something already exists at the destination. */
  destinationExists: boolean;
  /** Source or destination matches a frozen-record glob. */
  frozen: boolean;
  /** git knows the file. */
  tracked: boolean;
}

/** An active roadmap and the shared completion predicate's verdict on it. */
export interface JudgedRoadmap {
  /** Path below the roadmap root. */
  rel: string;
  /** Repository-relative path. */
  file: string;
  verdict: Completion;
}

/** What decides which roadmaps move. */
export interface SelectInput {
  /** Active roadmaps with their verdicts, in path order. */
  roadmaps: readonly JudgedRoadmap[];
  /** Roadmap root relative to the repository (`agents/roadmaps`). */
  roadmapsDir: string;
  /** Repository paths touched on this branch; null archives every finished roadmap (`--all`). */
  touched: ReadonlySet<string> | null;
  facts: (from: string, to: string) => MoveFacts;
}

/** The archive destination of a roadmap: `archive/` below the roadmap root, sub-folders kept. */
export function archivePath(roadmapsDir: string, rel: string): string {
  return `${roadmapsDir}/archive/${rel}`;
}

function moveRefusal(file: string, to: string, facts: MoveFacts): Refusal | null {
  if (facts.symlink) {
    return {
      file,
      reason: 'symlink',
      details: ['is a symbolic link — archive the file it points to, or replace the link by the file'],
    };
  }
  if (facts.frozen) {
    return { file, reason: 'frozen', details: ['matches a frozen-record glob (agent-config.yaml `frozen`)'] };
  }
  if (facts.destinationExists) {
    return {
      file,
      reason: 'destination-exists',
      details: [`${to} already exists — rename or remove one of them, then re-run`],
    };
  }
  return null;
}

/**
 * The candidates that really move: a candidate whose `[~]` step lives on in another candidate
 * stays, since the step would have no live receiver; that can free its own parent in turn
 * (decided receiver first; a carry cycle is broken at the first roadmap met in path order).
 */
function movingSet(candidates: ReadonlyMap<string, JudgedRoadmap>, roadmapsDir: string): Set<string> {
  const decided = new Map<string, boolean>();
  const moves = (file: string): boolean => {
    const known = decided.get(file);
    if (known !== undefined) return known;
    const roadmap = candidates.get(file);
    if (roadmap === undefined) return false;
    decided.set(file, false);
    const answer = !receiversOf(roadmap).some((r) => moves(`${roadmapsDir}/${r.slug}.md`));
    decided.set(file, answer);
    return answer;
  };
  const moving = new Set([...candidates.keys()].filter(moves));
  // Inside a carry cycle the guess above can be wrong; keeping one more roadmap back is always
  // safe, so drop movers whose receiver moves until none is left.
  const receives = (file: string) =>
    receiversOf(candidates.get(file)!).some((r) => moving.has(`${roadmapsDir}/${r.slug}.md`));
  for (let changed = true; changed; ) {
    changed = false;
    for (const file of moving) {
      if (receives(file)) {
        moving.delete(file);
        changed = true;
      }
    }
  }
  return moving;
}

/** What the first pass decided for one roadmap, in path order. */
type Slot =
  | { kind: 'move'; move: PlannedMove; roadmap: JudgedRoadmap }
  | { kind: 'refusal'; refusal: Refusal }
  /** Finished but out of scope: it stays, and is warned about if its receiver moves. */
  | { kind: 'stays'; roadmap: JudgedRoadmap };

function receiversOf(roadmap: JudgedRoadmap): DeferralReceiver[] {
  return roadmap.verdict.finished ? (roadmap.verdict.receivers ?? []) : [];
}

/**
 * Chooses the roadmaps to move by the shared completion predicate's verdicts. Deferral and blocker
 * refusals are reported for every finished-looking roadmap, in or out of scope (as upstream);
 * move refusals (symlink, frozen, destination exists) only for those in scope. A finished
 * roadmap whose `[~]` step is carried to (or merged into) a roadmap this run archives stays, with
 * a refusal naming the step, in or out of scope.
 */
export function selectArchive(input: SelectInput): { moves: PlannedMove[]; refusals: Refusal[] } {
  const candidates = new Map<string, JudgedRoadmap>();
  const slots: Slot[] = [];
  for (const roadmap of input.roadmaps) {
    const { verdict } = roadmap;
    if (!verdict.finished) {
      if (verdict.reason === 'deferrals') {
        slots.push({
          kind: 'refusal',
          refusal: { file: roadmap.file, reason: 'deferrals', details: verdict.problems },
        });
      } else if (verdict.reason === 'blockers') {
        slots.push({
          kind: 'refusal',
          refusal: { file: roadmap.file, reason: 'blockers', details: verdict.blockerIds },
        });
      }
      continue;
    }
    const from = `${input.roadmapsDir}/${roadmap.rel}`;
    if (input.touched !== null && !input.touched.has(from)) {
      if (receiversOf(roadmap).length > 0) slots.push({ kind: 'stays', roadmap });
      continue;
    }
    const to = archivePath(input.roadmapsDir, roadmap.rel);
    const facts = input.facts(from, to);
    const refusal = moveRefusal(from, to, facts);
    if (refusal) slots.push({ kind: 'refusal', refusal });
    else {
      slots.push({ kind: 'move', move: { from, to, rel: roadmap.rel, tracked: facts.tracked }, roadmap });
      candidates.set(from, roadmap);
    }
  }
  const moving = movingSet(candidates, input.roadmapsDir);
  const moves: PlannedMove[] = [];
  const refusals: Refusal[] = [];
  for (const slot of slots) {
    if (slot.kind === 'refusal') refusals.push(slot.refusal);
    else if (slot.kind === 'move' && moving.has(slot.move.from)) moves.push(slot.move);
    else {
      const refusal = receiverRefusal(slot.roadmap, moving, input.roadmapsDir);
      if (refusal.details.length > 0) refusals.push(refusal);
    }
  }
  return { moves, refusals };
}

function receiverRefusal(roadmap: JudgedRoadmap, moving: ReadonlySet<string>, roadmapsDir: string): Refusal {
  const details = receiversOf(roadmap)
    .filter((r) => moving.has(`${roadmapsDir}/${r.slug}.md`))
    .map(
      (r) =>
        `${r.where}: ${r.kind}=${r.slug} is archived in this same run, so the step would have no live receiver — carry it to a roadmap that stays active, then re-run`,
    );
  return { file: roadmap.file, reason: 'receiver-archived', details };
}
