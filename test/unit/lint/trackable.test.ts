import { describe, expect, it } from 'vitest';
import { trackableRule } from '../../../src/lint/rules/trackable.js';
import { findings } from './helpers.js';

const FILE = 'agents/roadmaps/plan.md';

describe('trackable rule', () => {
  it('accepts phases with steps of any state, H2 or H3, dotted ids', async () => {
    const text =
      '# P\n\n## Phase 1.0 — a\n\n- [x] done\n\n### Phase 2b: b\n\n  * [-] cancelled\n  * [~] deferred\n';
    expect(await findings(trackableRule, FILE, text)).toEqual([]);
  });

  it('reports a roadmap with no phase heading once, not its steps as well', async () => {
    expect(await findings(trackableRule, FILE, '# P\n\n## Wave 1\n\n- [ ] x\n')).toEqual([
      '1:1 no `## Phase <id>` or `### Phase <id>` heading: the dashboard does not list this roadmap — name its headings `Phase <id>` or add `status: draft` to the frontmatter',
    ]);
  });

  it('reports steps before the first phase with their count, at the first of them', async () => {
    const text = '# P\n\nIntro\n\n- [ ] a\n- [x] b\n\n## Phase 1\n\n- [ ] c\n';
    expect(await findings(trackableRule, FILE, text)).toEqual([
      '5:1 2 step(s) before the first phase heading are not counted on the dashboard — move them under a `## Phase <id>` heading',
    ]);
  });

  it('names a heading before the first phase that looks like a phase heading but is not one', async () => {
    const text =
      '# P\n\n## Prerequisites\n\n- [ ] read\n\n```md\n## Phase x\n```\n\n## Phase -1: Architecture\n\n- [ ] a\n\n#### Phase 0 Kill-switch\n\n## Phase 0\n\n- [ ] c\n';
    expect(await findings(trackableRule, FILE, text)).toEqual([
      '5:1 2 step(s) before the first phase heading are not counted on the dashboard — move them under a `## Phase <id>` heading (`## Phase -1: Architecture` on line 11 is not one: a phase heading is `##` or `###`, `Phase`, then an id such as 1, 2a, 1.2, IV or B)',
    ]);
    const deep = '# P\n\n#### Phase 1 — Deep\n\n- [ ] a\n\n## Phase 2\n\n- [ ] b\n';
    expect(await findings(trackableRule, FILE, deep)).toEqual([
      '5:1 1 step(s) before the first phase heading are not counted on the dashboard — move them under a `## Phase <id>` heading (`#### Phase 1 — Deep` on line 3 is not one: a phase heading is `##` or `###`, `Phase`, then an id such as 1, 2a, 1.2, IV or B)',
    ]);
    // A look-alike after the last uncounted step explains nothing.
    const after = '# P\n\n- [ ] a\n\n### phase one\n\nText.\n\n## Phase 1\n\n- [ ] b\n';
    expect(await findings(trackableRule, FILE, after)).toEqual([
      '3:1 1 step(s) before the first phase heading are not counted on the dashboard — move them under a `## Phase <id>` heading',
    ]);
  });

  it('reports a phase whose only checkboxes sit in fenced code', async () => {
    const text = '# P\n\n## Phase 1 — Example\n\n```md\n- [ ] not a step\n```\n\n## Phase 2\n\n- [ ] real\n';
    expect(await findings(trackableRule, FILE, text)).toEqual([
      '3:1 Phase 1 (Example) has no step — add at least one `- [ ]` item or remove the phase',
    ]);
  });

  it('reads a phase name that upstream would swallow from the next line as no name', async () => {
    const text = '# P\n\n## Phase 1\n- [ ] x\n## Phase 2 — y\n- [ ] z\n';
    expect(await findings(trackableRule, FILE, text)).toEqual([]);
  });

  it('shortens long phase names to 60 characters', async () => {
    const name = 'n'.repeat(80);
    const [found] = await findings(
      trackableRule,
      FILE,
      `# P\n\n## Phase 1 — ${name}\n\n## Phase 2\n\n- [ ] x\n`,
    );
    expect(found).toContain(`(${'n'.repeat(60)}…)`);
  });
});
