import { join, resolve } from 'node:path';
import { DEFAULT_CONFIG } from '../../core/config.js';
import type { Context } from '../../core/context.js';
import { AgentConfigError, EXIT_OK, GitCommandError, RepoStateError, UsageError } from '../../core/errors.js';
import type { WorktreeEntry } from '../../core/git-port.js';
import type { ExitCode } from '../../core/outcomes.js';
import { personCommand } from '../../core/person-command.js';
import { shellQuote } from '../../core/text/shell-quote.js';
import { type EvidenceRead, readEvidence } from '../../evidence/api.js';
import { SIGNERS_FILE, signerTrust } from '../../evidence/trust.js';
import {
  type Inbox,
  type InboxDocument,
  type InboxRepository,
  type InboxWorktree,
  inboxDocument,
  type LedgerIntegrity,
  orderInbox,
  type RootProblem,
} from '../../inbox/inbox.js';
import { pathKind } from '../../repo/discover.js';
import { commonGitDir, indexMayName, readLayout } from '../../repo/git-layout.js';
import { type InboxRoot, readRootsFile, scanRepositories } from '../../repo/inbox-roots.js';
import { loadConfig } from '../../repo/load-config.js';
import { readFileBytes } from '../../repo/read-text.js';
import { policyAt } from '../../staging/status.js';
import { readDecisions } from '../gates/gates.js';
import { windowOfRead } from '../guard/window.js';
import { readPending } from '../staging/pending.js';
import { identityOf } from '../staging/staging-shared.js';

/** Where the inbox looks (docs/inbox.md); with none of them, the current repository's worktrees. */
export interface InboxOptions {
  /** The current repository's working trees (the default when nothing else is given). */
  worktrees?: boolean;
  /** A file of paths, one per line. */
  roots?: string;
  /** A folder scanned for git repositories. */
  scan?: string;
  /** How many folders below `scan` to look (default 3). */
  depth?: number;
  /** The repository whose working trees `worktrees` reads (default: the current folder's). */
  root?: string;
}

/** What `inbox` read: the inbox, in its order. */
export interface InboxReport {
  inbox: Inbox;
}

/** The base branch as last fetched, read by its full name (as the guard's anchoring does). */
const BASE_REF = 'refs/remotes/origin/HEAD';

/** How many repositories are read at once: git runs in its own processes meanwhile. */
const CONCURRENCY = 8;

/** Runs `work` over `items`, at most `limit` at a time, answers in the items' order. */
async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return out;
}

function oneLine(error: unknown): string {
  return error instanceof AgentConfigError ? error.oneLine() : String((error as Error)?.message ?? error);
}

/** A repository found from a root: its working trees, and whether its signers need git to read. */
type Listed =
  | { main: string; worktrees: WorktreeEntry[]; askGit: boolean; at: string }
  | { problem: RootProblem };

/**
 * The working trees of the repository a root is in: from git's own files when their layout is
 * the usual one (no process), else from `git worktree list`. `askGit` says whether a signers
 * file may be at a HEAD or on the base, so that one `git cat-file --batch` must read them.
 */
async function listWorktrees(ctx: Context, root: InboxRoot): Promise<Listed> {
  if (pathKind(root.abs) !== 'dir')
    return { problem: { root: root.given, kind: 'unreadable', detail: 'does not exist or is not a folder' } };
  const common = commonGitDir(root.abs);
  const layout = common === null ? null : readLayout(common);
  if (layout !== null) {
    const trees = layout.worktrees;
    const heads = new Set(trees.map((t) => t.head));
    const askGit =
      (layout.hasBase && (layout.base === null || !heads.has(layout.base))) ||
      trees.some(
        (t) =>
          !t.prunable &&
          (indexMayName(t.index, SIGNERS_FILE) || pathKind(join(t.path, SIGNERS_FILE)) !== null),
      );
    return { main: trees[0]!.path, worktrees: trees, askGit, at: root.abs };
  }
  try {
    const worktrees = (await ctx.git(root.abs).worktrees()).filter((t) => !t.bare);
    return { main: worktrees[0]?.path ?? root.abs, worktrees, askGit: true, at: root.abs };
  } catch (error) {
    if (error instanceof GitCommandError && /not a git repository/i.test(error.stderr))
      return {
        problem: { root: root.given, kind: 'not-a-repository', detail: 'git finds no repository there' },
      };
    return { problem: { root: root.given, kind: 'unreadable', detail: oneLine(error) } };
  }
}

/** The signers file at each working tree's HEAD and on the base branch: one `git cat-file --batch`. */
async function committedSigners(
  ctx: Context,
  at: string,
  trees: readonly WorktreeEntry[],
): Promise<{ heads: Map<string, string | null>; base: string | null }> {
  const heads = [...new Set(trees.flatMap((t) => (t.head === null ? [] : [t.head])))];
  const text = (o: { type: string; bytes: Buffer } | null | undefined) =>
    o?.type === 'blob' ? o.bytes.toString('utf8') : null;
  try {
    const read = await ctx
      .git(at)
      .readObjects([...heads.map((h) => `${h}:${SIGNERS_FILE}`), `${BASE_REF}:${SIGNERS_FILE}`]);
    return { heads: new Map(heads.map((h, i) => [h, text(read[i])])), base: text(read[heads.length]) };
  } catch {
    return { heads: new Map(), base: null };
  }
}

function integrityOf(read: EvidenceRead | null): LedgerIntegrity {
  if (read === null || read.streams.length === 0) return 'none';
  if (read.streams.some((s) => s.problem !== undefined || s.verification?.status === 'corrupt'))
    return 'corrupt';
  if (read.streams.some((s) => s.verification?.status === 'torn-tail')) return 'torn';
  return 'clean';
}

function corruptDetail(read: EvidenceRead): string {
  for (const s of read.streams) {
    if (s.problem !== undefined) return `${s.file} ${s.problem.detail}`;
    const v = s.verification;
    if (v?.status === 'corrupt')
      return `${s.file} does not verify at seq ${v.firstBadSeq} (${v.reason}); run agent-config evidence verify there`;
  }
  return 'the ledger does not verify';
}

/** Reads one working tree: its decisions, live stages, window, ledger and signing. */
async function readWorktree(
  ctx: Context,
  tree: WorktreeEntry,
  committed: { head: string | null; base: string | null },
): Promise<InboxWorktree> {
  const path = tree.path;
  const problems: RootProblem[] = [];
  const worktree: InboxWorktree = {
    path,
    branch: tree.branch === null ? null : tree.branch.replace(/^refs\/heads\//, ''),
    signed: false,
    ledger: 'none',
    window: null,
    decisions: [],
    stages: [],
    expiredStages: 0,
    problems,
  };
  if (tree.prunable || pathKind(path) !== 'dir') {
    problems.push({
      root: path,
      kind: 'unreadable',
      detail: 'the working tree is gone (git worktree prune forgets it)',
    });
    return worktree;
  }
  let config = DEFAULT_CONFIG;
  try {
    config = loadConfig(path);
  } catch (error) {
    // The stages, the window and the ledger are still read, under the defaults.
    problems.push({ root: path, kind: 'broken-config', detail: oneLine(error) });
  }
  const now = ctx.clock();
  // The signers in force as the signing reads them (docs/signing.md): the working copy's, HEAD's
  // and the base's versions of the signers file; decisions are signed once any lists anyone.
  const working = readFileBytes(join(path, SIGNERS_FILE));
  const trust = signerTrust([
    Buffer.isBuffer(working) ? working.toString('utf8') : null,
    committed.head,
    committed.base,
  ]);
  worktree.signed = trust.required;
  try {
    const decisions = readDecisions(path, config);
    for (const p of decisions.problems)
      problems.push({
        root: path,
        kind: 'unreadable',
        detail: `${p.file} ${p.message}; its decisions are not shown`,
      });
    worktree.decisions = decisions.entries
      .filter((e) => e.needsYou)
      .map((e) => ({
        id: e.blocker.id,
        roadmap: `${decisions.roadmapsDir}/${e.roadmap}`,
        line: e.blocker.line,
        question: e.blocker.question,
        recommendation: e.blocker.recommendation,
      }));
  } catch (error) {
    problems.push({ root: path, kind: 'unreadable', detail: `the roadmaps: ${oneLine(error)}` });
  }
  try {
    const policy = policyAt(now, { ...config.staging, worktree: identityOf(ctx, path) });
    const pending = readPending(path, policy, { verdicts: false });
    for (const u of pending.unreadable)
      problems.push({ root: path, kind: 'unreadable', detail: `${u.file} ${u.problem}` });
    for (const row of pending.rows) {
      if (row.status === 'expired') worktree.expiredStages++;
      if (row.status !== 'pending') continue;
      worktree.stages.push({
        token: row.token,
        action: row.action,
        object: row.object,
        source: row.source,
        stagedAt: row.stagedAt,
        expiresAt: row.expiresAt,
        confirm: `cd ${shellQuote(path)} && ${personCommand(`confirm ${row.token}`)}`,
      });
    }
  } catch (error) {
    problems.push({ root: path, kind: 'unreadable', detail: `the staged actions: ${oneLine(error)}` });
  }
  let read: EvidenceRead | null = null;
  try {
    read = readEvidence(path, { collect: true, now });
  } catch (error) {
    problems.push({ root: path, kind: 'corrupt-ledger', detail: oneLine(error) });
  }
  worktree.ledger = integrityOf(read);
  if (read !== null && worktree.ledger === 'corrupt')
    problems.push({ root: path, kind: 'corrupt-ledger', detail: corruptDetail(read) });
  if (read !== null && config.evidence.ledger) {
    const w = (await windowOfRead(read, now, async () => trust)).window;
    if (w !== null) worktree.window = { until: w.expiresAt, openedBy: w.openedBy, reason: w.reason };
  }
  return worktree;
}

/** The roots a run reads: the options' file and folder, and the current repository when asked or by default. */
async function rootsOf(
  ctx: Context,
  options: InboxOptions,
): Promise<{ roots: InboxRoot[]; problems: RootProblem[] }> {
  const roots: InboxRoot[] = [];
  const problems: RootProblem[] = [];
  if (options.roots !== undefined) roots.push(...(await readRootsFile(ctx, options.roots)));
  if (options.scan !== undefined) {
    const scanned = scanRepositories(ctx, options.scan, options.depth ?? 3);
    roots.push(...scanned.roots);
    problems.push(...scanned.problems);
  }
  if (options.worktrees === true || (options.roots === undefined && options.scan === undefined)) {
    const at = options.root === undefined ? ctx.cwd : resolve(ctx.cwd, options.root);
    const top = pathKind(at) === 'dir' ? await ctx.git(at).topLevel() : null;
    if (top === null)
      throw new RepoStateError(
        'is not inside a git repository',
        at,
        'run inbox inside a repository, or pass --roots FILE or --scan DIR',
      );
    roots.push({ given: top, abs: top });
  }
  return { roots, problems };
}

/**
 * `agent-config inbox`: every decision that needs a person, every live stage and open window,
 * and each ledger's integrity, across working trees and repositories; one `git worktree list`
 * and one `git cat-file --batch` per repository, everything else read from the files.
 */
export async function runInbox(ctx: Context, options: InboxOptions): Promise<InboxReport> {
  if (options.depth !== undefined && (!Number.isInteger(options.depth) || options.depth < 0))
    throw new UsageError('is not a whole number of folders', `--depth ${options.depth}`, 'pass 0 or more');
  const { roots, problems } = await rootsOf(ctx, options);
  const listed = await mapLimited(roots, CONCURRENCY, (root) => listWorktrees(ctx, root));
  // One repository, however many of its working trees the roots name: keyed by its main one.
  const repos = new Map<string, Extract<Listed, { main: string }>>();
  for (const l of listed) {
    if ('problem' in l) problems.push(l.problem);
    else if (!repos.has(l.main)) repos.set(l.main, l);
  }
  const repositories = await mapLimited(
    [...repos.values()],
    CONCURRENCY,
    async (repo): Promise<InboxRepository> => {
      const trees = repo.worktrees;
      const signers = repo.askGit
        ? await committedSigners(ctx, repo.at, trees)
        : { heads: new Map(), base: null };
      return {
        path: repo.main,
        worktrees: await Promise.all(
          trees.map((t) =>
            readWorktree(ctx, t, {
              head: t.head === null ? null : (signers.heads.get(t.head) ?? null),
              base: signers.base,
            }),
          ),
        ),
      };
    },
  );
  return { inbox: orderInbox({ repositories, problems }) };
}

/** The document of `inbox --json` (docs/inbox.md). */
export function runInboxDocument(report: InboxReport): InboxDocument {
  return inboxDocument(report.inbox);
}

/** `inbox` exits 0 when it read everything, 1 when a root or part of a working tree could not be read. */
export function inboxExit(report: InboxReport): ExitCode {
  return inboxDocument(report.inbox).completeness.complete ? EXIT_OK : 1;
}
