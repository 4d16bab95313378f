import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runArchive } from '../../../src/commands/archive/archive.js';
import { readEvidence } from '../../../src/evidence/api.js';
import { makeContext, run } from '../../helpers/context.js';
import { git, makeRepo } from '../../helpers/repo.js';

const DONE = (title: string) => `# ${title}\n\n## Phase 1\n\n- [x] one\n- [x] two\n`;
const FILES = {
  'agents/roadmaps/a.md': DONE('A'),
  'agents/roadmaps/b.md': DONE('B'),
  'agents/roadmaps/open.md': '# Open\n\nAfter [a](a.md).\n\n## Phase 1\n\n- [ ] c\n',
  'agents/evidence/review.md': '# Review\n\nChecked agents/roadmaps/a.md.\n',
  'docs/guide.md': 'See agents/roadmaps/a.md and agents/roadmaps/b.md\n',
};

function archived(dir: string) {
  return readEvidence(dir, { collect: true }).records.filter((r) => r.record.event === 'roadmap.archived');
}

describe('archive records its evidence', () => {
  it('writes one roadmap.archived per moved roadmap and stages the ledger with the moves', async () => {
    const dir = makeRepo(FILES);
    const r = await run(dir, ['archive', '--all']);
    expect(r.code, r.stderr).toBe(0);
    const records = archived(dir);
    expect(records.map((x) => [x.verified, x.record.actor])).toEqual([
      [true, 'system:agent-config'],
      [true, 'system:agent-config'],
    ]);
    const [a, b] = records.map((x) => x.record.payload);
    expect(a).toEqual({
      run: expect.stringMatching(/^[0-9a-f]{16}$/),
      from: 'agents/roadmaps/a.md',
      to: 'agents/roadmaps/archive/a.md',
      references_rewritten: ['agents/roadmaps/open.md', 'docs/guide.md'],
      frozen_left: ['agents/evidence/review.md'],
    });
    expect(b).toMatchObject({
      from: 'agents/roadmaps/b.md',
      references_rewritten: ['docs/guide.md'],
      frozen_left: [],
    });
    const staged = git(dir, 'diff', '--cached', '--name-only');
    expect(staged).toContain(records[0]!.file);
    // The archive commit carries its own evidence, and it verifies against the commit before.
    git(dir, 'commit', '-q', '-m', 'archive');
    expect(git(dir, 'status', '--porcelain', '--untracked-files=no')).toBe('');
    expect((await run(dir, ['evidence', 'verify', '--against', 'HEAD~1'])).code).toBe(0);
  });

  it('an interrupted run, resumed, records the archive exactly once', async () => {
    let total = Number.POSITIVE_INFINITY;
    for (let k = 0; k < total; k++) {
      const dir = makeRepo(FILES);
      let steps = 0;
      await runArchive(
        makeContext(dir),
        { all: true },
        {
          beforeStep: () => {
            if (steps++ === k) throw new Error('interrupted');
          },
        },
      ).catch((e: Error) => expect(e.message).toBe('interrupted'));
      if (k === 0) total = 8;
      const again = await run(dir, ['archive', '--all']);
      expect(again.code, `step ${k}: ${again.stderr}`).toBe(0);
      expect(archived(dir), `step ${k}`).toHaveLength(2);
      expect(existsSync(join(dir, 'agents/roadmaps/archive/a.md'))).toBe(true);
      if (k >= 2) expect(git(dir, 'diff', '--cached', '--name-only')).toContain('agents/evidence/ledger/');
    }
  });

  it('no archive without its record: a ledger that cannot be written moves nothing', async () => {
    const dir = makeRepo(FILES);
    await run(dir, ['stage', '--action', 'x', '--object', 'y', '--source', 'agent:a', '--root', dir]);
    const state = JSON.parse(readFileSync(join(dir, 'agents/runtime/evidence/head.json'), 'utf8'));
    const lock = join(dir, 'agents/evidence/ledger', `${state.stream}.jsonl.lock`);
    writeFileSync(lock, JSON.stringify({ pid: 2 ** 30, host: hostname() }));
    // The stage's own ledger line is untracked; a tracked, appended ledger is tested below.
    const r = await run(dir, ['archive', '--all']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('lock-stale');
    expect(existsSync(join(dir, 'agents/roadmaps/a.md'))).toBe(true);
    expect(archived(dir)).toHaveLength(0);
    rmSync(lock);
    expect((await run(dir, ['archive', '--all'])).code).toBe(0);
    expect(archived(dir)).toHaveLength(2);
  });

  it("the ledger's own appends never make the tree dirty for archive, and it is never rewritten", async () => {
    // `frozen` without agents/evidence/**: the ledger is still never rewritten.
    const dir = makeRepo({ ...FILES, 'agent-config.yaml': 'frozen: []\n' });
    await run(dir, ['archive', '--all', '--dry-run']);
    git(dir, 'mv', 'agents/roadmaps/b.md', 'agents/b-kept.md');
    git(dir, 'commit', '-q', '-m', 'keep b');
    expect((await run(dir, ['archive', '--all'])).code).toBe(0);
    git(dir, 'commit', '-q', '-m', 'archive a');
    writeFileSync(join(dir, 'agents/roadmaps/c.md'), DONE('C'));
    git(dir, 'add', '-A');
    git(dir, 'commit', '-q', '-m', 'c');
    // A tracked ledger with a new, uncommitted record (a stage): not a dirty tree.
    await run(dir, ['stage', '--action', 'x', '--object', 'y', '--source', 'agent:a']);
    expect(git(dir, 'status', '--porcelain')).toMatch(/^ M agents\/evidence\/ledger\//);
    const before = readFileSync(join(dir, archived(dir)[0]!.file), 'utf8');
    const r = await run(dir, ['archive', '--all']);
    expect(r.code, r.stderr).toBe(0);
    const after = readFileSync(join(dir, archived(dir)[0]!.file), 'utf8');
    // Appended to (the new archive's record), never rewritten: a.md's path is still recorded.
    expect(after.startsWith(before)).toBe(true);
    expect(archived(dir).map((x) => x.record.payload.from)).toEqual([
      'agents/roadmaps/a.md',
      'agents/roadmaps/c.md',
    ]);
    expect(readdirSync(join(dir, 'agents/evidence/ledger')).filter((n) => n.endsWith('.jsonl'))).toHaveLength(
      1,
    );
    expect((await run(dir, ['evidence', 'verify'])).code).toBe(0);
  });
});
