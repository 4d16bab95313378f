import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GIT_ENV } from '../helpers/repo.js';
import { cli, confirmOne, stagingRepo } from './staging/harness.js';

// Issue 26, item 6: whatever the tool writes under agents/runtime/ stays out of `git add -A` in
// a repository `init` never set up (no `/agents/runtime/` line in any .gitignore).

function git(dir: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd: dir, env: { ...process.env, ...GIT_ENV }, encoding: 'utf8' });
}

/** Every path `git add -A` stages. */
function addAll(dir: string): string[] {
  git(dir, 'add', '-A');
  return git(dir, 'diff', '--cached', '--name-only', '-z')
    .split('\0')
    .filter((p) => p !== '');
}

/** Every file below a folder, relative to it. */
function filesBelow(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(dir.length + 1))
    .sort();
}

const hookInput = (command: string, cwd: string) =>
  JSON.stringify({
    session_id: 's1',
    transcript_path: '/tmp/t.jsonl',
    cwd,
    permission_mode: 'default',
    hook_event_name: 'PreToolUse',
    tool_name: 'Bash',
    tool_input: { command, description: 'run it' },
    tool_use_id: 'toolu_1',
  });

describe('agents/runtime/ ignores itself in a repository init never set up', () => {
  it('report, stage, the hook, confirm, claim and pending write there, and git add -A stages none of it', async () => {
    const dir = stagingRepo({ 'agents/roadmaps/a.md': '# A\n\n## Phase 1: One\n\n- [ ] a\n' });
    expect(existsSync(join(dir, '.gitignore'))).toBe(false);

    expect((await cli(dir, ['report'])).code).toBe(0);
    expect(existsSync(join(dir, 'agents/runtime/report.html'))).toBe(true);
    expect(addAll(dir).filter((p) => p.startsWith('agents/runtime/'))).toEqual([]);

    const staged = await cli(dir, [
      'stage',
      '--action',
      'delete-branch',
      '--object',
      'old',
      '--source',
      'agent:t',
    ]);
    expect(staged.code).toBe(0);
    const token = staged.stdout.trim();
    const hooked = await cli(dir, ['hook', 'claude-code'], {
      overrides: { readStdin: () => hookInput('git push --force origin main', dir) },
    });
    expect(hooked.stdout).toContain('"deny"');
    expect((await confirmOne(dir, token)).code).toBe(0);
    expect((await cli(dir, ['claim', token])).code).toBe(0);
    expect((await cli(dir, ['pending'], { minutes: 24 * 60 })).code).toBe(0);
    expect((await cli(dir, ['report', '--out', join(dir, 'agents/runtime/deep/other.html')])).code).toBe(0);

    const written = filesBelow(join(dir, 'agents/runtime'));
    expect(written).toEqual(
      expect.arrayContaining([
        'report.html',
        'deep/other.html',
        'evidence/head.json',
        expect.stringMatching(/^staged-confirmations\/resolved\/[0-9a-f]{16}\.json$/),
      ]),
    );
    expect(readFileSync(join(dir, 'agents/runtime/.gitignore'), 'utf8')).toMatch(/^\*$/m);
    const added = addAll(dir);
    expect(added.filter((p) => p.startsWith('agents/runtime/'))).toEqual([]);
    // What is meant to be committed still is: the ledger the stages appended to.
    expect(added.some((p) => p.startsWith('agents/evidence/ledger/'))).toBe(true);
  });

  it('puts the ignore file back when the folder is there without it', async () => {
    const dir = stagingRepo();
    expect(
      (await cli(dir, ['stage', '--action', 'delete-branch', '--object', 'x', '--source', 'agent:t'])).code,
    ).toBe(0);
    rmSync(join(dir, 'agents/runtime/.gitignore'));
    rmSync(join(dir, 'agents/runtime/staged-confirmations/.gitignore'), { force: true });
    rmSync(join(dir, 'agents/runtime/evidence/.gitignore'), { force: true });
    expect((await cli(dir, ['report'])).code).toBe(0);
    expect(addAll(dir).filter((p) => p.startsWith('agents/runtime/'))).toEqual([]);
  });
});
