import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readTextFile } from '../../../src/repo/read-text.js';
import { tempDir } from '../../helpers/repo.js';

describe('readTextFile', () => {
  const dir = tempDir();
  it('reads UTF-8 text, a real U+FFFD included', () => {
    writeFileSync(join(dir, 'ok.md'), '# ok \uFFFD\n');
    expect(readTextFile(join(dir, 'ok.md'), 'ok.md')).toEqual({ text: '# ok \uFFFD\n' });
  });
  it('refuses invalid UTF-8 and NUL bytes with the fix', () => {
    writeFileSync(join(dir, 'latin1.md'), Buffer.from([0xe9, 0x0a]));
    writeFileSync(join(dir, 'nul.md'), Buffer.from([0x61, 0x00]));
    expect(readTextFile(join(dir, 'latin1.md'), 'latin1.md')).toEqual({
      problem: { file: 'latin1.md', message: 'is not valid UTF-8', fix: 're-save it as UTF-8' },
    });
    expect(readTextFile(join(dir, 'nul.md'), 'nul.md')).toMatchObject({
      problem: { message: 'is binary (contains NUL bytes)' },
    });
  });
  it('turns a read error into a problem naming the file and the error code (root can read mode 000, so a folder stands in)', () => {
    mkdirSync(join(dir, 'folder.md'));
    expect(readTextFile(join(dir, 'folder.md'), 'folder.md')).toEqual({
      problem: { file: 'folder.md', message: 'cannot be read (EISDIR)', fix: 'check the file' },
    });
    expect(readTextFile(join(dir, 'missing.md'), 'missing.md')).toMatchObject({
      problem: { message: 'cannot be read (ENOENT)' },
    });
  });
});
