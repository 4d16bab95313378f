import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ANCHOR_NOTE, anchoredKeywords } from '../../../src/repo/anchor-note.js';
import { clonedRepo, git, tempDir, writeFiles } from '../../helpers/repo.js';
import { cli } from '../staging/harness.js';
import { claudeInput } from './claude-input.js';

// The fast path's view of the committed rules: the note the full decision leaves, trusted only
// while HEAD and the base still name the commits it was written for (read from git's files).

const DEPLOY_RULE =
  'guard:\n  rules:\n    - action: deploy-production\n      command: [./deploy.sh, production]\n';

async function fullDecision(dir: string): Promise<void> {
  const input = claudeInput('ls', dir);
  const r = await cli(dir, ['hook', 'claude-code'], { overrides: { readStdin: () => input } });
  expect([r.code, r.stdout]).toEqual([0, '']);
}

const cloned = (files: Record<string, string>) =>
  clonedRepo({ 'agents/README.md': 'agents\n', ...files }).dir;

describe('anchoredKeywords (the fast path)', () => {
  it('is empty outside git: no committed version exists', () => {
    const dir = tempDir();
    writeFiles(dir, { 'agents/README.md': 'x\n' });
    expect(anchoredKeywords(dir, {})).toEqual([]);
  });

  it('leaves the call to the full decision until a note for these commits exists', async () => {
    const dir = cloned({ 'agent-config.yaml': DEPLOY_RULE });
    writeFileSync(join(dir, 'agent-config.yaml'), '');
    expect(anchoredKeywords(dir, {})).toBeNull();
    await fullDecision(dir);
    expect(anchoredKeywords(dir, {})).toEqual(['deploy.sh', 'production']);
    // A new commit: the note speaks of another HEAD.
    git(dir, 'commit', '-q', '--allow-empty', '-m', 'next');
    expect(anchoredKeywords(dir, {})).toBeNull();
    await fullDecision(dir);
    expect(anchoredKeywords(dir, {})).toEqual(['deploy.sh', 'production']);
  });

  it('follows packed refs, a detached HEAD and a linked worktree as git does', async () => {
    const dir = cloned({ 'agent-config.yaml': DEPLOY_RULE });
    git(dir, 'pack-refs', '--all', '--prune');
    await fullDecision(dir);
    expect(anchoredKeywords(dir, {})).toEqual(['deploy.sh', 'production']);
    git(dir, 'checkout', '-q', '--detach');
    expect(anchoredKeywords(dir, {})).toEqual(['deploy.sh', 'production']);
    const linked = join(tempDir(), 'linked');
    git(dir, 'worktree', 'add', '-q', '-b', 'side', linked);
    git(linked, 'commit', '-q', '--allow-empty', '-m', 'side');
    expect(anchoredKeywords(linked, {})).toBeNull();
    await fullDecision(linked);
    expect(anchoredKeywords(linked, {})).toEqual(['deploy.sh', 'production']);
  });

  it('steps aside when git is pointed elsewhere, or when the base moves', async () => {
    const dir = cloned({});
    await fullDecision(dir);
    expect(anchoredKeywords(dir, {})).toEqual([]);
    expect(anchoredKeywords(dir, { GIT_DIR: join(dir, '.git') })).toBeNull();
    git(dir, 'commit', '-q', '--allow-empty', '-m', 'next');
    git(dir, 'push', '-q', 'origin', 'main');
    expect(anchoredKeywords(dir, {})).toBeNull();
  });

  it('never waits on a named pipe in the note’s place, and reads a damaged note as none', async () => {
    const dir = cloned({});
    await fullDecision(dir);
    const note = join(dir, ANCHOR_NOTE);
    writeFileSync(note, '{"head": 1}');
    expect(anchoredKeywords(dir, {})).toBeNull();
    rmSync(note);
    execFileSync('mkfifo', [note]);
    const started = Date.now();
    expect(anchoredKeywords(dir, {})).toBeNull();
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
