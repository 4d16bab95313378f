import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cli, stageOne, stagingRepo } from './staging/harness.js';

type Op = { verb: 'confirm' | 'decline' | 'claim' | 'prune' | 'view'; minute: number; human: boolean };

const op = fc.record({
  verb: fc.constantFrom('confirm', 'decline', 'claim', 'claim', 'prune', 'view'),
  minute: fc.integer({ min: 0, max: 20 }),
  human: fc.boolean(),
}) as fc.Arbitrary<Op>;

async function apply(dir: string, token: string, o: Op): Promise<string> {
  const env = o.human ? { AGENT_CONFIG_HUMAN: 'human:ada' } : { AGENT_CONFIG_HUMAN: 'agent:x' };
  const argv: Record<Op['verb'], string[]> = {
    confirm: ['confirm', token],
    decline: ['decline', token],
    claim: ['claim', token],
    prune: ['prune'],
    view: ['pending'],
  };
  const r = await cli(dir, argv[o.verb], {
    minutes: o.minute,
    env,
    ...(o.verb === 'confirm' ? { answer: token.slice(-4) } : {}),
  });
  return o.verb === 'prune' || o.verb === 'view'
    ? 'ok'
    : (r.stdout || r.stderr).split(':')[0]!.replace(/^agent-config \w+ /, '');
}

describe('any sequence of decisions on one stage', () => {
  it('executes at most once, only after a person confirmed, never after a decline, and only inside the window', async () => {
    let runsThatExecuted = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 8 }), async (ops) => {
        const dir = stagingRepo();
        const token = await stageOne(dir);
        let confirmed = false;
        let declined = false;
        let executes = 0;
        for (const o of ops) {
          const outcome = await apply(dir, token, o);
          if (outcome === 'confirmed') {
            expect(o.human && !declined && o.minute < 15).toBe(true);
            confirmed = true;
          }
          if (outcome === 'declined' && o.verb === 'decline') {
            expect(confirmed).toBe(false);
            declined = true;
          }
          if (outcome === 'execute') {
            executes++;
            expect(confirmed && !declined && o.minute < 15).toBe(true);
          }
        }
        expect(executes).toBeLessThanOrEqual(1);
        runsThatExecuted += executes;
      }),
      { numRuns: 40, seed: 20261130 },
    );
    // The property is only worth something if some runs reached `execute` at all.
    expect(runsThatExecuted).toBeGreaterThan(0);
  }, 300_000);
});
