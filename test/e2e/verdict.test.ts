import { spawn, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
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

/** Runs the CLI with a real pipe on stdin whose writer starts late and writes `chunks` apart. */
function cliLateWriter(args: string[], chunks: Buffer[], lateMs: number) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.stdin.on('error', () => {}); // a reader that gave up closes the pipe early
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    const write = (i: number) => {
      if (i === chunks.length) return void child.stdin.end();
      child.stdin.write(chunks[i]!, () => setTimeout(() => write(i + 1), 20));
    };
    setTimeout(() => write(0), lateMs);
  });
}

describe('agent-config verdict check - reads stdin to its end (built binary)', () => {
  it('waits for a late writer that sends more than 64 KiB through a pipe', async () => {
    const verdict = Buffer.from(
      JSON.stringify({ risk: 'medium', decision: 'deny', reason: 'r'.repeat(1900) }),
    );
    const padding = Buffer.alloc(150 * 1024, ' ');
    const r = await cliLateWriter(
      ['verdict', 'check', '-', '--json'],
      [verdict.subarray(0, 10), verdict.subarray(10), padding.subarray(0, 70_000), padding.subarray(70_000)],
      400,
    );
    expect([r.code, r.stderr]).toEqual([0, '']);
    expect(JSON.parse(r.stdout).verdict).toMatchObject({ risk: 'medium', decision: 'deny' });
  });

  it('refuses bytes that are not UTF-8 on stdin exactly as from a file', async () => {
    const bytes = Buffer.concat([
      Buffer.from('{"risk":"medium","decision":"deny","reason":"'),
      Buffer.from([0xff, 0xfe]),
      Buffer.from('"}'),
    ]);
    const dir = makeRepo({});
    writeFileSync(join(dir, 'bad.json'), bytes);
    const file = spawnSync(process.execPath, [BIN, 'verdict', 'check', 'bad.json', '--json'], {
      cwd: dir,
      encoding: 'utf8',
    });
    const piped = spawnSync(process.execPath, [BIN, 'verdict', 'check', '-', '--json'], {
      cwd: dir,
      input: bytes,
      encoding: 'utf8',
    });
    const late = await cliLateWriter(['verdict', 'check', '--json'], [bytes], 100);
    const runs = [file, piped].map((r) => ({ code: r.status, stdout: r.stdout })).concat(late);
    for (const r of runs) expect([r.code, JSON.parse(r.stdout).code]).toEqual([1, 'verdict-not-utf8']);
  });
});

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
