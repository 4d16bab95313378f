import { describe, expect, it } from 'vitest';
import { parseFrontmatter } from '../../../src/roadmap/frontmatter.js';
import { parseRoadmap } from '../../../src/roadmap/scanner.js';

// parseFrontmatter remembers results by text (roadmaps share templates); these tests check
// that a remembered result reads exactly like a fresh one and is never shared.
describe('frontmatter read twice', () => {
  it('gives each caller its own copy of flat data', () => {
    const body = 'status: ready\ncomplexity: shared-flat';
    const first = parseFrontmatter(body, 'a.md', 2);
    first.data!.status = 'changed by a';
    const second = parseFrontmatter(body, 'b.md', 2);
    expect(second).toEqual({ data: { status: 'ready', complexity: 'shared-flat' }, diagnostics: [] });
    second.data!.status = 'changed by b';
    expect(parseFrontmatter(body, 'c.md', 2).data).toEqual({ status: 'ready', complexity: 'shared-flat' });
  });

  it('gives each caller its own copy of nested YAML data', () => {
    const body = 'status: ready\nexecution:\n  mode: phase-checkpoints\n  steps: [a, b]';
    const expected = { status: 'ready', execution: { mode: 'phase-checkpoints', steps: ['a', 'b'] } };
    const first = parseFrontmatter(body, 'a.md', 2);
    expect(first.data).toEqual(expected);
    (first.data!.execution as { steps: string[] }).steps.push('c');
    const second = parseFrontmatter(body, 'b.md', 2);
    expect(second.data).toEqual(expected);
    (second.data!.execution as { mode: string }).mode = 'changed';
    expect(parseFrontmatter(body, 'c.md', 2).data).toEqual(expected);
  });

  it('reports invalid YAML in each file that holds it, at its own line', () => {
    const text = (pad: string) => `---\n${pad}status: [unclosed\n---\n# T\n`;
    const a = parseRoadmap(text(''), { rel: 'a.md', file: 'agents/roadmaps/a.md' });
    const b = parseRoadmap(text(''), { rel: 'b.md', file: 'agents/roadmaps/b.md' });
    for (const [roadmap, file] of [
      [a, 'agents/roadmaps/a.md'],
      [b, 'agents/roadmaps/b.md'],
    ] as const) {
      expect(roadmap.frontmatter).toBeNull();
      expect(roadmap.diagnostics.map((d) => [d.file, d.code])).toEqual([[file, 'frontmatter-invalid-yaml']]);
    }
  });

  it('reads every text right when more frontmatters pass through than it keeps', () => {
    const bodies = Array.from({ length: 600 }, (_, i) => `status: ready\nid: n${i}`);
    for (const body of bodies) parseFrontmatter(body, 'x.md', 2);
    for (const [i, body] of bodies.entries()) {
      expect(parseFrontmatter(body, 'x.md', 2).data).toEqual({ status: 'ready', id: `n${i}` });
    }
  });

  it('keeps a roadmap marked draft or not by its own frontmatter', () => {
    const draft = parseRoadmap('---\nstatus: draft\n---\n# A\n', { rel: 'a.md' });
    const ready = parseRoadmap('---\nstatus: ready\n---\n# B\n', { rel: 'b.md' });
    const draftAgain = parseRoadmap('---\nstatus: draft\n---\n# C\n', { rel: 'c.md' });
    expect([draft.draft, ready.draft, draftAgain.draft]).toEqual([true, false, true]);
  });
});
