import { isAscii, isUtf8 } from 'node:buffer';
import { closeSync, openSync, readSync } from 'node:fs';
import { textBytesProblem } from '../core/text-bytes.js';
import { readFdToEnd } from './read-fd.js';

/** A file that could not be read faithfully: the reason and what to do about it. */
export interface ReadProblem {
  file: string;
  message: string;
  fix: string;
}

/** What reading a file as UTF-8 found: its text and whether its bytes were valid, or the error. */
export type Utf8Read = { text: string; invalidUtf8: boolean } | { errorCode: string; fix: string };

// One buffer for every read: a tree of thousands of small files allocates nothing per file.
const DEFAULT_SIZE = 64 * 1024;
let shared = Buffer.allocUnsafe(DEFAULT_SIZE);

function readAll(fd: number): Buffer {
  let length = 0;
  for (;;) {
    if (length === shared.length) {
      const grown = Buffer.allocUnsafe(shared.length * 2);
      shared.copy(grown, 0, 0, length);
      shared = grown;
    }
    const room = shared.length - length;
    const n = readSync(fd, shared, length, room, null);
    length += n;
    // A read of a regular file stops short only at its end: no second call to learn that
    // (system calls are a third of the cost of reading thousands of small files).
    if (n < room) return shared.subarray(0, length);
  }
}

/** What to do when a file cannot be opened, by the error's code. */
const READ_FIX: Readonly<Record<string, string>> = {
  EACCES: 'make it readable (chmod u+r)',
  EISDIR: 'name a file, not a folder',
  ENOENT: 'check the path',
};

/** The bytes of a file in the shared buffer (valid until the next read), or why it failed. */
function readBytes(abs: string): Buffer | { errorCode: string; fix: string } {
  let fd: number | undefined;
  try {
    fd = openSync(abs, 'r');
    return readAll(fd);
  } catch (error) {
    const errorCode = (error as NodeJS.ErrnoException).code ?? 'error';
    return { errorCode, fix: READ_FIX[errorCode] ?? 'check the file' };
  } finally {
    if (fd !== undefined) closeSync(fd);
    // A file far larger than a roadmap should not keep its buffer alive for the rest of the run.
    if (shared.length > 16 * DEFAULT_SIZE) shared = Buffer.allocUnsafe(DEFAULT_SIZE);
  }
}

/** A file's bytes (a copy of its own), or why it could not be read (`ENOENT`: there is none). */
export function readFileBytes(abs: string): Buffer | { errorCode: string; fix: string } {
  const read = readBytes(abs);
  return Buffer.isBuffer(read) ? Buffer.from(read) : read;
}

/**
 * UTF-8 bytes as text. `latin1`, the bytes read one character a byte, is the text when they are
 * plain ASCII (and the cheaper decoding).
 */
function decodeUtf8(bytes: Buffer, latin1 = bytes.toString('latin1')): string {
  return isAscii(bytes) ? latin1 : bytes.toString('utf8');
}

/**
 * Reads a file as UTF-8 whatever its bytes (invalid sequences decode to U+FFFD), for a caller
 * that reports bad bytes as a finding (`lint`) rather than refusing the file.
 */
export function readUtf8(abs: string): Utf8Read {
  const bytes = readBytes(abs);
  if (!Buffer.isBuffer(bytes)) return bytes;
  return decodeUtf8Input(bytes);
}

/**
 * The one decoding of an input's bytes, from a file or from stdin: the text (invalid sequences
 * as U+FFFD) and whether the bytes were UTF-8, so that every caller refuses the same bytes.
 */
export function decodeUtf8Input(bytes: Buffer): { text: string; invalidUtf8: boolean } {
  return { text: decodeUtf8(bytes), invalidUtf8: !isUtf8(bytes) };
}

/**
 * Every byte of a descriptor up to its end (stdin: a pipe, a file, a socket). A non-blocking pipe
 * (Node makes stdin one as soon as `process.stdin` is looked at) answers EAGAIN whenever its
 * writer is behind, late or past the pipe's 64 KiB: that is a wait, not an end, so the read
 * sleeps a moment and tries again until the writer closes its end (`readFileSync(0)` gives up
 * with EAGAIN there). Like `cat`, it waits as long as the writer keeps the pipe open.
 */
export function readToEnd(fd: number): Buffer {
  const { bytes, error } = readFdToEnd(fd);
  if (error !== null) throw error;
  return bytes;
}

/**
 * A cheap test on a file's text before it is decoded. It sees the bytes as Latin-1: every ASCII
 * character as itself, every other character as two to four characters above U+007F. A test
 * that looks only for ASCII (a regular expression without the `u` flag, whose case folding
 * never maps a non-ASCII character to an ASCII one) answers on this view as on the text.
 */
export type ByteViewTest = (latin1: string) => boolean;

/**
 * Reads a text file, refusing binary and non-UTF-8 content with a reason. With `select`, a
 * readable file that fails the test is `skipped` without being decoded. The bytes are seen as
 * Latin-1 once: that string answers the NUL test and `select` with the engine's own string
 * search, and is the text of an ASCII file.
 */
export function readTextFile(abs: string, shown: string): { text: string } | { problem: ReadProblem };
export function readTextFile(
  abs: string,
  shown: string,
  select?: ByteViewTest,
): { text: string } | { problem: ReadProblem } | { skipped: true };
export function readTextFile(
  abs: string,
  shown: string,
  select?: ByteViewTest,
): { text: string } | { problem: ReadProblem } | { skipped: true } {
  const bytes = readBytes(abs);
  if (!Buffer.isBuffer(bytes)) {
    return { problem: { file: shown, message: `cannot be read (${bytes.errorCode})`, fix: bytes.fix } };
  }
  const latin1 = bytes.toString('latin1');
  const problem = textBytesProblem(bytes, latin1);
  if (problem !== null) return { problem: { file: shown, ...problem } };
  if (select !== undefined && !select(latin1)) return { skipped: true };
  return { text: decodeUtf8(bytes, latin1) };
}
