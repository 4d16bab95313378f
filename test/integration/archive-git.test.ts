import { describe, expect, it } from 'vitest';
import { createGit } from '../../src/git/git-cli-adapter.js';
import { git, makeRepo, writeFiles } from '../helpers/repo.js';

describe('git port: grepFixed for many needles (one PCRE alternation)', () => {
  it('matches the needles literally, never as patterns', async () => {
    const needles = ['a.b', 'c+d', '(e)', '[f]', 'g|h', 'i\\j', 'k^l', 'm$n', 'o?p', 'q*r', '{s}'];
    const files: Record<string, string> = {};
    needles.forEach((n, i) => {
      files[`hit-${i}.txt`] = `x ${n} y\n`;
    });
    Object.assign(files, {
      'decoy-1.txt': 'axb cd e f g h ij kl mn op qr s\n',
      'decoy-2.txt': 'ccd (ee) gh\n',
    });
    const dir = makeRepo(files);
    const found = await createGit(dir).grepFixed(needles);
    expect(found.sort()).toEqual(needles.map((_, i) => `hit-${i}.txt`).sort());
  });

  it('falls back to fixed strings for non-ASCII needles, and finds untracked and binary files on request', async () => {
    const dir = makeRepo({ 'tracked.md': 'Straße plan\n' });
    writeFiles(dir, { 'untracked.md': 'Straße plan again\n' });
    const port = createGit(dir);
    const needles = ['Straße', ...Array.from({ length: 8 }, (_, i) => `none-${i}`)];
    expect(await port.grepFixed(needles)).toEqual(['tracked.md']);
    expect((await port.grepFixed(needles, { untracked: true })).sort()).toEqual([
      'tracked.md',
      'untracked.md',
    ]);
    writeFiles(dir, { 'blob.bin': 'bin\0Straße' });
    git(dir, 'add', 'blob.bin');
    expect(await port.grepFixed(['Straße'])).not.toContain('blob.bin');
    expect(await port.grepFixed(['Straße'], { binary: true })).toContain('blob.bin');
  });
});
