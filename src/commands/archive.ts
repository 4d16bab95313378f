import { lstatSync, realpathSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import picomatch from 'picomatch';
import { type ApplyHooks, applyJournal } from '../archive/apply.js';
import { gatherCandidates } from '../archive/gather-fs.js';
import { createJournal, JOURNAL_NAME, type Journal, readJournal } from '../archive/journal-store.js';
import type { ArchivePlan } from '../archive/model.js';
import { planArchive } from '../archive/plan.js';
import { selectArchive } from '../archive/select.js';
import type { Config } from '../core/config.js';
import type { Context } from '../core/context.js';
import { InputError, RepoStateError } from '../core/errors.js';
import type { GitPort } from '../git/port.js';
import { loadConfig } from '../repo/load-config.js';
import { resolveRoot } from '../repo/root.js';
import { createTargetLookup, loadRoadmapTree, type RoadmapTree } from '../repo/tree.js';
import { runProgress } from './progress.js';

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

/** Paths git reports relative to its top level, made relative to the root (others dropped). */
function toRootRelative(paths: Iterable<string>, prefix: string): string[] {
  if (prefix === '') return [...paths];
  const head = `${prefix}/`;
  return [...paths].filter((p) => p.startsWith(head)).map((p) => p.slice(head.length));
}

async function gitFor(ctx: Context, root: string): Promise<{ git: GitPort; prefix: string }> {
  const git = ctx.git(root);
  const top = await git.topLevel();
  if (top === null) {
    throw new RepoStateError(
      'is not inside a git repository',
      root,
      'archive moves files with git; run it in a clone',
    );
  }
  const prefix = relative(realpathSync(top), realpathSync(root)).split(sep).join('/');
  return { git, prefix };
}

async function touchedPaths(
  git: GitPort,
  prefix: string,
  options: ArchiveOptions,
): Promise<{ touched: Set<string> | null; problem: string | null }> {
  if (options.all) return { touched: null, problem: null };
  const base = options.base ?? 'origin/main';
  try {
    return { touched: new Set(toRootRelative(await git.changedSince(base), prefix)), problem: null };
  } catch (error) {
    if (!(error instanceof RepoStateError)) throw error;
    return { touched: new Set(), problem: `cannot resolve \`${base}\`` };
  }
}

function isSymlinked(root: string, roadmapsDir: string, from: string): boolean {
  try {
    return (
      realpathSync(join(root, from)) !==
      join(realpathSync(join(root, roadmapsDir)), from.slice(roadmapsDir.length + 1))
    );
  } catch {
    return true;
  }
}

function exists(abs: string): boolean {
  try {
    lstatSync(abs);
    return true;
  } catch {
    return false;
  }
}

function emptyReport(
  root: string,
  options: ArchiveOptions,
  plan: ArchivePlan,
  tree?: RoadmapTree,
): ArchiveReport {
  return {
    root,
    dryRun: options.dryRun === true,
    plan,
    applied: false,
    resumed: false,
    pendingJournal: null,
    dirty: [],
    staged: [],
    warnings: tree?.warnings ?? [],
  };
}

async function dirtyPaths(git: GitPort, prefix: string): Promise<string[]> {
  const entries = (await git.status()).filter((e) => e.index !== '?' && e.index !== '!');
  return toRootRelative(
    new Set(entries.flatMap((e) => (e.from ? [e.path, e.from] : [e.path]))),
    prefix,
  ).sort();
}

function refuseDirty(dirty: string[]): never {
  const shown = dirty.slice(0, 5).join(', ');
  const more = dirty.length > 5 ? ` and ${dirty.length - 5} more` : '';
  throw new RepoStateError(
    `the working tree has uncommitted changes (${shown}${more}); nothing was archived`,
    undefined,
    'commit or stash them first, or pass --allow-dirty',
  );
}

function loadTree(root: string, config: Config): RoadmapTree {
  const tree = loadRoadmapTree(root, config);
  if (tree.problems.length > 0) {
    const first = tree.problems[0]!;
    throw new InputError(`${first.message}; nothing was archived`, first.file, first.fix);
  }
  return tree;
}

async function resume(
  ctx: Context,
  root: string,
  git: GitPort,
  journal: Journal,
  path: string,
  hooks?: ApplyHooks,
) {
  const regenerate = async () => void (await runProgress(ctx, { root }));
  return applyJournal(journal, { root, git, journalPath: path, regenerate, hooks }, false);
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
  const { git, prefix } = await gitFor(ctx, root);
  const journalPath = await git.gitPath(JOURNAL_NAME);
  const pending = readJournal(journalPath);
  if (pending !== null) {
    const report = emptyReport(root, options, pending.plan);
    if (options.dryRun) return { ...report, pendingJournal: journalPath };
    const result = await resume(ctx, root, git, pending, journalPath, hooks);
    return { ...report, applied: true, resumed: true, staged: result.staged };
  }
  const tree = loadTree(root, config);
  const scope = await touchedPaths(git, prefix, options);
  const tracked = new Set(await git.listTracked());
  const isFrozen = picomatch(config.frozen, { dot: true });
  const selection = selectArchive({
    roadmaps: tree.active,
    roadmapsDir: config.roadmaps,
    lookup: createTargetLookup(root, config.roadmaps),
    touched: scope.problem === null ? scope.touched : new Set(),
    facts: (from, to) => ({
      symlink: isSymlinked(root, config.roadmaps, from),
      destinationExists: exists(join(root, to)),
      frozen: isFrozen(from) || isFrozen(to),
      tracked: tracked.has(from),
    }),
  });
  const dirty = selection.moves.length > 0 ? await dirtyPaths(git, prefix) : [];
  if (dirty.length > 0 && !options.allowDirty && !options.dryRun) refuseDirty(dirty);
  const gathered = await gatherCandidates(root, git, selection.moves, tracked);
  const plan = await planArchive({
    scope: options.all ? 'all' : 'changed',
    base: options.all ? null : (options.base ?? 'origin/main'),
    baseProblem: scope.problem,
    moves: selection.moves,
    refusals: selection.refusals,
    dashboard: config.dashboard,
    files: gathered.files,
    unexamined: gathered.unexamined,
    isFrozen,
    exists: (path) => tracked.has(path) || exists(join(root, path)),
  });
  const report = { ...emptyReport(root, options, plan, tree), dirty };
  if (options.dryRun || plan.moves.length === 0) return report;
  const texts = new Map(gathered.files.map((f) => [f.path, f.text] as const));
  const stage = stagePaths(plan, tracked, new Set(dirty), config.dashboard);
  const journal = createJournal(plan, texts, stage);
  const regenerate = async () => void (await runProgress(ctx, { root }));
  const result = await applyJournal(journal, { root, git, journalPath, regenerate, hooks }, true);
  return { ...report, applied: true, staged: result.staged };
}

/** Tracked moves (both paths), tracked rewritten files and the dashboard — but never a file that held changes of the user's. */
function stagePaths(
  plan: ArchivePlan,
  tracked: Set<string>,
  dirty: Set<string>,
  dashboard: string,
): string[] {
  const out = new Set<string>();
  for (const m of plan.moves) {
    if (!m.tracked) continue;
    out.add(m.from);
    out.add(m.to);
  }
  for (const r of plan.rewrites) {
    if (r.tracked && !dirty.has(r.path)) out.add(r.writePath);
  }
  if (tracked.has(dashboard) && !dirty.has(dashboard)) out.add(dashboard);
  return [...out].sort();
}
