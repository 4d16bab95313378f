import { describe, expect, it } from 'vitest';
import { archivePath, type MoveFacts, selectArchive } from '../../../src/archive/select.js';
import { completion, type DeferralTarget, type TargetLookup } from '../../../src/roadmap/completion.js';
import { parseRoadmap } from '../../../src/roadmap/scanner.js';

const DONE = '# Done\n\n## Phase 1\n\n- [x] a\n- [x] b\n';
const OPEN = '# Open\n\n## Phase 1\n\n- [x] a\n- [ ] b\n';
const BLOCKED =
  '# B\n\n## Phase 1\n\n- [x] a\n\n## Blockers\n\n### blocker: pick-db\n- **Status:** open\n\n### blocker: old\n- **Status:** resolved\n\n### blocker: budget\n- **Status:** open — resolved once X\n';
const DEFERRED = '# D\n\n## Phase 1\n\n- [x] a\n- [~] later\n';
const CANCELLED_ONLY = '# C\n\n## Phase 1\n\n- [-] dropped\n';

const noTarget = (): DeferralTarget => ({ location: null, frontmatter: null, text: '' });

function roadmaps(files: Record<string, string>, lookup: TargetLookup = noTarget) {
  return Object.entries(files).map(([rel, text]) => {
    const roadmap = parseRoadmap(text, { rel, file: `agents/roadmaps/${rel}` });
    return { rel, file: roadmap.file, verdict: completion(roadmap, lookup) };
  });
}
const plainFacts = (): MoveFacts => ({
  symlink: false,
  destinationExists: false,
  frozen: false,
  tracked: true,
});

describe('selectArchive', () => {
  it('moves finished roadmaps into archive/, sub-folders kept, and skips unfinished ones silently', () => {
    const result = selectArchive({
      roadmaps: roadmaps({ 'a.md': DONE, 'b.md': OPEN, 'topic/c.md': DONE, 'd.md': CANCELLED_ONLY }),
      roadmapsDir: 'agents/roadmaps',
      touched: null,
      facts: plainFacts,
    });
    expect(result.moves).toEqual([
      { from: 'agents/roadmaps/a.md', to: 'agents/roadmaps/archive/a.md', rel: 'a.md', tracked: true },
      {
        from: 'agents/roadmaps/topic/c.md',
        to: 'agents/roadmaps/archive/topic/c.md',
        rel: 'topic/c.md',
        tracked: true,
      },
    ]);
    expect(result.refusals).toEqual([]);
  });

  it('refuses open blockers and unresolved deferrals with ids and reasons, in and out of scope', () => {
    const result = selectArchive({
      roadmaps: roadmaps({ 'b.md': BLOCKED, 'd.md': DEFERRED, 'e.md': DONE }),
      roadmapsDir: 'agents/roadmaps',
      touched: new Set(['agents/roadmaps/e.md']),
      facts: plainFacts,
    });
    expect(result.moves.map((m) => m.from)).toEqual(['agents/roadmaps/e.md']);
    expect(result.refusals).toEqual([
      { file: 'agents/roadmaps/b.md', reason: 'blockers', details: ['pick-db', 'budget'] },
      {
        file: 'agents/roadmaps/d.md',
        reason: 'deferrals',
        details: [expect.stringContaining('[~] without a resolution')],
      },
    ]);
  });

  it('moves a deferral-carrying roadmap once the carry is valid', () => {
    const text = '# D\n\n## Phase 1\n\n- [x] a\n- [~] later <!-- deferred-resolution: carried-to=next -->\n';
    const lookup = (slug: string): DeferralTarget =>
      slug === 'next' ? { location: 'active', frontmatter: { parent_roadmap: 'd' }, text: '' } : noTarget();
    const result = selectArchive({
      roadmaps: roadmaps({ 'd.md': text }, lookup),
      roadmapsDir: 'agents/roadmaps',
      touched: null,
      facts: plainFacts,
    });
    expect(result.moves.map((m) => m.rel)).toEqual(['d.md']);
  });

  it('refuses a parent whose [~] step is carried to a roadmap archived in the same run', () => {
    const parent =
      '# P\n\n## Phase 1\n\n- [x] a\n- [~] later <!-- deferred-resolution: carried-to=child -->\n';
    const lookup = (slug: string): DeferralTarget =>
      slug === 'child'
        ? { location: 'active', frontmatter: { parent_roadmap: 'parent' }, text: '' }
        : noTarget();
    const input = {
      roadmaps: roadmaps({ 'child.md': DONE, 'parent.md': parent }, lookup),
      roadmapsDir: 'agents/roadmaps',
      facts: plainFacts,
    };
    const all = selectArchive({ ...input, touched: null });
    expect(all.moves.map((m) => m.rel)).toEqual(['child.md']);
    expect(all.refusals).toEqual([
      {
        file: 'agents/roadmaps/parent.md',
        reason: 'receiver-archived',
        details: [
          'line 6 "later <!-- deferred-resolution: carried-to=child -->": carried-to=child is archived in this same run, so the step would have no live receiver — carry it to a roadmap that stays active, then re-run',
        ],
      },
    ]);
    // The child is out of scope: it stays, and so the parent's receiver stays alive.
    const parentOnly = selectArchive({ ...input, touched: new Set(['agents/roadmaps/parent.md']) });
    expect(parentOnly.moves.map((m) => m.rel)).toEqual(['parent.md']);
    expect(parentOnly.refusals).toEqual([]);
  });

  it('lets a grandparent move when the parent it carries to is itself refused', () => {
    const carry = (to: string) =>
      `# X\n\n## Phase 1\n\n- [x] a\n- [~] later <!-- deferred-resolution: carried-to=${to} -->\n`;
    const parents: Record<string, string> = { b: 'a', c: 'b' };
    const lookup = (slug: string): DeferralTarget =>
      slug in parents
        ? { location: 'active', frontmatter: { parent_roadmap: parents[slug] }, text: '' }
        : noTarget();
    const result = selectArchive({
      roadmaps: roadmaps({ 'a.md': carry('b'), 'b.md': carry('c'), 'c.md': DONE }, lookup),
      roadmapsDir: 'agents/roadmaps',
      touched: null,
      facts: plainFacts,
    });
    expect(result.moves.map((m) => m.rel)).toEqual(['a.md', 'c.md']);
    expect(result.refusals.map((r) => [r.file, r.reason])).toEqual([
      ['agents/roadmaps/b.md', 'receiver-archived'],
    ]);
  });

  it('never moves a roadmap whose receiver moves, in a carry cycle either, and warns out of scope', () => {
    const carry = (to: string) =>
      `# X\n\n## Phase 1\n\n- [x] a\n- [~] later <!-- deferred-resolution: carried-to=${to} -->\n`;
    const parents: Record<string, string> = { b: 'a', c: 'b', a: 'c' };
    const lookup = (slug: string): DeferralTarget =>
      slug in parents
        ? { location: 'active', frontmatter: { parent_roadmap: parents[slug] }, text: '' }
        : noTarget();
    const cycle = roadmaps({ 'a.md': carry('b'), 'b.md': carry('c'), 'c.md': carry('a') }, lookup);
    const result = selectArchive({
      roadmaps: cycle,
      roadmapsDir: 'agents/roadmaps',
      touched: null,
      facts: plainFacts,
    });
    const moved = new Set(result.moves.map((m) => m.rel.replace('.md', '')));
    const next: Record<string, string> = { a: 'b', b: 'c', c: 'a' };
    for (const m of moved) expect(moved.has(next[m]!)).toBe(false);
    expect(moved.size).toBeGreaterThan(0);
    // Only c is in scope: it moves, and b (finished, out of scope) is told its receiver left.
    const scoped = selectArchive({
      roadmaps: roadmaps({ 'b.md': carry('c'), 'c.md': DONE }, lookup),
      roadmapsDir: 'agents/roadmaps',
      touched: new Set(['agents/roadmaps/c.md']),
      facts: plainFacts,
    });
    expect(scoped.moves.map((m) => m.rel)).toEqual(['c.md']);
    expect(scoped.refusals.map((r) => [r.file, r.reason])).toEqual([
      ['agents/roadmaps/b.md', 'receiver-archived'],
    ]);
  });

  it('refuses symbolic links, frozen records and existing destinations without moving anything', () => {
    const facts = (from: string): MoveFacts => ({
      ...plainFacts(),
      symlink: from.endsWith('s.md'),
      frozen: from.endsWith('f.md'),
      destinationExists: from.endsWith('x.md'),
    });
    const result = selectArchive({
      roadmaps: roadmaps({ 's.md': DONE, 'f.md': DONE, 'x.md': DONE }),
      roadmapsDir: 'agents/roadmaps',
      touched: null,
      facts,
    });
    expect(result.moves).toEqual([]);
    expect(result.refusals.map((r) => [r.file, r.reason])).toEqual([
      ['agents/roadmaps/s.md', 'symlink'],
      ['agents/roadmaps/f.md', 'frozen'],
      ['agents/roadmaps/x.md', 'destination-exists'],
    ]);
    expect(result.refusals[2]!.details[0]).toContain('agents/roadmaps/archive/x.md already exists');
  });

  it('names the destination below the configured roadmap root', () => {
    expect(archivePath('plans', 'a/b.md')).toBe('plans/archive/a/b.md');
  });
});
