import { isSafeToken } from './token.js';

/** The state a record says it is in; expiry is never stored, it is derived from the clock. */
export type RecordState = 'pending' | 'confirmed' | 'declined' | 'claimed';

const STATES: ReadonlySet<string> = new Set(['pending', 'confirmed', 'declined', 'claimed']);

/**
 * One staged action as stored in `agents/runtime/staged-confirmations/<folder>/<token>.json`.
 * Timestamps are ISO-8601 UTC with second precision (`2026-11-30T12:00:00Z`).
 */
export interface StagedAction {
  token: string;
  action: string;
  /** The exact target the person confirms; a stage without one would confirm a category. */
  object: string;
  /** Who staged it (an agent, a hook). */
  source: string;
  /** Random, stored, part of the token: two stages of one object get two tokens. */
  nonce: string;
  /**
   * The working tree that made the stage (the real path of its root), part of the token: the
   * stage is confirmed, declined and claimed there only (`wrong-worktree` elsewhere). Absent in
   * records written before stages were bound, which keep working where they lie.
   */
  worktree?: string;
  staged_at: string;
  expires_at: string;
  ttl_ms: number;
  state: RecordState;
  /** `human:<name>` for a confirmation; whoever declined for a decline. */
  decided_by: string | null;
  /** When the person confirmed or declined. */
  resolved_at: string | null;
  /** Why it was declined, kept for the agent. */
  reason: string | null;
  /** When the one successful claim happened. */
  claimed_at: string | null;
}

/**
 * The store's folders, one per step of the flow: `pending/` waits for a person, `confirmed/`
 * waits for the one claim, `resolved/` holds what can never execute again.
 */
export type Folder = 'pending' | 'confirmed' | 'resolved';

/** A record file as the store found it: the record, or why it is not one. */
export type Found =
  | { folder: Folder; token: string; file: string; record: StagedAction }
  | { folder: Folder; token: string; file: string; problem: string };

/** A record file that reads as a record. */
export type FoundRecord = Extract<Found, { record: StagedAction }>;

/** What `stageAction` needs; `now` comes from the injected clock. */
export interface StageInput {
  action: string;
  object: string;
  source: string;
  nonce: string;
  /** The working tree that stages it (`worktree` of the record); every verb passes one. */
  worktree?: string;
  now: Date;
  ttlMs: number;
}

/** ISO-8601 UTC with second precision: the only timestamp form the store writes. */
export function formatInstant(date: Date): string {
  return `${date.toISOString().slice(0, 19)}Z`;
}

/** Milliseconds since the epoch of a stored timestamp, or null when it is not one. */
export function parseInstant(text: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(text)) return null;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? null : ms;
}

/** A pending record; the caller supplies the token (see `deriveToken`). */
export function buildStage(input: StageInput, token: string): StagedAction {
  const staged = Math.floor(input.now.getTime() / 1000) * 1000;
  return {
    token,
    action: input.action,
    object: input.object,
    source: input.source,
    nonce: input.nonce,
    ...(input.worktree === undefined ? {} : { worktree: input.worktree }),
    staged_at: formatInstant(new Date(staged)),
    expires_at: formatInstant(new Date(staged + input.ttlMs)),
    ttl_ms: input.ttlMs,
    state: 'pending',
    decided_by: null,
    resolved_at: null,
    reason: null,
    claimed_at: null,
  };
}

/** The file content of a record: two-space JSON, keys in a fixed order, final newline. */
export function serializeRecord(record: StagedAction): string {
  return `${JSON.stringify(record, null, 2)}\n`;
}

const STRING_FIELDS = ['token', 'action', 'object', 'source', 'nonce', 'staged_at', 'expires_at'] as const;
const NULLABLE_FIELDS = ['decided_by', 'resolved_at', 'reason', 'claimed_at'] as const;

function nullableString(value: unknown): value is string | null | undefined {
  return value === undefined || value === null || typeof value === 'string';
}

/** Why the parsed JSON is not a record, or null when it is one. */
function recordProblem(data: unknown): string | null {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return 'not a JSON object';
  const o = data as Record<string, unknown>;
  for (const key of STRING_FIELDS) {
    if (typeof o[key] !== 'string') return `'${key}' is missing or not a string`;
  }
  if (!isSafeToken(o.token as string)) return `'token' is not 8 to 64 lower-case hex characters`;
  if (parseInstant(o.staged_at as string) === null) return `'staged_at' is not an ISO-8601 timestamp`;
  if (parseInstant(o.expires_at as string) === null) return `'expires_at' is not an ISO-8601 timestamp`;
  if (o.state !== undefined && !STATES.has(o.state as string)) return `'state' is not a known state`;
  for (const key of NULLABLE_FIELDS) {
    if (!nullableString(o[key])) return `'${key}' is not a string`;
  }
  if (o.ttl_ms !== undefined && typeof o.ttl_ms !== 'number') return `'ttl_ms' is not a number`;
  if (
    o.worktree !== undefined &&
    (typeof o.worktree !== 'string' || o.worktree === '' || o.worktree.includes('\0'))
  )
    return `'worktree' is not a path`;
  return null;
}

/**
 * Reads a record from file text: the record, or the reason it cannot be one. Absent optional
 * fields default (`state` pending), so records written by upstream's store still read.
 */
export function parseRecord(text: string): { record: StagedAction } | { problem: string } {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { problem: 'not valid JSON' };
  }
  const problem = recordProblem(data);
  if (problem !== null) return { problem };
  const o = data as Record<string, unknown>;
  const staged = parseInstant(o.staged_at as string)!;
  const expires = parseInstant(o.expires_at as string)!;
  return {
    record: {
      token: o.token as string,
      action: o.action as string,
      object: o.object as string,
      source: o.source as string,
      nonce: o.nonce as string,
      ...(o.worktree === undefined ? {} : { worktree: o.worktree as string }),
      staged_at: o.staged_at as string,
      expires_at: o.expires_at as string,
      ttl_ms: typeof o.ttl_ms === 'number' ? o.ttl_ms : expires - staged,
      state: (o.state as RecordState | undefined) ?? 'pending',
      decided_by: (o.decided_by as string | null | undefined) ?? null,
      resolved_at: (o.resolved_at as string | null | undefined) ?? null,
      reason: (o.reason as string | null | undefined) ?? null,
      claimed_at: (o.claimed_at as string | null | undefined) ?? null,
    },
  };
}
