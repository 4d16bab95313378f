import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ledgerRecords } from '../../helpers/ledger.js';
import { cli, confirmOne, readRecord, stagingRepo } from '../staging/harness.js';
import { claudeInput } from './claude-input.js';

// The hook and reviewer verdicts together: an agent's guarded command is staged by the hook, a
// reviewer model declines it with `verdict record`, and the agent's retry is denied with the
// reviewer's reason — by the hook and by `claim` alike.

async function hook(dir: string, command: string, minutes: number) {
  const r = await cli(dir, ['hook', 'claude-code'], {
    minutes,
    overrides: { readStdin: () => claudeInput(command, dir) },
  });
  expect(r.code).toBe(0);
  return (
    JSON.parse(r.stdout) as {
      hookSpecificOutput: { permissionDecision: string; permissionDecisionReason: string };
    }
  ).hookSpecificOutput;
}

function ledgerEvents(dir: string): Array<[string, string]> {
  return ledgerRecords(dir)
    .sort((a, b) => a.seq - b.seq)
    .map((r) => [r.event, r.actor]);
}

const REASON = 'force-pushing main rewrites published history; push a revert instead';

describe('hook claude-code with a reviewer verdict', () => {
  it("a deny verdict on a stage the hook made: the retry is denied with the reviewer's reason, and claim refuses with it", async () => {
    const dir = stagingRepo();
    const command = 'git push --force origin main';
    const first = await hook(dir, command, 0);
    expect(first.permissionDecision).toBe('deny');
    const token = /agent-config confirm ([0-9a-f]{16})/.exec(first.permissionDecisionReason)?.[1];
    expect(token).toMatch(/^[0-9a-f]{16}$/);

    writeFileSync(
      join(dir, 'verdict.json'),
      JSON.stringify({ risk: 'high', authorization: 'low', outcome: 'deny', reason: REASON }),
    );
    const recorded = await cli(
      dir,
      ['verdict', 'record', token!, 'verdict.json', '--reviewer', 'gpt-review'],
      {
        minutes: 1,
      },
    );
    expect(recorded.code).toBe(0);
    expect(readRecord(dir, 'resolved', token!)).toMatchObject({
      state: 'declined',
      decided_by: 'reviewer:gpt-review',
      reason: REASON,
    });

    const retry = await hook(dir, command, 2);
    expect(retry.permissionDecision).toBe('deny');
    expect(retry.permissionDecisionReason).toContain('reviewer:gpt-review declined');
    expect(retry.permissionDecisionReason).toContain(`"${REASON}"`);
    // No new stage while the declined one stands: the agent cannot ask again around the reviewer.
    expect(/agent-config confirm [0-9a-f]{16}/.test(retry.permissionDecisionReason)).toBe(false);

    const claim = await cli(dir, ['claim', token!, '--json'], { minutes: 2 });
    expect(claim.code).toBe(1);
    expect(JSON.parse(claim.stdout)).toMatchObject({
      outcome: 'declined',
      record: { decided_by: 'reviewer:gpt-review', reason: REASON },
    });
    // A person cannot confirm it afterwards either, and the hook still denies.
    expect((await confirmOne(dir, token!, 3)).code).not.toBe(0);
    expect((await hook(dir, command, 4)).permissionDecision).toBe('deny');

    expect(ledgerEvents(dir)).toEqual([
      ['stage.staged', 'agent:hook:claude-code'],
      ['verdict.recorded', 'reviewer:gpt-review'],
      ['stage.declined', 'reviewer:gpt-review'],
    ]);
    expect((await cli(dir, ['evidence', 'verify'], { minutes: 5 })).code).toBe(0);
  });
});
