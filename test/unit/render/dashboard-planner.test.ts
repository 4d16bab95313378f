import { describe, expect, it } from 'vitest';
import { DashboardPlanner, dashboardLinkPrefix } from '../../../src/render/dashboard-planner.js';
import type { DeferralTarget } from '../../../src/roadmap/completion.js';
import { parseRoadmap } from '../../../src/roadmap/scanner.js';

describe('dashboardLinkPrefix', () => {
  it('links from the dashboard to the roadmap folder', () => {
    expect(dashboardLinkPrefix('agents/roadmaps', 'agents/roadmaps-progress.md')).toBe('roadmaps/');
    expect(dashboardLinkPrefix('plans', 'docs/progress.md')).toBe('../plans/');
    expect(dashboardLinkPrefix('plans', 'plans/progress.md')).toBe('./');
  });
});

describe('DashboardPlanner', () => {
  it('judges a roadmap with the lookup it was given and renders the entries it added', () => {
    const asked: string[] = [];
    const lookup = (slug: string): DeferralTarget => {
      asked.push(slug);
      return { location: null, frontmatter: null, text: '' };
    };
    const planner = new DashboardPlanner(lookup, 'roadmaps/');
    const roadmap = parseRoadmap(
      '# A\n\n## Phase 1 — Go\n\n- [x] done\n- [~] later <!-- deferred-resolution: carried-to=next -->\n',
      { rel: 'a.md' },
    );
    const { entry, verdict } = planner.add(roadmap);
    expect(asked).toEqual(['next']);
    expect(verdict.finished).toBe(false);
    expect(entry.ironLaw3).toBe(true);
    expect(planner.render([]).toString('utf8')).toContain('| [a.md](roadmaps/a.md) | 1 | 1 | 0 |');
  });
});
