import { isAscii, isUtf8 } from 'node:buffer';
import { closeSync, openSync, readSync } from 'node:fs';

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
    const n = readSync(fd, shared, length, shared.length - length, null);
    if (n === 0) return shared.subarray(0, length);
    length += n;
  }
}

/**
 * Reads a file as UTF-8: the bytes into a shared buffer, checked once (invalid sequences
 * decode to U+FFFD, as before), then decoded; plain ASCII takes the cheaper one-byte decoder.
 */
export function readUtf8(abs: string): Utf8Read {
  let bytes: Buffer;
  let fd: number | undefined;
  try {
    fd = openSync(abs, 'r');
    bytes = readAll(fd);
  } catch (error) {
    const errorCode = (error as NodeJS.ErrnoException).code ?? 'error';
    return { errorCode, fix: errorCode === 'EACCES' ? 'make it readable (chmod u+r)' : 'check the file' };
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
  const text = isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
  const invalidUtf8 = !isUtf8(bytes);
  // A file far larger than a roadmap should not keep its buffer alive for the rest of the run.
  if (shared.length > 16 * DEFAULT_SIZE) shared = Buffer.allocUnsafe(DEFAULT_SIZE);
  return { text, invalidUtf8 };
}

/** Reads a text file, refusing binary and non-UTF-8 content with a reason. */
export function readTextFile(abs: string, shown: string): { text: string } | { problem: ReadProblem } {
  const read = readUtf8(abs);
  if ('errorCode' in read) {
    return { problem: { file: shown, message: `cannot be read (${read.errorCode})`, fix: read.fix } };
  }
  const { text } = read;
  if (text.includes('\u0000')) {
    return {
      problem: {
        file: shown,
        message: 'is binary (contains NUL bytes)',
        fix: 'replace it with a markdown text file',
      },
    };
  }
  if (read.invalidUtf8) {
    return { problem: { file: shown, message: 'is not valid UTF-8', fix: 're-save it as UTF-8' } };
  }
  return { text };
}
