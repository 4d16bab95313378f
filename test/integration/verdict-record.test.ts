import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ledgerRecords } from '../helpers/ledger.js';
import { cli, confirmOne, readRecord, stageOne, stagingRepo } from './staging/harness.js';

const ledgerLines = ledgerRecords;

const verdicts = (dir: string) => ledgerLines(dir).filter((r) => r.event === 'verdict.recorded');

async function record(
  dir: string,
  token: string,
  verdict: object | string,
  reviewer = 'gpt-review',
  minutes = 1,
) {
  const text = typeof verdict === 'string' ? verdict : JSON.stringify(verdict);
  writeFileSync(join(dir, 'verdict.json'), text);
  return cli(dir, ['verdict', 'record', token, 'verdict.json', '--reviewer', reviewer], { minutes });
}

const DENY = { risk: 'high', authorization: 'low', outcome: 'deny', reason: 'deletes an unmerged branch' };
const ASK = { risk: 'high', authorization: 'unknown', outcome: 'ask', reason: 'is this branch still used?' };
const ALLOW = { risk: 'low', authorization: 'high', outcome: 'allow', rationale: 'merged a week ago' };

describe('verdict record', () => {
  it('deny: records the verdict, then declines the stage as the reviewer; claim answers with its reason', async () => {
    const dir = stagingRepo();
    const token = await stageOne(dir);
    const r = await record(dir, token, DENY);
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe(
      `recorded: ${token} — deny by reviewer:gpt-review: the stage is declined; a claim answers with this reason`,
    );
    expect(verdicts(dir)).toEqual([
      expect.objectContaining({
        actor: 'reviewer:gpt-review',
        payload: {
          token,
          reviewer: 'reviewer:gpt-review',
          risk: 'high',
          authorization: 'low',
          decision: 'deny',
          reason: 'deletes an unmerged branch',
        },
      }),
    ]);
    // Record, then act: the verdict comes before the decline it caused, both by the reviewer.
    const events = ledgerLines(dir).map((r) => [r.event, r.actor]);
    expect(events.slice(-2)).toEqual([
      ['verdict.recorded', 'reviewer:gpt-review'],
      ['stage.declined', 'reviewer:gpt-review'],
    ]);
    expect(readRecord(dir, 'resolved', token)).toMatchObject({
      state: 'declined',
      decided_by: 'reviewer:gpt-review',
      reason: 'deletes an unmerged branch',
    });
    const claim = await cli(dir, ['claim', token, '--json'], { minutes: 2 });
    expect(claim.code).toBe(1);
    expect(JSON.parse(claim.stdout)).toMatchObject({
      outcome: 'declined',
      record: { decided_by: 'reviewer:gpt-review', reason: 'deletes an unmerged branch' },
    });
    const text = await cli(dir, ['claim', token], { minutes: 2 });
    expect(text.stdout).toContain('Reason:       deletes an unmerged branch');
    // A person can no longer confirm what a reviewer declined.
    expect((await confirmOne(dir, token, 3)).stdout.split(':')[0]).toBe('re-vote');
    const verify = await cli(dir, ['evidence', 'verify', '--json']);
    expect(verify.code).toBe(0);
  });

  it('a replay of the same verdict answers the recorded one; a different verdict is refused', async () => {
    const dir = stagingRepo();
    const token = await stageOne(dir);
    await record(dir, token, ASK);
    const again = await record(dir, token, ASK, 'gpt-review', 2);
    expect([again.code, again.stdout.split(':')[0]]).toEqual([0, 'already-recorded']);
    const other = await record(dir, token, DENY, 'gpt-review', 3);
    expect([other.code, other.stdout.split(':')[0]]).toEqual([1, 'verdict-conflict']);
    expect(other.stdout).toContain(
      'Verdict:      ask · risk high · authorization unknown · reviewer:gpt-review',
    );
    const otherReviewer = await record(dir, token, ASK, 'claude-review', 4);
    expect([otherReviewer.code, otherReviewer.stdout.split(':')[0]]).toEqual([1, 'verdict-conflict']);
    expect(verdicts(dir)).toHaveLength(1);
    // Nothing was declined by the refused deny.
    expect(readRecord(dir, 'pending', token)).toMatchObject({ state: 'pending', decided_by: null });
  });

  it('ask: leaves the stage to a person, and gates --pending shows the verdict beside it', async () => {
    const dir = stagingRepo();
    const token = await stageOne(dir);
    const other = await stageOne(dir, 'feature/y');
    const r = await record(dir, token, ASK);
    expect(r.code).toBe(0);
    const pending = await cli(dir, ['gates', '--pending'], { minutes: 2 });
    expect(pending.code).toBe(0);
    const blocks = pending.stdout.split('\n── ');
    const block = blocks.find((b) => b.includes(`token: ${token}`))!;
    expect(block).toMatch(/Reviewer: +reviewer:gpt-review\n/);
    expect(block).toMatch(/Verdict: +ask · risk high · authorization unknown\n/);
    expect(block).toMatch(/Reason: +is this branch still used\?\n/);
    // The other stage has no verdict, and shows none.
    expect(blocks.find((b) => b.includes(`token: ${other}`))).not.toContain('Verdict:');
    const json = JSON.parse((await cli(dir, ['gates', '--pending', '--json'], { minutes: 2 })).stdout);
    const rows = Object.fromEntries(json.staged.map((s: { token: string }) => [s.token, s]));
    expect(rows[token].verdict).toEqual({
      reviewer: 'reviewer:gpt-review',
      risk: 'high',
      authorization: 'unknown',
      decision: 'ask',
      reason: 'is this branch still used?',
    });
    expect(rows[other].verdict).toBeUndefined();
    // `gates --json` carries the verdict too (its text views read none from the ledger).
    const gates = JSON.parse((await cli(dir, ['gates', '--json'], { minutes: 2 })).stdout);
    const staged = gates.pending.staged.find((s: { token: string }) => s.token === token);
    expect(staged.verdict).toEqual(rows[token].verdict);
    expect((await cli(dir, ['claim', token], { minutes: 2 })).stdout.split(':')[0]).toBe('not-confirmed');
  });

  it('allow: is recorded and shown, never confirms — the stage still needs a person', async () => {
    const dir = stagingRepo();
    const token = await stageOne(dir);
    const r = await record(dir, token, ALLOW);
    expect([r.code, r.stdout.split('\n')[0]]).toEqual([
      0,
      `recorded: ${token} — allow by reviewer:gpt-review: recorded; it still waits for a person to confirm — a verdict never confirms`,
    ]);
    expect(readRecord(dir, 'pending', token)).toMatchObject({ state: 'pending', decided_by: null });
    expect((await cli(dir, ['claim', token], { minutes: 2 })).stdout.split(':')[0]).toBe('not-confirmed');
    const pending = await cli(dir, ['pending'], { minutes: 2 });
    expect(pending.stdout).toMatch(/Verdict: +allow · risk low · authorization high\n/);
    expect(pending.stdout).not.toContain('Reason:');
    expect((await confirmOne(dir, token, 3)).stdout.split(':')[0]).toBe('confirmed');
    expect((await cli(dir, ['claim', token], { minutes: 4 })).stdout.split(':')[0]).toBe('execute');
  });

  it('records nothing for an invalid verdict, an unknown or decided stage, or a bad reviewer', async () => {
    const dir = stagingRepo();
    const token = await stageOne(dir);
    const invalid = await record(dir, token, { risk: 'critical', authorization: 'high', outcome: 'allow' });
    expect([invalid.code, invalid.stdout.trim()]).toEqual([
      1,
      `verdict-invalid: ${token} — verdict-critical-allow: 'outcome' allow of a critical 'risk': a critical risk is never allowed`,
    ]);
    const dup = await record(
      dir,
      token,
      '{"risk":"low","authorization":"low","outcome":"deny","reason":"r","outcome":"allow"}',
    );
    expect(
      JSON.parse(
        (await cli(dir, ['verdict', 'record', token, 'verdict.json', '--reviewer', 'r', '--json'])).stdout,
      ),
    ).toMatchObject({
      outcome: 'verdict-invalid',
      code: 'verdict-duplicate-key',
    });
    expect(dup.code).toBe(1);
    const unknown = await record(dir, 'abcdef0123456789', DENY);
    expect([unknown.code, unknown.stdout.split(':')[0]]).toEqual([1, 'token-mismatch']);
    const badToken = await record(dir, '../../etc', DENY);
    expect([badToken.code, badToken.stderr]).toEqual([2, expect.stringContaining('invalid-token')]);
    for (const reviewer of ['', 'reviewer:', 'a\u001bb', 'human:ada']) {
      const r = await record(dir, token, DENY, reviewer);
      expect([r.code, r.stderr, reviewer]).toEqual([2, expect.stringContaining('--reviewer'), reviewer]);
    }
    const missing = await cli(dir, ['verdict', 'record', token, 'nope.json', '--reviewer', 'r']);
    expect([missing.code, missing.stderr]).toEqual([
      2,
      expect.stringContaining('nope.json: cannot be read (ENOENT)'),
    ]);
    expect(verdicts(dir)).toEqual([]);
    await confirmOne(dir, token, 2);
    const late = await record(dir, token, DENY, 'gpt-review', 3);
    expect([late.code, late.stdout.split(':')[0]]).toEqual([1, 'stage-decided']);
    const expired = await stageOne(dir, 'feature/z');
    const tooLate = await record(dir, expired, ASK, 'gpt-review', 30);
    expect([tooLate.code, tooLate.stdout.split(':')[0]]).toEqual([1, 'expired']);
    expect(verdicts(dir)).toEqual([]);
  });

  it('needs the evidence ledger: with evidence.ledger false it records nothing and says so', async () => {
    const dir = stagingRepo({ 'agent-config.yaml': 'evidence:\n  ledger: false\n' });
    const token = await stageOne(dir);
    const r = await record(dir, token, DENY);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('evidence.ledger');
    expect(readRecord(dir, 'pending', token)).toMatchObject({ state: 'pending' });
  });
});
