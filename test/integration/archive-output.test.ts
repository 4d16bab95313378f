import { describe, expect, it } from 'vitest';
import { run } from '../helpers/context.js';
import { makeRepo } from '../helpers/repo.js';

const FILES = {
  'agents/roadmaps/done.md': '# Done\n\nNext: [other](other.md#phase-1).\n\n## Phase 1\n\n- [x] a\n- [x] b\n',
  'agents/roadmaps/other.md': '# Other\n\nAfter [done](done.md).\n\n## Phase 1\n\n- [ ] c\n',
  'agents/roadmaps/b.md':
    '# B\n\n## Phase 1\n\n- [x] a\n\n## Blockers\n\n### blocker: pick-db\n- **Status:** open\n\n### blocker: hire\n- **Status:** open\n',
  'agents/evidence/review.md': '# Review\n\nChecked agents/roadmaps/done.md.\n',
  'docs/a.md': 'See agents/roadmaps/done.md\n\n```sh\ncat agents/roadmaps/done.md\n```\n',
};

describe('archive text output (golden)', () => {
  it('dry run: the plan on stdout, refusals on stderr', async () => {
    const dir = makeRepo(FILES);
    const result = await run(dir, ['archive', '--all', '--dry-run']);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe(
      '  ⚠️  agents/roadmaps/b.md: all steps closed but 2 blocker(s) still open (pick-db, hire) — not archived. Resolve them, or record the decision, then re-run the sweep.\n',
    );
    expect(result.stdout).toBe(
      [
        '  ✅  Would archive: agents/roadmaps/done.md → agents/roadmaps/archive/done.md  (2 ref(s) rewritten)',
        '        left as recorded: agents/evidence/review.md:3',
        '        left in fenced code: docs/a.md:4',
        '  ✏️  agents/roadmaps/done.md (moves to agents/roadmaps/archive/done.md)',
        '        3:15  other.md#phase-1 → ../other.md#phase-1',
        '  ✏️  agents/roadmaps/other.md',
        '        3:14  done.md → archive/done.md',
        '  ✏️  docs/a.md',
        '        1:5  agents/roadmaps/done.md → agents/roadmaps/archive/done.md',
        '  3 file(s) would be rewritten; the dashboard would be regenerated.',
        '',
      ].join('\n'),
    );
  });

  it('real run: one line per roadmap, what was left as recorded, and the totals', async () => {
    const dir = makeRepo(FILES);
    const result = await run(dir, ['archive', '--all']);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      [
        '  ✅  Archived: agents/roadmaps/done.md → agents/roadmaps/archive/done.md  (2 ref(s) rewritten)',
        '        left as recorded: agents/evidence/review.md:3',
        '        left in fenced code: docs/a.md:4',
        // The fifth staged path is the evidence ledger with the run's roadmap.archived record.
        '  3 file(s) rewritten, 5 path(s) staged; agents/roadmaps-progress.md regenerated.',
        '',
      ].join('\n'),
    );
  });

  it('sanitizes control characters from file names before they reach the terminal', async () => {
    const dir = makeRepo({ 'agents/roadmaps/evil\u001b[2J.md': '# E\n\n## Phase 1\n\n- [x] a\n' });
    const result = await run(dir, ['archive', '--all', '--dry-run']);
    expect(result.stdout).toContain('evil\\x1B[2J.md');
    expect(result.stdout).not.toContain('\u001b');
    const json = await run(dir, ['archive', '--all', '--dry-run', '--json']);
    expect(JSON.parse(json.stdout).plan.moves[0].from).toBe('agents/roadmaps/evil\u001b[2J.md');
  });
});
