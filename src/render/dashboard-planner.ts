import { posix } from 'node:path';
import { type Completion, completion, type TargetLookup } from '../roadmap/completion.js';
import type { DashboardEntry } from '../roadmap/dashboard-entry.js';
import type { Roadmap } from '../roadmap/model.js';
import { dashboardEntry, type ParkedRow, renderDashboardBytes } from './dashboard.js';

/**
 * The dashboard's link prefix to the roadmap root, with a trailing slash (`roadmaps/`), from
 * the repository-relative paths of the dashboard and the roadmap folder.
 */
export function dashboardLinkPrefix(roadmapsDir: string, dashboard: string): string {
  return `${posix.relative(posix.dirname(dashboard), roadmapsDir) || '.'}/`;
}

/**
 * Turns active roadmaps into dashboard entries one at a time (completion judged with one shared
 * lookup), then renders the dashboard from them.
 */
export class DashboardPlanner {
  readonly entries: DashboardEntry[] = [];

  constructor(
    private readonly lookup: TargetLookup,
    private readonly linkPrefix: string,
  ) {}

  /** An active roadmap's entry and completion verdict, not added. */
  judge(roadmap: Roadmap): { entry: DashboardEntry; verdict: Completion } {
    const verdict = completion(roadmap, this.lookup);
    return { entry: dashboardEntry(roadmap, verdict, this.linkPrefix), verdict };
  }

  /** Adds an active roadmap (in path order); returns its entry and completion verdict. */
  add(roadmap: Roadmap): { entry: DashboardEntry; verdict: Completion } {
    const judged = this.judge(roadmap);
    this.entries.push(judged.entry);
    return judged;
  }

  /** The dashboard file's bytes, of the added entries (or of `entries`, in path order). */
  render(parked: ParkedRow[], entries: DashboardEntry[] = this.entries): Buffer {
    return renderDashboardBytes({ entries, parked, linkPrefix: this.linkPrefix });
  }
}
