import { closeSync, constants, fstatSync, openSync, readSync, type Stats, statSync } from 'node:fs';

// Reading a file the agent can replace must never wait: `open` of a named pipe blocks until a
// writer comes, `read` of one until it writes, and a device may never end. So the guard's own
// state (the ledger, its lock and head, the stage store) is opened with O_NONBLOCK, which
// makes the open of a pipe return at once, and used only when `fstat` of the open descriptor
// says it is a regular file. Regular files ignore O_NONBLOCK. Windows has no such flag and no
// such files: there it is 0.
const NONBLOCK = constants.O_NONBLOCK ?? 0;

/** The code of the error a non-regular file gives (with `kind` naming what it is). */
export const NOT_A_FILE = 'ENOTREGULAR';

/** A named pipe, a folder, a socket or a device: what a regular file's name holds instead. */
function kindOf(stats: Stats): string {
  if (stats.isFIFO()) return 'a named pipe';
  if (stats.isDirectory()) return 'a folder';
  if (stats.isSocket()) return 'a socket';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device';
  return 'not a regular file';
}

function notAFile(stats: Stats): NodeJS.ErrnoException {
  const kind = kindOf(stats);
  return Object.assign(new Error(`is ${kind}, not a regular file`), { code: NOT_A_FILE, kind });
}

/**
 * Opens `abs` (a symbolic link followed) only when it is a regular file, never waiting: a name
 * that holds anything else throws an error with code `NOT_A_FILE` before or right after the
 * open, whatever swapped in between. `flags` are `node:fs` constants (O_RDONLY by default).
 */
export function openRegular(abs: string, flags: number = constants.O_RDONLY, mode?: number): number {
  // The stat first: a device is never opened at all (opening some has effects).
  let before: Stats | undefined;
  try {
    before = statSync(abs);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || (flags & constants.O_CREAT) === 0) throw error;
  }
  if (before !== undefined && !before.isFile()) throw notAFile(before);
  const fd = openSync(abs, flags | NONBLOCK, mode);
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) throw notAFile(stats);
  } catch (error) {
    closeSync(fd);
    throw error;
  }
  return fd;
}

/**
 * The bytes of a regular file, read without ever blocking (see `openRegular`); throws as
 * `node:fs` does (`ENOENT`, `EACCES`, …) or with code `NOT_A_FILE` for anything else.
 */
export function readRegularFile(abs: string): Buffer {
  const fd = openRegular(abs);
  try {
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.max(64 * 1024, fstatSync(fd).size - total + 1));
      const n = readSync(fd, chunk, 0, chunk.length, null);
      if (n === 0) break;
      chunks.push(chunk.subarray(0, n));
      total += n;
    }
    return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, total);
  } finally {
    closeSync(fd);
  }
}

/** The `kind` of a `NOT_A_FILE` error (`a named pipe`, …), else null. */
export function notRegularKind(error: unknown): string | null {
  const e = error as NodeJS.ErrnoException & { kind?: string };
  return e?.code === NOT_A_FILE ? (e.kind ?? 'not a regular file') : null;
}
