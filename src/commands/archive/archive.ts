import { join } from 'node:path';
import picomatch from 'picomatch';
import { type ApplyHooks, applyJournal } from '../../archive/apply.js';
import { gatherCandidates } from '../../archive/gather-fs.js';
import { createJournal, JOURNAL_NAME, readJournal } from '../../archive/journal-store.js';
import type { ArchivePlan } from '../../archive/model.js';
import { planArchive } from '../../archive/plan.js';
import {
  dirtyPaths,
  dirtyTreeError,
  isSymlinked,
  pathExists,
  stagePaths,
  touchedPaths,
} from '../../archive/repo-adapter.js';
import { selectArchive } from '../../archive/select.js';
import { entriesAfter, type ScannedRoadmap, verdictDependsOnOthers } from '../../archive/tree-after.js';
import type { Config } from '../../core/config.js';
import type { Context } from '../../core/context.js';
import { EXIT_OK, InputError } from '../../core/errors.js';
import type { GitPort } from '../../core/git-port.js';
import type { ExitCode } from '../../core/outcomes.js';
import { isLedgerFile, LEDGER_DIR } from '../../evidence/paths.js';
import type { DashboardPlanner } from '../../render/dashboard-planner.js';
import { writeFileAtomic } from '../../repo/atomic-write.js';
import { type GitView, openRepository } from '../../repo/open-repository.js';
import { type RoadmapTree, type ScannedTree, scanRoadmapTree } from '../../repo/tree.js';
import { createDashboardPlanner, runProgress } from '../progress/progress.js';
import { recordArchive } from './archive-evidence.js';

export interface ArchiveOptions {
  root?: string;
  /** Every finished roadmap, not only those touched since `base`. */
  all?: boolean;
  /** Default `origin/main`. */
  base?: string;
  dryRun?: boolean;
  allowDirty?: boolean;
}

/** What `archive` planned and did; the CLI renders it. */
export interface ArchiveReport {
  root: string;
  dryRun: boolean;
  plan: ArchivePlan;
  /** The plan was carried out (false for a dry run or when there was nothing to move). */
  applied: boolean;
  /** The run completed an earlier, interrupted run from its journal. */
  resumed: boolean;
  /** A dry run found an interrupted run waiting to be completed. */
  pendingJournal: string | null;
  /** Uncommitted changes found before the run (allowed with --allow-dirty; never staged by us). */
  dirty: string[];
  staged: string[];
  warnings: RoadmapTree['warnings'];
}

function report(root: string, options: ArchiveOptions, plan: ArchivePlan): ArchiveReport {
  const base = { root, dryRun: options.dryRun === true, plan, applied: false, resumed: false };
  return { ...base, pendingJournal: null, dirty: [], staged: [], warnings: [] };
}

/**
 * Reads the tree, judging every active roadmap as it is read (completion and dashboard entry)
 * and keeping a model only where `verdictDependsOnOthers`.
 */
function scanTree(
  root: string,
  config: Config,
): { tree: ScannedTree; roadmaps: ScannedRoadmap[]; planner: DashboardPlanner } {
  const planner = createDashboardPlanner(root, config);
  const roadmaps: ScannedRoadmap[] = [];
  const tree = scanRoadmapTree(root, config, (roadmap) => {
    if (roadmap.phases.length === 0) return;
    const { entry, verdict } = planner.judge(roadmap);
    const model = verdictDependsOnOthers(entry) ? roadmap : null;
    roadmaps.push({ rel: roadmap.rel, file: roadmap.file, verdict, entry, model });
  });
  if (tree.problems.length > 0) {
    const first = tree.problems[0]!;
    throw new InputError(`${first.message}; nothing was archived`, first.file, first.fix);
  }
  return { tree, roadmaps, planner };
}

/** Starts a git call now and lets it run while JavaScript works; a failure surfaces when awaited. */
function early<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

/** The plan of a fresh run and what applying it needs. */
interface Planned {
  plan: ArchivePlan;
  tree: ScannedTree;
  roadmaps: ScannedRoadmap[];
  tracked: Set<string>;
  dirty: string[];
  texts: Map<string, string>;
}

async function planRun(
  root: string,
  config: Config,
  git: GitPort,
  view: GitView,
  options: ArchiveOptions,
): Promise<Planned> {
  const base = options.all ? null : (options.base ?? 'origin/main');
  // git works on the other core while the roadmaps are read.
  const trackedList = early(git.listTracked());
  const scopeFound = early(touchedPaths(git, view.toRootRelative, base));
  const dirtyFound = early(dirtyPaths(git, view.toRootRelative));
  const { tree, roadmaps } = scanTree(root, config);
  const [tracked, scope] = [new Set(await trackedList), await scopeFound];
  // The evidence ledger is never rewritten, whatever `frozen` says: that would break its chain.
  const isFrozen = picomatch([...config.frozen, `${LEDGER_DIR}/**`], { dot: true });
  const selection = selectArchive({
    roadmaps,
    roadmapsDir: config.roadmaps,
    touched: scope.touched,
    facts: (from, to) => ({
      symlink: isSymlinked(root, config.roadmaps, from),
      destinationExists: pathExists(join(root, to)),
      frozen: isFrozen(from) || isFrozen(to),
      tracked: tracked.has(from),
    }),
  });
  const gathered = await gatherCandidates(root, git, selection.moves, tracked);
  // Nothing to move, nothing to refuse: a dirty tree matters only to a run that writes. The
  // answer is awaited either way, so no git process outlives the run.
  // The ledger's own appends (stage, claim…) never make a tree dirty for archive.
  const dirtyNow = (await dirtyFound).filter((path) => !isLedgerFile(path));
  const dirty = selection.moves.length > 0 ? dirtyNow : [];
  if (dirty.length > 0 && !options.allowDirty && !options.dryRun) throw dirtyTreeError(dirty);
  const plan = await planArchive({
    scope: base === null ? 'all' : 'changed',
    base,
    baseProblem: scope.problem,
    ...selection,
    dashboard: config.dashboard,
    ...gathered,
    isFrozen,
    exists: (path) => tracked.has(path) || pathExists(join(root, path)),
  });
  const texts = new Map(gathered.files.map((f) => [f.path, f.text] as const));
  return { plan, tree, roadmaps, tracked, dirty, texts };
}

/**
 * `agent-config archive`: moves finished roadmaps into `archive/`, rewrites every reference
 * to them outside frozen records, stages the result and regenerates the dashboard. With
 * `dryRun` it only returns the plan. An interrupted run is completed first.
 */
export async function runArchive(
  ctx: Context,
  options: ArchiveOptions,
  hooks?: ApplyHooks,
): Promise<ArchiveReport> {
  const { root, config, git, requireGit } = await openRepository(ctx, {
    root: options.root,
    config: 'roadmaps',
  });
  const journalFound = early(git.gitPath(JOURNAL_NAME));
  const view = await requireGit('archive moves files with git; run it in a clone');
  const journalPath = await journalFound;
  // Record, then act: the run's roadmap.archived records are written before the first move
  // (once, even when an interrupted run is resumed) and staged with the moves.
  const record = (plan: ArchivePlan) => () => recordArchive(ctx, root, config, plan);
  const deps = { root, git, journalPath, hooks };
  const pending = readJournal(journalPath);
  if (pending !== null) {
    if (options.dryRun) return { ...report(root, options, pending.plan), pendingJournal: journalPath };
    const regenerate = async () => void (await runProgress(ctx, { root }));
    const result = await applyJournal(pending, { ...deps, regenerate, record: record(pending.plan) }, false);
    return { ...report(root, options, pending.plan), applied: true, resumed: true, staged: result.staged };
  }
  const { plan, tree, roadmaps, tracked, dirty, texts } = await planRun(root, config, git, view, options);
  const done = { ...report(root, options, plan), dirty, warnings: tree.warnings };
  if (options.dryRun || plan.moves.length === 0) return done;
  const journal = createJournal(plan, texts, stagePaths(plan, tracked, new Set(dirty)));
  const regenerate = async () => {
    // The tree as read, minus the moved roadmaps, is what progress would read from disk now;
    // a fresh planner looks deferral destinations up where they are after the moves.
    const planner = createDashboardPlanner(root, config);
    const after = entriesAfter(roadmaps, plan, texts, config.roadmaps, (r) => planner.judge(r).entry);
    if (after === null) await runProgress(ctx, { root });
    else writeFileAtomic(join(root, config.dashboard), planner.render(tree.parked, after));
  };
  const result = await applyJournal(journal, { ...deps, regenerate, record: record(plan) }, true);
  return { ...done, applied: true, staged: result.staged };
}

/** `archive` exits 0 whenever it ran: a roadmap it refuses to move is reported, not a failure. */
export function archiveExit(): ExitCode {
  return EXIT_OK;
}

/**
 * `archive --json`: the report itself, the plan (or the result) in full. The GitHub Action reads
 * `applied`, `plan.moves`, `plan.refusals` and `plan.baseProblem` from it (action/archive.mjs).
 */
export type ArchiveDocument = ArchiveReport;

/** The document of `archive --json`. */
export function archiveDocument(report: ArchiveReport): ArchiveDocument {
  return report;
}
