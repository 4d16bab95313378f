import { resolve } from 'node:path';
import type { Context } from '../../core/context.js';
import { EXIT_OK, InputError, UsageError } from '../../core/errors.js';
import type { GitPort, LoggedCommit } from '../../core/git-port.js';
import type { ExitCode } from '../../core/outcomes.js';
import type { InboxDocument } from '../../inbox/inbox.js';
import { writeFileAtomic } from '../../repo/atomic-write.js';
import { openRepository } from '../../repo/open-repository.js';
import { ensureRuntimeDir, isInRuntimeDir, RUNTIME_DIR } from '../../repo/runtime-dir.js';
import { blobsToRead, buildHistory, firstShown } from '../../report/history.js';
import { renderReportHtml } from '../../report/html.js';
import { renderInboxHtml } from '../../report/inbox-html.js';
import type { ReportPage } from '../../report/model.js';
import { runInbox, runInboxDocument } from '../inbox/inbox.js';
import { type ReportSections, reportSections } from './report-sections.js';

/** The page's default place: machine-local state in the runtime folder, which ignores itself. */
export const DEFAULT_REPORT = `${RUNTIME_DIR}/report.html`;

export interface ReportOptions {
  root?: string;
  /** A date (`YYYY-MM-DD`, or ISO 8601 with a time) or a revision: the history starts there. */
  since?: string;
  /** Where the page goes (relative to the current folder); default `agents/runtime/report.html` in the root. */
  out?: string;
  /** Only the document: no page is written. */
  json?: boolean;
}

/** Where `report --inbox` writes its page by default, in the root. */
export const DEFAULT_INBOX_REPORT = `${RUNTIME_DIR}/inbox.html`;

/**
 * `report --inbox`: the inbox of the root's repository and its worktrees (`inbox --json`) as one
 * self-contained HTML page; with `json`, only the document.
 */
export async function runInboxReport(
  ctx: Context,
  options: Pick<ReportOptions, 'root' | 'out' | 'json'>,
): Promise<{ document: InboxDocument; written: string | null }> {
  const document = runInboxDocument(await runInbox(ctx, { worktrees: true, root: options.root }));
  if (options.json) return { document, written: null };
  const { root } = await openRepository(ctx, { root: options.root });
  const path =
    options.out === undefined ? resolve(root, DEFAULT_INBOX_REPORT) : resolve(ctx.cwd, options.out);
  writePage(root, path, renderInboxHtml(document, ctx.clock().toISOString()));
  return { document, written: path };
}

function writePage(root: string, path: string, html: string): void {
  try {
    if (isInRuntimeDir(root, path)) ensureRuntimeDir(root);
    writeFileAtomic(path, html);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === undefined) throw error;
    throw new InputError(
      `cannot be written (${code})`,
      path,
      'pass --out with a file in a folder you can write to',
    );
  }
}

/**
 * The `report --json` document, which the page embeds whole: the history, and the documents of
 * `gates`, `pending`, `window status`, `evidence verify`, `evidence log` and `lint` as each prints them.
 */
export interface ReportDocument extends Omit<ReportPage, keyof ReportSections>, ReportSections {}

/** What `report` built, and where it wrote the page (null with `json`). */
export interface ReportResult {
  document: ReportDocument;
  written: string | null;
}

const DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** Which commits `--since` keeps: a date keeps those committed at or after it, a revision those it cannot reach. */
async function sinceFilter(git: GitPort, since: string | undefined) {
  if (since === undefined) return undefined;
  if (DATE.test(since)) {
    // A date without a zone is UTC: the same history on every machine.
    const zoned =
      since.length === 10
        ? `${since}T00:00:00Z`
        : /(?:Z|[+-]\d{2}:?\d{2})$/.test(since)
          ? since
          : `${since}Z`;
    const ms = Date.parse(zoned.replace(' ', 'T'));
    if (Number.isNaN(ms)) {
      throw new UsageError(`\`${since}\` is not a valid date`, '--since', 'pass a date such as 2026-01-31');
    }
    return (c: LoggedCommit) => c.time * 1000 >= ms;
  }
  if ((await git.resolveRevision(since)) === null) {
    throw new UsageError(
      `\`${since}\` is neither a date nor a revision`,
      '--since',
      'pass a date such as 2026-01-31, or a commit, branch or tag',
    );
  }
  const kept = new Set(await git.firstParentSince(since));
  return (c: LoggedCommit) => kept.has(c.commit);
}

/**
 * `agent-config report`: the roadmaps' history from git (one `git log`, one `git cat-file
 * --batch`), with the documents of `gates`, `pending`, `window status`, `evidence verify`, `evidence log`
 * (the latest records) and `lint`; writes the page unless `json`.
 */
export async function runReport(ctx: Context, options: ReportOptions): Promise<ReportResult> {
  const { root, config, git, requireGit } = await openRepository(ctx, {
    root: options.root,
    config: 'roadmaps',
  });
  const view = await requireGit('run the report inside a git work tree: it reads the roadmaps’ history');
  const shown = await sinceFilter(git, options.since);
  const inRepo = view.toGitPath(config.roadmaps);
  const commits = await git.firstParentLog(config.roadmaps);
  const start = firstShown(commits, shown);
  const blobs = await git.readBlobs(blobsToRead(commits, `${inRepo}/`, start));
  const { history, roadmaps } = buildHistory(commits, blobs, inRepo, start);
  const document: ReportDocument = {
    head: await git.resolveRevision('HEAD'),
    generatedAt: ctx.clock().toISOString(),
    history,
    roadmaps,
    ...(await reportSections(ctx, root)),
  };
  if (options.json) return { document, written: null };
  const path = options.out === undefined ? resolve(root, DEFAULT_REPORT) : resolve(ctx.cwd, options.out);
  writePage(root, path, renderReportHtml(document));
  return { document, written: path };
}

/** `report` exits 0 whenever it wrote the page (or printed the document). */
export function reportExit(): ExitCode {
  return EXIT_OK;
}

/** The document of `report --json`. */
export function reportDocument(result: ReportResult): ReportDocument {
  return result.document;
}
