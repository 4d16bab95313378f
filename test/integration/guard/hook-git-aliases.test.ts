import { execFileSync } from 'node:child_process';
import { appendFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, stagingRepo } from '../staging/harness.js';
import { claudeInput } from './claude-input.js';

// Issue 28: an alias in the repository's git configuration turns `git st` into `git push -f`.
// The hook reads the aliases (one `git config --get-regexp`) when a git subcommand is not one of
// git's own commands, and classifies the line with them.

async function decide(dir: string, command: string, cwd = dir) {
  const r = await cli(dir, ['hook', 'claude-code'], {
    overrides: { readStdin: () => claudeInput(command, cwd) },
  });
  expect(r.code).toBe(0);
  if (r.stdout === '') return { decision: 'none', reason: '' };
  const out = JSON.parse(r.stdout).hookSpecificOutput;
  return { decision: out.permissionDecision as string, reason: out.permissionDecisionReason as string };
}

const git = (dir: string, ...args: string[]) => execFileSync('git', args, { cwd: dir, stdio: 'pipe' });

describe("hook: aliases of the repository's git configuration", () => {
  it('holds an alias of .git/config, of an included file and a `!` alias as what they run', async () => {
    const dir = stagingRepo();
    // The person's configuration, set before the agent's session (the agent cannot write it).
    git(dir, 'config', 'alias.st', 'push -f');
    git(dir, 'config', 'alias.yolo', '!git push --force origin main');
    writeFileSync(
      join(dir, '.git', 'more.gitconfig'),
      '[alias]\n\tship = push --mirror\n\tlg = log --oneline\n',
    );
    appendFileSync(join(dir, '.git', 'config'), '[include]\n\tpath = more.gitconfig\n');
    for (const command of [
      'git st origin main',
      'git yolo',
      'git ship',
      'cd . && git ST',
      "bash -c 'git st'",
    ]) {
      const d = await decide(dir, command);
      expect([command, d.decision]).toEqual([command, 'deny']);
      expect(d.reason).toContain('git-force-push');
    }
    // An alias that only reads, a word that is no alias, and git's own command stay free.
    for (const command of ['git lg', 'git nothing-here', 'git status']) {
      expect([command, (await decide(dir, command)).decision]).toEqual([command, 'none']);
    }
  });

  it('ignores an alias that shadows one of git’s own commands, as git does', async () => {
    const dir = stagingRepo();
    git(dir, 'config', 'alias.status', 'push -f');
    expect((await decide(dir, 'git status')).decision).toBe('none');
  });

  it('holds the line as unreadable when git cannot read its configuration', async () => {
    const dir = stagingRepo();
    appendFileSync(join(dir, '.git', 'config'), '[broken\n');
    const d = await decide(dir, 'git st origin main');
    expect(d.decision).toBe('deny');
    expect(d.reason).toContain('unreadable-command');
    // The same repository, a subcommand of git's own: no configuration is read, no opinion.
    expect((await decide(dir, 'git log')).decision).toBe('none');
  });
});
