import { spawnSync } from 'node:child_process';
import { closeSync, constants, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NOT_A_FILE, notRegularKind, openRegular, readRegularFile } from '../../../src/repo/read-regular.js';
import { tempDir } from '../../helpers/repo.js';

function fifo(path: string): string {
  expect(spawnSync('mkfifo', [path]).status).toBe(0);
  return path;
}

/** What reading `path` threw: its code and kind. */
function refusal(read: () => unknown): { code?: string; kind: string | null } {
  try {
    read();
  } catch (error) {
    return { code: (error as NodeJS.ErrnoException).code, kind: notRegularKind(error) };
  }
  throw new Error('expected a refusal');
}

describe('readRegularFile', () => {
  it('reads a regular file, an empty one and one larger than its first read', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'a'), 'text\n');
    writeFileSync(join(dir, 'empty'), '');
    const big = Buffer.alloc(200_000, 0x61);
    writeFileSync(join(dir, 'big'), big);
    expect(readRegularFile(join(dir, 'a')).toString()).toBe('text\n');
    expect(readRegularFile(join(dir, 'empty')).length).toBe(0);
    expect(readRegularFile(join(dir, 'big')).equals(big)).toBe(true);
  });

  it('refuses a named pipe at once, where readFileSync would wait for a writer forever', () => {
    const dir = tempDir();
    const pipe = fifo(join(dir, 'pipe'));
    expect(refusal(() => readRegularFile(pipe))).toEqual({ code: NOT_A_FILE, kind: 'a named pipe' });
    // Through a link too: the target is what counts.
    symlinkSync(pipe, join(dir, 'link'));
    expect(refusal(() => readRegularFile(join(dir, 'link')))).toMatchObject({ kind: 'a named pipe' });
  });

  it('refuses a folder and a device, and passes ENOENT through as node:fs has it', () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'sub'));
    expect(refusal(() => readRegularFile(join(dir, 'sub')))).toMatchObject({ kind: 'a folder' });
    expect(refusal(() => readRegularFile('/dev/zero'))).toMatchObject({ kind: 'a device' });
    expect(refusal(() => readRegularFile(join(dir, 'none')))).toEqual({ code: 'ENOENT', kind: null });
  });

  it('opens for appending, creating a missing file, and never a named pipe', () => {
    const dir = tempDir();
    const flags = constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT;
    closeSync(openRegular(join(dir, 'new'), flags, 0o666));
    expect(readFileSync(join(dir, 'new'), 'utf8')).toBe('');
    const pipe = fifo(join(dir, 'pipe'));
    expect(refusal(() => openRegular(pipe, flags, 0o666))).toMatchObject({ kind: 'a named pipe' });
  });
});
