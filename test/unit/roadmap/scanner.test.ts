import { describe, expect, it } from 'vitest';
import { roadmapCounts } from '../../../src/roadmap/queries.js';
import { parseRoadmap } from '../../../src/roadmap/scanner.js';

const parse = (text: string) => parseRoadmap(text, { rel: 'x.md' });
const phases = (text: string) => parse(text).phases.map((p) => [p.id, p.name]);
const states = (text: string) => parse(text).steps.map((s) => s.state);

describe('title', () => {
  it('takes the first H1, strips `Roadmap:` and trailing blanks', () => {
    expect(parse('intro\n# Roadmap: Alpha  \n# Beta\n').title).toBe('Alpha');
    expect(parse('# Legacy\n').title).toBe('Legacy');
  });
  it('falls back to the file stem; `## Phase` is not a title', () => {
    expect(parseRoadmap('## Phase 1\n', { rel: 'topic/road-x.md' }).title).toBe('road-x');
  });
  it('ignores an H1 inside a fence or in frontmatter', () => {
    expect(parse('---\n# comment: 1\n---\n```sh\n# not a title\n```\n# Real\n').title).toBe('Real');
  });
});

describe('phase headings', () => {
  it('accepts every id form and separator', () => {
    const text = [
      '## Phase 3: Build',
      '### Phase 2a — Two',
      '## Phase 1.0 - Dotted',
      '## Phase 2.3.1 Deep',
      '## Phase IV',
      '## Phase B1: Letter',
      '##  Phase 3-Build',
    ].join('\n');
    expect(phases(text)).toEqual([
      ['3', 'Build'],
      ['2a', 'Two'],
      ['1.0', 'Dotted'],
      ['2.3.1', 'Deep'],
      ['IV', 'Phase IV'],
      ['B1', 'Letter'],
      ['3', 'Build'],
    ]);
  });
  it('rejects H1, H4, no space, negative ids and non-ids', () => {
    const text = [
      '# Phase 1',
      '#### Phase 2',
      '## Phase3',
      '## Phase -1: neg',
      '## Phase pre-conditions',
      '## Phase LIVE',
      '## Phase 1+ waves',
    ].join('\n');
    expect(phases(text)).toEqual([]);
  });
  it('fix 1: a nameless heading never swallows the next line', () => {
    expect(phases('## Phase 1\n- [ ] x\n- [ ] y\n')).toEqual([['1', 'Phase 1']]);
    expect(states('## Phase 1\n- [ ] x\n- [ ] y\n')).toEqual(['open', 'open']);
    expect(phases('## Phase 1\n## Phase 2 — x\n')).toEqual([
      ['1', 'Phase 1'],
      ['2', 'x'],
    ]);
    expect(phases('## Phase 1:\n\nText\n- [ ] x\n')).toEqual([['1', 'Phase 1']]);
  });
  it('keeps duplicate ids as separate phases', () => {
    expect(phases('## Phase 0\n### Phase 0 Validation Checkpoint\n')).toEqual([
      ['0', 'Phase 0'],
      ['0', 'Validation Checkpoint'],
    ]);
  });
});

describe('steps', () => {
  it('reads every state, bullet and indent', () => {
    expect(states('## Phase 1\n- [ ] a\n- [x] b\n* [X] c\n  - [~] d\n\t- [-] e\n- [ ]\n')).toEqual([
      'open',
      'done',
      'done',
      'deferred',
      'cancelled',
      'open',
    ]);
  });
  it('rejects what upstream rejects', () => {
    expect(states('## Phase 1\n+ [ ] a\n1. [ ] b\n-[ ] c\n- [ ]d\n- [] e\n> - [ ] f\n- [?] g\n')).toEqual([]);
  });
  it('keeps upstream: `- [x]` as the very last bytes (no newline) is not a step', () => {
    expect(states('## Phase 1\n- [x]')).toEqual([]);
    expect(states('## Phase 1\n- [x] y')).toEqual(['done']);
    expect(states('## Phase 1\n- [x]\n')).toEqual(['done']);
  });
  it('assigns steps after the last phase (Blockers, Acceptance) to that phase', () => {
    const r = parse('## Phase 1\n- [ ] a\n## Blockers\n- [ ] b\n## Acceptance\n- [x] c\n');
    expect(r.phases[0]!.steps.map((s) => s.text)).toEqual(['a', 'b', 'c']);
  });
  it('fix 4: steps before the first phase are kept apart, not counted', () => {
    const r = parse('# T\n- [ ] early\n## Phase 1\n- [ ] a\n');
    expect(r.orphanSteps.map((s) => [s.text, s.line])).toEqual([['early', 2]]);
    expect(roadmapCounts(r).open).toBe(1);
  });
  it('fix 2: nothing inside ``` or ~~~ fences counts, at any indent', () => {
    const text =
      '## Phase 1\n```md\n- [ ] a\n## Phase 2\n```\n  ~~~\n- [x] b\n  ~~~\n- [ ] c\n````\n```\n- [ ] d\n````\n';
    const r = parse(text);
    expect(r.phases.map((p) => p.id)).toEqual(['1']);
    expect(r.steps.map((s) => s.text)).toEqual(['c']);
  });
  it('reports an unterminated fence and reads the rest as code', () => {
    const r = parse('## Phase 1\n- [ ] a\n```\n- [ ] b\n');
    expect(r.steps).toHaveLength(1);
    expect(r.diagnostics).toMatchObject([{ code: 'unterminated-fence', line: 3, severity: 'warning' }]);
  });
  it('fix 5: CRLF reads like LF', () => {
    const lf = '---\nstatus: draft\n---\n# T\n## Phase 1 — A\n- [ ] a\n- [x] b\n';
    const crlf = lf.replaceAll('\n', '\r\n');
    const a = parse(lf);
    const b = parse(crlf);
    expect(b.draft).toBe(true);
    expect(b.phases).toEqual(a.phases);
    expect(b.title).toBe('T');
  });
});

describe('byte-order mark', () => {
  it('is skipped, so frontmatter at byte 0 is still frontmatter', () => {
    expect(parse('\uFEFF---\nstatus: draft\n---\n').draft).toBe(true);
  });
});

describe('annotations', () => {
  it('reads deferred-resolution in the step block, not past the next step', () => {
    const r = parse(
      '## Phase 1\n- [~] a\n  <!-- deferred-resolution: carried-to=road-b -->\n- [~] b\n\n## Notes\n<!-- deferred-resolution: merged-into=x -->\n',
    );
    expect(r.steps[0]!.deferredResolution).toEqual({ kind: 'carried-to', slug: 'road-b', line: 3 });
    expect(r.steps[1]!.deferredResolution).toBeNull();
  });
  it('marks merge-gated open steps and collects their PR numbers', () => {
    const r = parse(
      '## Phase 1\n- [ ] a <!-- merge-gated: pr=365 -->\n  waits for PR #12 and pr:7\n- [ ] b\n- [x] c merge-gated PR #9\n',
    );
    expect(r.steps.map((s) => [s.mergeGated, s.prs])).toEqual([
      [true, [365, 12, 7]],
      [false, []],
      [false, []],
    ]);
  });
  it('reads merge-gated in any case', () => {
    for (const mark of ['MERGE-GATED', 'Merge-Gated', 'merge-gATED']) {
      const r = parse(`## Phase 1\n- [ ] a ${mark} PR #4\n`);
      expect(r.steps.map((s) => [s.mergeGated, s.prs])).toEqual([[true, [4]]]);
    }
    expect(parse('## Phase 1\n- [ ] a merge gated PR #4\n').steps[0]!.mergeGated).toBe(false);
  });
  it('finds blocked-by markers outside inline code, with line and column', () => {
    const r = parse(
      '## Phase 1\n- [ ] a <!-- blocked-by: x -->\n`<!-- blocked-by: y -->` text <!-- blocked-by: other#z -->\n',
    );
    expect(r.blockedBy).toEqual([
      { raw: 'x', line: 2, column: 9, onStep: true },
      { raw: 'other#z', line: 3, column: 31, onStep: false },
    ]);
  });
});

describe('frontmatter', () => {
  it('parses real YAML, nested values included', () => {
    const r = parse(
      '---\nstatus: ready\nrelates:\n  - a\n  - b\nnote: >\n  folded\n  text\n---\n## Phase 1\n',
    );
    expect(r.frontmatter).toEqual({ status: 'ready', relates: ['a', 'b'], note: 'folded text\n' });
    expect(r.draft).toBe(false);
  });
  it('status: draft (any case, quoted) hides the roadmap', () => {
    expect(parse('---\nstatus: "Draft"\n---\n').draft).toBe(true);
    expect(parse('---\nstatus: later\n---\n').draft).toBe(false);
  });
  it('fix 3: invalid YAML is a diagnostic with the file line, and the roadmap stays visible', () => {
    const r = parse('---\nstatus: draft\nbad: [unclosed\n---\n## Phase 1\n- [ ] a\n');
    expect(r.frontmatter).toBeNull();
    expect(r.draft).toBe(false);
    expect(r.steps).toHaveLength(1);
    expect(r.diagnostics[0]).toMatchObject({
      code: 'frontmatter-invalid-yaml',
      file: 'x.md',
      severity: 'error',
    });
    expect(r.diagnostics[0]!.line).toBeGreaterThanOrEqual(3);
  });
  it('an unclosed frontmatter is reported and read as body', () => {
    const r = parse('---\nstatus: draft\n## Phase 1\n- [ ] a\n');
    expect(r.draft).toBe(false);
    expect(r.diagnostics[0]!.code).toBe('frontmatter-unterminated');
    expect(r.steps).toHaveLength(1);
  });
});
