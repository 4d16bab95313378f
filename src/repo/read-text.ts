import { isUtf8 } from 'node:buffer';
import { readFileSync } from 'node:fs';

/** A file that could not be read faithfully: the reason and what to do about it. */
export interface ReadProblem {
  file: string;
  message: string;
  fix: string;
}

/** Reads a text file, refusing binary and non-UTF-8 content with a reason. */
export function readTextFile(abs: string, shown: string): { text: string } | { problem: ReadProblem } {
  let text: string;
  try {
    // Node's UTF-8 fast path reads and decodes in one native call.
    text = readFileSync(abs, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    const fix = code === 'EACCES' ? 'make it readable (chmod u+r)' : 'check the file';
    return { problem: { file: shown, message: `cannot be read (${code})`, fix } };
  }
  if (text.includes('\u0000')) {
    return {
      problem: {
        file: shown,
        message: 'is binary (contains NUL bytes)',
        fix: 'replace it with a markdown text file',
      },
    };
  }
  // Invalid bytes decode to U+FFFD; only then is the byte-level check worth running, since a
  // file may also contain a real U+FFFD.
  if (text.includes('\uFFFD') && !isUtf8(readFileSync(abs))) {
    return { problem: { file: shown, message: 'is not valid UTF-8', fix: 're-save it as UTF-8' } };
  }
  return { text };
}
