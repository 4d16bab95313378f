import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isResolved } from '../../../src/roadmap/blockers.js';
import {
  blockerEntrySource,
  planSha256,
  planText,
  resolvedAnswer,
  resolvedStatus,
  rewriteStatus,
} from '../../../src/roadmap/decision-entry.js';
import { parseRoadmap } from '../../../src/roadmap/scanner.js';

const parse = (text: string) => parseRoadmap(text, { rel: 'x.md' });
const ROADMAP = `# T

## Phase 1 — Go

- [ ] a

## Blockers

### blocker: one
  - **Status:** open
- **Owner:** user


### blocker: two
- **Owner:** user
`;

describe('the blocker entry decide reads and writes', () => {
  it('is the heading through the last non-blank line, line ends as written', () => {
    const r = parse(ROADMAP);
    expect(blockerEntrySource(ROADMAP, r.blockers[0]!)).toBe(
      '### blocker: one\n  - **Status:** open\n- **Owner:** user\n',
    );
    expect(blockerEntrySource(ROADMAP, r.blockers[1]!)).toBe('### blocker: two\n- **Owner:** user\n');
    const crlf = ROADMAP.replace(/\n/g, '\r\n');
    expect(blockerEntrySource(crlf, parse(crlf).blockers[0]!)).toBe(
      '### blocker: one\r\n  - **Status:** open\r\n- **Owner:** user\r\n',
    );
  });

  it('rewrites the status line keeping its indentation, or inserts one below the heading', () => {
    const r = parse(ROADMAP);
    const status = resolvedStatus('2026-12-01', 'yes');
    const one = rewriteStatus(ROADMAP, r.blockers[0]!, status);
    expect(one).toBe(ROADMAP.replace('  - **Status:** open', '  - **Status:** resolved 2026-12-01 — yes'));
    const two = rewriteStatus(ROADMAP, r.blockers[1]!, status);
    expect(two).toBe(ROADMAP.replace('### blocker: two\n', `### blocker: two\n${status}\n`));
    const last = '## Blockers\n\n### blocker: end';
    expect(rewriteStatus(last, parse(last).blockers[0]!, status)).toBe(`${last}\n${status}`);
    const after = parse(one).blockers[0]!;
    expect(isResolved(after)).toBe(true);
    expect(resolvedAnswer(after)).toEqual({ date: '2026-12-01', answer: 'yes' });
    expect(resolvedAnswer(parse(ROADMAP).blockers[0]!)).toBeNull();
  });

  it('changes exactly one line of any roadmap, whatever the other lines hold (property)', () => {
    const anyLine = fc.oneof(
      fc.string({ maxLength: 30 }).map((s) => s.replace(/[\r\n]/g, ' ')),
      fc.constantFrom('- **Status:** open', '- [x] done', '```', '## Phase 2', '- **Options:**', '  1. a'),
    );
    fc.assert(
      fc.property(
        fc.array(anyLine, { maxLength: 12 }),
        fc.array(anyLine, { maxLength: 12 }),
        fc.boolean(),
        (before, body, crlf) => {
          const eol = crlf ? '\r\n' : '\n';
          const text = [...before, '## Blockers', '### blocker: id', '- **Status:** open', ...body, ''].join(
            eol,
          );
          const blocker = parse(text).blockers.find((b) => b.id === 'id');
          fc.pre(blocker !== undefined);
          const out = rewriteStatus(text, blocker!, resolvedStatus('2026-12-01', 'x'));
          const a = text.split('\n');
          const b = out.split('\n');
          expect(b.length).toBe(a.length);
          const changed = a.flatMap((l, i) => (l === b[i] ? [] : [i]));
          expect(changed.length).toBeLessThanOrEqual(1);
          expect(isResolved(parse(out).blockers.find((x) => x.id === 'id')!)).toBe(true);
        },
      ),
    );
  });
});

describe('the plan an approval is bound to', () => {
  const plan = '# P\n\n## Phase 1 — Go\n\n- [ ] a\n- [x] b\n\n## Phase 2\n\n- [~] c\n';
  it('is the phase headings and step texts, not their states', () => {
    expect(planText(parse(plan))).toBe('phase 1 Go\nstep a\nstep b\nphase 2 Phase 2\nstep c\n');
    const ticked = plan.replace('- [ ] a', '- [x] a').replace('- [~] c', '- [-] c');
    expect(planSha256(parse(ticked))).toBe(planSha256(parse(plan)));
    expect(planSha256(parse(plan.replace('- [ ] a', '- [ ] A')))).not.toBe(planSha256(parse(plan)));
    expect(planSha256(parse(`${plan}- [ ] d\n`))).not.toBe(planSha256(parse(plan)));
    expect(planSha256(parse(plan.replace('Phase 1 — Go', 'Phase 1 — Run')))).not.toBe(
      planSha256(parse(plan)),
    );
  });
});

describe('which phases a Blocks value names (step-past-gate)', () => {
  it('reads `Phase <id>` with the heading grammar, and nothing else', async () => {
    const { phasesNamed } = await import('../../../src/roadmap/phase-id.js');
    expect(phasesNamed('Phase 2 — the engine')).toEqual(['2']);
    expect(phasesNamed('Phase 1.2 and Phase 3a, Phase B2')).toEqual(['1.2', '3a', 'B2']);
    expect(phasesNamed('entire roadmap')).toEqual([]);
    expect(phasesNamed('Phases 2 and 3')).toEqual([]);
    // The headings' grammar: a Roman numeral names a phase too (`## Phase II`).
    expect(phasesNamed('Phase II — the rewrite')).toEqual(['II']);
    expect(phasesNamed('step 1.1')).toEqual([]);
  });
});
