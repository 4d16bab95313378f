import { describe, expect, it } from 'vitest';
import { hookObject } from '../../../src/guard/flow.js';
import { cli, confirmOne, readRecord, stagingRepo } from '../staging/harness.js';
import { claudeInput } from './claude-input.js';

async function decide(dir: string, command: string, minutes: number) {
  const r = await cli(dir, ['hook', 'claude-code'], {
    minutes,
    overrides: { readStdin: () => claudeInput(command, dir) },
  });
  const out = JSON.parse(r.stdout).hookSpecificOutput;
  return {
    decision: out.permissionDecision as string,
    token: /agent-config confirm ([0-9a-f]{16})/.exec(out.permissionDecisionReason)?.[1] ?? null,
  };
}

const PLAIN = 'git push -f origin main';

describe('a confirmation binds the command text exactly (issue 28, item 8)', () => {
  it.each([
    ['a trailing no-break space', PLAIN, `${PLAIN}\u00a0`],
    ['no trailing no-break space', `${PLAIN}\u00a0`, PLAIN],
    ['a trailing carriage return', PLAIN, `${PLAIN}\r`],
    ['a trailing newline', PLAIN, `${PLAIN}\n`],
    ['a leading space', PLAIN, ` ${PLAIN}`],
  ])('a confirmed command does not allow the same one with %s', async (_case, confirmed, retried) => {
    const dir = stagingRepo();
    const first = await decide(dir, confirmed, 0);
    expect(first.decision).toBe('deny');
    await confirmOne(dir, first.token!, 1);
    const other = await decide(dir, retried, 2);
    expect(other.decision).toBe('deny');
    expect(other.token).not.toBe(first.token);
    expect(readRecord(dir, 'pending', other.token!)).toMatchObject({ object: `in .: ${retried}` });
    expect(readRecord(dir, 'confirmed', first.token!)).toMatchObject({
      state: 'confirmed',
      claimed_at: null,
    });
    // The identical text still claims it.
    expect((await decide(dir, confirmed, 3)).decision).toBe('allow');
  });

  it('stages the command exactly as written: nothing trimmed or rewritten', () => {
    expect(hookObject(`${PLAIN}\u00a0`, '')).toBe(`in .: ${PLAIN}\u00a0`);
    expect(hookObject(` ${PLAIN}\r\n`, 'sub')).toBe(`in sub:  ${PLAIN}\r\n`);
  });
});
