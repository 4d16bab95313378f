import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GitCommandError } from '../../src/core/errors.js';
import { createGit } from '../../src/git/git-cli-adapter.js';
import { readAnchoredConfig } from '../../src/repo/anchored-config.js';
import { git, makeRepo, tempDir } from '../helpers/repo.js';

describe('GitPort.readObjects', () => {
  it('reads names in order in one process: commits, files at a path, and null for what names nothing', async () => {
    const dir = makeRepo({ 'a.txt': 'one\n', 'sub/b.txt': 'two\n' });
    const head = git(dir, 'rev-parse', 'HEAD').trim();
    const port = createGit(join(dir, 'sub'));
    const read = await port.readObjects([
      'HEAD',
      'HEAD:./b.txt',
      'HEAD:a.txt',
      'HEAD:./nope',
      'x\nHEAD',
      'HEAD:./',
    ]);
    expect(read.map((o) => o && [o.type, o.bytes.toString()])).toEqual([
      ['commit', expect.stringContaining('initial')],
      ['blob', 'two\n'],
      ['blob', 'one\n'],
      null,
      null,
      ['tree', expect.any(String)],
    ]);
    expect(read[0]!.oid).toBe(head);
  });

  it('rejects with a GitCommandError outside a repository, however much it had to write (no EPIPE crash)', async () => {
    const dir = tempDir();
    const names = Array.from({ length: 50_000 }, (_, i) => `HEAD:./file-${i}.txt`);
    for (let i = 0; i < 5; i++)
      await expect(createGit(dir).readObjects(names)).rejects.toBeInstanceOf(GitCommandError);
  });
});

describe('readAnchoredConfig', () => {
  it('reads the working copy, HEAD and no base in a repository without a remote', async () => {
    const dir = makeRepo({ 'agent-config.yaml': 'guard:\n  disable: [gh-pr-merge]\n' });
    writeFileSync(join(dir, 'agent-config.yaml'), 'guard:\n  never: [git-clean]\n');
    const a = await readAnchoredConfig(dir, createGit(dir));
    expect(a.versions.map((v) => [v.source, v.state])).toEqual([
      ['working-copy', 'valid'],
      ['HEAD', 'valid'],
    ]);
    expect(a.head).toBe(git(dir, 'rev-parse', 'HEAD').trim());
    expect(a.base).toBeNull();
    expect(a.config.guard).toEqual({ disable: [], never: ['git-clean'], rules: [] });
  });

  it('reads a folder at HEAD in the file’s place as invalid, and says so', async () => {
    const dir = makeRepo({ 'agent-config.yaml/x': 'x\n' });
    mkdirSync(join(dir, 'other'));
    const a = await readAnchoredConfig(join(dir, 'other'), createGit(join(dir, 'other')));
    expect(a.versions.map((v) => v.state)).toEqual(['absent', 'absent']);
    const top = await readAnchoredConfig(dir, createGit(dir));
    expect(top.problems).toEqual(expect.arrayContaining(['HEAD:agent-config.yaml: is not a file']));
  });
});
