import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run } from '../helpers/context.js';
import { copyFixture, fixturePath, makeRepo } from '../helpers/repo.js';

const LATER = fixturePath('agent-config-real', 'later-versions', 'agents', 'roadmaps');
const real = (rel: string) =>
  readFileSync(join(LATER, rel), 'utf8').replace(/^status: draft$/m, 'status: ready');

describe('lint on real upstream documents', () => {
  it('finds exactly the 13 uncounted steps of the 2026-05 snapshot (reference §9, edge case 13)', async () => {
    const r = await run(copyFixture('agent-config-real/snapshot-2026-05'), ['lint']);
    const finding =
      'agents/roadmaps/road-to-event-driven-discipline.md:14:1  error  13 step(s) before the first phase heading are not counted on the dashboard — move them under a `## Phase <id>` heading (`## Phase -1: Architectural prerequisites` on line 70 is not one: a phase heading is `##` or `###`, `Phase`, then an id such as 1, 2a, 1.2, IV or B)  trackable';
    expect(r.stdout).toBe(`${finding}\n`);
    // The README's "Moving from @event4u/agent-config" section shows this finding as it is.
    expect(readFileSync(join(import.meta.dirname, '..', '..', 'README.md'), 'utf8')).toContain(
      `\n  ${finding}\n`,
    );
    expect(r.stderr).toContain('in 1 of 7 file(s) checked');
    expect(r.code).toBe(1);
  });

  it('accepts the later roadmaps with structured blockers, fenced blocker examples and an Answer field', async () => {
    const dir = makeRepo({
      'agents/roadmaps/settings.md': real('road-to-settings-classes-derivable-surface-stagnation.md'),
      'agents/roadmaps/billing.md': real('later/road-to-billing-cliff-detection.md'),
      'agents/roadmaps/hide.md': real('archive/road-to-a-blocker-that-cannot-hide-in-the-archive.md'),
    });
    const r = await run(dir, ['lint', '--format', 'json']);
    const doc = JSON.parse(r.stdout);
    expect(doc.checked).toEqual([
      'agents/roadmaps/billing.md',
      'agents/roadmaps/hide.md',
      'agents/roadmaps/settings.md',
    ]);
    expect(doc.findings).toEqual([]);
    expect(r.code).toBe(0);
  });

  it('notices when a real open blocker loses its decidability fields', async () => {
    const text = real('later/road-to-billing-cliff-detection.md').replace(
      /^- \*\*Recommendation:\*\*.*$/m,
      '- **Note:** none',
    );
    const r = await run(makeRepo({ 'agents/roadmaps/billing.md': text }), ['lint', 'blockers']);
    expect(r.stdout).toMatch(
      /^agents\/roadmaps\/billing\.md:57:1 {2}error {2}open blocker 'billing-cliff-signal-existence' gives no Recommendation — a person cannot decide it without them {2}blockers\n$/,
    );
  });
});
