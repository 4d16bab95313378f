import { chmodSync, existsSync, renameSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { RepoStateError } from '../core/errors.js';
import { writeFileAtomic } from './atomic-write.js';
import { readUtf8 } from './read-text.js';

/** The text of a hook file, or null when there is none. */
export function readHook(path: string): string | null {
  const read = readUtf8(path);
  if (!('errorCode' in read)) return read.text;
  if (read.errorCode === 'ENOENT') return null;
  throw new RepoStateError(`cannot be read (${read.errorCode})`, path, read.fix);
}

/** Moves a hook aside to `<path>.backup` and returns that path. */
export function backUpHook(path: string): string {
  const backup = `${path}.backup`;
  renameSync(path, backup);
  return backup;
}

/** Writes an executable hook atomically. */
export function writeHook(path: string, script: string): void {
  writeFileAtomic(path, script);
  chmodSync(path, 0o755);
}

/** The built CLI this code runs from (`dist/bin.js`), or null when running from source. */
export function runningCli(): string | null {
  for (const candidate of ['../bin.js', './bin.js']) {
    const path = fileURLToPath(new URL(candidate, import.meta.url));
    if (path.endsWith('bin.js') && existsSync(path)) return path;
  }
  return null;
}
