import type { Counts } from './queries.js';

/**
 * One active roadmap as the dashboard shows it: its numbers, its banners and its rendered block
 * of the per-roadmap breakdown. It holds no text of the roadmap file, so a command can turn
 * each roadmap into its entry as it reads the tree and let the parsed model go.
 */
export interface DashboardEntry {
  /** Path relative to the roadmap root. */
  rel: string;
  phases: number;
  counts: Counts;
  /** Open blockers, structured and legacy. */
  openBlockers: number;
  /** Open blockers that wait on the person. */
  userBlockers: number;
  completed: boolean;
  ironLaw3: boolean;
  /** Every open step is merge-gated: how many, and the PRs they cite. */
  mergeGated: { count: number; prs: number[] } | null;
  /**
   * The roadmap's block in the per-roadmap phase breakdown, lines joined by `\n`, as UTF-8: the
   * bytes the dashboard file holds. Encoding it at once also leaves no string that shares
   * memory with the roadmap file's text, so a tree of thousands is not kept alive.
   */
  breakdown: Buffer;
  /** The roadmap's link, `[rel](prefix + rel)`. */
  link: string;
  /** Its row of the open-roadmaps table without the leading `| N `. */
  row: string;
}
