import { lstatSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { nodeCrypto } from '../core/crypto.js';
import { InputError } from '../core/errors.js';

// The temporary sibling a write goes through: `.<target>.<12 hex>.tmp`.
const TEMP_NAME = /^\.(.+)\.[0-9a-f]{12}\.tmp$/;

/**
 * The target a leftover temporary file of `writeFileAtomic` was written for, or null when the
 * name is not one of ours (a run killed between write and rename leaves one behind).
 */
export function atomicTempTarget(name: string): string | null {
  return TEMP_NAME.exec(name)?.[1] ?? null;
}

/**
 * Writes a file through a temporary sibling and a rename, so a reader (or a crash) never sees a
 * half-written file. Parent folders are created on demand; a device or a pipe is never replaced.
 */
export function writeFileAtomic(path: string, content: string | Uint8Array): void {
  // The rename would replace a device or a pipe with a plain file (`--out /dev/null`).
  const there = lstatSync(path, { throwIfNoEntry: false });
  if (there !== undefined && !there.isFile() && !there.isDirectory() && !there.isSymbolicLink()) {
    throw new InputError('is not a regular file', path, 'name a file to write, not a device or a pipe');
  }
  const dir = dirname(path);
  mkdirSync(dir, { recursive: true });
  const temp = join(dir, `.${basename(path)}.${nodeCrypto().randomBytes(6).toString('hex')}.tmp`);
  try {
    writeFileSync(temp, content);
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}
