import {
  closeSync,
  constants,
  fsyncSync,
  linkSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  realpathSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { join, sep } from 'node:path';
import type { Config } from '../core/config.js';
import type { Context } from '../core/context.js';
import { nodeCrypto } from '../core/crypto.js';
import { safeLabel } from '../core/text/label.js';
import { writeFileAtomic } from '../repo/atomic-write.js';
import { notRegularKind, openRegular, readRegularFile } from '../repo/read-regular.js';
import { ensureRuntimeDir } from '../repo/runtime-dir.js';
import { EvidenceError } from './errors.js';
import { EVIDENCE_RUNTIME_DIR, LEDGER_DIR, STREAM_ID, streamFile, WORKING_HEAD_FILE } from './paths.js';
import {
  buildRecord,
  checkEntry,
  type EvidenceEntry,
  HASH,
  InvalidEntryError,
  type LedgerRecord,
  signedContent,
} from './record.js';
import { verifyStream } from './verify.js';

// The one adapter that owns ledger files: it checks the ledger folder, takes the stream's lock,
// compares and appends, and remembers per working copy which stream it writes and where that
// stream ended. Everything it decides on (records, verification) is pure and lives beside it.

/** Tuning of `appendEvidence`; the defaults suit people and CI, tests shorten the waits. */
export interface AppendOptions {
  /** Read-check-append cycles before giving up on a stream that keeps moving (default 64). */
  cycles?: number;
  /** Tries to take a held lock before `lock-timeout` (default 1500). */
  lockAttempts?: number;
  /** Base wait between lock tries in milliseconds, plus up to as much again at random (default 5). */
  lockDelayMs?: number;
  /** A new stream's id (default 12 random hex digits). */
  newStreamId?: () => string;
}

interface WorkingHead {
  stream: string;
  head: string | null;
  seq: number;
  /**
   * SHA-256 of the whole stream as this working copy left it (verified, plus its own lines):
   * when the file still has exactly these bytes it verifies without reading every record.
   */
  digest?: string;
}

function digestOf(...parts: Uint8Array[]): string {
  const hash = nodeCrypto().createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest('hex');
}

function errno(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? 'error';
}

function ioError(error: unknown, where: string, doing: string): EvidenceError {
  const kind = notRegularKind(error);
  if (kind !== null)
    return new EvidenceError('io-error', `is ${kind}, not a file`, where, 'a person removes it');
  return new EvidenceError(
    'io-error',
    `cannot ${doing} (${errno(error)})`,
    where,
    'check its permissions and type',
  );
}

/**
 * The ledger folder's absolute path after checking that no part of it is a file or a link out
 * of the repository; created when `create` and missing. Null when it does not exist.
 */
export function ledgerFolder(root: string, create: boolean): string | null {
  const realRoot = realpathSync(root);
  let at = root;
  let rel = '';
  for (const part of LEDGER_DIR.split('/')) {
    at = join(at, part);
    rel = rel === '' ? part : `${rel}/${part}`;
    let stat: ReturnType<typeof lstatSync>;
    try {
      stat = lstatSync(at);
    } catch (error) {
      if (errno(error) !== 'ENOENT') throw ioError(error, rel, 'read');
      if (!create) return null;
      try {
        mkdirSync(join(root, LEDGER_DIR), { recursive: true });
      } catch (inner) {
        throw ioError(inner, rel, 'create');
      }
      return join(root, LEDGER_DIR);
    }
    if (stat.isSymbolicLink()) {
      let target: string;
      try {
        target = realpathSync(at);
      } catch (error) {
        throw new EvidenceError(
          'ledger-not-folder',
          `is a symbolic link to nothing (${errno(error)})`,
          rel,
          'replace the link with a folder',
        );
      }
      if (target !== realRoot && !target.startsWith(realRoot + sep))
        throw new EvidenceError(
          'ledger-outside',
          'is a symbolic link out of the repository',
          rel,
          'replace the link with a folder inside the repository',
        );
      stat = statSync(at);
    }
    if (!stat.isDirectory())
      throw new EvidenceError(
        'ledger-not-folder',
        'is not a folder',
        rel,
        'move the file away; the ledger needs a folder there',
      );
  }
  return at;
}

function readWorkingHead(root: string): WorkingHead | 'damaged' | null {
  let text: string;
  try {
    text = readRegularFile(join(root, WORKING_HEAD_FILE)).toString('utf8');
  } catch (error) {
    if (errno(error) === 'ENOENT') return null;
    throw ioError(error, WORKING_HEAD_FILE, 'read');
  }
  try {
    const v = JSON.parse(text) as WorkingHead;
    const ok =
      typeof v.stream === 'string' &&
      STREAM_ID.test(v.stream) &&
      (v.head === null || (typeof v.head === 'string' && HASH.test(v.head))) &&
      Number.isSafeInteger(v.seq) &&
      (v.digest === undefined || (typeof v.digest === 'string' && HASH.test(v.digest)));
    // A damaged state file only costs a new stream: the ledger itself is never trusted from it.
    return ok ? v : 'damaged';
  } catch {
    return 'damaged';
  }
}

/**
 * True when `bytes` are exactly the stream this working copy last verified and extended (its
 * working head's digest matches): every line of them is a verified record without reading it.
 */
export function verifiedByWorkingHead(root: string, stream: string, bytes: Uint8Array): boolean {
  let working: ReturnType<typeof readWorkingHead>;
  try {
    working = readWorkingHead(root);
  } catch {
    return false; // an unreadable state file only costs a full verification
  }
  return (
    working !== null &&
    working !== 'damaged' &&
    working.stream === stream &&
    working.digest !== undefined &&
    working.digest === digestOf(bytes)
  );
}

function writeWorkingHead(root: string, head: WorkingHead): void {
  try {
    ensureRuntimeDir(root, EVIDENCE_RUNTIME_DIR);
    writeFileAtomic(join(root, WORKING_HEAD_FILE), `${JSON.stringify(head)}\n`);
  } catch (error) {
    throw ioError(error, WORKING_HEAD_FILE, 'write');
  }
}

/** Publishes a first working head only when none exists (link fails when the name is taken). */
function createWorkingHead(root: string, head: WorkingHead): void {
  const target = join(root, WORKING_HEAD_FILE);
  const temp = `${target}.${nodeCrypto().randomBytes(6).toString('hex')}.tmp`;
  try {
    ensureRuntimeDir(root, EVIDENCE_RUNTIME_DIR);
    writeFileSync(temp, `${JSON.stringify(head)}\n`);
    linkSync(temp, target);
  } catch (error) {
    if (errno(error) !== 'EEXIST') throw ioError(error, WORKING_HEAD_FILE, 'write');
  } finally {
    rmSync(temp, { force: true });
  }
}

function readStreamBytes(root: string, stream: string): Buffer {
  const rel = streamFile(stream);
  try {
    if (lstatSync(join(root, rel)).isSymbolicLink())
      throw new EvidenceError(
        'ledger-outside',
        'is a symbolic link',
        rel,
        'a stream is never appended through a link',
      );
    return readRegularFile(join(root, rel));
  } catch (error) {
    if (error instanceof EvidenceError) throw error;
    if (errno(error) === 'ENOENT') return Buffer.alloc(0);
    throw ioError(error, rel, 'read');
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Who holds a lock, as its file says: `{pid, host}`, or null while it says nothing usable. */
function lockHolder(abs: string, rel: string, clear: string): { pid: number; host: string } | null {
  let text: string;
  try {
    text = readRegularFile(abs).toString('utf8');
  } catch (error) {
    const kind = notRegularKind(error);
    // Nothing of ours makes one; waiting on it would only end in a timeout.
    if (kind !== null) throw new EvidenceError('lock-foreign', `is ${kind}, not a lock file`, rel, clear);
    return null; // just removed: the next try takes it
  }
  try {
    const v = JSON.parse(text) as { pid?: unknown; host?: unknown };
    if (typeof v.host === 'string' && Number.isSafeInteger(v.pid) && (v.pid as number) > 0)
      return { pid: v.pid as number, host: v.host };
  } catch {
    // just created and not yet written
  }
  return null;
}

async function takeLock(
  ctx: Pick<Context, 'processes' | 'patience'>,
  root: string,
  stream: string,
  options: Required<AppendOptions>,
): Promise<() => void> {
  const rel = `${streamFile(stream)}.lock`;
  const abs = join(root, rel);
  const clear = `if no agent-config command is running, remove it: rm ${rel}`;
  const here = hostname();
  const started = performance.now();
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(abs, 'wx');
      try {
        writeSync(fd, `${JSON.stringify({ pid: ctx.processes.pid, host: here })}\n`);
      } finally {
        closeSync(fd);
      }
      return () => rmSync(abs, { force: true });
    } catch (error) {
      if (errno(error) !== 'EEXIST') throw ioError(error, rel, 'create the lock');
    }
    const holder = lockHolder(abs, rel, clear);
    const by =
      holder === null
        ? ''
        : ` by process ${holder.pid}${holder.host === here ? '' : ` on ${safeLabel(holder.host)}`}`;
    if (holder !== null && holder.host === here && !ctx.processes.isAlive(holder.pid)) {
      throw new EvidenceError('lock-stale', `is held${by}, which is gone`, rel, clear);
    }
    // Whether another machine's process still runs cannot be asked from here: a caller that
    // must answer soon (the agent hook) refuses at once rather than wait for it.
    if (holder !== null && holder.host !== here && ctx.patience !== undefined) {
      throw new EvidenceError(
        'lock-foreign',
        `is held${by}, another machine, whose process cannot be checked from here`,
        rel,
        `if no agent-config command is running there, remove it: rm ${rel}`,
      );
    }
    const waited = performance.now() - started;
    if (attempt >= options.lockAttempts || (ctx.patience !== undefined && waited >= ctx.patience.lockWaitMs))
      throw new EvidenceError('lock-timeout', `is held${by} and was not released`, rel, clear);
    await sleep(options.lockDelayMs * (1 + Math.random()));
  }
}

function appendLines(root: string, stream: string, lines: string[]): void {
  const rel = streamFile(stream);
  let fd: number;
  try {
    // Non-blocking: a named pipe swapped in since the stream was read is refused, not waited on.
    fd = openRegular(join(root, rel), constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT, 0o666);
  } catch (error) {
    throw ioError(error, rel, 'open for appending');
  }
  try {
    for (const line of lines) {
      // One write per record: a reader or a crash sees the whole line or a torn tail, never
      // two records interleaved.
      const bytes = Buffer.from(line, 'utf8');
      const written = writeSync(fd, bytes);
      if (written !== bytes.length)
        throw new EvidenceError(
          'io-error',
          `wrote ${written} of ${bytes.length} bytes`,
          rel,
          'check the disk',
        );
    }
    fsyncSync(fd);
  } catch (error) {
    if (error instanceof EvidenceError) throw error;
    throw ioError(error, rel, 'append');
  } finally {
    closeSync(fd);
  }
}

function newStreamId(): string {
  return nodeCrypto().randomBytes(6).toString('hex');
}

/** What an append wrote: the records, and the repository-relative stream file they are in. */
export interface Appended {
  records: LedgerRecord[];
  file: string;
}

type Cycle = Appended | { retry: true };

async function cycle(
  ctx: Pick<Context, 'clock' | 'processes' | 'patience'>,
  root: string,
  entries: readonly EvidenceEntry[],
  options: Required<AppendOptions>,
): Promise<Cycle> {
  let working = readWorkingHead(root);
  if (working === 'damaged') writeWorkingHead(root, { stream: options.newStreamId(), head: null, seq: 0 });
  else if (working === null) createWorkingHead(root, { stream: options.newStreamId(), head: null, seq: 0 });
  if (working === 'damaged' || working === null) {
    working = readWorkingHead(root);
    if (working === 'damaged' || working === null) return { retry: true };
  }
  const bytes = readStreamBytes(root, working.stream);
  // The stream is ours to extend only when it still ends exactly where this working copy left
  // it: another branch, a fresh clone, a rebase or a torn or corrupt tail all start a new one.
  // Bytes identical to what this working copy verified and wrote need no second verification.
  const unchanged = working.digest !== undefined && working.digest === digestOf(bytes);
  const verified = unchanged ? null : verifyStream(bytes);
  const continues =
    working.head === null
      ? bytes.length === 0
      : unchanged ||
        (verified!.status === 'clean' &&
          verified!.head === working.head &&
          verified!.records === working.seq);
  const release = await takeLock(ctx, root, working.stream, options);
  try {
    const now = readWorkingHead(root);
    const again = readStreamBytes(root, working.stream);
    if (
      now === null ||
      now === 'damaged' ||
      now.stream !== working.stream ||
      now.head !== working.head ||
      !again.equals(bytes)
    ) {
      return { retry: true }; // head-moved: another process appended or switched streams
    }
    // A signed entry names the stream it was signed for: it goes there or nowhere.
    const bound = entries.find((e) => e.signed !== undefined)?.signed?.stream;
    if (bound !== undefined && (bound !== working.stream || !continues)) {
      throw new EvidenceError(
        'head-moved',
        'the ledger stream changed while the decision was being signed',
        streamFile(bound),
        'run the command again (it asks for the signature again)',
      );
    }
    if (!continues) {
      writeWorkingHead(root, { stream: options.newStreamId(), head: null, seq: 0 });
      return { retry: true };
    }
    if (entries.length === 0) return { records: [], file: streamFile(working.stream) };
    const records: LedgerRecord[] = [];
    const lines: string[] = [];
    let after = { seq: working.seq, head: working.head };
    for (const entry of entries) {
      const { record, line } = buildRecord(entry, after, ctx.clock());
      records.push(record);
      lines.push(line);
      after = { seq: record.seq, head: record.hash };
    }
    appendLines(root, working.stream, lines);
    const digest = digestOf(bytes, Buffer.from(lines.join(''), 'utf8'));
    writeWorkingHead(root, { stream: working.stream, head: after.head, seq: after.seq, digest });
    return { records, file: streamFile(working.stream) };
  } finally {
    release();
  }
}

/**
 * Appends one record to this working copy's stream and returns it; null when `evidence.ledger`
 * is false. The record is on disk (written with one `write` and fsynced) when the promise
 * resolves. Throws `EvidenceError` (nothing appended) when the ledger cannot be written.
 */
export async function appendEvidence(
  ctx: Pick<Context, 'clock' | 'processes' | 'patience'>,
  root: string,
  config: Pick<Config, 'evidence'>,
  entry: EvidenceEntry,
  options: AppendOptions = {},
): Promise<LedgerRecord | null> {
  const appended = await appendEvidenceBatch(ctx, root, config, [entry], options);
  return appended === null ? null : appended.records[0]!;
}

/**
 * Appends several records in order, under one lock, one `write` each and one fsync, and says
 * which stream file holds them (to stage it with a commit); null when the ledger is off.
 */
export async function appendEvidenceBatch(
  ctx: Pick<Context, 'clock' | 'processes' | 'patience'>,
  root: string,
  config: Pick<Config, 'evidence'>,
  entries: readonly EvidenceEntry[],
  options: AppendOptions = {},
): Promise<Appended | null> {
  if (!config.evidence.ledger || entries.length === 0) return null;
  for (const entry of entries) checkEntryOrThrow(entry);
  return runCycles(ctx, root, entries, options);
}

function checkEntryOrThrow(entry: EvidenceEntry): void {
  try {
    checkEntry(entry);
  } catch (error) {
    if (error instanceof InvalidEntryError)
      throw new EvidenceError('invalid-entry', error.message, LEDGER_DIR);
    throw error;
  }
}

async function runCycles(
  ctx: Pick<Context, 'clock' | 'processes'>,
  root: string,
  entries: readonly EvidenceEntry[],
  options: AppendOptions,
): Promise<Appended> {
  const tuned: Required<AppendOptions> = {
    cycles: options.cycles ?? 64,
    lockAttempts: options.lockAttempts ?? 1500,
    lockDelayMs: options.lockDelayMs ?? 5,
    newStreamId: options.newStreamId ?? newStreamId,
  };
  ledgerFolder(root, true);
  for (let i = 0; i < tuned.cycles; i++) {
    const result = await cycle(ctx, root, entries, tuned);
    if ('records' in result) return result;
  }
  throw new EvidenceError(
    'head-moved',
    `the stream kept moving through ${tuned.cycles} attempts`,
    LEDGER_DIR,
    'run the command again',
  );
}

/**
 * Appends one record a person signs: the stream it will go to and its time are fixed first,
 * then `sign` is asked for a signature over the record's signed content (`signedContent`) —
 * outside the lock, so a passphrase or a key touch never holds it — and the record is
 * appended with `sig` to exactly that stream at exactly that time. Null when the ledger is off
 * (nothing is signed then). Throws `EvidenceError` (`head-moved` when the stream changed while
 * the person signed) or whatever `sign` throws; nothing was appended then.
 */
export async function appendSignedEvidence(
  ctx: Pick<Context, 'clock' | 'processes'>,
  root: string,
  config: Pick<Config, 'evidence'>,
  entry: Omit<EvidenceEntry, 'signed'>,
  sign: (content: string) => Promise<string>,
  options: AppendOptions = {},
): Promise<LedgerRecord | null> {
  if (!config.evidence.ledger) return null;
  checkEntryOrThrow(entry);
  const file = (await runCycles(ctx, root, [], options)).file;
  const stream = file.slice(LEDGER_DIR.length + 1, -'.jsonl'.length);
  const ts = ctx.clock().toISOString();
  const sig = await sign(signedContent({ stream, ts, ...entry }));
  const signed = { ...entry, signed: { sig, ts, stream } };
  checkEntryOrThrow(signed);
  return (await runCycles(ctx, root, [signed], options)).records[0]!;
}

/** The stream files of the ledger folder, names sorted; none when the folder does not exist. */
export function listStreams(root: string): string[] {
  const dir = ledgerFolder(root, false);
  if (dir === null) return [];
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch (error) {
    throw ioError(error, LEDGER_DIR, 'list');
  }
  return names.filter((n) => n.endsWith('.jsonl') && !n.startsWith('.')).sort();
}
