import { nodeCrypto } from '../core/crypto.js';
import { CanonicalJsonError, canonicalize, canonicalString } from './canonical.js';

/** The events of the first schema: a record of one of them needs no `v`. */
export const SCHEMA_1_EVENTS = Object.freeze([
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
] as const);

/**
 * The events a ledger record can carry: a closed list (SPEC §11), frozen by a test. A record
 * with any other event does not verify. The events after the first schema's make a record `v: 2`.
 */
export const EVIDENCE_EVENTS = Object.freeze([
  ...SCHEMA_1_EVENTS,
  'signers.changed',
  'decision.resolved',
  'plan.approved',
] as const);

export type EvidenceEvent = (typeof EVIDENCE_EVENTS)[number];

/**
 * The newest record schema this build reads. Schema 1 is the eight members; schema 2 adds an
 * optional `sig` and the events after schema 1's, and such a record says `"v":2`. A record
 * whose `v` is higher was written by a newer build: it is reported as that, never as tampering.
 */
export const LEDGER_SCHEMA = 2;

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
  /**
   * A person's armored SSH signature (namespace `agent-config`) over `signedContent` of this
   * record; the hash covers it.
   */
  sig?: string;
  /** The schema, present (2) only when the record uses what schema 1 lacks (`sig`, a newer event). */
  v?: 2;
}

/** What a writer supplies; seq, alg, prev and hash are the ledger's. */
export interface EvidenceEntry {
  event: EvidenceEvent;
  actor: string;
  payload: Payload;
  /**
   * For a signed entry: the signature, and the time and stream it was made for (the ledger
   * then writes exactly that `ts`, to exactly that stream).
   */
  signed?: { sig: string; ts: string; stream: string };
}

/**
 * The payload of `decision.resolved`: a person's answer to a roadmap blocker (the decide verbs).
 * `roadmap`: the roadmap file, repository-relative; `blocker`: the blocker's id as the roadmap
 * names it; `entrySha256`: SHA-256 (hex) of the blocker's entry as the person saw it;
 * `option` (a choice among the listed options) or `answer` (free text), exactly one;
 * `decider`: the person, `human:<id>`, the record's actor.
 */
export interface DecisionResolvedPayload {
  roadmap: string;
  blocker: string;
  entrySha256: string;
  option?: string;
  answer?: string;
  decider: string;
}

/**
 * The payload of `plan.approved`: a person approves a roadmap's plan as written. `roadmap`: the
 * roadmap file, repository-relative; `planSha256`: SHA-256 (hex) of the plan approved.
 */
export interface PlanApprovedPayload {
  roadmap: string;
  planSha256: string;
}

/**
 * The members a payload of these events may have, and which are required: checked on every
 * append (a writer cannot record a decision the schema does not describe). Other events'
 * payloads are described in docs/evidence.md and not checked member by member.
 */
export const PAYLOAD_MEMBERS: Readonly<
  Partial<Record<EvidenceEvent, { required: readonly string[]; optional: readonly string[] }>>
> = Object.freeze({
  'decision.resolved': {
    required: ['roadmap', 'blocker', 'entrySha256', 'decider'],
    optional: ['option', 'answer'],
  },
  'plan.approved': { required: ['roadmap', 'planSha256'], optional: [] },
});

/** Throws `InvalidEntryError` when a described event's payload is not of its shape. */
function checkPayloadShape(entry: Pick<EvidenceEntry, 'event' | 'actor' | 'payload'>): void {
  const shape = PAYLOAD_MEMBERS[entry.event];
  if (shape === undefined) return;
  const { payload } = entry;
  const allowed = new Set([...shape.required, ...shape.optional]);
  for (const key of Object.keys(payload))
    if (!allowed.has(key))
      throw new InvalidEntryError(`${entry.event}: payload.${key} is not a member of it`);
  for (const key of allowed) {
    const value = payload[key];
    if (value === undefined) {
      if (shape.required.includes(key))
        throw new InvalidEntryError(`${entry.event}: payload.${key} is required`);
      continue;
    }
    if (typeof value !== 'string' || value === '')
      throw new InvalidEntryError(`${entry.event}: payload.${key} must be a non-empty string`);
    if (key.endsWith('Sha256') && !HASH.test(value))
      throw new InvalidEntryError(`${entry.event}: payload.${key} must be 64 lower-case hex digits`);
  }
  if (entry.event === 'decision.resolved') {
    if ((payload.option === undefined) === (payload.answer === undefined))
      throw new InvalidEntryError('decision.resolved: payload holds exactly one of option and answer');
    if (payload.decider !== entry.actor || !entry.actor.startsWith('human:'))
      throw new InvalidEntryError("decision.resolved: payload.decider is the record's actor, a human:");
  }
}

// An actor's id: 1–128 characters, none of them control, bidi-override or zero-width characters
// (the id is shown at terminals and must read as what it is).
export const ACTOR =
  /^(human|agent|reviewer|system):[^\p{Cc}\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]{1,128}$/u;
export const HASH = /^[0-9a-f]{64}$/;
export const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const EVENT_SET: ReadonlySet<string> = new Set(EVIDENCE_EVENTS);
const SCHEMA_1_SET: ReadonlySet<string> = new Set(SCHEMA_1_EVENTS);

/** True when a record of this event, with or without a signature, needs schema 2. */
export function needsSchema2(event: string, signed: boolean): boolean {
  return signed || !SCHEMA_1_SET.has(event);
}

/**
 * The text a person signs for a record: the RFC 8785 form of its stream id (as in its file
 * name), event, actor, time and payload. It binds the signature to this decision in this
 * stream; the hash chain binds it to its place.
 */
export function signedContent(r: {
  stream: string;
  event: string;
  actor: string;
  ts: string;
  payload: Payload;
}): string {
  return canonicalize({ actor: r.actor, event: r.event, payload: r.payload, stream: r.stream, ts: r.ts });
}

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
  const sig = r.sig === undefined ? '' : `"sig":${canonicalString(r.sig)},`;
  const v = r.v === undefined ? '' : `,"v":${r.v}`;
  const tail = `"payload":${canonicalize(r.payload)},"prev":${prev},"seq":${r.seq},${sig}"ts":${canonicalString(r.ts)}${v}}`;
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
  checkPayloadShape(entry);
  try {
    canonicalize(entry.payload);
    if (entry.signed !== undefined) canonicalString(entry.signed.sig);
  } catch (error) {
    if (error instanceof CanonicalJsonError) throw new InvalidEntryError(`payload: ${error.message}`);
    throw error;
  }
  const signed = entry.signed;
  if (signed !== undefined && (typeof signed.sig !== 'string' || !TIMESTAMP.test(signed.ts)))
    throw new InvalidEntryError('a signed entry needs its signature text and an ISO time with milliseconds');
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
  const base: Omit<LedgerRecord, 'hash'> = {
    seq: after.seq + 1,
    ts: entry.signed?.ts ?? ts.toISOString(),
    event: entry.event,
    actor: entry.actor,
    payload: entry.payload,
    alg: LEDGER_ALG,
    prev: after.head,
    ...(entry.signed === undefined ? {} : { sig: entry.signed.sig }),
    ...(needsSchema2(entry.event, entry.signed !== undefined) ? { v: LEDGER_SCHEMA } : {}),
  };
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
