import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { InputError } from '../core/errors.js';
import { readUtf8 } from './read-text.js';

/** The text of a file `init` may add to, or null when there is none. */
export function readOptionalText(abs: string, shown: string): string | null {
  const read = readUtf8(abs);
  if (!('errorCode' in read)) return read.text;
  if (read.errorCode === 'ENOENT') return null;
  throw new InputError(`cannot be read (${read.errorCode})`, shown, read.fix);
}

/** Writes a new file, never over an existing one (`wx`: it fails if the file appeared meanwhile). */
export function createNewFile(abs: string, content: string): void {
  mkdirSync(dirname(abs), { recursive: true });
  writeFileSync(abs, content, { flag: 'wx' });
}

/** Adds text to the end of an existing file. */
export function appendText(abs: string, content: string): void {
  appendFileSync(abs, content);
}
