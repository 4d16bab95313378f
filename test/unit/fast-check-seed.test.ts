import fc from 'fast-check';
import { describe, expect, inject, it } from 'vitest';
import { chooseSeed } from '../fast-check-seed.js';

describe('the fast-check seed of a test run', () => {
  it('is FC_SEED when set, and says how to replay it', () => {
    const lines: string[] = [];
    expect(chooseSeed('-1106606068', Math.random, (l) => lines.push(l))).toBe(-1106606068);
    expect(chooseSeed(' 42 ', Math.random, () => {})).toBe(42);
    expect(lines).toEqual([
      'fast-check seed -1106606068 (replay a failure: FC_SEED=-1106606068 npx vitest run <file>)',
    ]);
  });

  it('is a random 32-bit integer when FC_SEED is unset or empty, and is printed', () => {
    const lines: string[] = [];
    const low = chooseSeed(
      undefined,
      () => 0,
      (l) => lines.push(l),
    );
    const high = chooseSeed(
      '',
      () => 1 - 2 ** -53,
      (l) => lines.push(l),
    );
    expect(low).toBe(-(2 ** 31));
    expect(high).toBe(2 ** 31 - 1);
    expect(lines).toEqual([
      `fast-check seed ${low} (replay a failure: FC_SEED=${low} npx vitest run <file>)`,
      `fast-check seed ${high} (replay a failure: FC_SEED=${high} npx vitest run <file>)`,
    ]);
  });

  it('refuses an FC_SEED that is not a 32-bit integer, naming the variable and the fix', () => {
    for (const bad of ['x', '1.5', '0x10', '2147483648', '-2147483649', '1e3']) {
      expect(() => chooseSeed(bad, Math.random, () => {})).toThrow(
        /^FC_SEED must be an integer from -2147483648 to 2147483647 \(got ".*"\): unset it for a random seed$/,
      );
    }
  });

  it('is the seed every property of this run starts from', () => {
    expect(fc.readConfigureGlobal().seed).toBe(inject('fcSeed'));
    if (process.env.FC_SEED?.trim()) expect(inject('fcSeed')).toBe(Number(process.env.FC_SEED));
  });

  it('is named in a failing property’s message, and replays its counterexample', () => {
    const property = fc.property(fc.array(fc.integer()), (xs) => xs.length < 3);
    let message = '';
    try {
      fc.assert(property);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain(`seed: ${inject('fcSeed')}, path: "`);
    const path = /path: "([^"]*)"/.exec(message)![1]!;
    const counterexample = /Counterexample: (.*)/.exec(message)![1]!;
    const replay = fc.check(property, { path });
    expect(fc.stringify(replay.counterexample)).toBe(counterexample);
  });
});
