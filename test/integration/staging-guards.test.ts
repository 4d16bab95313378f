import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, confirmOne, readRecord, STORE, snapshot, stageOne, stagingRepo } from './staging/harness.js';

function edit(dir: string, folder: string, token: string, change: Record<string, unknown>): void {
  const path = join(dir, STORE, folder, `${token}.json`);
  writeFileSync(path, JSON.stringify({ ...JSON.parse(readFileSync(path, 'utf8')), ...change }, null, 2));
}

describe('unsafe tokens', () => {
  it('are refused before any path is formed: nothing outside (or inside) the store is read or written', async () => {
    const dir = stagingRepo({ 'x.json': '{"token":"x"}\n', 'agents/x.json': 'secret\n' });
    const before = snapshot(dir);
    const attempts = [
      ['confirm', '../../x', '--as', 'human:ada'],
      ['confirm', '../x'],
      ['claim', '..%2f'],
      ['claim', '../../../x'],
      ['claim', 'abcdef01/../../x'],
      ['claim', 'abcdef0123\0'],
      ['decline', '0123abcd/'],
      ['decline', 'ABCDEF0123456789'],
      ['claim', `${'a'.repeat(65)}`],
    ];
    for (const argv of attempts) {
      const r = await cli(dir, argv, { answer: 'x' });
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.stderr, argv.join(' ')).toContain('invalid-token');
      expect(r.asked).toEqual([]);
    }
    expect(snapshot(dir)).toEqual(before);
  });
});

describe('tampering', () => {
  it('editing object in a pending file makes the stage tampered: it can be neither confirmed nor claimed', async () => {
    const dir = stagingRepo();
    const token = await stageOne(dir);
    edit(dir, 'pending', token, { object: 'main' });
    const pending = await cli(dir, ['pending']);
    expect(pending.code).toBe(0);
    expect(pending.stdout).toBe('No staged actions awaiting confirmation.\n');
    expect(pending.stderr).toContain(`${STORE}/pending/${token}.json: tampered`);
    const confirm = await confirmOne(dir, token);
    expect([confirm.code, confirm.stdout.split(':')[0]]).toEqual([1, 'tampered']);
    expect(confirm.asked).toEqual([]);
    expect((await cli(dir, ['claim', token])).stdout.split(':')[0]).toBe('tampered');
    expect(readRecord(dir, 'pending', token)).toMatchObject({ object: 'main', state: 'pending' });
  });

  it('editing a confirmed record after the person confirmed it never executes', async () => {
    const dir = stagingRepo();
    const token = await stageOne(dir);
    await confirmOne(dir, token);
    edit(dir, 'confirmed', token, { object: 'main' });
    const claim = await cli(dir, ['claim', token, '--json'], { minutes: 2 });
    expect(claim.code).toBe(1);
    expect(JSON.parse(claim.stdout)).toMatchObject({ outcome: 'tampered' });
    expect(readRecord(dir, 'confirmed', token)).not.toBeNull();
  });

  it('pushing expires_at later buys no time beyond staged_at + the configured maximum', async () => {
    const dir = stagingRepo({ 'agent-config.yaml': 'staging:\n  max-ttl: 1h\n' });
    const token = await stageOne(dir);
    edit(dir, 'pending', token, { expires_at: '2030-01-01T00:00:00Z', ttl_ms: 999_999_999 });
    const view = await cli(dir, ['pending', '--json'], { minutes: 30 });
    expect(JSON.parse(view.stdout).staged[0]).toMatchObject({
      expiresAt: '2026-11-30T13:00:00Z',
      status: 'pending',
    });
    await confirmOne(dir, token, 30);
    const claim = await cli(dir, ['claim', token], { minutes: 60 });
    expect([claim.code, claim.stdout.split(':')[0]]).toEqual([1, 'expired']);
    expect(readRecord(dir, 'confirmed', token)).not.toBeNull();
  });

  it('a record copied under another token is tampered', async () => {
    const dir = stagingRepo();
    const token = await stageOne(dir);
    await confirmOne(dir, token);
    const copy = '0123456789abcdef';
    writeFileSync(
      join(dir, STORE, 'confirmed', `${copy}.json`),
      readFileSync(join(dir, STORE, 'confirmed', `${token}.json`)),
    );
    expect((await cli(dir, ['claim', copy], { minutes: 2 })).stdout.split(':')[0]).toBe('tampered');
  });
});

describe('malformed records', () => {
  it('are reported by name, never executed, never moved and never deleted', async () => {
    const dir = stagingRepo();
    const bad = 'badbadbadbad0001';
    const noStagedAt = 'badbadbadbad0002';
    mkdirSync(join(dir, STORE, 'pending'), { recursive: true });
    mkdirSync(join(dir, STORE, 'confirmed'), { recursive: true });
    writeFileSync(join(dir, STORE, 'pending', `${bad}.json`), '{ not json');
    writeFileSync(join(dir, STORE, 'pending', 'not-a-token.json'), '{}');
    writeFileSync(
      join(dir, STORE, 'confirmed', `${noStagedAt}.json`),
      JSON.stringify({
        token: noStagedAt,
        action: 'a',
        object: 'o',
        source: 's',
        nonce: 'n',
        expires_at: '2026-11-30T12:15:00Z',
        state: 'confirmed',
      }),
    );
    const live = await stageOne(dir);
    const before = snapshot(dir);

    const view = await cli(dir, ['pending']);
    expect(view.code).toBe(0);
    expect(view.stdout).toMatch(/^1 staged action awaits your confirmation\n/);
    expect(view.stderr).toContain(
      `${STORE}/pending/${bad}.json: unreadable stage record (not valid JSON); left in place, never executed`,
    );
    expect(view.stderr).toContain(
      `${STORE}/pending/not-a-token.json: unreadable stage record (the file name is not a token)`,
    );
    const json = JSON.parse((await cli(dir, ['pending', '--json'])).stdout);
    expect(json.unreadable).toEqual([
      { file: `${STORE}/pending/${bad}.json`, problem: 'not valid JSON' },
      { file: `${STORE}/pending/not-a-token.json`, problem: 'the file name is not a token' },
    ]);
    expect(json.staged.map((s: { token: string }) => s.token)).toEqual([live]);

    const claim = await cli(dir, ['claim', noStagedAt, '--json']);
    expect(claim.code).toBe(1);
    expect(JSON.parse(claim.stdout)).toMatchObject({
      outcome: 'malformed',
      file: `${STORE}/confirmed/${noStagedAt}.json`,
      problem: "'staged_at' is missing or not a string",
    });
    const text = await cli(dir, ['claim', bad]);
    expect(text.stdout).toContain(`malformed: ${bad}`);
    expect(text.stdout).toContain(`${STORE}/pending/${bad}.json: not valid JSON`);
    expect((await confirmOne(dir, bad)).stdout.split(':')[0]).toBe('malformed');
    expect((await cli(dir, ['decline', bad])).stdout.split(':')[0]).toBe('malformed');
    await cli(dir, ['prune'], { minutes: 60 * 48 });
    const after = snapshot(dir);
    for (const name of [`${bad}.json`, 'not-a-token.json']) {
      const rel = `${STORE}/pending/${name}`;
      expect(after[rel]).toBe(before[rel]);
    }
    expect(after[`${STORE}/confirmed/${noStagedAt}.json`]).toBe(
      before[`${STORE}/confirmed/${noStagedAt}.json`],
    );
  });
});
