import { spawnSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIN, ensureBuilt, ROOT } from '../helpers/bin.js';
import { makeRepo } from '../helpers/repo.js';

function cli(cwd: string, args: string[], input?: string) {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, AGENT_CONFIG_HUMAN: undefined },
    ...(input === undefined ? { stdio: ['ignore', 'pipe', 'pipe'] } : { input }),
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

beforeAll(ensureBuilt);

describe('agent-config verdict (built binary)', () => {
  it('documents its flags in --help', () => {
    expect(cli(ROOT, ['verdict', 'check', '--help']).stdout).toContain('--json');
    const record = cli(ROOT, ['verdict', 'record', '--help']).stdout;
    for (const flag of ['--reviewer', '--json', '--root']) expect(record).toContain(flag);
    expect(cli(ROOT, ['stage', '--help']).stdout).toContain('--input');
  });

  it('checks a verdict piped on stdin: 0 valid, 1 invalid, one JSON document', () => {
    const ok = cli(ROOT, ['verdict', 'check', '--json'], '{"risk":"medium","decision":"deny"}');
    expect([ok.code, JSON.parse(ok.stdout).verdict]).toEqual([
      0,
      { risk: 'medium', authorization: 'unknown', decision: 'deny' },
    ]);
    const dup = cli(
      ROOT,
      ['verdict', 'check', '-'],
      '{"risk":"low","authorization":"low","outcome":"ask","reason":"r","outcome":"allow"}',
    );
    expect([dup.code, dup.stdout.split(':')[0], dup.stderr]).toEqual([1, 'verdict-duplicate-key', '']);
    const missing = cli(ROOT, ['verdict', 'check', 'no-such-verdict.json']);
    expect([missing.code, missing.stdout]).toEqual([2, '']);
    expect(missing.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('stage → deny → claim refused with the reviewer’s reason; ask shows in gates --pending; allow still needs a person', () => {
    const dir = makeRepo({ 'agents/README.md': 'agents\n' });
    const stage = (object: string) =>
      cli(
        dir,
        ['stage', '--input', '-'],
        JSON.stringify({ action: 'delete-branch', object, source: 'agent:e2e' }),
      );
    const denied = stage('feature/deny').stdout.trim();
    const asked = stage('feature/ask').stdout.trim();
    const allowed = stage('feature/allow').stdout.trim();
    const deny = cli(
      dir,
      ['verdict', 'record', denied, '-', '--reviewer', 'gpt'],
      JSON.stringify({
        risk: 'high',
        authorization: 'low',
        outcome: 'deny',
        reason: 'the branch has unmerged work',
      }),
    );
    expect(deny.code).toBe(0);
    const claim = cli(dir, ['claim', denied]);
    expect(claim.code).toBe(1);
    expect(claim.stdout).toContain('declined');
    expect(claim.stdout).toContain('the branch has unmerged work');
    expect(claim.stdout).toContain('reviewer:gpt');
    const ask = cli(
      dir,
      ['verdict', 'record', asked, '--reviewer', 'gpt'],
      JSON.stringify({
        risk: 'medium',
        authorization: 'unknown',
        outcome: 'ask',
        reason: 'who still uses it?',
      }),
    );
    expect(ask.code).toBe(0);
    const allow = cli(
      dir,
      ['verdict', 'record', allowed, '--reviewer', 'gpt'],
      JSON.stringify({
        risk: 'low',
        authorization: 'high',
        outcome: 'allow',
      }),
    );
    expect(allow.code).toBe(0);
    const pending = cli(dir, ['gates', '--pending', '--json']);
    const rows = JSON.parse(pending.stdout).staged as Array<{
      token: string;
      verdict?: { decision: string; reason: string | null };
    }>;
    expect(rows.find((r) => r.token === asked)?.verdict).toMatchObject({
      decision: 'ask',
      reason: 'who still uses it?',
    });
    expect(rows.find((r) => r.token === allowed)?.verdict).toMatchObject({ decision: 'allow', reason: null });
    expect(cli(dir, ['claim', allowed]).stdout.split(':')[0]).toBe('not-confirmed');
    expect(cli(dir, ['evidence', 'verify']).code).toBe(0);
  });
});
