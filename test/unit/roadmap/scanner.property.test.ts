import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { parseFrontmatter, parseSimpleFrontmatter } from '../../../src/roadmap/frontmatter.js';
import { matchStep } from '../../../src/roadmap/line-scan.js';
import { countSteps } from '../../../src/roadmap/queries.js';
import { parseRoadmap } from '../../../src/roadmap/scanner.js';
import { WHITE_SPACE_BEYOND_ASCII } from '../../helpers/white-space.js';

// Lines a roadmap is made of; the reference model below knows what each one means.
type Line =
  | { kind: 'phase'; id: string }
  | { kind: 'step'; mark: ' ' | 'x' | 'X' | '~' | '-'; indent: string; bullet: '-' | '*' }
  | { kind: 'fence'; marker: '```' | '~~~'; indent: string }
  | { kind: 'prose'; text: string }
  | { kind: 'blank' };

const line: fc.Arbitrary<Line> = fc.oneof(
  fc.record({ kind: fc.constant('phase' as const), id: fc.constantFrom('1', '2a', '3.1', 'IV', 'B2') }),
  fc.record({
    kind: fc.constant('step' as const),
    mark: fc.constantFrom(' ' as const, 'x' as const, 'X' as const, '~' as const, '-' as const),
    indent: fc.constantFrom('', '  ', '\t', '    '),
    bullet: fc.constantFrom('-' as const, '*' as const),
  }),
  // Fences at any indent of spaces and tabs: an indented line is a fence only when a backtick or
  // tilde run follows the indent, and an indented step never is.
  fc.record({
    kind: fc.constant('fence' as const),
    marker: fc.constantFrom('```' as const, '~~~' as const),
    indent: fc.constantFrom('', '  ', '\t', ' \t ', '      '),
  }),
  fc.record({
    kind: fc.constant('prose' as const),
    text: fc.constantFrom('text', '- not [ ] a step', '> quote', '# Title', '[x] no bullet'),
  }),
  fc.record({ kind: fc.constant('blank' as const) }),
);

function render(l: Line): string {
  switch (l.kind) {
    case 'phase':
      return `## Phase ${l.id} — name`;
    case 'step':
      return `${l.indent}${l.bullet} [${l.mark}] step`;
    case 'fence':
      return `${l.indent}${l.marker}`;
    case 'prose':
      return l.text;
    case 'blank':
      return '';
  }
}

/** The reference model: what the grammar says, written the obvious way. */
function model(lines: Line[]) {
  const counts = { open: 0, done: 0, deferred: 0, cancelled: 0 };
  let fence: string | null = null;
  let phases = 0;
  for (const l of lines) {
    if (l.kind === 'fence') {
      fence = fence === null ? l.marker : fence === l.marker ? null : fence;
      continue;
    }
    if (fence !== null) continue;
    if (l.kind === 'phase') phases++;
    if (l.kind === 'step' && phases > 0) {
      if (l.mark === ' ') counts.open++;
      else if (l.mark === 'x' || l.mark === 'X') counts.done++;
      else if (l.mark === '~') counts.deferred++;
      else counts.cancelled++;
    }
  }
  return { phases, ...counts };
}

describe('scanner properties', () => {
  it('never throws on any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 400 }), (text) => {
        const r = parseRoadmap(text, { rel: 'x.md' });
        expect(r.steps.length).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 500 },
    );
  });

  it('counts the same as the reference model, in LF and CRLF', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 40 }), fc.boolean(), (lines, crlf) => {
        const text = `${lines.map(render).join(crlf ? '\r\n' : '\n')}\n`;
        const r = parseRoadmap(text, { rel: 'x.md' });
        const c = countSteps(r.steps);
        expect({
          phases: r.phases.length,
          open: c.open,
          done: c.done,
          deferred: c.deferred,
          cancelled: c.cancelled,
        }).toEqual(model(lines));
      }),
      { numRuns: 500 },
    );
  });
});

describe('position scanning agrees with the line-at-a-time definitions', () => {
  // Characters that decide the step pattern, the white space `\s` knows among them.
  const stepChar = fc.constantFrom(
    ' ',
    '\t',
    '-',
    '*',
    '[',
    ']',
    'x',
    'X',
    '~',
    'a',
    '\u00a0',
    '\u2003',
    '\r',
    '\ufeff',
    '\u200b',
  );
  const STEP = /^\s*[-*]\s+\[([ xX~-])\](\s|$)/;
  // What `matchStep`'s offset says, read back by the rule its documentation gives.
  const stepParts = (text: string, after: number) => {
    if (after === -1) return null;
    const bare = text[after - 1] === ']';
    return { mark: text[bare ? after - 2 : after - 3], after, bare };
  };

  it('matchStep matches exactly where the step pattern does, at any offset', () => {
    fc.assert(
      fc.property(fc.array(stepChar, { maxLength: 14 }), fc.string({ maxLength: 3 }), (chars, pad) => {
        const line = chars.join('');
        const text = `${pad}${line}\n${pad}`;
        const m = STEP.exec(line);
        const got = stepParts(text, matchStep(text, pad.length, pad.length + line.length));
        expect(got === null ? null : [got.mark, got.after - pad.length, got.bare]).toEqual(
          m === null ? null : [m[1], m[0].length, m[2] === ''],
        );
      }),
      { numRuns: 3000 },
    );
  });

  it('matchStep reads every white space of `\\s`, and nothing else, in each place of a step', () => {
    // Lines shaped like a step, each gap drawn from all of JavaScript's white space and from
    // characters next to it that are not white space, so every branch of the test meets both.
    const gapChar = fc.constantFrom(
      ' ',
      '\t',
      '\v',
      '\f',
      '\r',
      ...WHITE_SPACE_BEYOND_ASCII,
      '\u0085',
      '\u180e',
      '\u200b',
      '\u0008',
      '\u000e',
      'a',
    );
    const gap = (max: number) => fc.array(gapChar, { maxLength: max }).map((a) => a.join(''));
    fc.assert(
      fc.property(
        gap(2),
        fc.constantFrom('-', '*', '+'),
        gap(2),
        fc.constantFrom(' ', 'x', 'X', '~', '-', 'o'),
        fc.oneof(gap(1), fc.constant('')),
        fc.constantFrom('', 'text', 'a b '),
        (lead, bullet, mid, mark, after, rest) => {
          const line = `${lead}${bullet}${mid}[${mark}]${after}${rest}`;
          const text = `${line}\n`;
          const m = STEP.exec(line);
          const got = stepParts(text, matchStep(text, 0, line.length));
          expect(got === null ? null : [got.mark, got.after, got.bare]).toEqual(
            m === null ? null : [m[1], m[0].length, m[2] === ''],
          );
        },
      ),
      { numRuns: 4000 },
    );
  });

  it('finds the frontmatter block and the first body line as the split-into-lines reading does', () => {
    const fmLine = fc.constantFrom('---', '--- ', '---x', 'a: b', 'c: d e', '', 'x', '- [ ] s', '## Phase 1');
    fc.assert(
      fc.property(fc.array(fmLine, { maxLength: 8 }), fc.boolean(), (lines, newline) => {
        const text = lines.join('\n') + (newline ? '\n' : '');
        // The reference: the file as lines, the closer is the first later line matching /^---\s*$/.
        const all = text.split('\n');
        if (newline && all.length > 1) all.pop();
        const close = all[0] === '---' ? all.findIndex((l, i) => i > 0 && /^---\s*$/.test(l)) : -1;
        const data = close === -1 ? null : parseFrontmatter(all.slice(1, close).join('\n'), 'x.md', 2).data;
        const first = close === -1 ? 0 : close + 1;
        const steps = all.flatMap((l, i) => (i >= first && /^- \[ \] s$/.test(l) ? [i + 1] : []));
        const r = parseRoadmap(text, { rel: 'x.md' });
        expect(r.frontmatter).toEqual(data);
        expect([...r.orphanSteps, ...r.steps].map((s) => s.line).sort((a, b) => a - b)).toEqual(steps);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('simple frontmatter reader', () => {
  const key = fc.stringMatching(/^[a-z_][a-z0-9_-]{0,8}$/);
  const value = fc.stringMatching(/^[A-Za-z][A-Za-z0-9_./ -]{0,12}$/);
  it('agrees with the YAML parser on everything it accepts', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(key, value), { maxLength: 6 }), (pairs) => {
        const body = pairs.map(([k, v]) => `${k}: ${v}`).join('\n');
        const simple = parseSimpleFrontmatter(body);
        if (simple !== null) expect(simple).toEqual(parseYaml(body) ?? {});
      }),
      { numRuns: 1000 },
    );
  });
  it('hands anything else to the YAML parser', () => {
    for (const body of [
      'a: true',
      'a: 1',
      'a: [x]',
      'a:\n  - x',
      'a: b # c',
      'a: "q"',
      'a: x\na: y',
      'a: null',
      'a: b: c',
    ]) {
      expect(parseSimpleFrontmatter(body)).toBeNull();
    }
    expect(parseSimpleFrontmatter('# comment\nstatus: ready\n\ncomplexity: lightweight')).toEqual({
      status: 'ready',
      complexity: 'lightweight',
    });
  });
});
