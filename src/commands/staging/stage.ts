import { parseDuration } from '../../core/config.js';
import type { Context } from '../../core/context.js';
import { randomHex } from '../../core/crypto.js';
import { UsageError } from '../../core/errors.js';
import { openRepository } from '../../repo/open-repository.js';
import { findLiveStage } from '../../staging/decide.js';
import { buildStage, type StagedAction } from '../../staging/record.js';
import { formatExpiry, policyAt } from '../../staging/status.js';
import { listStore, putPending } from '../../staging/store.js';
import { deriveToken } from '../../staging/token.js';
import { announce, stageFields as announced, handOff } from '../notify/announce.js';
import { type StageFlags, stageFields } from './stage-input.js';
import { recordStaged } from './staging-evidence.js';
import { type StagingReport, type StoreSettings, storeOf } from './staging-shared.js';

export interface StageOptions extends StageFlags {
  root?: string;
  /** The settings already read (the hook's rules in force); otherwise read at the root. */
  store?: StoreSettings;
  /** A duration such as `15m`; defaults to `staging.ttl` of the configuration. */
  ttl?: string;
}

/** What `stage` answers: the outcome report plus the expiry to show the person. */
export interface StageReport extends StagingReport {
  record: StagedAction;
  /** The effective expiry, ISO-8601. */
  expiresAt: string;
}

function required(value: string, flag: string): string {
  if (value.trim() === '')
    throw new UsageError(`${flag} is empty`, `agent-config stage ${flag}`, `say what it is`);
  // NUL separates the hashed fields; inside one it would let two different stages share a token.
  if (value.includes('\0'))
    throw new UsageError(`${flag} contains a NUL character`, `agent-config stage ${flag}`, 'remove it');
  return value;
}

function ttlOf(text: string | undefined, fallback: number, max: number): number {
  if (text === undefined) return fallback;
  const ms = parseDuration(text);
  if (ms === null)
    throw new UsageError(
      `not a duration: ${text}`,
      'agent-config stage --ttl',
      'use for example 90s, 15m or 2h',
    );
  if (ms > max) {
    throw new UsageError(
      `longer than the maximum (${max / 60_000}m)`,
      `agent-config stage --ttl ${text}`,
      'shorten it, or raise staging.max-ttl in agent-config.yaml',
    );
  }
  return ms;
}

/**
 * `agent-config stage`: writes a pending stage with a random nonce, or, when a live stage of the
 * same action and object exists, answers that stage's token (staging is idempotent).
 */
export async function runStage(ctx: Context, options: StageOptions): Promise<StageReport> {
  const fields = await stageFields(ctx, options);
  const action = required(fields.action, '--action');
  const object = required(fields.object, '--object');
  const source = required(fields.source, '--source');
  const store =
    options.store ?? storeOf(await openRepository(ctx, { root: options.root, config: 'read' }), ctx);
  const ttlMs = ttlOf(fields.ttl, store.ttlMs, store.maxTtlMs);
  const policy = policyAt(ctx.clock(), store);
  const live = findLiveStage(listStore(store.root), action, object, policy);
  const record =
    live ?? stageRecord(randomHex(ctx, 16), action, object, source, store.worktree, policy.now, ttlMs);
  const expiresAt = formatExpiry(record, policy);
  // Record, then act: a stage the ledger could not record is never written.
  if (live === null) await recordStaged(ctx, store, record, expiresAt);
  const file = live === null ? putPending(store.root, record) : null;
  // Announced once written, in the outbox first; a detached drainer delivers it (docs/notify.md).
  if (live === null && store.notify !== undefined) {
    const settings = { notify: store.notify, evidence: store.evidence };
    if (announce(ctx, store.root, settings, announced(record, expiresAt)) !== null) handOff(ctx, store.root);
  }
  return {
    verb: 'stage',
    outcome: live === null ? 'staged' : 'already-staged',
    exit: 0,
    token: record.token,
    file,
    problem: null,
    record,
    expiresAt,
  };
}

function stageRecord(
  nonce: string,
  action: string,
  object: string,
  source: string,
  worktree: string,
  now: Date,
  ttlMs: number,
): StagedAction {
  return buildStage(
    { action, object, source, nonce, worktree, now, ttlMs },
    deriveToken(action, object, nonce, worktree),
  );
}
