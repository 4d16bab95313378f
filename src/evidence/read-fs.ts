import { lstatSync, realpathSync } from 'node:fs';
import { join, sep } from 'node:path';
import { notRegularKind, readRegularFile } from '../repo/read-regular.js';
import { streamFile } from './paths.js';
import type { LedgerRecord } from './record.js';
import { listStreams, verifiedByWorkingHead } from './store.js';
import { type StreamVerification, verifyStream } from './verify.js';

/** Why a stream file could not be verified at all. */
export type StreamReadProblem = 'not-a-file' | 'symlink-outside' | 'unreadable';

/** One stream as read: its verification, or why it could not be read. */
export interface StreamState {
  /** Repository-relative, `/`-separated. */
  file: string;
  stream: string;
  verification: StreamVerification | null;
  problem?: { code: StreamReadProblem; detail: string };
  /** Not read at all (the `containing` filter): no verification, so never counted as clean. */
  skipped?: true;
  /** The bytes read (only with `keepBytes`). */
  bytes?: Buffer;
}

/** A record with the stream it is in and whether the chain vouches for it. */
export interface EvidenceRecordRead {
  stream: string;
  file: string;
  record: LedgerRecord;
  verified: boolean;
}

/** Every stream of the ledger and, with `collect`, every readable record in time order. */
export interface EvidenceRead {
  streams: StreamState[];
  records: EvidenceRecordRead[];
}

export interface ReadEvidenceOptions {
  /** Timestamps after this instant are `ts-future` anomalies. */
  now?: Date;
  /** Return the records too (the default reads only verdicts). */
  collect?: boolean;
  /** Keep each stream's bytes (for comparing with a git revision). */
  keepBytes?: boolean;
  /**
   * Read only streams whose bytes contain this text (a fast filter before verifying). The
   * others are listed as `skipped`, with no verification: a filter skips a stream's records,
   * not its verdict, so a read with it never says every stream is clean.
   */
  containing?: string;
}

function readStreamFile(root: string, realRoot: string, name: string): Buffer | StreamState['problem'] {
  const stream = name.slice(0, -'.jsonl'.length);
  const abs = join(root, streamFile(stream));
  try {
    if (lstatSync(abs).isSymbolicLink()) {
      const target = realpathSync(abs);
      if (!target.startsWith(realRoot + sep))
        return { code: 'symlink-outside', detail: 'is a symbolic link out of the repository' };
    }
    // Never opened unless it is a regular file: a named pipe there would hang every reader.
    return readRegularFile(abs);
  } catch (error) {
    const kind = notRegularKind(error);
    if (kind !== null) return { code: 'not-a-file', detail: `is ${kind}, not a stream file` };
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    return { code: 'unreadable', detail: `cannot be read (${code})` };
  }
}

/**
 * Reads and verifies every stream of the ledger. Throws `EvidenceError` when the ledger folder
 * itself is a file or a link out of the repository; a bad stream file is reported in its state.
 */
export function readEvidence(root: string, options: ReadEvidenceOptions = {}): EvidenceRead {
  const names = listStreams(root);
  const realRoot = realpathSync(root);
  const streams: StreamState[] = [];
  const records: EvidenceRecordRead[] = [];
  for (const name of names) {
    const stream = name.slice(0, -'.jsonl'.length);
    const file = streamFile(stream);
    const bytes = readStreamFile(root, realRoot, name);
    if (!Buffer.isBuffer(bytes)) {
      streams.push({ file, stream, verification: null, problem: bytes });
      continue;
    }
    if (options.containing !== undefined && !bytes.includes(options.containing)) {
      streams.push({ file, stream, verification: null, skipped: true });
      continue;
    }
    const verification = verifyStream(bytes, { now: options.now, collect: options.collect });
    for (const r of verification.read ?? []) records.push({ stream, file, ...r });
    delete verification.read;
    streams.push({ file, stream, verification, ...(options.keepBytes ? { bytes } : {}) });
  }
  return { streams, records: mergeByTime(records) };
}

/**
 * Records of all streams in time order, each stream kept in its chain order (a clock that went
 * backwards does not reorder a stream), ties broken by stream name.
 */
function mergeByTime(records: EvidenceRecordRead[]): EvidenceRecordRead[] {
  const byStream = new Map<string, EvidenceRecordRead[]>();
  for (const r of records) {
    const list = byStream.get(r.stream);
    if (list === undefined) byStream.set(r.stream, [r]);
    else list.push(r);
  }
  const queues = [...byStream.values()];
  const at = queues.map(() => 0);
  const merged: EvidenceRecordRead[] = [];
  for (;;) {
    let best = -1;
    for (let q = 0; q < queues.length; q++) {
      const next = queues[q]![at[q]!];
      if (next === undefined) continue;
      const current = best === -1 ? undefined : queues[best]![at[best]!]!;
      if (current === undefined || next.record.ts < current.record.ts) best = q;
    }
    if (best === -1) return merged;
    merged.push(queues[best]![at[best]!]!);
    at[best]!++;
  }
}

/**
 * True when a verified record of `event` has `payload[key] === value` (for example the
 * `stage.confirmed` record of a token). Only streams containing the value are read; a stream
 * this working copy last verified and extended, unchanged since, is not verified again.
 */
export function hasVerifiedRecord(root: string, event: string, key: string, value: string): boolean {
  return findVerifiedRecords(root, event, key, value).length > 0;
}

/**
 * Every verified record of `event` with `payload[key] === value`, with the stream it is in
 * (a signature is checked against its stream). Read as `hasVerifiedRecord` reads.
 */
export function findVerifiedRecords(
  root: string,
  event: string,
  key: string,
  value: string,
): Array<{ stream: string; record: LedgerRecord }> {
  const realRoot = realpathSync(root);
  const found: Array<{ stream: string; record: LedgerRecord }> = [];
  for (const name of listStreams(root)) {
    const bytes = readStreamFile(root, realRoot, name);
    if (!Buffer.isBuffer(bytes) || !bytes.includes(value)) continue;
    const stream = name.slice(0, -'.jsonl'.length);
    const records = verifiedByWorkingHead(root, stream, bytes)
      ? recordsContaining(bytes, value)
      : (verifyStream(bytes, { collect: true }).read ?? []).filter((r) => r.verified).map((r) => r.record);
    for (const record of records)
      if (record.event === event && record.payload[key] === value) found.push({ stream, record });
  }
  return found;
}

/** The records of a verified stream whose lines contain `value` (no line needs checking again). */
function recordsContaining(bytes: Buffer, value: string): LedgerRecord[] {
  const records: LedgerRecord[] = [];
  for (const line of bytes.toString('utf8').split('\n'))
    if (line.includes(value)) records.push(JSON.parse(line) as LedgerRecord);
  return records;
}
