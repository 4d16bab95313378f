import type { Context } from '../core/context.js';
import type { PendingRow, UnreadableRecord } from '../render/pending.js';
import { formatInstant } from '../staging/record.js';
import { effectiveExpiry, stageStatus } from '../staging/status.js';
import { listFolder, pruneExpired } from '../staging/store.js';
import { recordExpired } from './staging-evidence.js';
import { openStore } from './staging-shared.js';

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
  const store = await openStore(ctx, options.root);
  const now = ctx.clock();
  const rows: PendingRow[] = [];
  const unreadable: UnreadableRecord[] = [];
  const tampered: string[] = [];
  for (const found of listFolder(store.root, 'pending')) {
    if ('problem' in found) {
      unreadable.push({ file: found.file, problem: found.problem });
      continue;
    }
    const r = found.record;
    const status = stageStatus(r, now, store.maxTtlMs, found.token);
    if (status === 'tampered') tampered.push(found.file);
    rows.push({
      token: r.token,
      action: r.action,
      object: r.object,
      source: r.source,
      stagedAt: r.staged_at,
      expiresAt: formatInstant(new Date(effectiveExpiry(r, store.maxTtlMs))),
      status,
    });
  }
  const collator = new Intl.Collator('en');
  rows.sort((a, b) =>
    a.stagedAt === b.stagedAt ? collator.compare(a.token, b.token) : a.stagedAt < b.stagedAt ? -1 : 1,
  );
  return { root: store.root, rows, unreadable, tampered };
}

/** What `prune` moved. */
export interface PruneReport {
  root: string;
  /** Repository-relative files moved from `pending/` to `resolved/`. */
  moved: string[];
}

/** `agent-config prune`: moves expired stages to `resolved/`; a later claim still answers `expired`. */
export async function runPrune(ctx: Context, options: { root?: string }): Promise<PruneReport> {
  const store = await openStore(ctx, options.root);
  const moved = pruneExpired(store.root, ctx.clock(), store.maxTtlMs);
  await recordExpired(ctx, store, moved);
  return { root: store.root, moved };
}
