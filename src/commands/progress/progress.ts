import { join } from 'node:path';
import type { Config } from '../../core/config.js';
import type { Context } from '../../core/context.js';
import type { Diagnostic } from '../../core/diagnostics.js';
import { EXIT_FINDINGS, EXIT_OK, InputError } from '../../core/errors.js';
import type { ExitCode } from '../../core/outcomes.js';
import { type StaleDetail, staleDetail } from '../../render/dashboard-diff.js';
import { DashboardPlanner, dashboardLinkPrefix } from '../../render/dashboard-planner.js';
import { writeFileAtomic } from '../../repo/atomic-write.js';
import { openRepository } from '../../repo/open-repository.js';
import { readFileBytes } from '../../repo/read-text.js';
import { createTargetLookup, type RoadmapTree, scanRoadmapTree } from '../../repo/tree.js';
import { heldByDeferrals } from '../../roadmap/completion.js';

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
  /** Check mode, stale: where the dashboard on disk first differs, and whether only prose does. */
  staleAt: StaleDetail | null;
  completed: Array<{ rel: string; done: number; active: number }>;
  ironLaw3: Array<{ rel: string; done: number; active: number; deferred: number; problems: string[] }>;
  mergeGated: MergeGatedNote[];
  warnings: RoadmapTree['warnings'];
}

/** The dashboard's bytes on disk, or null when there is none. */
function readDashboard(path: string, shown: string): Buffer | null {
  const read = readFileBytes(path);
  if (Buffer.isBuffer(read)) return read;
  if (read.errorCode === 'ENOENT') return null;
  throw new InputError(`cannot be read (${read.errorCode})`, shown, 'check its permissions');
}

/**
 * Builds the planner for a repository: deferral destinations looked up on disk, links relative
 * to the dashboard.
 */
export function createDashboardPlanner(root: string, config: Config): DashboardPlanner {
  return new DashboardPlanner(
    createTargetLookup(root, config.roadmaps),
    dashboardLinkPrefix(config.roadmaps, config.dashboard),
  );
}

/**
 * `agent-config progress`: writes the dashboard, or with `check` compares it with a fresh
 * render and never writes. Refuses (InputError) when any roadmap could not be read, so a
 * dashboard is never built from a tree it could not see.
 */
export async function runProgress(ctx: Context, options: ProgressOptions): Promise<ProgressReport> {
  const { root, config } = await openRepository(ctx, { root: options.root, config: 'roadmaps' });
  const planner = createDashboardPlanner(root, config);
  const completed: ProgressReport['completed'] = [];
  const ironLaw3: ProgressReport['ironLaw3'] = [];
  const mergeGated: MergeGatedNote[] = [];
  // Findings in the files themselves (invalid frontmatter, an unclosed fence) are shown too:
  // the dashboard is still written, but nobody should be surprised by what it counted. They are
  // warnings here, whatever lint calls them: progress judges the dashboard (SPEC §3), and a
  // label of "error" under exit 0 would be a lie. `lint` is the gate for the files themselves.
  const findings: Diagnostic[] = [];
  let stepsDone = 0;
  let stepsActive = 0;
  // Each roadmap becomes its dashboard entry as it is read; the parsed model is not kept.
  const tree = scanRoadmapTree(root, config, (roadmap) => {
    for (const d of roadmap.diagnostics) findings.push({ ...d, severity: 'warning' });
    if (roadmap.phases.length === 0) return;
    const { entry, verdict } = planner.add(roadmap);
    const c = entry.counts;
    stepsDone += c.done;
    stepsActive += c.totalActive;
    const base = { rel: entry.rel, done: c.done, active: c.totalActive };
    if (entry.completed) completed.push(base);
    if (heldByDeferrals(verdict))
      ironLaw3.push({ ...base, deferred: c.deferred, problems: verdict.problems });
    if (entry.mergeGated !== null)
      mergeGated.push({ ...base, gated: entry.mergeGated.count, prs: entry.mergeGated.prs });
  });
  const report: ProgressReport = {
    mode: options.check ? 'check' : 'write',
    root,
    dashboard: config.dashboard,
    hasRoadmaps: tree.exists,
    roadmapCount: planner.entries.length,
    stepsDone,
    stepsActive,
    stale: false,
    missing: false,
    staleAt: null,
    completed,
    ironLaw3,
    mergeGated,
    warnings: [...tree.warnings, ...findings],
  };
  if (!tree.exists) return report;
  if (tree.problems.length > 0) {
    const first = tree.problems[0]!;
    const more = tree.problems.length > 1 ? ` (and ${tree.problems.length - 1} more unreadable file(s))` : '';
    throw new InputError(`${first.message}${more}; the dashboard was not touched`, first.file, first.fix);
  }
  const content = planner.render(tree.parked);
  const path = join(root, config.dashboard);
  if (options.check) {
    const current = readDashboard(path, config.dashboard);
    report.missing = current === null;
    report.stale = current === null || !current.equals(content);
    if (current !== null && report.stale)
      report.staleAt = staleDetail(content.toString(), current.toString());
  } else {
    writeFileAtomic(path, content);
  }
  return report;
}

/** Whether `progress --check` fails: a missing or stale dashboard, or a roadmap to archive. */
function checkFails(report: ProgressReport): boolean {
  if (report.mode !== 'check' || !report.hasRoadmaps) return false;
  return report.missing || report.stale || report.completed.length > 0 || report.ironLaw3.length > 0;
}

/** The exit code of `progress`: 1 when `--check` fails, else 0 (SPEC §3). */
export function progressExit(report: ProgressReport): ExitCode {
  return checkFails(report) ? EXIT_FINDINGS : EXIT_OK;
}

/** `progress --json`: what the text output says, as data; paths are repository-relative. */
export interface ProgressDocument {
  mode: ProgressReport['mode'];
  /** False exactly when `--check` exits 1. */
  ok: boolean;
  dashboard: string;
  hasRoadmaps: boolean;
  roadmaps: number;
  steps: { done: number; active: number };
  missing: boolean;
  stale: boolean;
  completed: ProgressReport['completed'];
  ironLaw3: ProgressReport['ironLaw3'];
  mergeGated: MergeGatedNote[];
  warnings: Diagnostic[];
}

/**
 * `progress --json` (and `progress --check --json`). The CLI prints it and the MCP server
 * answers it as the `progress_check` tool's structured result.
 */
export function progressDocument(report: ProgressReport): ProgressDocument {
  return {
    mode: report.mode,
    ok: !checkFails(report),
    dashboard: report.dashboard,
    hasRoadmaps: report.hasRoadmaps,
    roadmaps: report.roadmapCount,
    steps: { done: report.stepsDone, active: report.stepsActive },
    missing: report.missing,
    stale: report.stale,
    completed: report.completed,
    ironLaw3: report.ironLaw3,
    mergeGated: report.mergeGated,
    warnings: report.warnings.map((d) => ({
      file: d.file,
      line: d.line,
      column: d.column,
      severity: d.severity,
      code: d.code,
      message: d.message,
    })),
  };
}
