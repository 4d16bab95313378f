import { describe, expect, it } from 'vitest';
import { parseRoadmap } from '../../../src/roadmap/scanner.js';

const parse = (text: string) => parseRoadmap(text, { rel: 'x.md' });
const entry = (lines: string) => `# T\n## Phase 1\n- [ ] a\n\n## Blockers\n\n### blocker: pick-db\n${lines}`;

describe('the Options list of a blocker entry', () => {
  it('reads numbered and bulleted items, the (recommended) mark, and continuation lines', () => {
    const r = parse(
      entry(
        '- **Status:** open\n- **Options:**\n  1. Postgres (Recommended)\n     it is already run\n  2. SQLite\n\n  - keep files\n- **Resolved when:** x\n',
      ),
    );
    const b = r.blockers[0]!;
    expect(b.options).toEqual([
      { text: 'Postgres it is already run', recommended: true, line: 10 },
      { text: 'SQLite', recommended: false, line: 12 },
      { text: 'keep files', recommended: false, line: 14 },
    ]);
    // The field after the list is still its own field.
    expect(b.resolvedWhen).toBe('x');
  });

  it('ends at a plain paragraph after a blank line, a heading or another field', () => {
    const b = parse(entry('- **Options:**\n  - one\n\nSome prose.\n- **Owner:** user\n')).blockers[0]!;
    expect(b.options.map((o) => o.text)).toEqual(['one']);
    const c = parse(entry('- **Options:**\n- **Owner:** user\n  - not an option\n')).blockers[0]!;
    expect(c.options).toEqual([]);
  });

  it('reads no option from an inline value or a plain line before any item', () => {
    const b = parse(entry('- **Options:** (a) pg (b) sqlite\n  plain\n  - late\n')).blockers[0]!;
    expect(b.options).toEqual([]);
  });

  it('is empty when the entry has no Options field, and the entry end is its last body line', () => {
    const r = parse(
      entry('- **Status:** open\n- **Owner:** user\n\n### blocker: next\n- **Status:** open\n'),
    );
    expect(r.blockers[0]!.options).toEqual([]);
    expect(r.blockers[0]!.end).toBe(10);
    expect(r.blockers[1]!.line).toBe(11);
  });
});
