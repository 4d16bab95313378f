import { describe, expect, it } from 'vitest';
import { parseFrontmatter, parseSimpleFrontmatter } from '../../../src/roadmap/frontmatter.js';
import { parseRoadmap } from '../../../src/roadmap/scanner.js';

describe('frontmatter', () => {
  it('reads simple `key: word` lines without the YAML parser', () => {
    const body = 'status: ready\n# a comment\n\ncomplexity: large';
    expect(parseSimpleFrontmatter(body)).toEqual({ status: 'ready', complexity: 'large' });
    expect(parseFrontmatter(body, 'a.md', 2)).toEqual({
      data: { status: 'ready', complexity: 'large' },
      diagnostics: [],
    });
  });

  it('hands anything else to the YAML parser', () => {
    const body = 'status: ready\nexecution:\n  mode: phase-checkpoints\n  steps: [a, b]';
    expect(parseSimpleFrontmatter(body)).toBeNull();
    expect(parseSimpleFrontmatter('done: true')).toBeNull();
    expect(parseFrontmatter(body, 'a.md', 2).data).toEqual({
      status: 'ready',
      execution: { mode: 'phase-checkpoints', steps: ['a', 'b'] },
    });
  });

  it('reports invalid YAML in each file that holds it, at its own line', () => {
    const text = (pad: string) => `---\n${pad}status: [unclosed\n---\n# T\n`;
    const a = parseRoadmap(text(''), { rel: 'a.md', file: 'agents/roadmaps/a.md' });
    const b = parseRoadmap(text('# note\n'), { rel: 'b.md', file: 'agents/roadmaps/b.md' });
    for (const [roadmap, file] of [
      [a, 'agents/roadmaps/a.md'],
      [b, 'agents/roadmaps/b.md'],
    ] as const) {
      expect(roadmap.frontmatter).toBeNull();
      expect(roadmap.diagnostics.map((d) => [d.file, d.code])).toEqual([[file, 'frontmatter-invalid-yaml']]);
    }
    expect(a.diagnostics[0]!.line).toBeLessThan(b.diagnostics[0]!.line);
  });

  it('keeps a roadmap marked draft or not by its own frontmatter', () => {
    const draft = parseRoadmap('---\nstatus: draft\n---\n# A\n', { rel: 'a.md' });
    const ready = parseRoadmap('---\nstatus: ready\n---\n# B\n', { rel: 'b.md' });
    const draftAgain = parseRoadmap('---\nstatus: Draft\n---\n# C\n', { rel: 'c.md' });
    expect([draft.draft, ready.draft, draftAgain.draft]).toEqual([true, false, true]);
  });
});
