import { describe, expect, it } from 'vitest';
import { lintExample } from '../../../src/lint/examples.js';
import { RULES } from '../../../src/lint/rules/index.js';

describe('every rule documents itself with checked examples', () => {
  for (const rule of RULES) {
    describe(rule.meta.id, () => {
      it('has a description, a rationale and at least one example of each kind', () => {
        expect(rule.meta.description.length).toBeGreaterThan(20);
        expect(rule.meta.rationale.length).toBeGreaterThan(20);
        expect(rule.meta.examples.ok.length).toBeGreaterThan(0);
        expect(rule.meta.examples.notOk.length).toBeGreaterThan(0);
      });
      it('finds nothing in its correct examples', async () => {
        for (const example of rule.meta.examples.ok) expect(await lintExample(rule, example)).toEqual([]);
      });
      it('finds something, and only its own findings, in each incorrect example', async () => {
        for (const example of rule.meta.examples.notOk) {
          const found = await lintExample(rule, example);
          expect(found.length).toBeGreaterThan(0);
          expect(new Set(found.map((d) => d.code))).toEqual(new Set([rule.meta.id]));
        }
      });
    });
  }

  it('has unique kebab-case ids', () => {
    const ids = RULES.map((r) => r.meta.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z]+(-[a-z]+)*$/);
  });
});
