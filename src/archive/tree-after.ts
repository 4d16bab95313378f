import type { Completion } from '../roadmap/completion.js';
import type { DashboardEntry } from '../roadmap/dashboard-entry.js';
import type { Roadmap } from '../roadmap/model.js';
import { parseRoadmap } from '../roadmap/scanner.js';
import type { ArchivePlan } from './model.js';
import { spliceEdits } from './references.js';

/**
 * An active roadmap as the archive read it: its verdict and dashboard entry, and its parsed
 * model only when its verdict may change once other roadmaps have moved (it has no open step
 * but `[~]` deferrals, whose destinations are looked up on disk). The rest of the model is
 * let go as the tree is read.
 */
export interface ScannedRoadmap {
  rel: string;
  file: string;
  verdict: Completion;
  entry: DashboardEntry;
  model: Roadmap | null;
}

/** Keeps the model only where the verdict consulted the deferral destinations. */
export function verdictDependsOnOthers(entry: DashboardEntry): boolean {
  return entry.counts.open === 0 && entry.counts.totalActive > 0 && entry.counts.deferred > 0;
}

/**
 * The dashboard entries after the plan, in path order: moved roadmaps gone, rewritten ones
 * re-parsed from their new text, and those whose verdict depends on other roadmaps judged again
 * (`judge` looks destinations up on the disk as it is after the moves). Null when a parked
 * (`later/`) roadmap was rewritten: then the caller reloads from disk.
 */
export function entriesAfter(
  roadmaps: readonly ScannedRoadmap[],
  plan: ArchivePlan,
  texts: ReadonlyMap<string, string>,
  roadmapsDir: string,
  judge: (roadmap: Roadmap) => DashboardEntry,
): DashboardEntry[] | null {
  if (plan.rewrites.some((r) => r.path.startsWith(`${roadmapsDir}/later/`))) return null;
  const moved = new Set(plan.moves.map((m) => m.from));
  const rewritten = new Map(plan.rewrites.map((r) => [r.path, r] as const));
  const entries: DashboardEntry[] = [];
  for (const r of roadmaps) {
    if (moved.has(r.file)) continue;
    const rewrite = rewritten.get(r.file);
    const text = rewrite ? texts.get(rewrite.path) : undefined;
    if (text !== undefined) {
      const after = parseRoadmap(spliceEdits(text, rewrite!.edits), { rel: r.rel, file: r.file });
      if (!after.draft && after.phases.length > 0) entries.push(judge(after));
    } else if (r.model !== null) {
      entries.push(judge(r.model));
    } else {
      entries.push(r.entry);
    }
  }
  return entries;
}
