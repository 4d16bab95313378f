import type { Completion } from '../roadmap/completion.js';
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
    const receivers = roadmap.verdict.finished ? (roadmap.verdict.receivers ?? []) : [];
    const answer = !receivers.some((r) => moves(`${roadmapsDir}/${r.slug}.md`));
    decided.set(file, answer);
    return answer;
  };
  return new Set([...candidates.keys()].filter(moves));
}

/**
 * Chooses the roadmaps to move by the shared completion predicate's verdicts. Deferral and blocker
 * refusals are reported for every finished-looking roadmap, in or out of scope (as upstream);
 * move refusals (symlink, frozen, destination exists) only for those in scope. A roadmap whose
 * `[~]` step is carried to (or merged into) a roadmap this run archives is refused too.
 */
export function selectArchive(input: SelectInput): { moves: PlannedMove[]; refusals: Refusal[] } {
  const refusals: Refusal[] = [];
  const candidates = new Map<string, JudgedRoadmap>();
  const planned = new Map<string, PlannedMove | Refusal>();
  for (const roadmap of input.roadmaps) {
    const { verdict } = roadmap;
    if (!verdict.finished) {
      if (verdict.reason === 'deferrals') {
        planned.set(roadmap.file, { file: roadmap.file, reason: 'deferrals', details: verdict.problems });
      } else if (verdict.reason === 'blockers') {
        planned.set(roadmap.file, { file: roadmap.file, reason: 'blockers', details: verdict.blockerIds });
      }
      continue;
    }
    const from = `${input.roadmapsDir}/${roadmap.rel}`;
    if (input.touched !== null && !input.touched.has(from)) continue;
    const to = archivePath(input.roadmapsDir, roadmap.rel);
    const facts = input.facts(from, to);
    const refusal = moveRefusal(from, to, facts);
    if (refusal) planned.set(roadmap.file, refusal);
    else {
      planned.set(roadmap.file, { from, to, rel: roadmap.rel, tracked: facts.tracked });
      candidates.set(from, roadmap);
    }
  }
  const moving = movingSet(candidates, input.roadmapsDir);
  const moves: PlannedMove[] = [];
  for (const item of planned.values()) {
    if (!('from' in item)) refusals.push(item);
    else if (moving.has(item.from)) moves.push(item);
    else refusals.push(receiverRefusal(candidates.get(item.from)!, moving, input.roadmapsDir));
  }
  return { moves, refusals };
}

function receiverRefusal(roadmap: JudgedRoadmap, moving: ReadonlySet<string>, roadmapsDir: string): Refusal {
  const receivers = roadmap.verdict.finished ? (roadmap.verdict.receivers ?? []) : [];
  const details = receivers
    .filter((r) => moving.has(`${roadmapsDir}/${r.slug}.md`))
    .map(
      (r) =>
        `${r.where}: ${r.kind}=${r.slug} is archived in this same run, so the step would have no live receiver — carry it to a roadmap that stays active, then re-run`,
    );
  return { file: roadmap.file, reason: 'receiver-archived', details };
}
