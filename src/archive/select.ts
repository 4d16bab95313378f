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
 * Chooses the roadmaps to move by the shared completion predicate's verdicts. Deferral and blocker
 * refusals are reported for every finished-looking roadmap, in or out of scope (as upstream);
 * move refusals (symlink, frozen, destination exists) only for those in scope.
 */
export function selectArchive(input: SelectInput): { moves: PlannedMove[]; refusals: Refusal[] } {
  const moves: PlannedMove[] = [];
  const refusals: Refusal[] = [];
  for (const roadmap of input.roadmaps) {
    const { verdict } = roadmap;
    if (!verdict.finished) {
      if (verdict.reason === 'deferrals') {
        refusals.push({ file: roadmap.file, reason: 'deferrals', details: verdict.problems });
      } else if (verdict.reason === 'blockers') {
        refusals.push({ file: roadmap.file, reason: 'blockers', details: verdict.blockerIds });
      }
      continue;
    }
    const from = `${input.roadmapsDir}/${roadmap.rel}`;
    if (input.touched !== null && !input.touched.has(from)) continue;
    const to = archivePath(input.roadmapsDir, roadmap.rel);
    const facts = input.facts(from, to);
    const refusal = moveRefusal(from, to, facts);
    if (refusal) refusals.push(refusal);
    else moves.push({ from, to, rel: roadmap.rel, tracked: facts.tracked });
  }
  return { moves, refusals };
}
