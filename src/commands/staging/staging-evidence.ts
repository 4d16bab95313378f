import type { Context } from '../../core/context.js';
import { AgentConfigError } from '../../core/errors.js';
import {
  appendEvidence,
  appendEvidenceBatch,
  appendSignedEvidence,
  EvidenceError,
  findVerifiedRecords,
  hasVerifiedRecord,
} from '../../evidence/api.js';
import { type EvidenceEvent, type Payload, sha256Hex, toActor } from '../../evidence/record.js';
import type { SignerTrust } from '../../evidence/trust.js';
import type { StagedAction } from '../../staging/record.js';
import { type Honour, honourRecords } from '../signing/honour.js';
import type { StagingReport, StoreSettings } from './staging-shared.js';

// What the staging verbs write to the evidence ledger (docs/evidence.md), kept apart from the
// verbs so each of them only says when to record. With `evidence.ledger: false` every function
// here records nothing and every check passes.

const SYSTEM = 'system:agent-config';

function append(ctx: Context, store: StoreSettings, event: EvidenceEvent, actor: string, payload: Payload) {
  return appendEvidence(ctx, store.root, store, { event, actor, payload });
}

/** Records `stage.staged` before the stage is written; throws `EvidenceError` when it cannot. */
export async function recordStaged(
  ctx: Context,
  store: StoreSettings,
  record: StagedAction,
  expiresAt: string,
): Promise<void> {
  const payload: Payload = {
    token: record.token,
    action: record.action,
    object_sha256: sha256Hex(record.object),
    source: record.source,
    expires_at: expiresAt,
  };
  // The raw object only on request: commands can carry secrets, and the ledger is committed.
  if (store.evidence.recordObjects) payload.object = record.object;
  await append(ctx, store, 'stage.staged', toActor('agent', record.source), payload);
}

function unrecorded(
  report: StagingReport,
  error: AgentConfigError,
  outcome: 'unrecorded' | 'evidence-failed',
) {
  return { ...report, outcome, exit: 1 as const, problem: error.oneLine() };
}

/**
 * Records a decision the store now holds (`confirmed` or `declined`); when the record cannot be
 * written the answer becomes `unrecorded` (the decision stands; running the verb again
 * records it).
 */
export async function recordDecision(
  ctx: Context,
  store: StoreSettings,
  report: StagingReport,
  decidedBy: string | null,
  reason: string | null = null,
  sign: ((content: string) => Promise<string>) | null = null,
): Promise<StagingReport> {
  const record = report.record;
  if (record === null) return report;
  const confirmed = report.verb === 'confirm';
  const payload: Payload = confirmed
    ? { token: record.token, decided_by: decidedBy }
    : { token: record.token, decided_by: decidedBy, reason };
  const event = confirmed ? 'stage.confirmed' : 'stage.declined';
  const actor = toActor(confirmed ? 'human' : 'agent', decidedBy);
  try {
    // A person's signature is asked for here, outside the ledger's lock (appendSignedEvidence).
    if (sign === null) await append(ctx, store, event, actor, payload);
    else await appendSignedEvidence(ctx, store.root, store, { event, actor, payload }, sign);
    return report;
  } catch (error) {
    // A failed signature (ssh-keygen, a key not trusted) leaves the decision unrecorded too:
    // running the verb again signs and records it.
    if (error instanceof AgentConfigError) return unrecorded(report, error, 'unrecorded');
    throw error;
  }
}

/**
 * Records `stage.claimed` after the claim's rename consumed the stage and before `execute` is
 * answered; when the record cannot be written the answer is `evidence-failed` and the stage,
 * already consumed, can never execute.
 */
export async function recordClaim(
  ctx: Context,
  store: StoreSettings,
  report: StagingReport,
): Promise<StagingReport> {
  const record = report.record;
  if (report.outcome !== 'execute' || record === null) return report;
  try {
    await append(ctx, store, 'stage.claimed', toActor('agent', record.source), {
      token: record.token,
      action: record.action,
      object_sha256: sha256Hex(record.object),
    });
    return report;
  } catch (error) {
    if (error instanceof EvidenceError) return unrecorded(report, error, 'evidence-failed');
    throw error;
  }
}

/**
 * Records `stage.expired` for each stage `prune` moved (the files are `<token>.json`), in order,
 * under one lock and one fsync.
 */
export async function recordExpired(ctx: Context, store: StoreSettings, moved: string[]): Promise<void> {
  const entries = moved.map((file) => ({
    event: 'stage.expired' as const,
    actor: SYSTEM,
    payload: { token: file.slice(file.lastIndexOf('/') + 1, -'.json'.length) },
  }));
  await appendEvidenceBatch(ctx, store.root, store, entries);
}

/**
 * True when the ledger is off, or holds a verified record of this event for the token (a
 * confirmation counts for `claim` only then; a repeated verb adds a missing one).
 */
export function decisionOnRecord(
  store: StoreSettings,
  event: 'stage.confirmed' | 'stage.declined',
  token: string,
): boolean {
  if (!store.evidence.ledger) return true;
  try {
    return hasVerifiedRecord(store.root, event, 'token', token);
  } catch (error) {
    if (error instanceof EvidenceError) return false;
    throw error;
  }
}

/**
 * Whether a person's decision on a token counts: with no signer registered, when the ledger is
 * off or holds its verified record; with signers registered, only when a verified record of it
 * carries a signature that holds for a trusted signer (docs/signing.md) — and never with the
 * ledger off, where no record can carry one.
 */
export function decisionHonoured(
  store: StoreSettings,
  trust: SignerTrust,
  event: 'stage.confirmed' | 'stage.declined',
  token: string,
  now: Date,
): Honour {
  if (!trust.required)
    return decisionOnRecord(store, event, token)
      ? { ok: true }
      : { ok: false, code: 'unrecorded', detail: 'the ledger holds no record of it' };
  if (!store.evidence.ledger)
    return {
      ok: false,
      code: 'signature-required',
      detail: 'signers are registered and evidence.ledger is false: no record carries a signature',
    };
  let records: ReturnType<typeof findVerifiedRecords>;
  try {
    records = findVerifiedRecords(store.root, event, 'token', token);
  } catch (error) {
    if (error instanceof EvidenceError) records = [];
    else throw error;
  }
  return honourRecords(records, trust, now);
}
