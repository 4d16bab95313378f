import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { collectGateEntries, mayHoldBlockers } from '../../../src/roadmap/gate-entries.js';
import { parseRoadmap } from '../../../src/roadmap/scanner.js';

function roadmap(rel: string, open: number, blockers: string): ReturnType<typeof parseRoadmap> {
  const steps = Array.from({ length: open }, (_, i) => `- [ ] step ${i}`).join('\n');
  return parseRoadmap(`# T\n\n## Phase 1 — Go\n\n${steps}\n- [x] done\n\n## Blockers\n\n${blockers}`, {
    rel,
  });
}

const entry = (id: string, owner = 'user', status = 'open') =>
  `### blocker: ${id}\n- **Status:** ${status}\n- **Owner:** ${owner}\n\n`;

describe('collectGateEntries', () => {
  it('orders by open steps (most first), then roadmap path, then id', () => {
    const entries = collectGateEntries([
      roadmap('a.md', 1, entry('zeta') + entry('alpha')),
      roadmap('b.md', 5, entry('mid')),
      roadmap('c.md', 1, entry('beta')),
    ]);
    expect(entries.map((e) => `${e.roadmap}#${e.blocker.id}:${e.openSteps}`)).toEqual([
      'b.md#mid:5',
      'a.md#alpha:1',
      'a.md#zeta:1',
      'c.md#beta:1',
    ]);
  });

  it('collates in English, not by code point: "B.md" sorts between "a.md" and "c.md"', () => {
    const entries = collectGateEntries([
      roadmap('c.md', 1, entry('x')),
      roadmap('B.md', 1, entry('x')),
      roadmap('a.md', 1, entry('x')),
    ]);
    expect(entries.map((e) => e.roadmap)).toEqual(['a.md', 'B.md', 'c.md']);
  });

  it('breaks collation ties deterministically (ignorable characters, duplicate ids by line)', () => {
    const r = roadmap('a.md', 1, entry('dup') + entry('dup') + entry('x\u0001') + entry('x'));
    const ids = collectGateEntries([r]).map((e) => [e.blocker.id, e.blocker.line]);
    const again = collectGateEntries([r]).map((e) => [e.blocker.id, e.blocker.line]);
    expect(ids).toEqual(again);
    const dups = ids.filter(([id]) => id === 'dup').map(([, line]) => line as number);
    expect(dups).toEqual([...dups].sort((a, b) => a - b));
    expect(ids.map(([id]) => id)).toEqual(['dup', 'dup', 'x', 'x\u0001']);
  });

  it('leaves resolved blockers out and marks who needs the person', () => {
    const entries = collectGateEntries([
      roadmap(
        'a.md',
        2,
        entry('done', 'user', 'RESOLVED 2026-08-17 — option (b)') +
          entry('mine', 'user / maintainer') +
          entry('theirs', 'superuser') +
          '### blocker: unowned\n- **Status:** open — resolved once X answers\n',
      ),
    ]);
    expect(entries.map((e) => [e.blocker.id, e.needsYou])).toEqual([
      ['mine', true],
      ['theirs', false],
      ['unowned', true],
    ]);
  });

  it('includes the legacy Blocked-until note after structured blockers of its roadmap', () => {
    const r = parseRoadmap('# T\n\n> Blocked until: the API ships\n\n## Phase 1\n\n- [ ] a\n', {
      rel: 'l.md',
    });
    const [only] = collectGateEntries([r]);
    expect(only?.blocker.legacy).toBe(true);
    expect(only?.blocker.todo).toEqual(['the API ships']);
    expect(only?.needsYou).toBe(true);
  });
});

describe('hostile line breaks never hide a blocker', () => {
  it('keeps a blocker whose heading, field or legacy note holds a stray CR or U+2028', () => {
    const r = parseRoadmap(
      '# T\n## Phase 1\n- [ ] a\n## Blockers\n### blocker: evil\rX\n- **Owner:** user\n- **Blocks:** a\u2028b\n- **Recommendation:** safe\rUNSAFE\n\n> Blocked until: a\rb\n',
      { rel: 'x.md' },
    );
    const entries = collectGateEntries([r]);
    expect(entries.map((e) => e.blocker.id)).toEqual(['evil\rX', 'legacy']);
    expect(entries[0]?.blocker).toMatchObject({ blocks: 'a\u2028b', recommendation: 'safe\rUNSAFE' });
    expect(entries[1]?.blocker.todo).toEqual(['a\rb']);
  });
});

describe('mayHoldBlockers', () => {
  const line = fc.oneof(
    fc.constantFrom(
      '## Blockers',
      '## BLOCKERS  ',
      '##\tblockers',
      '### blocker: a',
      '- **Owner:** user',
      '> Blocked until: the API ships',
      '>   BLOCKED UNTIL x',
      '> blocked until',
      '```',
      '~~~',
      '## Phase 1',
      '- [ ] step',
      '---',
      'status: draft',
    ),
    fc.string({ maxLength: 12 }),
    fc.string({ unit: 'grapheme', maxLength: 6 }),
    fc.constantFrom('ſ', 'K', 'İ', 'ı', 'BLOCKEṘS', 'blocked\u00a0until', 'é', '—'),
    // Line starts the pre-filter looks for, in the shapes the scanner still reads as blockers.
    fc.constantFrom(
      '## Blockers\r',
      '>\u00a0Blocked until: x',
      '> \r',
      '>\u2028blocked until',
      '\r## Blockers',
    ),
  );
  // A text may open with a byte-order mark (the scanner skips it) and use CRLF line ends.
  const roadmapText = fc
    .tuple(fc.boolean(), fc.boolean(), fc.array(line, { maxLength: 25 }))
    .map(([bom, crlf, lines]) => (bom ? '\uFEFF' : '') + lines.join(crlf ? '\r\n' : '\n'));

  it('is true whenever the parser finds a blocker (a superset, never a parser)', () => {
    fc.assert(
      fc.property(roadmapText, (text) => {
        if (parseRoadmap(text, { rel: 'x.md' }).blockers.length > 0) expect(mayHoldBlockers(text)).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it('answers the same on the Latin-1 view of the bytes as on the text (gates tests before decoding)', () => {
    fc.assert(
      fc.property(roadmapText, (text) => {
        const view = Buffer.from(text, 'utf8').toString('latin1');
        expect(mayHoldBlockers(view)).toBe(mayHoldBlockers(text));
      }),
      { numRuns: 3000 },
    );
  });

  it('is false for a roadmap with neither a Blockers section nor a Blocked-until note', () => {
    expect(mayHoldBlockers('# T\n\n## Phase 1\n\n- [ ] x blocked by CI\n')).toBe(false);
    expect(mayHoldBlockers('# T\n\n## Blockers\n')).toBe(true);
    // Only at a line start, as the scanner reads them.
    expect(mayHoldBlockers('# T\n\nSee ## Blockers and > blocked until, in prose.\n')).toBe(false);
    expect(mayHoldBlockers('\uFEFF## Blockers\n')).toBe(true);
    expect(mayHoldBlockers('\xEF\xBB\xBF> Blocked until: x\n')).toBe(true);
  });
});
