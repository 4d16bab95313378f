import { isUtf8 } from 'node:buffer';
import { readFileSync } from 'node:fs';

/** A file that could not be read faithfully: the reason and what to do about it. */
export interface ReadProblem {
  file: string;
  message: string;
  fix: string;
}

/** What reading a file as UTF-8 found: its text and whether its bytes were valid, or the error. */
export type Utf8Read = { text: string; invalidUtf8: boolean } | { errorCode: string; fix: string };

/**
 * Reads a file as UTF-8 in one native call. Invalid bytes decode to U+FFFD; only then is the
 * byte-level check worth running, since a file may also contain a real U+FFFD.
 */
export function readUtf8(abs: string): Utf8Read {
  let text: string;
  try {
    text = readFileSync(abs, 'utf8');
  } catch (error) {
    const errorCode = (error as NodeJS.ErrnoException).code ?? 'error';
    return { errorCode, fix: errorCode === 'EACCES' ? 'make it readable (chmod u+r)' : 'check the file' };
  }
  return { text, invalidUtf8: text.includes('\uFFFD') && !isUtf8(readFileSync(abs)) };
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
