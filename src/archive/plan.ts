import type { ArchivePlan, LeftAlone, PlannedMove, Refusal } from './model.js';
import { planReferences, referenceContext } from './references.js';

/** A text file that may cite a moved roadmap (moved roadmaps themselves included, at their old path). */
export interface CandidateFile {
  path: string;
  text: string;
  tracked: boolean;
}

/** Everything the planner needs, gathered beforehand; the planner itself reads nothing. */
export interface PlanInput {
  scope: 'all' | 'changed';
  base: string | null;
  baseProblem: string | null;
  moves: PlannedMove[];
  refusals: Refusal[];
  dashboard: string;
  files: CandidateFile[];
  /** Files that could not be examined as text (binary, symbolic links, unreadable). */
  unexamined: LeftAlone[];
  isFrozen: (path: string) => boolean;
  exists: (path: string) => boolean;
}

/**
 * Plans an archive run: which roadmaps move, every file and line whose reference changes and
 * to what, and every reference left alone (frozen records, fenced code, binary files). Pure:
 * the caller gathers the texts, so a dry run and a real run compute the same plan.
 */
export async function planArchive(input: PlanInput): Promise<ArchivePlan> {
  const moves = new Map(input.moves.map((m) => [m.from, m.to] as const));
  const plan: ArchivePlan = {
    scope: input.scope,
    base: input.base,
    baseProblem: input.baseProblem,
    moves: input.moves,
    refusals: input.refusals,
    rewrites: [],
    leftAlone: [...input.unexamined],
    dashboard: input.dashboard,
  };
  if (moves.size === 0) return plan;
  const context = referenceContext(moves, input.exists);
  // The dashboard is regenerated after the moves, not patched.
  const files = [...input.files]
    .filter((f) => f.path !== input.dashboard)
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const references = await planReferences(files, context);
  files.forEach((file, i) => {
    const refs = references[i]!;
    if (input.isFrozen(file.path)) {
      for (const e of refs.edits)
        plan.leftAlone.push({ path: file.path, line: e.line, cites: e.roadmap, reason: 'frozen' });
      for (const c of refs.inCode)
        plan.leftAlone.push({ path: file.path, line: c.line, cites: c.cites, reason: 'frozen' });
      return;
    }
    for (const c of refs.inCode) {
      plan.leftAlone.push({ path: file.path, line: c.line, cites: c.cites, reason: 'code-block' });
    }
    if (refs.edits.length === 0) return;
    plan.rewrites.push({
      path: file.path,
      writePath: moves.get(file.path) ?? file.path,
      tracked: file.tracked,
      edits: refs.edits,
    });
  });
  plan.leftAlone = uniqueSorted(plan.leftAlone);
  return plan;
}

/** One entry per file, line, roadmap and reason (a path and a link on one line are one citation). */
function uniqueSorted(list: LeftAlone[]): LeftAlone[] {
  const seen = new Map<string, LeftAlone>();
  for (const l of list) seen.set(`${l.path}\0${l.line}\0${l.cites}\0${l.reason}`, l);
  return [...seen.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.line - b.line));
}
