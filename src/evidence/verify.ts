import { isUtf8 } from 'node:buffer';
import { CanonicalJsonError, canonicalize } from './canonical.js';
import {
  ACTOR,
  encodeRecord,
  isEvidenceEvent,
  LEDGER_ALG,
  LEDGER_SCHEMA,
  type LedgerRecord,
  needsSchema2,
  recordLine,
  sha256Hex,
  TIMESTAMP,
} from './record.js';

/** Why a stream is corrupt: a closed list (SPEC §11), frozen by a test. */
export const VERIFY_REASONS = Object.freeze([
  'malformed-line',
  'schema-invalid',
  'bad-alg',
  'hash-mismatch',
  'prev-mismatch',
  'seq-gap',
  'seq-duplicate',
  'not-genesis',
  'newer-version',
] as const);

export type VerifyReason = (typeof VERIFY_REASONS)[number];

/** A stream's standing: every line intact, intact up to an unfinished last line, or broken. */
export type StreamStatus = 'clean' | 'torn-tail' | 'corrupt';

/** Something a record claims that looks odd but proves nothing (clocks differ between machines). */
export interface Anomaly {
  code: 'ts-backwards' | 'ts-future';
  seq: number;
}

/** A record as read, and whether the chain vouches for it. */
export interface ReadRecord {
  record: LedgerRecord;
  /** True when this record and every record before it verify. */
  verified: boolean;
}

/** The verdict on one stream's bytes. */
export interface StreamVerification {
  status: StreamStatus;
  /** Records in the intact prefix. */
  records: number;
  /** Hash of the last intact record; null when none is. */
  head: string | null;
  /** The last intact seq (0 when none is). */
  intactThroughSeq: number;
  /** Byte length of the intact prefix (every intact line with its newline). */
  intactBytes: number;
  /** For `corrupt`: the position of the first bad line, `intactThroughSeq + 1`. */
  firstBadSeq?: number;
  reason?: VerifyReason;
  /** For `corrupt`: a short human explanation of the reason. */
  detail?: string;
  anomalies: Anomaly[];
  /** With `collect`: every record that could be read, verified or not. */
  read?: ReadRecord[];
}

export interface VerifyOptions {
  /** Timestamps after this instant are reported as `ts-future` anomalies. */
  now?: Date;
  /** Also return every readable record (for `evidence log`). */
  collect?: boolean;
}

const decoder = new TextDecoder('utf-8', { fatal: true });
// The member a record's hash leaves out of the hashed text: `"hash":"` + 64 hex digits + `",`.
const HASH_MEMBER = '"hash":"'.length + 64 + 2;

type LineVerdict = { record: LedgerRecord } | { reason: VerifyReason; detail: string; record?: LedgerRecord };

function decodeLine(bytes: Uint8Array, start: number, end: number): string | null {
  try {
    return decoder.decode(bytes.subarray(start, end));
  } catch {
    return null;
  }
}

// The longest signature a record may carry: an RSA-16384 SSHSIG armored is under 6 KiB.
const MAX_SIG = 16_384;

/** A record whose `v` is above this build's schema: written by a newer build. */
function isNewer(value: unknown): boolean {
  const v = (value as { v?: unknown } | null)?.v;
  return typeof value === 'object' && Number.isSafeInteger(v) && (v as number) > LEDGER_SCHEMA;
}

function checkShape(value: unknown): string | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'not an object';
  const r = value as Record<string, unknown>;
  let keys = 0;
  for (const _ in r) keys++;
  const hasSig = r.sig !== undefined;
  const hasV = r.v !== undefined;
  // Eight keys, plus `sig` and `v` when present, each of the right type below: exactly the
  // record's keys.
  if (keys !== 8 + (hasSig ? 1 : 0) + (hasV ? 1 : 0))
    return 'keys must be exactly actor, alg, event, hash, payload, prev, seq, ts, and sig and v when present';
  if (hasV && r.v !== LEDGER_SCHEMA) return `v is not ${LEDGER_SCHEMA}`;
  if (hasSig && (typeof r.sig !== 'string' || r.sig.length === 0 || r.sig.length > MAX_SIG))
    return 'sig is not a signature text';
  if (typeof r.event === 'string' && hasV !== needsSchema2(r.event, hasSig))
    return hasV ? 'v is 2 on a record schema 1 can hold' : 'a signed record or a newer event needs v: 2';
  if (!Number.isSafeInteger(r.seq) || (r.seq as number) < 1) return 'seq is not a positive integer';
  if (typeof r.ts !== 'string' || !TIMESTAMP.test(r.ts)) return 'ts is not ISO 8601 UTC with milliseconds';
  if (!isEvidenceEvent(r.event)) return 'event is not one of the closed list';
  if (typeof r.actor !== 'string' || !ACTOR.test(r.actor)) return 'actor is not kind:id';
  if (typeof r.payload !== 'object' || r.payload === null || Array.isArray(r.payload))
    return 'payload is not an object';
  // Length only: a prev or hash of 64 other characters never equals a computed hash, so it
  // fails as prev-mismatch or hash-mismatch at the same seq without a regular expression.
  if (r.prev !== null && (typeof r.prev !== 'string' || r.prev.length !== 64)) return 'prev is not a hash';
  if (typeof r.hash !== 'string' || r.hash.length !== 64) return 'hash is not 64 hex digits';
  if (r.alg !== LEDGER_ALG) return 'alg is missing';
  return null;
}

/** True when every object's keys, in enumeration order, are sorted by UTF-16 code units. */
function keysSorted(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return true;
  if (Array.isArray(value)) return value.every(keysSorted);
  let last: string | null = null;
  for (const key in value) {
    if (last !== null && !(last < key)) return false;
    last = key;
    if (!keysSorted((value as Record<string, unknown>)[key])) return false;
  }
  return true;
}

/**
 * True when the line is the RFC 8785 form of the record. The fast way: `JSON.stringify` writes
 * numbers and strings as the RFC does, so a line equal to the record's fixed keys in order with
 * the payload as `JSON.stringify` writes it, keys sorted and no escaped surrogate, is
 * canonical. Anything else (integer-like keys, which objects enumerate first; a `\ud…`
 * escape; a hash or prev with characters to escape) is decided by encoding the record in full.
 */
function isCanonical(r: LedgerRecord, text: string): boolean | CanonicalJsonError {
  if (!text.includes('\\ud') && keysSorted(r.payload)) {
    // event and ts are checked above and need no escaping; hash and prev are 64 characters.
    const prev = r.prev === null ? 'null' : `"${r.prev}"`;
    const sig = r.sig === undefined ? '' : `"sig":${JSON.stringify(r.sig)},`;
    const v = r.v === undefined ? '' : `,"v":${r.v}`;
    const fast = `{"actor":${JSON.stringify(r.actor)},"alg":"${LEDGER_ALG}","event":"${r.event}","hash":"${r.hash}","payload":${JSON.stringify(r.payload)},"prev":${prev},"seq":${r.seq},${sig}"ts":"${r.ts}"${v}}`;
    if (fast === text) return true;
  }
  try {
    return recordLine(encodeRecord(r), r.hash) === text;
  } catch (error) {
    if (error instanceof CanonicalJsonError) return error;
    throw error;
  }
}

/**
 * A record of a newer schema: this build cannot read it, but it can still tell an edited line
 * from one a newer build wrote — the line must be canonical and its own hash must hold.
 */
function checkNewer(value: Record<string, unknown>, text: string): LineVerdict {
  const { hash, ...rest } = value;
  try {
    if (canonicalize(value) !== text)
      return { reason: 'malformed-line', detail: 'not in canonical form (RFC 8785)' };
    if (typeof hash !== 'string' || sha256Hex(canonicalize(rest)) !== hash)
      return { reason: 'hash-mismatch', detail: 'the hash does not match the record' };
  } catch (error) {
    if (error instanceof CanonicalJsonError) return { reason: 'schema-invalid', detail: error.message };
    throw error;
  }
  return {
    reason: 'newer-version',
    detail: `written by a newer agent-config (record schema ${value.v}); upgrade agent-config to verify it`,
  };
}

function checkLine(text: string | null): LineVerdict {
  if (text === null) return { reason: 'malformed-line', detail: 'not UTF-8' };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { reason: 'malformed-line', detail: 'not JSON' };
  }
  if (isNewer(value)) return checkNewer(value as Record<string, unknown>, text);
  const alg = (value as { alg?: unknown } | null)?.alg;
  if (typeof alg === 'string' && alg !== LEDGER_ALG)
    return { reason: 'bad-alg', detail: `alg is not ${LEDGER_ALG}` };
  const shape = checkShape(value);
  if (shape !== null) return { reason: 'schema-invalid', detail: shape };
  const record = value as LedgerRecord;
  const canonical = isCanonical(record, text);
  if (canonical instanceof CanonicalJsonError)
    return { reason: 'schema-invalid', detail: canonical.message, record };
  if (!canonical) return { reason: 'malformed-line', detail: 'not in canonical form (RFC 8785)', record };
  // Canonical, so the keys sort as actor, alg, event, hash, …: the hashed text is the line
  // without its hash member, and `,"hash":"` cannot occur earlier (it would end a string).
  const at = text.indexOf(',"hash":"') + 1;
  if (sha256Hex(text.slice(0, at) + text.slice(at + HASH_MEMBER)) !== record.hash)
    return { reason: 'hash-mismatch', detail: 'the hash does not match the record', record };
  return { record };
}

function chainReason(
  record: LedgerRecord,
  expectedSeq: number,
  head: string | null,
): { reason: VerifyReason; detail: string } | null {
  if (record.seq < expectedSeq)
    return { reason: 'seq-duplicate', detail: `seq ${record.seq} where ${expectedSeq} was due` };
  if (record.seq > expectedSeq)
    return { reason: 'seq-gap', detail: `seq ${record.seq} where ${expectedSeq} was due` };
  if (expectedSeq === 1 && record.prev !== null)
    return { reason: 'not-genesis', detail: 'the first record has a prev' };
  if (record.prev !== head) return { reason: 'prev-mismatch', detail: 'prev is not the previous hash' };
  return null;
}

function readLoose(text: string | null): LedgerRecord | null {
  if (text === null) return null;
  try {
    const value = JSON.parse(text);
    return checkShape(value) === null ? (value as LedgerRecord) : null;
  } catch {
    return null;
  }
}

/**
 * Verifies one stream's bytes: every complete line must be a canonical record whose hash,
 * seq and prev continue the chain. A last line without its newline is a torn tail (the stream
 * is intact before it); a bad complete line makes the stream corrupt, torn or not.
 */
export function verifyStream(bytes: Uint8Array, options: VerifyOptions = {}): StreamVerification {
  const now = options.now?.toISOString();
  const read: ReadRecord[] | undefined = options.collect ? [] : undefined;
  const anomalies: Anomaly[] = [];
  let head: string | null = null;
  let seq = 0;
  let lastTs = '';
  let start = 0;
  let bad: { reason: VerifyReason; detail: string } | null = null;
  // Decoded once when the whole stream is UTF-8 (the usual case); line by line otherwise, so
  // a bad byte is reported at its own line.
  const whole = isUtf8(bytes)
    ? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8')
    : null;
  let at = 0;
  while (start < bytes.length) {
    const end = bytes.indexOf(0x0a, start);
    if (end === -1) break;
    let text: string | null;
    if (whole === null) text = decodeLine(bytes, start, end);
    else {
      const stop = whole.indexOf('\n', at);
      text = whole.slice(at, stop);
      at = stop + 1;
    }
    if (bad !== null) {
      const loose = read && readLoose(text);
      if (loose) read.push({ record: loose, verified: false });
      start = end + 1;
      continue;
    }
    const verdict = checkLine(text);
    const problem = 'reason' in verdict ? verdict : chainReason(verdict.record, seq + 1, head);
    if (problem !== null) {
      bad = problem;
      const loose = verdict.record ?? null;
      if (read && loose) read.push({ record: loose, verified: false });
      start = end + 1;
      continue;
    }
    const record = verdict.record!;
    if (record.ts < lastTs) anomalies.push({ code: 'ts-backwards', seq: record.seq });
    if (now !== undefined && record.ts > now) anomalies.push({ code: 'ts-future', seq: record.seq });
    lastTs = record.ts;
    head = record.hash;
    seq = record.seq;
    read?.push({ record, verified: true });
    start = end + 1;
  }
  const intactBytes = bad === null ? start : intactLength(bytes, seq);
  const base = {
    records: seq,
    head,
    intactThroughSeq: seq,
    intactBytes,
    anomalies,
    ...(read ? { read } : {}),
  };
  if (bad !== null) return { status: 'corrupt', ...base, firstBadSeq: seq + 1, ...bad };
  return { status: start < bytes.length ? 'torn-tail' : 'clean', ...base };
}

function intactLength(bytes: Uint8Array, lines: number): number {
  let at = 0;
  for (let i = 0; i < lines; i++) at = bytes.indexOf(0x0a, at) + 1;
  return at;
}
