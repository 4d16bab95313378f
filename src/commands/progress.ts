import { readFileSync } from 'node:fs';
import { dirname, join, posix, relative } from 'node:path';
import type { Context } from '../core/context.js';
import { InputError } from '../core/errors.js';
import { type DashboardRow, dashboardRows, renderDashboard } from '../render/dashboard.js';
import { writeFileAtomic } from '../repo/atomic-write.js';
import { loadConfig } from '../repo/load-config.js';
import { resolveRoot } from '../repo/root.js';
import { createTargetLookup, loadRoadmapTree, type RoadmapTree } from '../repo/tree.js';
import { type Completion, completion } from '../roadmap/completion.js';
import { mergeGatedSummary } from '../roadmap/queries.js';

export interface ProgressOptions {
  root?: string;
  check?: boolean;
}

/** A merge-gated roadmap as the warnings list it. */
export interface MergeGatedNote {
  rel: string;
  done: number;
  active: number;
  gated: number;
  prs: number[];
}

/** What `progress` found and did; the CLI renders it and picks the exit code. */
export interface ProgressReport {
  mode: 'write' | 'check';
  /** Absolute repository root. */
  root: string;
  /** Dashboard path relative to the root. */
  dashboard: string;
  /** False when the roadmap folder does not exist: nothing to do. */
  hasRoadmaps: boolean;
  roadmapCount: number;
  stepsDone: number;
  stepsActive: number;
  /** Check mode: the dashboard on disk differs from a fresh render. */
  stale: boolean;
  /** Check mode: there is no dashboard on disk. */
  missing: boolean;
  completed: Array<{ rel: string; done: number; active: number }>;
  ironLaw3: Array<{ rel: string; done: number; active: number; deferred: number; problems: string[] }>;
  mergeGated: MergeGatedNote[];
  warnings: RoadmapTree['warnings'];
}

/** Renders the dashboard for a tree: the content and the classified rows. */
export function planDashboard(
  tree: RoadmapTree,
  dashboard: string,
): { content: string; rows: DashboardRow[]; verdicts: Map<string, Completion> } {
  const lookup = createTargetLookup(tree.root, tree.roadmapsDir);
  const verdicts = new Map(tree.active.map((r) => [r.rel, completion(r, lookup)] as const));
  const linkPrefix = `${
    relative(dirname(join(tree.root, dashboard)), join(tree.root, tree.roadmapsDir))
      .split('\\')
      .join(posix.sep) || '.'
  }/`;
  const input = { roadmaps: tree.active, completion: verdicts, parked: tree.parked, linkPrefix };
  const rows = dashboardRows(input);
  return { content: renderDashboard(input, rows), rows, verdicts };
}

function readDashboard(path: string, shown: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return null;
    throw new InputError(`cannot be read (${code ?? 'error'})`, shown, 'check its permissions');
  }
}

/**
 * `agent-config progress`: writes the dashboard, or with `check` compares it with a fresh
 * render and never writes. Refuses (InputError) when any roadmap could not be read, so a
 * dashboard is never built from a tree it could not see.
 */
export async function runProgress(ctx: Context, options: ProgressOptions): Promise<ProgressReport> {
  const root = await resolveRoot(ctx, options.root);
  const config = loadConfig(root);
  const tree = loadRoadmapTree(root, config);
  const report: ProgressReport = {
    mode: options.check ? 'check' : 'write',
    root,
    dashboard: config.dashboard,
    hasRoadmaps: tree.exists,
    roadmapCount: tree.active.length,
    stepsDone: 0,
    stepsActive: 0,
    stale: false,
    missing: false,
    completed: [],
    ironLaw3: [],
    mergeGated: [],
    // Findings in the files themselves (invalid frontmatter, an unclosed fence) are shown too:
    // the dashboard is still written, but nobody should be surprised by what it counted.
    warnings: [...tree.warnings, ...tree.candidates.flatMap((r) => r.diagnostics)],
  };
  if (!tree.exists) return report;
  if (tree.problems.length > 0) {
    const first = tree.problems[0]!;
    const more = tree.problems.length > 1 ? ` (and ${tree.problems.length - 1} more unreadable file(s))` : '';
    throw new InputError(`${first.message}${more}; the dashboard was not touched`, first.file, first.fix);
  }
  const { content, rows, verdicts } = planDashboard(tree, config.dashboard);
  for (const row of rows) {
    report.stepsDone += row.counts.done;
    report.stepsActive += row.counts.totalActive;
    const base = { rel: row.roadmap.rel, done: row.counts.done, active: row.counts.totalActive };
    if (row.completed) report.completed.push(base);
    if (row.ironLaw3) {
      const verdict = verdicts.get(row.roadmap.rel);
      const problems = verdict && !verdict.finished && verdict.reason === 'deferrals' ? verdict.problems : [];
      report.ironLaw3.push({ ...base, deferred: row.counts.deferred, problems });
    }
    if (row.mergeGated) {
      const s = mergeGatedSummary(row.roadmap);
      report.mergeGated.push({ ...base, gated: s.count, prs: s.prs });
    }
  }
  const path = join(root, config.dashboard);
  if (options.check) {
    const current = readDashboard(path, config.dashboard);
    report.missing = current === null;
    report.stale = current !== content;
  } else {
    writeFileAtomic(path, content);
  }
  return report;
}
