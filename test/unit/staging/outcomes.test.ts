import { describe, expect, it } from 'vitest';
import { OUTCOME_CODES, OUTCOMES, outcomeExit } from '../../../src/staging/outcomes.js';

// Scripts and hooks depend on these names and exit codes; changing one is a breaking change
// that must also change docs/staging.md.
const FROZEN = {
  stage: ['staged 0', 'already-staged 0', 'supplied-key-refused 2'],
  confirm: [
    'confirmed 0',
    'already-confirmed 0',
    're-vote 1',
    'answer-mismatch 1',
    'changed-while-asked 1',
    'stdin-not-tty 1',
    'decider-required 2',
    'unrecorded 1',
    'signature-required 2',
    'signer-unknown 1',
    'expired 1',
    'tampered 1',
    'wrong-worktree 1',
    'malformed 1',
    'token-mismatch 1',
    'invalid-token 2',
  ],
  decline: [
    'declined 0',
    'already-declined 0',
    're-vote 1',
    'decider-required 2',
    'decider-not-allowed 2',
    'unrecorded 1',
    'signature-required 2',
    'signer-unknown 1',
    'expired 1',
    'tampered 1',
    'wrong-worktree 1',
    'malformed 1',
    'token-mismatch 1',
    'invalid-token 2',
  ],
  claim: [
    'execute 0',
    'not-confirmed 1',
    'already-claimed 1',
    'declined 1',
    'unrecorded-confirmation 1',
    'evidence-failed 1',
    'signature-required 1',
    'signature-invalid 1',
    'signer-unknown 1',
    'expired 1',
    'tampered 1',
    'wrong-worktree 1',
    'malformed 1',
    'token-mismatch 1',
    'invalid-token 2',
  ],
};

describe('the outcome codes', () => {
  it('are exactly the frozen list, with their exit codes', () => {
    const actual = Object.fromEntries(
      Object.entries(OUTCOMES).map(([verb, table]) => [
        verb,
        Object.entries(table).map(([code, o]) => `${code} ${o.exit}`),
      ]),
    );
    expect(actual).toEqual(FROZEN);
    expect(outcomeExit('claim', 'execute')).toBe(0);
    expect(() => outcomeExit('stage', 'execute')).toThrow();
  });

  it('are listed once each, in table order', () => {
    expect(OUTCOME_CODES).toEqual([
      'staged',
      'already-staged',
      'supplied-key-refused',
      'confirmed',
      'already-confirmed',
      're-vote',
      'answer-mismatch',
      'changed-while-asked',
      'stdin-not-tty',
      'decider-required',
      'unrecorded',
      'signature-required',
      'signer-unknown',
      'expired',
      'tampered',
      'wrong-worktree',
      'malformed',
      'token-mismatch',
      'invalid-token',
      'declined',
      'already-declined',
      'decider-not-allowed',
      'execute',
      'not-confirmed',
      'already-claimed',
      'unrecorded-confirmation',
      'evidence-failed',
      'signature-invalid',
    ]);
    expect(Object.isFrozen(OUTCOME_CODES)).toBe(true);
  });

  it('cannot be changed at run time', () => {
    expect(Object.isFrozen(OUTCOMES)).toBe(true);
    expect(Object.isFrozen(OUTCOMES.claim)).toBe(true);
    expect(Object.isFrozen(OUTCOMES.claim.execute)).toBe(true);
    expect(() => {
      (OUTCOMES.claim as Record<string, unknown>).yes = { exit: 0, meaning: '' };
    }).toThrow();
  });

  it('are each documented in docs/staging.md with their exit code', async () => {
    const { readFileSync } = await import('node:fs');
    const doc = readFileSync(new URL('../../../docs/staging.md', import.meta.url), 'utf8');
    for (const [verb, table] of Object.entries(OUTCOMES)) {
      for (const [code, row] of Object.entries(table)) {
        expect(doc, `${verb} ${code}`).toMatch(
          new RegExp(`\\| \`${verb}\` \\| \`${code}\` \\| ${row.exit} \\|`),
        );
      }
    }
  });
});
