import { isResolved } from '../roadmap/blockers.js';
import { needsApproval } from '../roadmap/decision-entry.js';
import { parseRoadmap } from '../roadmap/scanner.js';

/** A roadmap file changed between the base and HEAD: its path at the base and at HEAD (null: deleted, not moved). */
export interface RoadmapChange {
  before: string;
  after: string | null;
}

/** A way a pull request takes a check away by deleting what it checks (docs/decide.md, "What CI holds"). */
export interface RoadmapRemoval {
  code: 'blocker-removed' | 'approval-removed';
  /** The roadmap's repository-relative path at the base. */
  file: string;
  /** For `blocker-removed`: the blocker's id. */
  blocker?: string;
  detail: string;
}

/**
 * What `evidence verify --against BASE` finds in the roadmaps a pull request changed:
 * `approval-removed` for a roadmap that says `approval: required` at the base and not at HEAD
 * (or is gone, not moved), and — where `decisionsRequired` (the base's `evidence.decisions`) —
 * `blocker-removed` for each blocker open at the base that HEAD's version of the roadmap (its
 * moved file too) no longer lists, unless `decided` says a person recorded a decision on it.
 * `roadmaps` is the roadmap folder, for the parser's roadmap-relative name.
 */
export function roadmapRemovals(input: {
  roadmaps: string;
  changes: readonly RoadmapChange[];
  text: (side: 'base' | 'head', path: string) => string | null;
  decisionsRequired: boolean;
  decided: (roadmap: string, blocker: string) => boolean;
}): RoadmapRemoval[] {
  const prefix = `${input.roadmaps}/`;
  const parse = (side: 'base' | 'head', path: string | null) => {
    const text = path === null ? null : input.text(side, path);
    if (path === null || text === null) return null;
    const rel = path.startsWith(prefix) ? path.slice(prefix.length) : path;
    return parseRoadmap(text, { rel, file: path });
  };
  const out: RoadmapRemoval[] = [];
  for (const { before, after } of input.changes) {
    if (!before.endsWith('.md')) continue;
    const then = parse('base', before);
    if (then === null) continue;
    const now = parse('head', after);
    // How HEAD's side reads in a message: the roadmap, or where it moved.
    const there = after === null ? '' : after === before ? 'the roadmap' : `the roadmap moved to ${after}`;
    if (needsApproval(then) && (now === null || !needsApproval(now)))
      out.push({
        code: 'approval-removed',
        file: before,
        detail:
          after === null
            ? 'said approval: required at the base and is deleted at HEAD'
            : `said approval: required at the base; ${there} no longer does at HEAD`,
      });
    if (!input.decisionsRequired) continue;
    const kept = new Set((now?.blockers ?? []).map((b) => b.id));
    for (const b of then.blockers) {
      if (isResolved(b) || kept.has(b.id)) continue;
      if (input.decided(before, b.id) || (after !== null && input.decided(after, b.id))) continue;
      out.push({
        code: 'blocker-removed',
        file: before,
        blocker: b.id,
        detail: `blocker '${b.id}' is open at the base and ${after === null ? 'its roadmap is deleted' : `${there} no longer lists it`} at HEAD, with no decision of a person on record`,
      });
    }
  }
  return out;
}
