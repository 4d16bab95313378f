import { readFileSync } from 'node:fs';
import { dirname, join, posix, relative } from 'node:path';
import type { Context } from '../core/context.js';
import type { Diagnostic } from '../core/diagnostics.js';
import { InputError } from '../core/errors.js';
import { type DashboardEntry, dashboardEntry, type ParkedRow, renderDashboard } from '../render/dashboard.js';
import { writeFileAtomic } from '../repo/atomic-write.js';
import { loadConfig } from '../repo/load-config.js';
import { resolveRoot } from '../repo/root.js';
import { createTargetLookup, type RoadmapTree, scanRoadmapTree } from '../repo/tree.js';
import { type Completion, completion, type TargetLookup } from '../roadmap/completion.js';
import type { Roadmap } from '../roadmap/model.js';

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

/**
 * Turns active roadmaps into dashboard entries one at a time (completion judged with one shared
 * lookup), then renders the dashboard from them.
 */
export class DashboardPlanner {
  readonly entries: DashboardEntry[] = [];
  private readonly lookup: TargetLookup;
  private readonly linkPrefix: string;

  constructor(root: string, roadmapsDir: string, dashboard: string) {
    this.lookup = createTargetLookup(root, roadmapsDir);
    this.linkPrefix = `${
      relative(dirname(join(root, dashboard)), join(root, roadmapsDir))
        .split('\\')
        .join(posix.sep) || '.'
    }/`;
  }

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

  /** The dashboard, of the added entries (or of `entries`, in path order). */
  render(parked: ParkedRow[], entries: DashboardEntry[] = this.entries): string {
    return renderDashboard({ entries, parked, linkPrefix: this.linkPrefix });
  }
}

/** The dashboard's bytes on disk, or null when there is none. */
function readDashboard(path: string, shown: string): Buffer | null {
  try {
    return readFileSync(path);
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
  const planner = new DashboardPlanner(root, config.roadmaps, config.dashboard);
  const completed: ProgressReport['completed'] = [];
  const ironLaw3: ProgressReport['ironLaw3'] = [];
  const mergeGated: MergeGatedNote[] = [];
  // Findings in the files themselves (invalid frontmatter, an unclosed fence) are shown too:
  // the dashboard is still written, but nobody should be surprised by what it counted.
  const findings: Diagnostic[] = [];
  let stepsDone = 0;
  let stepsActive = 0;
  // Each roadmap becomes its dashboard entry as it is read; the parsed model is not kept.
  const tree = scanRoadmapTree(root, config, (roadmap) => {
    findings.push(...roadmap.diagnostics);
    if (roadmap.phases.length === 0) return;
    const { entry, verdict } = planner.add(roadmap);
    const c = entry.counts;
    stepsDone += c.done;
    stepsActive += c.totalActive;
    const base = { rel: entry.rel, done: c.done, active: c.totalActive };
    if (entry.completed) completed.push(base);
    if (entry.ironLaw3) {
      const problems = !verdict.finished && verdict.reason === 'deferrals' ? verdict.problems : [];
      ironLaw3.push({ ...base, deferred: c.deferred, problems });
    }
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
    report.stale = current === null || !current.equals(Buffer.from(content, 'utf8'));
  } else {
    writeFileAtomic(path, content);
  }
  return report;
}
