import { nodeCrypto } from '../core/crypto.js';
import { CanonicalJsonError, canonicalize, canonicalString } from './canonical.js';

/**
 * The events a ledger record can carry: a closed list (SPEC §11), frozen by a test. A record
 * with any other event does not verify.
 */
export const EVIDENCE_EVENTS = Object.freeze([
  'stage.staged',
  'stage.confirmed',
  'stage.declined',
  'stage.claimed',
  'stage.expired',
  'roadmap.archived',
  'window.opened',
  'window.closed',
  'window.bypassed',
  'verdict.recorded',
  'decision.resolved',
  'plan.approved',
] as const);

export type EvidenceEvent = (typeof EVIDENCE_EVENTS)[number];

/** The only hash algorithm of this ledger version: SHA-256 over the RFC 8785 form. */
export const LEDGER_ALG = 'sha256/jcs';

/** A value a payload may hold: strings, safe integers, booleans, null, and lists and maps of them. */
export type PayloadValue =
  | string
  | number
  | boolean
  | null
  | PayloadValue[]
  | { [key: string]: PayloadValue };

/** A payload: a map of payload values. */
export type Payload = { [key: string]: PayloadValue };

/** One line of a ledger stream (SPEC §11). */
export interface LedgerRecord {
  seq: number;
  /** ISO 8601 UTC with milliseconds, from the clock of the machine that wrote it. */
  ts: string;
  event: EvidenceEvent;
  /** `human:<id>`, `agent:<id>`, `reviewer:<id>` or `system:<id>`. */
  actor: string;
  payload: Payload;
  alg: typeof LEDGER_ALG;
  /** The previous record's hash; null for the first record of a stream. */
  prev: string | null;
  /** SHA-256 of the canonical JSON of the record without `hash`, 64 lower-case hex digits. */
  hash: string;
}

/** What a writer supplies; seq, ts, alg, prev and hash are the ledger's. */
export interface EvidenceEntry {
  event: EvidenceEvent;
  actor: string;
  payload: Payload;
}

// An actor's id: 1–128 characters, none of them control, bidi-override or zero-width characters
// (the id is shown at terminals and must read as what it is).
export const ACTOR =
  /^(human|agent|reviewer|system):[^\p{Cc}\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]{1,128}$/u;
export const HASH = /^[0-9a-f]{64}$/;
export const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const EVENT_SET: ReadonlySet<string> = new Set(EVIDENCE_EVENTS);

/** True when `event` is one of the closed list. */
export function isEvidenceEvent(event: unknown): event is EvidenceEvent {
  return typeof event === 'string' && EVENT_SET.has(event);
}

/** SHA-256 of a string's UTF-8 bytes, 64 lower-case hex digits. */
export function sha256Hex(text: string): string {
  return nodeCrypto().hash('sha256', text, 'hex');
}

/**
 * The canonical line of a record (without its newline) and the text its hash covers, in one
 * pass: the keys of a record sort as actor, alg, event, hash, payload, prev, seq, ts, so the
 * hashed text is the line with the `"hash"` member left out.
 */
export function encodeRecord(r: Omit<LedgerRecord, 'hash'>): { head: string; tail: string } {
  const head = `{"actor":${canonicalString(r.actor)},"alg":${canonicalString(r.alg)},"event":${canonicalString(r.event)},`;
  const prev = r.prev === null ? 'null' : canonicalString(r.prev);
  const tail = `"payload":${canonicalize(r.payload)},"prev":${prev},"seq":${r.seq},"ts":${canonicalString(r.ts)}}`;
  return { head, tail };
}

/** Joins the parts of `encodeRecord` with a hash into the record's line (no newline). */
export function recordLine(parts: { head: string; tail: string }, hash: string): string {
  return `${parts.head}"hash":"${hash}",${parts.tail}`;
}

/** Why an entry cannot be written; a programming error of the writer, never of the ledger. */
export class InvalidEntryError extends Error {}

function checkPayloadValue(value: unknown, path: string): void {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return;
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value))
      throw new InvalidEntryError(`${path} is not a safe integer (${value}); write it as a string`);
    return;
  }
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) checkPayloadValue(v, `${path}[${i}]`);
    return;
  }
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    for (const [k, v] of Object.entries(value)) checkPayloadValue(v, `${path}.${k}`);
    return;
  }
  throw new InvalidEntryError(`${path} is a ${typeof value}, which a ledger record cannot hold`);
}

/** Throws `InvalidEntryError` unless the entry is one a ledger record can carry. */
export function checkEntry(entry: EvidenceEntry): void {
  if (!isEvidenceEvent(entry.event)) throw new InvalidEntryError(`unknown event '${String(entry.event)}'`);
  if (typeof entry.actor !== 'string' || !ACTOR.test(entry.actor))
    throw new InvalidEntryError(
      `actor must be human:, agent:, reviewer: or system: and an id of 1–128 printable characters`,
    );
  if (typeof entry.payload !== 'object' || entry.payload === null || Array.isArray(entry.payload))
    throw new InvalidEntryError('payload must be a map');
  checkPayloadValue(entry.payload, 'payload');
  try {
    canonicalize(entry.payload);
  } catch (error) {
    if (error instanceof CanonicalJsonError) throw new InvalidEntryError(`payload: ${error.message}`);
    throw error;
  }
}

/**
 * The record that follows `prev` (null and seq 0 for a new stream), and its line with the
 * newline. `ts` is the writer's clock reading; the entry is checked first.
 */
export function buildRecord(
  entry: EvidenceEntry,
  after: { seq: number; head: string | null },
  ts: Date,
): { record: LedgerRecord; line: string } {
  checkEntry(entry);
  const base = {
    seq: after.seq + 1,
    ts: ts.toISOString(),
    event: entry.event,
    actor: entry.actor,
    payload: entry.payload,
    alg: LEDGER_ALG,
    prev: after.head,
  } as const;
  const parts = encodeRecord(base);
  const hash = sha256Hex(parts.head + parts.tail);
  return { record: { ...base, hash }, line: `${recordLine(parts, hash)}\n` };
}

const NOT_IN_ID = /[\p{Cc}\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/gu;

/**
 * An actor for free text that names someone (a stage's `--source`, a decider): the text itself
 * when it already is `kind:id`, else `fallbackKind:` and the text without the characters an id
 * may not hold, cut to 128 characters (`unknown` when nothing is left).
 */
export function toActor(
  fallbackKind: 'human' | 'agent' | 'reviewer' | 'system',
  text: string | null,
): string {
  if (text !== null && ACTOR.test(text)) return text;
  const id = [...(text ?? '').replace(NOT_IN_ID, '').trim()].slice(0, 128).join('');
  return `${fallbackKind}:${id === '' ? 'unknown' : id}`;
}
