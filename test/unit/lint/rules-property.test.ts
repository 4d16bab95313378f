import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lintExample } from '../../../src/lint/examples.js';
import { RULES } from '../../../src/lint/rules/index.js';

// Pieces of the grammars the rules read, so generated documents reach their branches.
const PIECES = [
  '# Plan',
  '## Phase 1 — a',
  '### Phase 2',
  '- [ ] step',
  '- [x] done <!-- blocked-by: a -->',
  '<!-- blocked-by: other#b | asked: yes -->',
  '## Blockers',
  '### blocker: a',
  '### Notes',
  '- **Status:** open',
  '- **Class:** 1',
  '- **Owner:** usеr',
  '## Lookup',
  '## Discrimination drills',
  '| ID | Signature |',
  '|---|---|',
  '| `a` | x |',
  '| b |',
  '```',
  '~~~',
  'agents/roadmaps/x.md',
  '\u202E\u200B\u001b',
  '',
];

const line = fc.oneof(fc.constantFrom(...PIECES), fc.string({ maxLength: 20 }));
const documentText = fc.array(line, { maxLength: 40 }).map((lines) => lines.join('\n'));

describe('every rule on generated documents', () => {
  it('never throws and reports positions inside the document', async () => {
    await fc.assert(
      fc.asyncProperty(documentText, async (text) => {
        const lineCount = text.split('\n').length;
        for (const rule of RULES) {
          const file = rule.meta.scopes.includes('roadmap')
            ? 'agents/roadmaps/plan.md'
            : 'docs/guidelines/failure-signatures.md';
          const others = [{ file: 'agents/roadmaps/other.md', text }];
          for (const d of await lintExample(rule, { file, text, others })) {
            expect(d.line).toBeGreaterThanOrEqual(1);
            expect(d.line).toBeLessThanOrEqual(lineCount);
            expect(d.column).toBeGreaterThanOrEqual(1);
            expect(d.message.length).toBeGreaterThan(0);
          }
        }
      }),
      { numRuns: 150 },
    );
  });
});
