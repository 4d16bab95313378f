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

// Issue 28 (gaps): git reads the aliases of the repository it runs in — `git -C other st`,
// `--git-dir`, `GIT_DIR=…`, `cd other && git st` — not those of the call's folder. The hook
// reads them where git would, one git process per distinct place.
describe('hook: aliases of the repository git runs in', () => {
  function twoRepos() {
    const dir = stagingRepo();
    git(dir, 'config', 'alias.st', 'log --oneline');
    git(dir, 'config', 'alias.lg', 'log --oneline');
    const other = join(dir, 'other');
    git(dir, 'init', '-q', 'other');
    git(other, 'config', 'alias.st', 'push -f');
    git(other, 'config', 'alias.lg', 'log --oneline');
    git(other, 'config', 'alias.yolo', '!git st origin main');
    return { dir, other };
  }

  it('holds an alias of the repository that -C, --git-dir, GIT_DIR or cd names', async () => {
    const { dir } = twoRepos();
    for (const command of [
      'git -C other st',
      'git -C ./other st origin main',
      `git -C ${join(dir, 'other')} st`,
      'git -C . -C other st',
      'git --git-dir=other/.git st',
      'git --git-dir other/.git st',
      'GIT_DIR=other/.git git st',
      'export GIT_DIR=other/.git; git st',
      'cd other && git st',
      'cd other; git yolo',
      'git -C other yolo',
      "bash -c 'cd other && git st'",
    ]) {
      const d = await decide(dir, command);
      expect([command, d.decision]).toEqual([command, 'deny']);
      expect([command, d.reason]).toEqual([command, expect.stringContaining('git-force-push')]);
    }
  });

  it("resolves -C and cd from the call's own folder", async () => {
    const { dir, other } = twoRepos();
    // From inside `other`, `git st` is its own alias; `git -C .. st` is the outer one's.
    expect((await decide(dir, 'git st', other)).decision).toBe('deny');
    expect((await decide(dir, 'git -C .. st', other)).decision).toBe('none');
    expect((await decide(dir, 'cd .. && git st', other)).decision).toBe('none');
  });

  it('holds the line as unreadable when the text cannot say which repository git reads', async () => {
    const { dir } = twoRepos();
    for (const command of [
      'git -C "$X" st',
      'cd "$X" && git st',
      'GIT_DIR=$D git st',
      'git -C other-$N st',
      'git -C missing st',
    ]) {
      const d = await decide(dir, command);
      expect([command, d.decision]).toEqual([command, 'deny']);
      expect([command, d.reason]).toEqual([command, expect.stringContaining('unreadable-command')]);
    }
  });

  it('keeps everyday commands free wherever they run', async () => {
    const { dir } = twoRepos();
    for (const command of [
      'git st',
      'git -C other status',
      'git -C other lg',
      'git -C "$X" status',
      'cd "$X" && git log',
      'cd other && git lg',
      // --work-tree does not move the repository: git reads the call folder's aliases.
      'git --work-tree=other st',
    ]) {
      expect([command, (await decide(dir, command)).decision]).toEqual([command, 'none']);
    }
  });
});

// Issue 28 (gaps): `git config alias.*` and `core.hooksPath` writes are held; an alias of git's
// configuration that stands for `config` (or a `!` alias that runs it) must not slip past.
describe('hook: the own-files watch reads git aliases', () => {
  it('holds a configuration write through an alias, `!` aliases included', async () => {
    const dir = stagingRepo();
    git(dir, 'config', 'alias.cfg', 'config');
    git(dir, 'config', 'alias.scfg', '!git config');
    git(dir, 'config', 'alias.setx', '!f() { git config alias.x "push -f"; }; f');
    const other = join(dir, 'other');
    git(dir, 'init', '-q', 'other');
    git(other, 'config', 'alias.conf', 'config');
    for (const command of [
      'git cfg alias.x "push -f"',
      'git cfg core.hooksPath /tmp/h',
      'git CFG --add alias.x log',
      'git scfg alias.x "push -f"',
      'git scfg core.hooksPath /tmp/h',
      'git setx',
      'git -C other conf alias.x "push -f"',
      'cd other && git conf core.hooksPath /tmp/h',
    ]) {
      const d = await decide(dir, command);
      expect([command, d.decision]).toEqual([command, 'deny']);
      expect([command, d.reason]).toEqual([command, expect.stringMatching(/alias\.x|core\.hookspath/i)]);
    }
    for (const command of ['git cfg --get alias.cfg', 'git cfg user.name', 'git cfg -l', 'git scfg --list']) {
      expect([command, (await decide(dir, command)).decision]).toEqual([command, 'none']);
    }
  });
});
