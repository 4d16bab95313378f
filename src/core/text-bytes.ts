import { isUtf8 } from 'node:buffer';

/** Why bytes are not a text file a roadmap can be (binary, not UTF-8), and what to do. */
export interface TextBytesProblem {
  message: string;
  fix: string;
}

/**
 * Checks that bytes read as markdown text: no NUL byte, valid UTF-8. `view` is the bytes as
 * Latin-1 (one character a byte), whose own string search finds a NUL faster than the buffer's.
 * Shared by the file reader and the history reader, so a file and a blob fail alike.
 */
export function textBytesProblem(bytes: Buffer, view: string): TextBytesProblem | null {
  if (view.indexOf('\0') !== -1) {
    return { message: 'is binary (contains NUL bytes)', fix: 'replace it with a markdown text file' };
  }
  if (!isUtf8(bytes)) return { message: 'is not valid UTF-8', fix: 're-save it as UTF-8' };
  return null;
}
