import { execFileSync } from 'node:child_process';
import { closeSync, constants, mkdirSync, openSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { answerChecks } from '../../../src/commands/guard/hook-checks.js';
import { classifyCommand } from '../../../src/guard/classify.js';
import { rulesFor } from '../../../src/guard/rules.js';
import { makeContext } from '../../helpers/context.js';
import { tempDir } from '../../helpers/repo.js';
import { cli, readRecord, stagingRepo } from '../staging/harness.js';
import { claudeInput } from './claude-input.js';

/** A repository with tracked sources, ignored build output that exists, and a home folder around it. */
function project(): { dir: string; home: string } {
  const home = tempDir('agent-config-home-');
  const dir = stagingRepo({ 'src/a.ts': 'a\n', 'README.md': 'x\n', '.gitignore': 'node_modules/\ndist/\n' });
  for (const d of ['node_modules/x', 'dist/y']) mkdirSync(join(dir, d), { recursive: true });
  writeFileSync(join(dir, 'dist', 'y', 'out.js'), 'y\n');
  return { dir, home };
}

async function decide(dir: string, home: string, command: string, cwd = dir) {
  const r = await cli(dir, ['hook', 'claude-code'], {
    env: { HOME: home },
    overrides: { readStdin: () => claudeInput(command, cwd) },
  });
  if (r.stdout === '') return { decision: 'none', reason: '' };
  const out = JSON.parse(r.stdout).hookSpecificOutput;
  return { decision: out.permissionDecision as string, reason: out.permissionDecisionReason as string };
}

describe('hook: rm -r and checkout of a path, answered by the repository', () => {
  it('lets removing ignored build output through and holds removing tracked work', async () => {
    const { dir, home } = project();
    for (const free of [
      'rm -rf node_modules',
      'rm -rf dist',
      'rm -rf dist/*',
      'rm -rf node_modules dist',
      'cd src && rm -rf ../dist',
    ]) {
      expect([free, (await decide(dir, home, free)).decision]).toEqual([free, 'none']);
    }
    for (const held of ['rm -rf src', 'rm -r src/a.ts', 'rm -rf src/*', 'rm -rf node_modules src']) {
      const d = await decide(dir, home, held);
      expect([held, d.decision]).toEqual([held, 'deny']);
      expect(d.reason).toContain('rm-recursive');
    }
    // `*` may name agent-config.yaml too: refused outright as a write to the guard's own files.
    const all = await decide(dir, home, 'rm -rf *');
    expect([all.decision, all.reason]).toEqual(['deny', expect.stringContaining("the guard's own files")]);
    // From a subfolder the same paths resolve there: `.` is src, which holds tracked files.
    expect((await decide(dir, home, 'rm -rf .', join(dir, 'src'))).decision).toBe('deny');
    expect((await decide(dir, home, 'rm -rf ../node_modules', join(dir, 'src'))).decision).toBe('none');
  });

  it('holds the repository root, anything above it and the home folder, whatever git says', async () => {
    const { dir, home } = project();
    const outside = tempDir();
    symlinkSync(dir, join(outside, 'link'));
    for (const held of [
      'rm -rf .',
      'rm -rf ..',
      `rm -rf ${dir}`,
      `rm -rf ${home}`,
      'rm -rf ~',
      `rm -rf ${join(outside, 'link')}/`,
    ]) {
      expect([held, (await decide(dir, home, held)).decision]).toEqual([held, 'deny']);
    }
    expect((await decide(dir, home, `rm -rf ${join(outside, 'scratch')}`)).decision).toBe('none');
  });

  it('holds checking out a tracked path, not switching to a branch', async () => {
    const { dir, home } = project();
    execFileSync('git', ['branch', 'feature'], { cwd: dir });
    expect((await decide(dir, home, 'git checkout feature')).decision).toBe('none');
    const d = await decide(dir, home, 'git checkout README.md');
    expect(d.decision).toBe('deny');
    expect(d.reason).toContain('git-discard-changes');
  });

  it('stages the action the answer names, with the command as the object', async () => {
    const { dir, home } = project();
    const d = await decide(dir, home, 'rm -rf src');
    const token = /agent-config confirm ([0-9a-f]{16})/.exec(d.reason)![1]!;
    expect(readRecord(dir, 'pending', token)).toMatchObject({
      action: 'rm-recursive',
      object: 'in .: rm -rf src',
    });
  });

  it('holds when git cannot answer in time: a named pipe as the index blocks ls-files', async () => {
    const { dir } = project();
    const index = join(dir, '.git', 'index');
    rmSync(index);
    execFileSync('mkfifo', [index]);
    const ctx = makeContext(dir);
    const rules = rulesFor({ disable: [], never: [], rules: [] });
    const { checks } = classifyCommand('rm -rf node_modules', rules);
    const started = Date.now();
    try {
      expect(await answerChecks(ctx, dir, { command: 'rm -rf node_modules', cwd: dir }, checks, 300)).toEqual(
        ['rm-recursive'],
      );
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      // Let the blocked git read an empty index and end.
      closeSync(openSync(index, constants.O_WRONLY | constants.O_NONBLOCK));
    }
  });

  it('holds when there is no repository to ask', async () => {
    const rules = rulesFor({ disable: [], never: [], rules: [] });
    const { checks } = classifyCommand('rm -rf build', rules);
    const dir = tempDir();
    const ctx = makeContext(dir);
    expect(await answerChecks(ctx, dir, { command: 'rm -rf build', cwd: dir }, checks)).toEqual([
      'rm-recursive',
    ]);
    expect(await answerChecks(ctx, null, { command: 'rm -rf build', cwd: dir }, checks)).toEqual([
      'rm-recursive',
    ]);
  });
});
