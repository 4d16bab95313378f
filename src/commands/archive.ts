import { join } from 'node:path';
import picomatch from 'picomatch';
import { type ApplyHooks, applyJournal } from '../archive/apply.js';
import { gatherCandidates } from '../archive/gather-fs.js';
import { createJournal, JOURNAL_NAME, readJournal } from '../archive/journal-store.js';
import type { ArchivePlan } from '../archive/model.js';
import { planArchive } from '../archive/plan.js';
import {
  dirtyPaths,
  dirtyTreeError,
  isSymlinked,
  openRepository,
  pathExists,
  type Repository,
  stagePaths,
  touchedPaths,
} from '../archive/repo-adapter.js';
import { selectArchive } from '../archive/select.js';
import { treeAfter } from '../archive/tree-after.js';
import type { Config } from '../core/config.js';
import type { Context } from '../core/context.js';
import { InputError } from '../core/errors.js';
import { writeFileAtomic } from '../repo/atomic-write.js';
import { loadConfig } from '../repo/load-config.js';
import { resolveRoot } from '../repo/root.js';
import { createTargetLookup, loadRoadmapTree, type RoadmapTree } from '../repo/tree.js';
import { planDashboard, runProgress } from './progress.js';

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

function loadTree(root: string, roadmaps: string): RoadmapTree {
  const tree = loadRoadmapTree(root, { roadmaps });
  if (tree.problems.length > 0) {
    const first = tree.problems[0]!;
    throw new InputError(`${first.message}; nothing was archived`, first.file, first.fix);
  }
  return tree;
}

/** Starts a git call now and lets it run while JavaScript works; a failure surfaces when awaited. */
function early<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

/** The plan of a fresh run and what applying it needs. */
interface Planned {
  plan: ArchivePlan;
  tree: RoadmapTree;
  tracked: Set<string>;
  dirty: string[];
  texts: Map<string, string>;
}

async function planRun(
  root: string,
  config: Config,
  repo: Repository,
  options: ArchiveOptions,
): Promise<Planned> {
  const { git, prefix } = repo;
  const base = options.all ? null : (options.base ?? 'origin/main');
  const trackedList = early(git.listTracked());
  const scopeFound = early(touchedPaths(git, prefix, base));
  const tree = loadTree(root, config.roadmaps);
  const [tracked, scope] = [new Set(await trackedList), await scopeFound];
  const isFrozen = picomatch(config.frozen, { dot: true });
  const selection = selectArchive({
    roadmaps: tree.active,
    roadmapsDir: config.roadmaps,
    lookup: createTargetLookup(root, config.roadmaps),
    touched: scope.touched,
    facts: (from, to) => ({
      symlink: isSymlinked(root, config.roadmaps, from),
      destinationExists: pathExists(join(root, to)),
      frozen: isFrozen(from) || isFrozen(to),
      tracked: tracked.has(from),
    }),
  });
  const dirtyFound = early(selection.moves.length > 0 ? dirtyPaths(git, prefix) : Promise.resolve([]));
  const gathered = await gatherCandidates(root, git, selection.moves, tracked);
  const dirty = await dirtyFound;
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
  return { plan, tree, tracked, dirty, texts };
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
  const root = await resolveRoot(ctx, options.root);
  const config = loadConfig(root);
  const journalFound = early(ctx.git(root).gitPath(JOURNAL_NAME));
  const repo = await openRepository(ctx.git, root);
  const journalPath = await journalFound;
  const deps = { root, git: repo.git, journalPath, hooks };
  const pending = readJournal(journalPath);
  if (pending !== null) {
    if (options.dryRun) return { ...report(root, options, pending.plan), pendingJournal: journalPath };
    const regenerate = async () => void (await runProgress(ctx, { root }));
    const result = await applyJournal(pending, { ...deps, regenerate }, false);
    return { ...report(root, options, pending.plan), applied: true, resumed: true, staged: result.staged };
  }
  const { plan, tree, tracked, dirty, texts } = await planRun(root, config, repo, options);
  const done = { ...report(root, options, plan), dirty, warnings: tree.warnings };
  if (options.dryRun || plan.moves.length === 0) return done;
  const journal = createJournal(plan, texts, stagePaths(plan, tracked, new Set(dirty)));
  const regenerate = async () => {
    // The tree in memory, minus the moved roadmaps, is what progress would read from disk now.
    const after = treeAfter(tree, plan, texts);
    if (after === null) await runProgress(ctx, { root });
    else writeFileAtomic(join(root, config.dashboard), planDashboard(after, config.dashboard));
  };
  const result = await applyJournal(journal, { ...deps, regenerate }, true);
  return { ...done, applied: true, staged: result.staged };
}
