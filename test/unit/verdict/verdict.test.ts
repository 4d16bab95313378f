import { describe, expect, it } from 'vitest';
import { checkVerdict, VERDICT_CODES, type VerdictCode } from '../../../src/verdict/verdict.js';

const j = (o: Record<string, unknown>) => JSON.stringify(o);
const long = 'x'.repeat(2001);
const max = 'y'.repeat(2000);

// [what, text, expected code (null: valid)]
const TABLE: ReadonlyArray<readonly [string, string, VerdictCode | null]> = [
  // --- new shape: valid
  ['low allow, authorization unknown', j({ risk: 'low', authorization: 'unknown', outcome: 'allow' }), null],
  ['low allow, authorization low', j({ risk: 'low', authorization: 'low', outcome: 'allow' }), null],
  ['low allow, authorization medium', j({ risk: 'low', authorization: 'medium', outcome: 'allow' }), null],
  ['low allow, authorization high', j({ risk: 'low', authorization: 'high', outcome: 'allow' }), null],
  ['medium allow, authorization high', j({ risk: 'medium', authorization: 'high', outcome: 'allow' }), null],
  ['high allow, authorization high', j({ risk: 'high', authorization: 'high', outcome: 'allow' }), null],
  ['high allow, authorization medium', j({ risk: 'high', authorization: 'medium', outcome: 'allow' }), null],
  [
    'allow with a rationale',
    j({ risk: 'low', authorization: 'low', outcome: 'allow', rationale: 'read-only' }),
    null,
  ],
  [
    'allow with an empty rationale',
    j({ risk: 'low', authorization: 'low', outcome: 'allow', rationale: '' }),
    null,
  ],
  [
    'critical deny with reason',
    j({ risk: 'critical', authorization: 'high', outcome: 'deny', reason: 'drops prod' }),
    null,
  ],
  [
    'critical ask with reason',
    j({ risk: 'critical', authorization: 'unknown', outcome: 'ask', reason: 'who owns it?' }),
    null,
  ],
  [
    'high deny, authorization low',
    j({ risk: 'high', authorization: 'low', outcome: 'deny', reason: 'no' }),
    null,
  ],
  [
    'low deny with reason',
    j({ risk: 'low', authorization: 'high', outcome: 'deny', reason: 'not now' }),
    null,
  ],
  [
    'medium ask with reason and rationale',
    j({ risk: 'medium', authorization: 'low', outcome: 'ask', reason: 'unsure', rationale: 'r' }),
    null,
  ],
  [
    'reason of exactly 2000 characters',
    j({ risk: 'high', authorization: 'low', outcome: 'deny', reason: max }),
    null,
  ],
  [
    'rationale of exactly 2000 characters',
    j({ risk: 'low', authorization: 'low', outcome: 'allow', rationale: max }),
    null,
  ],
  ['keys in another order', '{"outcome":"ask","reason":"why","authorization":"low","risk":"low"}', null],
  [
    'pretty-printed with a final newline',
    '{\n  "risk": "low",\n  "authorization": "low",\n  "outcome": "allow"\n}\n',
    null,
  ],
  ['whitespace before and after', ' \n\t{"risk":"low","authorization":"low","outcome":"allow"}\r\n ', null],
  [
    'unicode in the reason',
    j({ risk: 'high', authorization: 'low', outcome: 'deny', reason: 'löscht 🚫' }),
    null,
  ],
  [
    'escaped quote in the reason',
    '{"risk":"high","authorization":"low","outcome":"deny","reason":"say \\"no\\""}',
    null,
  ],
  // --- new shape: the risk/authorization rules
  [
    'critical allow, authorization high',
    j({ risk: 'critical', authorization: 'high', outcome: 'allow' }),
    'verdict-critical-allow',
  ],
  [
    'critical allow, authorization unknown',
    j({ risk: 'critical', authorization: 'unknown', outcome: 'allow' }),
    'verdict-critical-allow',
  ],
  [
    'critical allow with rationale',
    j({ risk: 'critical', authorization: 'medium', outcome: 'allow', rationale: 'fine' }),
    'verdict-critical-allow',
  ],
  [
    'high allow, authorization low',
    j({ risk: 'high', authorization: 'low', outcome: 'allow' }),
    'verdict-authorization-too-low',
  ],
  [
    'high allow, authorization unknown',
    j({ risk: 'high', authorization: 'unknown', outcome: 'allow' }),
    'verdict-authorization-too-low',
  ],
  [
    'medium allow, authorization medium',
    j({ risk: 'medium', authorization: 'medium', outcome: 'allow' }),
    'verdict-authorization-too-low',
  ],
  [
    'medium allow, authorization low',
    j({ risk: 'medium', authorization: 'low', outcome: 'allow' }),
    'verdict-authorization-too-low',
  ],
  [
    'medium allow, authorization unknown',
    j({ risk: 'medium', authorization: 'unknown', outcome: 'allow' }),
    'verdict-authorization-too-low',
  ],
  // --- reasons
  [
    'allow with a reason',
    j({ risk: 'low', authorization: 'low', outcome: 'allow', reason: 'ok' }),
    'verdict-reason-forbidden',
  ],
  [
    'allow with an empty reason',
    j({ risk: 'low', authorization: 'low', outcome: 'allow', reason: '' }),
    'verdict-reason-forbidden',
  ],
  [
    'deny without reason',
    j({ risk: 'high', authorization: 'low', outcome: 'deny' }),
    'verdict-reason-required',
  ],
  [
    'deny with an empty reason',
    j({ risk: 'high', authorization: 'low', outcome: 'deny', reason: '' }),
    'verdict-reason-required',
  ],
  [
    'deny with a blank reason',
    j({ risk: 'high', authorization: 'low', outcome: 'deny', reason: ' \t ' }),
    'verdict-reason-required',
  ],
  [
    'deny with only a rationale',
    j({ risk: 'high', authorization: 'low', outcome: 'deny', rationale: 'r' }),
    'verdict-reason-required',
  ],
  ['ask without reason', j({ risk: 'low', authorization: 'low', outcome: 'ask' }), 'verdict-reason-required'],
  [
    'reason of 2001 characters',
    j({ risk: 'high', authorization: 'low', outcome: 'deny', reason: long }),
    'verdict-too-long',
  ],
  [
    'rationale of 2001 characters',
    j({ risk: 'low', authorization: 'low', outcome: 'allow', rationale: long }),
    'verdict-too-long',
  ],
  [
    'reason is a number',
    j({ risk: 'high', authorization: 'low', outcome: 'deny', reason: 42 }),
    'verdict-not-string',
  ],
  [
    'reason is null',
    j({ risk: 'high', authorization: 'low', outcome: 'deny', reason: null }),
    'verdict-not-string',
  ],
  [
    'reason is an array',
    j({ risk: 'high', authorization: 'low', outcome: 'deny', reason: ['a'] }),
    'verdict-not-string',
  ],
  [
    'reason is an object',
    j({ risk: 'high', authorization: 'low', outcome: 'deny', reason: { toString: 'x' } }),
    'verdict-not-string',
  ],
  [
    'rationale is a boolean',
    j({ risk: 'low', authorization: 'low', outcome: 'allow', rationale: true }),
    'verdict-not-string',
  ],
  // --- near misses in the enums
  ['"Allow"', j({ risk: 'low', authorization: 'low', outcome: 'Allow' }), 'verdict-bad-value'],
  ['"ALLOW"', j({ risk: 'low', authorization: 'low', outcome: 'ALLOW' }), 'verdict-bad-value'],
  ['"allow " with a space', j({ risk: 'low', authorization: 'low', outcome: 'allow ' }), 'verdict-bad-value'],
  [
    '"critical " with a space',
    j({ risk: 'critical ', authorization: 'high', outcome: 'allow' }),
    'verdict-bad-value',
  ],
  [
    '"Critical"',
    j({ risk: 'Critical', authorization: 'high', outcome: 'deny', reason: 'r' }),
    'verdict-bad-value',
  ],
  [
    'risk "severe"',
    j({ risk: 'severe', authorization: 'high', outcome: 'deny', reason: 'r' }),
    'verdict-bad-value',
  ],
  ['risk as a number', j({ risk: 1, authorization: 'high', outcome: 'allow' }), 'verdict-bad-value'],
  ['risk as an array', j({ risk: ['low'], authorization: 'high', outcome: 'allow' }), 'verdict-bad-value'],
  ['risk null', j({ risk: null, authorization: 'high', outcome: 'allow' }), 'verdict-bad-value'],
  ['authorization "none"', j({ risk: 'low', authorization: 'none', outcome: 'allow' }), 'verdict-bad-value'],
  ['authorization as a number', j({ risk: 'low', authorization: 3, outcome: 'allow' }), 'verdict-bad-value'],
  ['authorization true', j({ risk: 'low', authorization: true, outcome: 'allow' }), 'verdict-bad-value'],
  ['outcome "approve"', j({ risk: 'low', authorization: 'low', outcome: 'approve' }), 'verdict-bad-value'],
  [
    'outcome "block"',
    j({ risk: 'low', authorization: 'low', outcome: 'block', reason: 'r' }),
    'verdict-bad-value',
  ],
  [
    'outcome with a zero-width space',
    j({ risk: 'low', authorization: 'low', outcome: 'allow\u200b' }),
    'verdict-bad-value',
  ],
  [
    'outcome as an object',
    j({ risk: 'low', authorization: 'low', outcome: { value: 'allow' } }),
    'verdict-bad-value',
  ],
  // --- keys
  ['missing risk', j({ authorization: 'low', outcome: 'allow' }), 'verdict-missing-key'],
  ['missing authorization', j({ risk: 'low', outcome: 'allow' }), 'verdict-missing-key'],
  ['missing outcome', j({ risk: 'low', authorization: 'low' }), 'verdict-missing-key'],
  ['empty object', '{}', 'verdict-missing-key'],
  [
    'unknown key "comment"',
    j({ risk: 'low', authorization: 'low', outcome: 'allow', comment: 'x' }),
    'verdict-unknown-key',
  ],
  [
    'key "Risk" in capitals',
    j({ Risk: 'low', authorization: 'low', outcome: 'allow' }),
    'verdict-unknown-key',
  ],
  [
    'key "__proto__"',
    '{"risk":"low","authorization":"low","outcome":"allow","__proto__":{"x":1}}',
    'verdict-unknown-key',
  ],
  [
    'key "confidence"',
    j({ risk: 'low', authorization: 'low', outcome: 'allow', confidence: 0.9 }),
    'verdict-unknown-key',
  ],
  [
    'decision and outcome together',
    j({ risk: 'low', decision: 'allow', outcome: 'allow' }),
    'verdict-mixed-shape',
  ],
  [
    'decision with authorization',
    j({ risk: 'low', decision: 'allow', authorization: 'high' }),
    'verdict-mixed-shape',
  ],
  ['decision with rationale', j({ risk: 'low', decision: 'allow', rationale: 'x' }), 'verdict-mixed-shape'],
  // --- legacy shape
  ['legacy low allow', j({ risk: 'low', decision: 'allow' }), null],
  ['legacy medium allow', j({ risk: 'medium', decision: 'allow' }), null],
  ['legacy medium deny', j({ risk: 'medium', decision: 'deny' }), null],
  ['legacy high deny with reason', j({ risk: 'high', decision: 'deny', reason: 'force push' }), null],
  ['legacy high deny without reason', j({ risk: 'high', decision: 'deny' }), null],
  ['legacy high allow', j({ risk: 'high', decision: 'allow' }), 'verdict-legacy-allow-risk'],
  ['legacy critical allow', j({ risk: 'critical', decision: 'allow' }), 'verdict-critical-allow'],
  ['legacy low deny', j({ risk: 'low', decision: 'deny', reason: 'r' }), 'verdict-legacy-deny-risk'],
  [
    'legacy critical deny',
    j({ risk: 'critical', decision: 'deny', reason: 'r' }),
    'verdict-legacy-deny-risk',
  ],
  [
    'legacy allow with reason',
    j({ risk: 'low', decision: 'allow', reason: 'fine' }),
    'verdict-reason-forbidden',
  ],
  ['legacy ask', j({ risk: 'low', decision: 'ask', reason: 'r' }), 'verdict-bad-value'],
  ['legacy "Deny"', j({ risk: 'high', decision: 'Deny' }), 'verdict-bad-value'],
  ['legacy missing risk', j({ decision: 'deny' }), 'verdict-missing-key'],
  ['legacy extra key', j({ risk: 'high', decision: 'deny', note: 'x' }), 'verdict-unknown-key'],
  ['legacy reason as a number', j({ risk: 'high', decision: 'deny', reason: 7 }), 'verdict-not-string'],
  // --- the text around the object
  ['a byte-order mark', `\uFEFF${j({ risk: 'low', authorization: 'low', outcome: 'allow' })}`, 'verdict-bom'],
  ['empty text', '', 'verdict-empty'],
  ['only whitespace', ' \n ', 'verdict-empty'],
  [
    'duplicate outcome, allow last',
    '{"risk":"critical","authorization":"low","outcome":"deny","reason":"r","outcome":"allow"}',
    'verdict-duplicate-key',
  ],
  [
    'duplicate risk, same value',
    '{"risk":"low","risk":"low","authorization":"low","outcome":"allow"}',
    'verdict-duplicate-key',
  ],
  [
    'duplicate legacy decision',
    '{"risk":"medium","decision":"deny","decision":"allow"}',
    'verdict-duplicate-key',
  ],
  [
    'trailing comma in the object',
    '{"risk":"low","authorization":"low","outcome":"allow",}',
    'verdict-trailing-comma',
  ],
  [
    'trailing comma and newline',
    '{\n "risk":"low",\n "authorization":"low",\n "outcome":"allow",\n}\n',
    'verdict-trailing-comma',
  ],
  [
    'two objects',
    `${j({ risk: 'low', authorization: 'low', outcome: 'allow' })}${j({ risk: 'low', decision: 'allow' })}`,
    'verdict-trailing-text',
  ],
  [
    'two objects on two lines',
    `${j({ risk: 'low', decision: 'allow' })}\n${j({ risk: 'low', decision: 'allow' })}\n`,
    'verdict-trailing-text',
  ],
  ['text after the object', `${j({ risk: 'low', decision: 'allow' })} ok`, 'verdict-trailing-text'],
  ['a comment after the object', `${j({ risk: 'low', decision: 'allow' })} // fine`, 'verdict-trailing-text'],
  ['an array of one verdict', `[${j({ risk: 'low', decision: 'allow' })}]`, 'verdict-not-object'],
  ['a string', '"allow"', 'verdict-not-object'],
  ['a number', '1', 'verdict-not-object'],
  ['null', 'null', 'verdict-not-object'],
  ['single quotes', "{'risk':'low','decision':'allow'}", 'verdict-not-json'],
  ['unquoted keys', '{risk:"low",decision:"allow"}', 'verdict-not-json'],
  ['a comment inside', '{"risk":"low", /* x */ "decision":"allow"}', 'verdict-not-json'],
  ['an unclosed object', '{"risk":"low","decision":"allow"', 'verdict-not-json'],
  ['NaN as a value', '{"risk":NaN,"decision":"allow"}', 'verdict-not-json'],
  ['a raw newline in a string', '{"risk":"high","decision":"deny","reason":"a\nb"}', 'verdict-not-json'],
  [
    'a raw control character in a string',
    '{"risk":"high","decision":"deny","reason":"a\u0007b"}',
    'verdict-not-json',
  ],
  ['nested 65 deep', `{"risk":${'['.repeat(65)}${']'.repeat(65)},"decision":"deny"}`, 'verdict-too-deep'],
  [
    'nested 64 deep is only a bad value',
    `{"risk":${'['.repeat(63)}${']'.repeat(63)},"decision":"deny"}`,
    'verdict-bad-value',
  ],
  ['markdown fence around it', '```json\n{"risk":"low","decision":"allow"}\n```', 'verdict-not-json'],
];

describe('verdict check table', () => {
  it('has at least 80 verdicts and every code appears in it', () => {
    expect(TABLE.length).toBeGreaterThanOrEqual(80);
    const covered = new Set(TABLE.map((r) => r[2]).filter((c) => c !== null));
    covered.add('verdict-not-utf8');
    expect([...VERDICT_CODES].filter((c) => !covered.has(c))).toEqual([]);
  });

  it.each(TABLE)('%s', (_what, text, code) => {
    const r = checkVerdict(text);
    expect(r.code).toBe(code);
    expect(r.valid).toBe(code === null);
    if (r.valid) {
      expect(r.message).toBeNull();
    } else {
      expect(r.verdict).toBeNull();
      // One line, naming what is wrong.
      expect(r.message).not.toMatch(/\n/);
      expect(r.message.length).toBeGreaterThan(10);
      expect(r.message.length).toBeLessThan(300);
    }
  });
});

describe('verdict check details', () => {
  it('normalises both shapes: decision holds the outcome, legacy gets authorization unknown', () => {
    expect(checkVerdict(j({ risk: 'medium', decision: 'deny', reason: 'r' })).verdict).toEqual({
      risk: 'medium',
      authorization: 'unknown',
      decision: 'deny',
      reason: 'r',
    });
    expect(
      checkVerdict(j({ outcome: 'allow', risk: 'low', rationale: 'x', authorization: 'high' })).verdict,
    ).toEqual({
      risk: 'low',
      authorization: 'high',
      decision: 'allow',
      rationale: 'x',
    });
  });

  it('names the key and the rejected value in the message, safely', () => {
    const r = checkVerdict(j({ risk: 'critical ', authorization: 'high', outcome: 'allow' }));
    expect(r.message).toBe(`'risk' must be one of low, medium, high, critical; got "critical "`);
    const m = checkVerdict(j({ risk: 'low', authorization: 'low', outcome: 'allow', 'evil\u001b[2Jkey': 1 }));
    expect(m.message).toContain('\\x1B[2Jkey');
    expect(m.message).not.toContain('\u001b');
    const big = checkVerdict(j({ risk: 'x'.repeat(5000), authorization: 'low', outcome: 'allow' }));
    expect(big.message!.length).toBeLessThan(200);
    expect(big.message).toContain('(5000 characters)');
    expect(
      checkVerdict(j({ risk: { toString: 'boom' }, authorization: 'low', outcome: 'allow' })).message,
    ).toContain('got an object');
  });

  it('points at the line and column of the problem', () => {
    const r = checkVerdict(
      '{\n  "risk": "low",\n  "risk": "high",\n  "authorization": "low",\n  "outcome": "allow"\n}',
    );
    expect(r).toMatchObject({ code: 'verdict-duplicate-key', line: 3, column: 3 });
    const t = checkVerdict('{"risk":"low","decision":"allow"}\n{"risk":"low","decision":"allow"}');
    expect(t).toMatchObject({ code: 'verdict-trailing-text', line: 2, column: 1 });
    expect(t.message).toContain('a second JSON value');
  });

  it('refuses bytes that were not UTF-8 before reading them', () => {
    expect(checkVerdict(j({ risk: 'low', decision: 'allow' }), true).code).toBe('verdict-not-utf8');
  });
});

describe('verdict check: deep nesting', () => {
  it('refuses JSON nested thousands deep with one line and a frozen code, never a stack overflow', () => {
    for (const n of [3000, 20000]) {
      for (const text of [
        `${'['.repeat(n)}${']'.repeat(n)}`,
        `{"risk":${'['.repeat(n)}${']'.repeat(n)},"decision":"deny"}`,
        `{"risk":${'{"a":'.repeat(n)}1${'}'.repeat(n)},"decision":"deny"}`,
        '['.repeat(n),
      ]) {
        const r = checkVerdict(text);
        expect(r).toMatchObject({ valid: false, code: 'verdict-too-deep' });
        expect(r.message).not.toMatch(/\n/);
      }
    }
  });

  it('counts only brackets outside strings, and a shallow nested value is still a bad value', () => {
    const brackets = '['.repeat(1999);
    expect(checkVerdict(j({ risk: 'high', decision: 'deny', reason: brackets })).valid).toBe(true);
    expect(checkVerdict(j({ risk: [[['low']]], decision: 'deny' })).code).toBe('verdict-bad-value');
  });
});

/**
 * Pairs of adjacent-or-near rules broken at once, walked in the documented order: the answer is
 * always the earlier code of docs/verdicts.md's table (VERDICT_CODES).
 */
const BOTH: ReadonlyArray<readonly [VerdictCode, VerdictCode, string]> = [
  ['verdict-bom', 'verdict-empty', '\uFEFF'],
  ['verdict-bom', 'verdict-not-json', '\uFEFF{x}'],
  ['verdict-bom', 'verdict-too-deep', `\uFEFF${'['.repeat(100)}`],
  ['verdict-too-deep', 'verdict-trailing-text', `${'['.repeat(100)}${']'.repeat(100)} x`],
  ['verdict-trailing-text', 'verdict-trailing-comma', '{"risk":"low","decision":"allow",} x'],
  ['verdict-trailing-text', 'verdict-not-object', '[1] [2]'],
  ['verdict-trailing-comma', 'verdict-not-object', '[1,]'],
  ['verdict-not-json', 'verdict-not-object', '["a\u0007"]'],
  ['verdict-not-json', 'verdict-duplicate-key', '{"a":1,"a":"\u0007"}'],
  ['verdict-not-object', 'verdict-duplicate-key', '[{"a":1,"a":2}]'],
  ['verdict-duplicate-key', 'verdict-unknown-key', '{"x":1,"x":1}'],
  ['verdict-mixed-shape', 'verdict-unknown-key', j({ decision: 'deny', outcome: 'deny', x: 1 })],
  ['verdict-unknown-key', 'verdict-missing-key', j({ risk: 'low', x: 1 })],
  ['verdict-missing-key', 'verdict-bad-value', j({ risk: 'LOW', outcome: 'allow' })],
  ['verdict-bad-value', 'verdict-not-string', j({ risk: 'LOW', decision: 'deny', reason: 1 })],
  [
    'verdict-not-string',
    'verdict-too-long',
    j({ risk: 'low', decision: 'deny', reason: 1, x: 0 }).replace(',"x":0', ''),
  ],
  [
    'verdict-too-long',
    'verdict-critical-allow',
    j({ risk: 'critical', authorization: 'high', outcome: 'allow', rationale: long }),
  ],
  [
    'verdict-critical-allow',
    'verdict-reason-forbidden',
    j({ risk: 'critical', decision: 'allow', reason: 'r' }),
  ],
  [
    'verdict-authorization-too-low',
    'verdict-reason-forbidden',
    j({ risk: 'high', authorization: 'low', outcome: 'allow', reason: 'r' }),
  ],
  [
    'verdict-reason-forbidden',
    'verdict-legacy-allow-risk',
    j({ risk: 'high', decision: 'allow', reason: 'r' }),
  ],
];

describe('verdict check: two rules broken at once', () => {
  it.each(BOTH)('%s comes before %s', (first, second, text) => {
    expect(VERDICT_CODES.indexOf(first)).toBeLessThan(VERDICT_CODES.indexOf(second));
    expect(checkVerdict(text).code).toBe(first);
  });
});
