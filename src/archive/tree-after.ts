import type { RoadmapTree } from '../repo/tree.js';
import type { Roadmap } from '../roadmap/model.js';
import { parseRoadmap } from '../roadmap/scanner.js';
import type { ArchivePlan } from './model.js';
import { spliceEdits } from './references.js';

/**
 * The tree as it is after the plan: moved roadmaps gone, rewritten ones re-parsed from their new
 * text. Null when a parked (`later/`) roadmap was rewritten: then the caller reloads from disk.
 */
export function treeAfter(
  tree: RoadmapTree,
  plan: ArchivePlan,
  texts: ReadonlyMap<string, string>,
): RoadmapTree | null {
  if (plan.rewrites.some((r) => r.path.startsWith(`${tree.roadmapsDir}/later/`))) return null;
  const moved = new Set(plan.moves.map((m) => m.from));
  const rewritten = new Map(plan.rewrites.map((r) => [r.path, r] as const));
  const refresh = (r: Roadmap): Roadmap => {
    const rewrite = rewritten.get(r.file);
    const text = rewrite ? texts.get(rewrite.path) : undefined;
    return text === undefined
      ? r
      : parseRoadmap(spliceEdits(text, rewrite!.edits), { rel: r.rel, file: r.file });
  };
  const keep = (list: Roadmap[]) => list.filter((r) => !moved.has(r.file)).map(refresh);
  return { ...tree, active: keep(tree.active), candidates: keep(tree.candidates) };
}
