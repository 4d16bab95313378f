import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, ROOT, runBin } from '../helpers/bin.js';
import { makeRepo, tempDir } from '../helpers/repo.js';

const cli = (cwd: string, ...args: string[]) => runBin(cwd, args);

beforeAll(ensureBuilt);

describe('the built binary', () => {
  it('prints its version and help on stdout with exit 0', () => {
    const version = cli(ROOT, '--version');
    expect(version.code).toBe(0);
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
    const help = cli(ROOT, '--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: agent-config');
    expect(help.stdout).toContain('progress');
    expect(help.stderr).toBe('');
    const sub = cli(ROOT, 'progress', '--help');
    expect(sub.code).toBe(0);
    expect(sub.stdout).toContain('--check');
  });

  it('a usage error on a nested verb is one sanitized line naming the command and the fix (exit 2)', () => {
    const dir = makeRepo({ 'agents/README.md': 'x\n' });
    const typo = cli(dir, 'verdict', 'check', '--jsn');
    expect(typo).toEqual({
      code: 2,
      stdout: '',
      stderr: "agent-config verdict check: unknown option '--jsn' — did you mean --json?\n",
    });
    const hostile = cli(dir, 'window', 'status', '--x\u001b[2J');
    expect(hostile).toEqual({
      code: 2,
      stdout: '',
      stderr:
        "agent-config window status: unknown option '--x\\x1B[2J' — see agent-config window status --help\n",
    });
  });

  it('puts results on stdout and problems on stderr, with exit codes 0, 1 and 2', () => {
    const dir = makeRepo({ 'agents/roadmaps/a.md': '# A\n## Phase 1\n- [ ] x\n' });
    const missing = cli(dir, 'progress', '--check');
    expect(missing.code).toBe(1);
    expect(missing.stdout).toBe('');
    expect(missing.stderr).toContain('agents/roadmaps-progress.md is missing');
    const write = cli(dir, 'progress');
    expect(write.code).toBe(0);
    expect(write.stdout).toContain('✅  Wrote agents/roadmaps-progress.md');
    const check = cli(dir, 'progress', '--check');
    expect(check).toEqual({
      code: 0,
      stdout: '✅  agents/roadmaps-progress.md is up to date.\n',
      stderr: '',
    });
    const bad = cli(tempDir(), 'progress', '--root', '/nonexistent/x');
    expect(bad.code).toBe(2);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).not.toContain('    at ');
  });

  it('passes progress --check on this repository', () => {
    expect(cli(ROOT, 'progress', '--check').code).toBe(0);
  });
});
