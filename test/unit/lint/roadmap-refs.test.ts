import { describe, expect, it } from 'vitest';
import { roadmapRefsRule } from '../../../src/lint/rules/roadmap-refs.js';
import { findings } from './helpers.js';

const FILE = 'docs/guidelines/x.md';

describe('roadmap-refs rule', () => {
  it('reports every cited roadmap file with its column, nested folders and dotted names included', async () => {
    const text = 'See agents/roadmaps/road-to-x.md and [plan](../../agents/roadmaps/topic/road-to-1.2.md).\n';
    expect(await findings(roadmapRefsRule, FILE, text)).toEqual([
      "1:5 stable document cites the roadmap file 'agents/roadmaps/road-to-x.md'; roadmaps move and get archived — describe the rule itself, or cite the roadmap folder",
      "1:51 stable document cites the roadmap file 'agents/roadmaps/topic/road-to-1.2.md'; roadmaps move and get archived — describe the rule itself, or cite the roadmap folder",
    ]);
  });

  it('accepts the folder itself, placeholders and fenced examples (``` and ~~~)', async () => {
    const text =
      'Plans live in agents/roadmaps/ and agents/roadmaps/<file>.md.\n\n```sh\ncat agents/roadmaps/x.md\n```\n\n~~~\nagents/roadmaps/y.md\n~~~\n';
    expect(await findings(roadmapRefsRule, FILE, text)).toEqual([]);
  });

  it('matches case-insensitively and reports archived roadmaps too', async () => {
    const found = await findings(roadmapRefsRule, FILE, 'AGENTS/ROADMAPS/archive/Old.md\n');
    expect(found).toHaveLength(1);
  });
});
