import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { deriveToken } from '../../src/staging/token.js';
import { git } from '../helpers/repo.js';
import { cli, confirmOne, readRecord, STORE, stageOne, stagingRepo } from './staging/harness.js';

describe('stage', () => {
  it('prints the token alone on stdout, the confirmation surface on stderr, and writes pending/<token>.json', async () => {
    const dir = stagingRepo();
    const r = await cli(dir, [
      'stage',
      '--action',
      'delete-branch',
      '--object',
      'feature/x',
      '--source',
      'agent:a',
    ]);
    expect(r.code).toBe(0);
    const token = r.stdout.trim();
    expect(r.stdout).toMatch(/^[0-9a-f]{16}\n$/);
    expect(r.stderr).toContain(`agent-config confirm ${token}`);
    expect(r.stderr).toContain('expires 2026-11-30T12:15:00Z');
    const record = readRecord(dir, 'pending', token)!;
    expect(record).toMatchObject({
      token,
      action: 'delete-branch',
      object: 'feature/x',
      source: 'agent:a',
      staged_at: '2026-11-30T12:00:00Z',
      expires_at: '2026-11-30T12:15:00Z',
      ttl_ms: 900_000,
      state: 'pending',
    });
    // Bound to the working tree that staged it: its real path is stored and hashed into the token.
    expect(record.worktree).toBe(realpathSync(dir));
    expect(deriveToken('delete-branch', 'feature/x', record.nonce as string, realpathSync(dir))).toBe(token);
    expect(deriveToken('delete-branch', 'feature/x', record.nonce as string)).not.toBe(token);
    expect(record.nonce).toMatch(/^[0-9a-f]{32}$/);
    // Machine-local state: the store ignores itself, so git never sees it. The evidence ledger
    // is the one thing meant to be committed.
    expect(git(dir, 'status', '--porcelain', '--untracked-files=all')).toMatch(
      /^\?\? agents\/evidence\/ledger\/[0-9a-f]{12}\.jsonl\n$/,
    );
  });

  it('is idempotent while a stage is live, and stages anew after it expired or for another object', async () => {
    const dir = stagingRepo();
    const first = await stageOne(dir);
    expect(await stageOne(dir)).toBe(first);
    const json = await cli(dir, [
      'stage',
      '--action',
      'delete-branch',
      '--object',
      'feature/x',
      '--source',
      'agent:a',
      '--json',
    ]);
    expect(JSON.parse(json.stdout)).toMatchObject({ outcome: 'already-staged', exit: 0, token: first });
    expect(await stageOne(dir, 'feature/y')).not.toBe(first);
    const later = await cli(
      dir,
      ['stage', '--action', 'delete-branch', '--object', 'feature/x', '--source', 'agent:a'],
      { minutes: 15 },
    );
    expect(later.stdout.trim()).not.toBe(first);
  });

  it('honours --ttl within the configured maximum and refuses a longer one', async () => {
    const dir = stagingRepo({ 'agent-config.yaml': 'staging:\n  ttl: 5m\n  max-ttl: 1h\n' });
    const token = await stageOne(dir);
    expect(readRecord(dir, 'pending', token)).toMatchObject({ expires_at: '2026-11-30T12:05:00Z' });
    const long = await cli(dir, ['stage', '--action', 'a', '--object', 'o', '--source', 's', '--ttl', '2h']);
    expect(long.code).toBe(2);
    expect(long.stderr).toContain('--ttl 2h: longer than the maximum (60m)');
    const bad = await cli(dir, ['stage', '--action', 'a', '--object', 'o', '--source', 's', '--ttl', 'soon']);
    expect(bad.code).toBe(2);
    const nul = await cli(dir, ['stage', '--action', 'a\0b', '--object', 'o', '--source', 's']);
    expect(nul.code).toBe(2);
    expect(nul.stderr).toContain('NUL');
  });
});

describe('stage → confirm → claim', () => {
  it('runs the whole flow once, with every refusal on the way leaving the stage as it was', async () => {
    const dir = stagingRepo();
    const token = await stageOne(dir);
    const pendingFile = join(dir, STORE, 'pending', `${token}.json`);
    const original = readFileSync(pendingFile, 'utf8');

    const early = await cli(dir, ['claim', token]);
    expect([early.code, early.stdout.split(':')[0]]).toEqual([1, 'not-confirmed']);

    const piped = await cli(dir, ['confirm', token, '--as', 'human:ada']);
    expect([piped.code, piped.stdout.split(':')[0]]).toEqual([1, 'stdin-not-tty']);
    const json = await cli(dir, ['confirm', token, '--as', 'human:ada', '--json'], {
      answer: token.slice(-4),
    });
    expect(JSON.parse(json.stdout)).toMatchObject({ outcome: 'stdin-not-tty', exit: 1 });
    expect(json.asked).toEqual([]);

    // Nobody named: the person is asked who they are; no name (and no git user.name) is a refusal.
    const nobody = await cli(dir, ['confirm', token], { answer: '' });
    expect([nobody.code, nobody.stderr]).toEqual([2, expect.stringContaining('decider-required')]);
    expect(nobody.asked).toEqual([expect.stringMatching(/^Who confirms\?/)]);
    const agent = await cli(dir, ['confirm', token], {
      answer: token.slice(-4),
      env: { AGENT_CONFIG_HUMAN: 'agent:x' },
    });
    expect(agent.code).toBe(2);
    expect(agent.asked).toEqual([]);

    const wrong = await cli(dir, ['confirm', token, '--as', 'human:ada'], {
      answer: 'abcd' === token.slice(-4) ? '0000' : 'abcd',
    });
    expect([wrong.code, wrong.stdout.split(':')[0]]).toEqual([1, 'answer-mismatch']);
    expect(readFileSync(pendingFile, 'utf8')).toBe(original);

    const ok = await cli(dir, ['confirm', token], {
      answer: ` ${token.slice(-4).toUpperCase()}\n`,
      minutes: 2,
      env: { AGENT_CONFIG_HUMAN: 'human:ada' },
    });
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/^confirmed: /);
    expect(ok.asked).toHaveLength(1);
    expect(ok.asked[0]).toContain('  Action:            delete-branch\n  Object:            feature/x\n');
    expect(ok.asked[0]).toContain('Deciding as:       human:ada');
    expect(ok.asked[0]).toMatch(/last four characters of the token to confirm \(anything else cancels\): $/);
    expect(existsSync(pendingFile)).toBe(false);
    expect(readRecord(dir, 'confirmed', token)).toMatchObject({
      state: 'confirmed',
      decided_by: 'human:ada',
      resolved_at: '2026-11-30T12:02:00Z',
    });

    const replay = await confirmOne(dir, token, 3);
    expect([replay.code, replay.stdout.split(':')[0]]).toEqual([0, 'already-confirmed']);
    expect(replay.asked).toEqual([]);
    const revote = await cli(dir, ['decline', token, '--reason', 'changed my mind']);
    expect([revote.code, revote.stdout.split(':')[0]]).toEqual([1, 're-vote']);

    const claim = await cli(dir, ['claim', token, '--json'], { minutes: 4 });
    expect(claim.code).toBe(0);
    const doc = JSON.parse(claim.stdout);
    expect(doc).toMatchObject({ verb: 'claim', outcome: 'execute', exit: 0, token });
    expect(doc.file).toBe(`${STORE}/resolved/${token}.json`);
    // The record exactly as the person confirmed it.
    expect(doc.record).toEqual({
      ...JSON.parse(original),
      state: 'confirmed',
      decided_by: 'human:ada',
      resolved_at: '2026-11-30T12:02:00Z',
    });
    expect(readRecord(dir, 'resolved', token)).toMatchObject({
      state: 'claimed',
      claimed_at: '2026-11-30T12:04:00Z',
    });
    expect(readRecord(dir, 'confirmed', token)).toBeNull();

    const again = await cli(dir, ['claim', token], { minutes: 4 });
    expect([again.code, again.stdout.split(':')[0]]).toEqual([1, 'already-claimed']);
    const lateConfirm = await confirmOne(dir, token, 5);
    expect(lateConfirm.stdout.split(':')[0]).toBe('already-confirmed');
  });

  it('claims by --action and --object, and says token-mismatch when nothing matches', async () => {
    const dir = stagingRepo();
    const token = await stageOne(dir);
    await confirmOne(dir, token);
    const none = await cli(dir, ['claim', '--action', 'delete-branch', '--object', 'main']);
    expect([none.code, none.stdout.split(':')[0]]).toEqual([1, 'token-mismatch']);
    const hit = await cli(dir, ['claim', '--action', 'delete-branch', '--object', 'feature/x'], {
      minutes: 2,
    });
    expect(hit.code).toBe(0);
    expect(hit.stdout).toContain(`execute: ${token}`);
    expect(hit.stdout).toContain('  Object:       feature/x');
    const usage = await cli(dir, ['claim', '--action', 'delete-branch']);
    expect(usage.code).toBe(2);
  });
});

describe('decline', () => {
  it('needs no ceremony, consumes the stage, keeps the reason, and answers replays and re-votes', async () => {
    const dir = stagingRepo();
    const token = await stageOne(dir);
    const r = await cli(dir, ['decline', token, '--reason', 'keep the branch', '--json'], {
      env: { AGENT_CONFIG_HUMAN: 'human:bob' },
      minutes: 1,
    });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({
      outcome: 'declined',
      file: `${STORE}/resolved/${token}.json`,
    });
    expect(readRecord(dir, 'resolved', token)).toMatchObject({
      state: 'declined',
      reason: 'keep the branch',
      decided_by: 'human:bob',
      resolved_at: '2026-11-30T12:01:00Z',
    });
    expect(readRecord(dir, 'pending', token)).toBeNull();
    const replay = await cli(dir, ['decline', token]);
    expect([replay.code, replay.stdout.split(':')[0]]).toEqual([0, 'already-declined']);
    const confirm = await confirmOne(dir, token, 2);
    expect([confirm.code, confirm.stdout.split(':')[0]]).toEqual([1, 're-vote']);
    expect(confirm.asked).toEqual([]);
    const claim = await cli(dir, ['claim', token, '--json']);
    expect(claim.code).toBe(1);
    expect(JSON.parse(claim.stdout)).toMatchObject({
      outcome: 'declined',
      record: { reason: 'keep the branch' },
    });
  });
});

describe('expiry', () => {
  it('is read from the clock: a claim or a confirmation at the expiry instant is expired and consumes nothing', async () => {
    const dir = stagingRepo();
    const token = await stageOne(dir);
    await confirmOne(dir, token, 14);
    const atExpiry = await cli(dir, ['claim', token], { minutes: 15 });
    expect([atExpiry.code, atExpiry.stdout.split(':')[0]]).toEqual([1, 'expired']);
    expect(readRecord(dir, 'confirmed', token)).toMatchObject({ state: 'confirmed' });
    const other = await stageOne(dir, 'feature/y');
    const late = await confirmOne(dir, other, 15);
    expect([late.code, late.stdout.split(':')[0]]).toEqual([1, 'expired']);
    expect(late.asked).toEqual([]);
    expect(readRecord(dir, 'pending', other)).toMatchObject({ state: 'pending' });
  });

  it('re-reads the clock after the person answers', async () => {
    const dir = stagingRepo();
    const token = await stageOne(dir);
    const readings = [14, 15];
    const r = await cli(dir, ['confirm', token, '--as', 'human:ada'], {
      answer: token.slice(-4),
      overrides: {
        // The person takes two minutes to answer: the window closes in between.
        clock: () => new Date(Date.UTC(2026, 10, 30, 12, readings.shift() ?? 99)),
      },
    });
    expect([r.code, r.stdout.split(':')[0]]).toEqual([1, 'expired']);
    expect(r.asked).toHaveLength(1);
    expect(readRecord(dir, 'pending', token)).toMatchObject({ state: 'pending' });
  });

  it('prune moves expired stages to resolved/ and a later claim still answers expired', async () => {
    const dir = stagingRepo();
    const old = await stageOne(dir, 'old');
    const fresh = await cli(dir, ['stage', '--action', 'delete-branch', '--object', 'new', '--source', 's'], {
      minutes: 10,
    });
    const pruned = await cli(dir, ['prune', '--json'], { minutes: 15 });
    expect(pruned.code).toBe(0);
    expect(JSON.parse(pruned.stdout)).toEqual({ moved: [`${STORE}/pending/${old}.json`] });
    expect(readRecord(dir, 'resolved', old)).toMatchObject({ state: 'pending' });
    expect(readRecord(dir, 'pending', fresh.stdout.trim())).not.toBeNull();
    const claim = await cli(dir, ['claim', old], { minutes: 16 });
    expect(claim.stdout.split(':')[0]).toBe('expired');
    const text = await cli(dir, ['prune'], { minutes: 16 });
    expect(text.stdout).toBe('Moved 0 expired stages to resolved/.\n');
  });
});

describe('the pending view', () => {
  it('`gates --pending` and `pending` show what `stage` wrote, from any folder of the repository', async () => {
    const dir = stagingRepo({ 'src/deep/file.txt': 'x\n' });
    const a = await stageOne(dir, 'feature/a');
    const b = await cli(
      dir,
      ['stage', '--action', 'force-push', '--object', 'main', '--source', 'hook:pre-push'],
      {
        minutes: 1,
      },
    );
    const expired = await cli(
      dir,
      ['stage', '--action', 'drop', '--object', 'db', '--source', 's', '--ttl', '30s'],
      { minutes: 0.5 },
    );
    expect(expired.code).toBe(0);
    const expected = [
      '2 staged actions await your confirmation · 1 expired unconfirmed',
      '',
      `── 1 · delete-branch ──────────────────────────────── token: ${a}`,
      '  Object:            feature/a',
      '  Staged by:         agent:test',
      '  Expires:           2026-11-30T12:15:00Z',
      '',
      `── 2 · force-push ─────────────────────────────────── token: ${b.stdout.trim()}`,
      '  Object:            main',
      '  Staged by:         hook:pre-push',
      '  Expires:           2026-11-30T12:16:00Z',
      '',
      '',
    ].join('\n');
    const sub = join(dir, 'src', 'deep');
    const gates = await cli(sub, ['gates', '--pending'], { minutes: 2 });
    expect([gates.code, gates.stdout, gates.stderr]).toEqual([0, expected, '']);
    const pending = await cli(sub, ['pending'], { minutes: 2 });
    expect([pending.code, pending.stdout]).toEqual([0, expected]);
    const json = JSON.parse((await cli(dir, ['gates', '--pending', '--json'], { minutes: 2 })).stdout);
    expect(json).toMatchObject({ awaitingYou: 2, expired: 1 });
    expect(json.staged.map((s: { status: string }) => s.status)).toEqual(['pending', 'expired', 'pending']);
  });

  it('answers with no store at all', async () => {
    const dir = stagingRepo();
    const r = await cli(dir, ['pending']);
    expect([r.code, r.stdout]).toEqual([0, 'No staged actions awaiting confirmation.\n']);
  });
});
