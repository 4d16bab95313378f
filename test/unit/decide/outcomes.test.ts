import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DECIDE_OUTCOMES } from '../../../src/commands/decide/outcomes.js';

describe("decide's outcome codes", () => {
  it('are frozen, with the codes the issue names', () => {
    expect(Object.isFrozen(DECIDE_OUTCOMES)).toBe(true);
    expect(Object.keys(DECIDE_OUTCOMES)).toEqual(
      expect.arrayContaining([
        'blocker-unknown',
        'already-resolved',
        'ambiguous-blocker',
        'changed-while-asked',
        'stdin-not-tty',
      ]),
    );
  });

  it('are each documented in docs/decide.md with their exit code and meaning, in order', () => {
    const doc = readFileSync(new URL('../../../docs/decide.md', import.meta.url), 'utf8');
    const rows = [...doc.matchAll(/^\| `([a-z-]+)` \| (\d) \| (.*) \|$/gm)].map((m) => [
      m[1],
      Number(m[2]),
      m[3],
    ]);
    expect(rows).toEqual(Object.entries(DECIDE_OUTCOMES).map(([code, row]) => [code, row.exit, row.meaning]));
  });
});
