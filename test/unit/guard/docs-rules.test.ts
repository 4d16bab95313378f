import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { classifyCommand } from '../../../src/guard/classify.js';
import { DEFAULT_RULES, GUARDED_VOCABULARY, UNREADABLE_ACTION } from '../../../src/guard/rules.js';

const doc = readFileSync(join(import.meta.dirname, '..', '..', '..', 'docs', 'guard.md'), 'utf8');
const section = doc.slice(doc.indexOf('## What is guarded'), doc.indexOf('## The flow'));
const rows = [...section.matchAll(/^\| `([a-z0-9.-]+)` \| .+ \| (allow|never) \|$/gm)].map((m) => [
  m[1],
  m[2],
]);

describe('docs/guard.md lists the default rules', () => {
  it('names every default action once, with its window, and unreadable-command last', () => {
    const expected = DEFAULT_RULES.map((r) => [r.action, r.window]);
    expect(rows.slice(0, -1).sort()).toEqual(expected.sort());
    expect(rows.at(-1)).toEqual([UNREADABLE_ACTION, 'never']);
  });
});

describe('GUARDED_VOCABULARY', () => {
  it('gives each default rule an example its rule holds, and the words that name it', () => {
    expect(GUARDED_VOCABULARY.map((v) => v.action)).toEqual(DEFAULT_RULES.map((r) => r.action));
    for (const v of GUARDED_VOCABULARY) {
      expect([v.example, classifyCommand(v.example, DEFAULT_RULES).actions]).toEqual([v.example, [v.action]]);
      expect(v.programs.length).toBeGreaterThan(0);
    }
  });
});
