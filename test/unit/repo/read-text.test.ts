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
  it('calls a file with NUL bytes binary before asking whether it is UTF-8, wherever the NUL is', () => {
    // A typical binary file is invalid UTF-8 too; the NUL is what names it.
    writeFileSync(join(dir, 'both.md'), Buffer.from([0xe9, 0x00, 0x0a]));
    // Past the first 64 KB the shared buffer has grown: the test sees the whole file.
    writeFileSync(
      join(dir, 'late.md'),
      Buffer.concat([Buffer.alloc(70_000, 0x61), Buffer.from([0x00, 0x0a])]),
    );
    for (const name of ['both.md', 'late.md']) {
      expect(readTextFile(join(dir, name), name), name).toEqual({
        problem: {
          file: name,
          message: 'is binary (contains NUL bytes)',
          fix: 'replace it with a markdown text file',
        },
      });
    }
  });
  it('turns a read error into a problem naming the file and the error code (root can read mode 000, so a folder stands in)', () => {
    mkdirSync(join(dir, 'folder.md'));
    expect(readTextFile(join(dir, 'folder.md'), 'folder.md')).toEqual({
      problem: { file: 'folder.md', message: 'cannot be read (EISDIR)', fix: 'name a file, not a folder' },
    });
    expect(readTextFile(join(dir, 'missing.md'), 'missing.md')).toMatchObject({
      problem: { message: 'cannot be read (ENOENT)', fix: 'check the path' },
    });
  });
  it('reads files of every size through the shared buffer, one after another, byte for byte', () => {
    // Empty, tiny, exactly the buffer's size, larger (the buffer grows), far larger (it is
    // let go afterwards), then small again: each read must return only its own file.
    const sizes = [0, 1, 65536, 65537, 200_000, 3_000_000, 5];
    sizes.forEach((size, i) => {
      const text = 'é—x'.repeat(Math.ceil(size / 3)).slice(0, size);
      writeFileSync(join(dir, `s${i}.md`), text);
    });
    sizes.forEach((size, i) => {
      const text = 'é—x'.repeat(Math.ceil(size / 3)).slice(0, size);
      expect(readTextFile(join(dir, `s${i}.md`), `s${i}.md`)).toEqual({ text });
    });
    writeFileSync(join(dir, 'ascii.md'), 'plain ASCII\n');
    expect(readTextFile(join(dir, 'ascii.md'), 'ascii.md')).toEqual({ text: 'plain ASCII\n' });
  });
  it('with a byte test: skips a file that fails it undecoded, still reports an unreadable one', () => {
    writeFileSync(join(dir, 'plain.md'), '# Plain — nothing waits\n');
    writeFileSync(join(dir, 'held.md'), '# Held — über\n\n## Blockers\n');
    const select = (view: string) => /blockers/i.test(view);
    expect(readTextFile(join(dir, 'plain.md'), 'plain.md', select)).toEqual({ skipped: true });
    expect(readTextFile(join(dir, 'held.md'), 'held.md', select)).toEqual({
      text: '# Held — über\n\n## Blockers\n',
    });
    // The test sees the bytes as Latin-1: two or three characters for each non-ASCII one.
    const seen: string[] = [];
    readTextFile(join(dir, 'held.md'), 'held.md', (view) => seen.push(view) > 0);
    expect(seen[0]).toBe(Buffer.from('# Held — über\n\n## Blockers\n').toString('latin1'));
    expect(readTextFile(join(dir, 'nul.md'), 'nul.md', () => false)).toMatchObject({
      problem: { message: 'is binary (contains NUL bytes)' },
    });
  });
});
