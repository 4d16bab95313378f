import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readEvidence } from '../../../src/evidence/api.js';
import { sha256Hex } from '../../../src/evidence/record.js';
import { cli, confirmOne, readRecord, STORE, stageOne, stagingRepo } from '../staging/harness.js';

const LEDGER = 'agents/evidence/ledger';

function events(dir: string): Array<[string, string, Record<string, unknown>]> {
  return readEvidence(dir, { collect: true }).records.map((r) => [
    r.record.event,
    r.record.actor,
    r.record.payload,
  ]);
}

/** Makes this working copy's next append fail: a lock held by a process that is gone. */
function breakLedger(dir: string): () => void {
  const state = JSON.parse(readFileSync(join(dir, 'agents/runtime/evidence/head.json'), 'utf8'));
  const lock = join(dir, LEDGER, `${state.stream}.jsonl.lock`);
  writeFileSync(lock, JSON.stringify({ pid: 2 ** 30, host: hostname() }));
  return () => rmSync(lock);
}

describe('record, then act: the staging verbs write the ledger', () => {
  it('stage, confirm and claim record stage.staged, stage.confirmed and stage.claimed in one chain', async () => {
    const dir = stagingRepo();
    const token = await stageOne(dir, 'feature/secret-token-123');
    expect((await confirmOne(dir, token)).code).toBe(0);
    expect((await cli(dir, ['claim', token])).code).toBe(0);
    const log = events(dir);
    expect(log.map(([e, a]) => [e, a])).toEqual([
      ['stage.staged', 'agent:test'],
      ['stage.confirmed', 'human:ada'],
      ['stage.claimed', 'agent:test'],
    ]);
    expect(log[0]![2]).toEqual({
      token,
      action: 'delete-branch',
      object_sha256: sha256Hex('feature/secret-token-123'),
      source: 'agent:test',
      expires_at: '2026-11-30T12:15:00Z',
    });
    expect(log[1]![2]).toEqual({ token, decided_by: 'human:ada' });
    // By default the raw object is never written to the committed ledger.
    const [stream] = readdirSync(join(dir, LEDGER));
    expect(readFileSync(join(dir, LEDGER, stream!), 'utf8')).not.toContain('secret-token-123');
    expect((await cli(dir, ['evidence', 'verify'])).code).toBe(0);
  });

  it('records the raw object only with evidence.record-objects: true', async () => {
    const dir = stagingRepo({ 'agent-config.yaml': 'evidence:\n  record-objects: true\n' });
    await stageOne(dir, 'feature/x');
    expect(events(dir)[0]![2]).toMatchObject({ object: 'feature/x', object_sha256: sha256Hex('feature/x') });
  });

  it('decline records the reason; prune records each expired stage', async () => {
    const dir = stagingRepo();
    const declined = await stageOne(dir, 'a');
    const expired = await stageOne(dir, 'b');
    expect((await cli(dir, ['decline', declined, '--reason', 'not now', '--as', 'human:bo'])).code).toBe(0);
    expect((await cli(dir, ['prune'], { minutes: 60 })).code).toBe(0);
    expect(events(dir).slice(2)).toEqual([
      ['stage.declined', 'human:bo', { token: declined, decided_by: 'human:bo', reason: 'not now' }],
      ['stage.expired', 'system:agent-config', { token: expired }],
    ]);
  });

  it('prune records every expired stage, one record each', async () => {
    const dir = stagingRepo();
    const tokens = [await stageOne(dir, 'a'), await stageOne(dir, 'b'), await stageOne(dir, 'c')];
    expect((await cli(dir, ['prune'], { minutes: 60 })).code).toBe(0);
    const expired = events(dir).slice(3);
    expect(expired.map(([e, a]) => [e, a])).toEqual(Array(3).fill(['stage.expired', 'system:agent-config']));
    expect(expired.map(([, , p]) => p.token).sort()).toEqual([...tokens].sort());
    expect((await cli(dir, ['evidence', 'verify'])).code).toBe(0);
  });

  it('a stage the ledger cannot record is never written (exit 2, nothing pending)', async () => {
    const dir = stagingRepo();
    await stageOne(dir, 'first');
    const repair = breakLedger(dir);
    const r = await cli(dir, ['stage', '--action', 'deploy', '--object', 'prod', '--source', 'agent:a']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/lock-stale.*rm agents\/evidence\/ledger\/[0-9a-f]{12}\.jsonl\.lock/);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(readdirSync(join(dir, STORE, 'pending'))).toHaveLength(1);
    repair();
  });

  it('claim answers evidence-failed when stage.claimed cannot be written, and the stage never executes', async () => {
    const dir = stagingRepo();
    const token = await stageOne(dir);
    await confirmOne(dir, token);
    const repair = breakLedger(dir);
    const r = await cli(dir, ['claim', token, '--json']);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({ outcome: 'evidence-failed', exit: 1 });
    expect(readRecord(dir, 'resolved', token)).toMatchObject({ state: 'claimed' });
    repair();
    const again = await cli(dir, ['claim', token]);
    expect(again.code).toBe(1);
    expect(again.stdout).toMatch(/^already-claimed/);
    expect(events(dir).map(([e]) => e)).toEqual(['stage.staged', 'stage.confirmed']);
  });

  it('a confirmation without its record does not count for claim until the person confirms again', async () => {
    const dir = stagingRepo();
    const token = await stageOne(dir);
    const repair = breakLedger(dir);
    const confirm = await confirmOne(dir, token);
    expect(confirm.code).toBe(1);
    expect(confirm.stdout).toMatch(/^unrecorded/);
    expect(readRecord(dir, 'confirmed', token)).toMatchObject({ state: 'confirmed' });
    repair();
    const refused = await cli(dir, ['claim', token, '--json']);
    expect(JSON.parse(refused.stdout)).toMatchObject({ outcome: 'unrecorded-confirmation', exit: 1 });
    // Nothing was consumed by the refusal.
    expect(readRecord(dir, 'confirmed', token)).toMatchObject({ state: 'confirmed' });
    const again = await confirmOne(dir, token);
    expect(again.code).toBe(0);
    expect(again.asked).toHaveLength(1);
    expect((await cli(dir, ['claim', token])).code).toBe(0);
    expect(events(dir).map(([e]) => e)).toEqual(['stage.staged', 'stage.confirmed', 'stage.claimed']);
    // A replay once recorded changes nothing and writes nothing.
    expect((await confirmOne(dir, token)).stdout).toMatch(/^already-confirmed/);
    expect(events(dir)).toHaveLength(3);
  });

  it('a confirmation record edited after it was written does not count for claim', async () => {
    const dir = stagingRepo();
    const token = await stageOne(dir);
    expect((await confirmOne(dir, token)).code).toBe(0);
    // The bytes no longer match what this working copy wrote, so the stream is verified again.
    const [stream] = readdirSync(join(dir, LEDGER));
    const file = join(dir, LEDGER, stream!);
    writeFileSync(file, readFileSync(file, 'utf8').replace('human:ada', 'human:eve'));
    const refused = await cli(dir, ['claim', token, '--json']);
    expect(JSON.parse(refused.stdout)).toMatchObject({ outcome: 'unrecorded-confirmation', exit: 1 });
    expect(readRecord(dir, 'confirmed', token)).toMatchObject({ state: 'confirmed' });
  });

  it('with evidence.ledger: false the flow writes no ledger and claims as before', async () => {
    const dir = stagingRepo({ 'agent-config.yaml': 'evidence:\n  ledger: false\n' });
    const token = await stageOne(dir);
    await confirmOne(dir, token);
    await cli(dir, ['decline', await stageOne(dir, 'other')]);
    expect((await cli(dir, ['claim', token])).code).toBe(0);
    await cli(dir, ['prune'], { minutes: 60 });
    expect(existsSync(join(dir, 'agents/evidence'))).toBe(false);
    expect(existsSync(join(dir, 'agents/runtime/evidence'))).toBe(false);
  });
});
