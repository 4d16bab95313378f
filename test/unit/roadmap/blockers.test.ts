import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { blockerClass, isResolved, needsUser, writtenClass } from '../../../src/roadmap/blockers.js';
import { parseRoadmap } from '../../../src/roadmap/scanner.js';
import { fixturePath } from '../../helpers/repo.js';

const parse = (text: string) => parseRoadmap(text, { rel: 'x.md' });
const FIXTURES = fixturePath('agent-config-real', 'later-versions', 'agents', 'roadmaps');

const ENTRY = `# T
## Phase 1
- [ ] a

## Blockers

### blocker: pick-db
- **Status:** open <!-- open | resolved -->
- **Owner:** user / maintainer
- **Blocks:** Phase 1 — storage
- **Question:** Which database?
- **Recommendation:** Postgres,
  because it is already run.
- **If you do nothing:** we stall
- **What to do:** decide
  between the two

  1. pick one
  2. say it here
- **Resolved when:** this says resolved
- **Options:** (a) pg (b) sqlite
- **Class:** 1 — budget-preauthorized
- **Run:** \`make db\`

### Blocker: second
  - **Status:** RESOLVED 2026-08-17 — option (b)
  - **Owner:** superuser
### not-a-blocker
`;

describe('blocker entries', () => {
  const r = parse(ENTRY);
  it('reads every field, continuation lines joined', () => {
    const b = r.blockers[0]!;
    expect(b).toMatchObject({
      id: 'pick-db',
      status: 'open',
      owner: 'user / maintainer',
      blocks: 'Phase 1 — storage',
      question: 'Which database?',
      recommendation: 'Postgres, because it is already run.',
      ifNothing: 'we stall',
      todo: ['decide', 'between the two', '1. pick one', '2. say it here'],
      resolvedWhen: 'this says resolved',
      blockerClass: '1 — budget-preauthorized',
      run: '`make db`',
      line: 7,
      legacy: false,
    });
    expect(b.fields.map((f) => f.label)).toContain('Options');
  });
  it('joins continuation lines by one space, leaving out empty and comment-only pieces', () => {
    const b = parse(
      [
        '## Blockers',
        '### blocker: pieces',
        '- **Recommendation:** <!-- fill in -->',
        '  Postgres, <!-- short -->',
        '  <!-- why -->',
        '  because it is run.',
        '- **Question:** <!-- none yet -->',
        '- **Blocks:**',
        '  Phase 2',
        '',
      ].join('\n'),
    ).blockers[0]!;
    expect(b.recommendation).toBe('Postgres, because it is run.');
    // A value that is empty once its comments are gone keeps the field's default.
    expect(b.question).toBe('');
    expect(b.blocks).toBe('Phase 2');
  });
  it('an unknown label ends the field above it', () => {
    expect(r.blockers[0]!.resolvedWhen).toBe('this says resolved');
  });
  it('reads indented fields, case-insensitive headings and stray ### headings', () => {
    expect(r.blockers[1]).toMatchObject({
      id: 'second',
      status: 'resolved 2026-08-17 — option (b)',
      owner: 'superuser',
    });
    expect(r.blockers[1]!.fields.every((f) => !f.unindented)).toBe(true);
    expect(r.blockersSection!.strayHeadings).toEqual([{ text: 'not-a-blocker', line: 28 }]);
  });
  it('defaults an entry with no fields to an open blocker owned by the user', () => {
    const b = parse('## Blockers\n### blocker: bare\n').blockers[0]!;
    expect(b).toMatchObject({
      status: 'open',
      owner: 'user',
      blocks: '(unspecified)',
      resolvedWhen: '(unspecified)',
      todo: [],
    });
  });
  it('the section ends at the next H2; a second Blockers section is ignored', () => {
    const rr = parse('## Blockers\n### blocker: a\n## Notes\n### blocker: b\n## Blockers\n### blocker: c\n');
    expect(rr.blockers.map((b) => b.id)).toEqual(['a']);
  });
  it('ignores a Blockers section inside a fence', () => {
    expect(parse('```md\n## Blockers\n### blocker: x\n```\n').blockers).toEqual([]);
  });
});

describe('legacy `> Blocked until` note', () => {
  it('joins the quoted lines into one synthetic blocker after the structured ones', () => {
    const r = parse(
      '## Phase 1\n> Blocked until: the vendor ships\n> the new API\n>\n> unrelated\n## Blockers\n### blocker: a\n',
    );
    expect(r.blockers.map((b) => b.id)).toEqual(['a', 'legacy']);
    expect(r.blockers[1]).toMatchObject({
      owner: 'user',
      blocks: 'entire roadmap',
      todo: ['the vendor ships the new API'],
      resolvedWhen: 'condition described above clears',
      legacy: true,
      line: 2,
    });
  });
  it('only the first note counts', () => {
    expect(parse('> Blocked until a\n\n> blocked until b\n').blockers).toHaveLength(1);
  });
});

describe('predicates kept from upstream', () => {
  it('resolved iff the status starts with the word resolved', () => {
    expect(isResolved({ status: 'resolved 2026-08-11 — x' })).toBe(true);
    expect(isResolved({ status: 'resolved' })).toBe(true);
    expect(isResolved({ status: 'open — resolved once x answers' })).toBe(false);
    expect(isResolved({ status: 'resolvedish' })).toBe(false);
    expect(isResolved({ status: 'done' })).toBe(false);
  });
  it('needs the user iff the owner has the whole word user', () => {
    for (const o of ['user', 'User', 'user (billable spend)', 'user / maintainer'])
      expect(needsUser(o)).toBe(true);
    for (const o of ['maintainer', 'external', 'superuser', 'multiuser']) expect(needsUser(o)).toBe(false);
  });
  it('class: 0–2 as written, anything else 3', () => {
    expect(blockerClass({ blockerClass: '1 — budget-preauthorized' })).toBe('1');
    expect(blockerClass({ blockerClass: '0' })).toBe('0');
    for (const c of ['', 'auto', '7', '3']) expect(blockerClass({ blockerClass: c })).toBe('3');
  });
  it('class as written: the first word, before white space or a dash', () => {
    expect(writtenClass({ blockerClass: ' 3 – human only' })).toBe('3');
    expect(writtenClass({ blockerClass: '2—reversible' })).toBe('2');
    expect(writtenClass({ blockerClass: 'auto-merge' })).toBe('auto');
    expect(writtenClass({ blockerClass: '' })).toBe('');
  });
});

describe('real upstream files', () => {
  it('does not read blockers quoted inside fenced code', () => {
    const text = readFileSync(
      join(FIXTURES, 'archive', 'road-to-a-blocker-that-cannot-hide-in-the-archive.md'),
      'utf8',
    );
    expect(parse(text).blockers).toEqual([]);
  });
  it('reads a resolved blocker with a multi-paragraph answer and ignores the commented template', () => {
    const text = readFileSync(
      join(FIXTURES, 'road-to-settings-classes-derivable-surface-stagnation.md'),
      'utf8',
    );
    const r = parse(text);
    expect(r.blockers.map((b) => [b.id, isResolved(b), b.owner])).toEqual([
      ['settings-derivable-audit-scope', true, 'owner'],
    ]);
  });
  it('reads an open class-3 blocker in a later/ roadmap', () => {
    const text = readFileSync(join(FIXTURES, 'later', 'road-to-billing-cliff-detection.md'), 'utf8');
    const b = parse(text).blockers;
    expect(b).toHaveLength(1);
    expect(b[0]).toMatchObject({ status: 'open' });
    expect(blockerClass(b[0]!)).toBe('3');
  });
});
