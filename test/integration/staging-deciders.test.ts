import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildStage } from '../../src/staging/record.js';
import { applyTransition } from '../../src/staging/store.js';
import { deriveToken } from '../../src/staging/token.js';
import {
  cli,
  confirmOne,
  readRecord,
  STORE,
  snapshot,
  stageOne,
  stagingRepo,
  T0,
} from './staging/harness.js';

function edit(dir: string, folder: string, token: string, change: Record<string, unknown>): void {
  const path = join(dir, STORE, folder, `${token}.json`);
  writeFileSync(path, JSON.stringify({ ...JSON.parse(readFileSync(path, 'utf8')), ...change }, null, 2));
}

function move(dir: string, token: string, from: string, to: string): void {
  mkdirSync(join(dir, STORE, to), { recursive: true });
  renameSync(join(dir, STORE, from, `${token}.json`), join(dir, STORE, to, `${token}.json`));
}

const first = (r: { stdout: string; stderr: string }) =>
  (r.stdout || r.stderr).replace(/^agent-config \w+: /, '').split(':')[0]!;

describe('who decides, where a record is written', () => {
  it('a reviewer declines, and the claim answers with the reviewer’s reason', async () => {
    const dir = stagingRepo();
    const token = await stageOne(dir);
    const r = await cli(dir, [
      'decline',
      token,
      '--as',
      'reviewer:gpt-review',
      '--reason',
      'force push to main',
    ]);
    expect([r.code, first(r)]).toEqual([0, 'declined']);
    expect(readRecord(dir, 'resolved', token)).toMatchObject({
      state: 'declined',
      decided_by: 'reviewer:gpt-review',
      reason: 'force push to main',
    });
    const claim = await cli(dir, ['claim', token]);
    expect([claim.code, first(claim)]).toEqual([1, 'declined']);
    expect(claim.stdout).toContain('Reason:       force push to main');
  });

  it('a reviewer never confirms, an agent never decides, and a decline names who declines', async () => {
    const dir = stagingRepo();
    const token = await stageOne(dir);
    const before = snapshot(dir);
    const reviewer = await cli(dir, ['confirm', token, '--as', 'reviewer:r'], { answer: token.slice(-4) });
    expect([reviewer.code, first(reviewer)]).toEqual([2, 'decider-required']);
    expect(reviewer.asked).toEqual([]);
    for (const as of [
      'agent:x',
      'system:ttl',
      'system:cron',
      'human:',
      'reviewer: ',
      'human:a\nb',
      'nobody',
    ]) {
      const r = await cli(dir, ['decline', token, '--as', as]);
      expect([r.code, first(r), as]).toEqual([2, 'decider-not-allowed', as]);
    }
    const anonymous = await cli(dir, ['decline', token]);
    expect([anonymous.code, first(anonymous)]).toEqual([2, 'decider-required']);
    const env = await cli(dir, ['decline', token], { env: { AGENT_CONFIG_HUMAN: 'agent:sneaky' } });
    expect([env.code, first(env)]).toEqual([2, 'decider-not-allowed']);
    expect(snapshot(dir)).toEqual(before);
    // A replay of a decline needs no decider: it only answers what is recorded.
    await cli(dir, ['decline', token, '--as', 'human:bob']);
    expect(first(await cli(dir, ['decline', token]))).toBe('already-declined');
  });

  it('the store refuses to write a record whose decider does not fit its state', () => {
    const dir = stagingRepo();
    const nonce = '0'.repeat(32);
    const record = buildStage(
      { action: 'a', object: 'o', source: 's', nonce, now: T0, ttlMs: 60_000 },
      deriveToken('a', 'o', nonce),
    );
    mkdirSync(join(dir, STORE, 'pending'), { recursive: true });
    writeFileSync(join(dir, STORE, 'pending', `${record.token}.json`), JSON.stringify(record));
    const write = { ...record, state: 'confirmed' as const, decided_by: 'reviewer:r' };
    expect(() => applyTransition(dir, { from: 'pending', to: 'pending', write })).toThrow(/reviewer:r/);
    expect(JSON.parse(readFileSync(join(dir, STORE, 'pending', `${record.token}.json`), 'utf8'))).toEqual(
      record,
    );
  });
});

describe('who decides, where a record is read', () => {
  it('a confirmation by anyone but a person is tampered and never executes', async () => {
    for (const decider of ['reviewer:r', 'agent:a', 'system:ttl', null, 'human:']) {
      const dir = stagingRepo();
      const token = await stageOne(dir);
      edit(dir, 'pending', token, {
        state: 'confirmed',
        decided_by: decider,
        resolved_at: '2026-11-30T12:01:00Z',
      });
      move(dir, token, 'pending', 'confirmed');
      const claim = await cli(dir, ['claim', token, '--json'], { minutes: 2 });
      expect([claim.code, JSON.parse(claim.stdout).outcome, decider]).toEqual([1, 'tampered', decider]);
      expect(readRecord(dir, 'confirmed', token)).not.toBeNull();
    }
  });

  it('a decline by the clock or an agent, and a waiting stage that names a decider, are tampered', async () => {
    const dir = stagingRepo();
    const token = await stageOne(dir);
    edit(dir, 'pending', token, { state: 'declined', decided_by: 'system:ttl' });
    expect(first(await cli(dir, ['claim', token]))).toBe('tampered');
    edit(dir, 'pending', token, { state: 'declined', decided_by: 'agent:a' });
    expect(first(await cli(dir, ['claim', token]))).toBe('tampered');
    edit(dir, 'pending', token, { state: 'pending', decided_by: 'human:ada' });
    const pending = await cli(dir, ['pending']);
    expect(pending.stderr).toContain(`${STORE}/pending/${token}.json: tampered`);
    const confirm = await confirmOne(dir, token);
    expect([confirm.code, first(confirm)]).toEqual([1, 'tampered']);
    expect(confirm.asked).toEqual([]);
    // The clock as the decider of a waiting stage fits (a sweep may note it); a person's does not.
    edit(dir, 'pending', token, { decided_by: 'system:ttl' });
    expect(first(await confirmOne(dir, token))).toBe('confirmed');
  });
});

describe('stage --input', () => {
  const stdin = (text: string) => ({ overrides: { readStdin: () => text } });
  const INPUT = { action: 'delete-branch', object: 'feature/x', source: 'agent:a' };

  it('stages from a JSON file or stdin, with an optional ttl', async () => {
    const dir = stagingRepo();
    writeFileSync(join(dir, 'in.json'), JSON.stringify({ ...INPUT, ttl: '5m' }));
    const r = await cli(dir, ['stage', '--input', 'in.json', '--json']);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report).toMatchObject({ outcome: 'staged', expiresAt: '2026-11-30T12:05:00Z' });
    expect(report.record).toMatchObject({ ...INPUT, ttl_ms: 300_000 });
    const again = await cli(dir, ['stage', '--input', '-'], stdin(JSON.stringify(INPUT)));
    expect([again.code, again.stdout.trim()]).toEqual([0, report.token]);
  });

  it('refuses any settlement key by its mere presence, whatever its value, and stages nothing', async () => {
    const dir = stagingRepo();
    const before = snapshot(dir);
    const keys = [
      'token',
      'state',
      'staged_at',
      'expires_at',
      'decided_by',
      'resolved_at',
      'nonce',
      'claimed_at',
    ];
    for (const [i, key] of keys.entries()) {
      const value = [null, false, '', 0, {}, [], 'human:ada', '2026-11-30T12:00:00Z'][i];
      const r = await cli(
        dir,
        ['stage', '--input', '-', '--json'],
        stdin(JSON.stringify({ ...INPUT, [key]: value })),
      );
      expect(r.code).toBe(2);
      const doc = JSON.parse(r.stdout);
      expect(doc).toMatchObject({ verb: 'stage', outcome: 'supplied-key-refused', exit: 2, token: null });
      expect(doc.problem).toContain(`'${key}'`);
    }
    const text = await cli(dir, ['stage', '--input', '-'], stdin(JSON.stringify({ nonce: 'x', ...INPUT })));
    expect(text.code).toBe(2);
    expect(text.stdout).toBe('');
    expect(text.stderr).toContain('supplied-key-refused');
    expect(text.stderr).toContain("stdin: 'nonce' (line 1) is set by the store");
    expect(snapshot(dir)).toEqual(before);
  });

  it('refuses unknown keys, wrong types, duplicate keys, trailing text and mixing with the flags', async () => {
    const dir = stagingRepo();
    const before = snapshot(dir);
    const bad: Array<[string, string]> = [
      [JSON.stringify({ ...INPUT, when: 'now' }), 'unknown key "when"'],
      [JSON.stringify({ ...INPUT, object: ['a'] }), "'object' must be a string; got an array"],
      [JSON.stringify({ action: 'a', source: 's' }), "'object' is missing"],
      ['{"action":"a","object":"main","source":"s","object":"feature/x"}', 'appears twice'],
      [`${JSON.stringify(INPUT)}\n{}`, 'a second JSON value'],
      ['[]', 'expected one JSON object'],
    ];
    for (const [text, message] of bad) {
      const r = await cli(dir, ['stage', '--input', '-'], stdin(text));
      expect([r.code, r.stderr.trim().split('\n').length]).toEqual([2, 1]);
      expect(r.stderr).toContain(message);
    }
    const both = await cli(dir, ['stage', '--input', '-', '--object', 'x'], stdin(JSON.stringify(INPUT)));
    expect([both.code, both.stderr]).toEqual([2, expect.stringContaining('--input and --object together')]);
    const none = await cli(dir, ['stage', '--action', 'a', '--object', 'o']);
    expect([none.code, none.stderr]).toEqual([2, expect.stringContaining('--source is missing')]);
    expect(snapshot(dir)).toEqual(before);
  });
});

describe('confirm is bound to what the person saw', () => {
  it('refuses the answer when the record changed while the question was on screen, and consumes nothing', async () => {
    for (const change of [{ source: 'agent:other' }, { expires_at: '2026-11-30T12:05:00Z' }]) {
      const dir = stagingRepo();
      const token = await stageOne(dir);
      // Unchanged while asked, the answer counts.
      expect(first(await confirmOne(dir, token))).toBe('confirmed');
      const next = await stageOne(dir, 'feature/y');
      const { runCli } = await import('../../src/cli/run-cli.js');
      const { makeContext } = await import('../helpers/context.js');
      const ctx = makeContext(dir, { clock: () => new Date(T0.getTime() + 60_000) });
      ctx.io = { ...ctx.io, stdinIsTTY: true };
      ctx.prompt = async () => {
        edit(dir, 'pending', next, change);
        return next.slice(-4);
      };
      const code = await runCli(['confirm', next, '--as', 'human:ada'], ctx);
      expect([code, ctx.stdout.text.split(':')[0], change]).toEqual([1, 'changed-while-asked', change]);
      expect(readRecord(dir, 'pending', next)).toMatchObject({
        ...change,
        state: 'pending',
        decided_by: null,
      });
      expect(first(await cli(dir, ['claim', next], { minutes: 1 }))).toBe('not-confirmed');
      // Asked again about what the record now says, the person's answer counts.
      const again = await confirmOne(dir, next, 2);
      expect(first(again)).toBe('confirmed');
      expect(again.asked[0]).toContain(Object.values(change)[0]);
    }
  });
});
