import type { Context } from '../../core/context.js';
import { AgentConfigError, EXIT_OK } from '../../core/errors.js';
import type { ExitCode } from '../../core/outcomes.js';
import { readEvidence } from '../../evidence/api.js';
import type { PendingRow, UnreadableRecord } from '../../render/pending.js';
import { openRepository } from '../../repo/open-repository.js';
import { formatExpiry, policyAt, readStage, type StagePolicy, stageStatus } from '../../staging/status.js';
import { listFolder, pruneExpired } from '../../staging/store.js';
import { type VerdictPayload, verdictsByToken } from '../../verdict/recorded.js';
import { recordExpired } from './staging-evidence.js';
import { storeOf } from './staging-shared.js';

/** What waits in `pending/`: one row per readable record, and the files that could not be read. */
export interface PendingReport {
  root: string;
  rows: PendingRow[];
  unreadable: UnreadableRecord[];
  /** Files whose action, object or nonce no longer hash to their token. */
  tampered: string[];
}

/**
 * `agent-config pending` (= `gates --pending`): the stages of `pending/`, their status derived
 * from the clock now, ordered by staging time then token.
 */
export async function runPending(ctx: Context, options: { root?: string }): Promise<PendingReport> {
  const store = storeOf(await openRepository(ctx, { root: options.root, config: 'read' }), ctx);
  return readPending(store.root, policyAt(ctx.clock(), store));
}

/**
 * The stages of `pending/` below a repository root, as `pending` reports them (`gates` shows them
 * too). `verdicts: false` skips reading the ledger for the verdicts, for views that do not show them.
 */
export function readPending(
  root: string,
  policy: StagePolicy,
  options: { verdicts?: boolean } = {},
): PendingReport {
  const rows: PendingRow[] = [];
  const unreadable: UnreadableRecord[] = [];
  const tampered: string[] = [];
  for (const found of listFolder(root, 'pending')) {
    if ('problem' in found) {
      unreadable.push({ file: found.file, problem: found.problem });
      continue;
    }
    const r = found.record;
    const status = stageStatus(readStage(found, policy));
    if (status === 'tampered') tampered.push(found.file);
    rows.push({
      token: r.token,
      action: r.action,
      object: r.object,
      source: r.source,
      stagedAt: r.staged_at,
      expiresAt: formatExpiry(r, policy),
      status,
      file: found.file,
    });
  }
  if (options.verdicts !== false) attachVerdicts(root, rows);
  const collator = new Intl.Collator('en');
  rows.sort((a, b) =>
    a.stagedAt === b.stagedAt ? collator.compare(a.token, b.token) : a.stagedAt < b.stagedAt ? -1 : 1,
  );
  return { root, rows, unreadable, tampered };
}

/**
 * Puts the verdict the evidence ledger holds for each stage beside it. The view is a visibility
 * aid: a ledger that cannot be read shows no verdicts (`evidence verify` names the problem).
 */
function attachVerdicts(root: string, rows: PendingRow[]): void {
  if (rows.length === 0) return;
  let verdicts: Map<string, VerdictPayload>;
  try {
    const read = readEvidence(root, { collect: true, containing: 'verdict.recorded' });
    verdicts = verdictsByToken(
      read.records.map((r) => ({ event: r.record.event, payload: r.record.payload, verified: r.verified })),
    );
  } catch (error) {
    if (error instanceof AgentConfigError) return;
    throw error;
  }
  for (const row of rows) {
    const v = verdicts.get(row.token);
    if (v !== undefined) {
      const { reviewer, risk, authorization, decision, reason } = v;
      row.verdict = { reviewer, risk, authorization, decision, reason };
    }
  }
}

/** What `prune` moved. */
export interface PruneReport {
  root: string;
  /** Repository-relative files moved from `pending/` to `resolved/`. */
  moved: string[];
}

/** `agent-config prune`: moves expired stages to `resolved/`; a later claim still answers `expired`. */
export async function runPrune(ctx: Context, options: { root?: string }): Promise<PruneReport> {
  const store = storeOf(await openRepository(ctx, { root: options.root, config: 'read' }), ctx);
  const moved = pruneExpired(store.root, policyAt(ctx.clock(), store));
  await recordExpired(ctx, store, moved);
  return { root: store.root, moved };
}

/** `pending` and `prune` exit 0 whenever they could read the store: a visibility aid, not a gate. */
export function pendingExit(): ExitCode {
  return EXIT_OK;
}

/** One stage as `pending --json` lists it: its row with raw values, without the record file. */
export type PendingStageDocument = Omit<PendingRow, 'file'>;

/** `pending --json` (= `gates --pending --json`; `gates --json` holds it as `pending`). */
export interface PendingDocument {
  awaitingYou: number;
  expired: number;
  /** Every row of `pending/`, expired included. */
  staged: PendingStageDocument[];
  unreadable: UnreadableRecord[];
}

/** The document of `pending --json`: counts, then every row with raw values, then the files that could not be read. */
export function pendingDocument(report: Pick<PendingReport, 'rows' | 'unreadable'>): PendingDocument {
  const { rows, unreadable } = report;
  return {
    awaitingYou: rows.filter((r) => r.status === 'pending').length,
    expired: rows.filter((r) => r.status === 'expired').length,
    staged: rows.map((r) => ({
      token: r.token,
      action: r.action,
      object: r.object,
      source: r.source,
      stagedAt: r.stagedAt,
      expiresAt: r.expiresAt,
      status: r.status,
      ...(r.verdict === undefined ? {} : { verdict: { ...r.verdict } }),
    })),
    unreadable: unreadable.map((u) => ({ file: u.file, problem: u.problem })),
  };
}

/** `prune --json`: the files moved, repository-relative. */
export interface PruneDocument {
  moved: string[];
}

/** The document of `prune --json`. */
export function pruneDocument(report: PruneReport): PruneDocument {
  return { moved: report.moved };
}
