import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ReportDocument } from '../../src/commands/report/report.js';
import { run } from '../helpers/context.js';
import { GIT_ENV, makeRepo, writeFiles } from '../helpers/repo.js';
import { cli } from './staging/harness.js';

const R = 'agents/roadmaps';

function roadmap(title: string, steps: string[]): string {
  return `# ${title}\n\n## Phase 1: Build\n\n${steps.map((s) => `- ${s}`).join('\n')}\n`;
}

/** Commits everything with its own committer date (day `n` of January 2026); returns the commit id. */
function commitAll(dir: string, day: number, message: string): string {
  const date = `2026-01-${String(day).padStart(2, '0')}T12:00:00Z`;
  const env = { ...process.env, ...GIT_ENV, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date };
  execFileSync('git', ['add', '-A'], { cwd: dir, env });
  execFileSync('git', ['commit', '-q', '-m', message], { cwd: dir, env });
  return gitOut(dir, 'rev-parse', 'HEAD');
}

function gitOut(dir: string, ...args: string[]): string {
  return execFileSync('git', args, {
    cwd: dir,
    env: { ...process.env, ...GIT_ENV },
    encoding: 'utf8',
  }).trim();
}

async function reportJson(dir: string, ...args: string[]): Promise<ReportDocument> {
  const r = await run(dir, ['report', '--json', ...args]);
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout) as ReportDocument;
}

describe('report history on a real repository', () => {
  let dir: string;
  const c = {} as Record<
    'add' | 'outside' | 'tick' | 'side' | 'merge' | 'rename' | 'finish' | 'archive' | 'broken' | 'fixed',
    string
  >;

  beforeAll(() => {
    dir = makeRepo({ 'README.md': 'repo\n' });
    writeFiles(dir, {
      [`${R}/a.md`]: roadmap('Alpha', ['[x] one', '[ ] two', '[ ] three']),
      [`${R}/b.md`]: roadmap('Beta', ['[ ] only', '[~] later', '[-] dropped']),
      [`${R}/draft.md`]: `---\nstatus: draft\n---\n${roadmap('Draft', ['[ ] hidden'])}`,
    });
    c.add = commitAll(dir, 2, 'add alpha and beta');
    writeFiles(dir, { 'src.txt': 'not a roadmap\n' });
    c.outside = commitAll(dir, 3, 'outside the roadmap root');
    writeFiles(dir, { [`${R}/a.md`]: roadmap('Alpha', ['[x] one', '[x] two', '[ ] three']) });
    c.tick = commitAll(dir, 4, 'tick alpha');
    // A side branch, merged with a merge commit: first-parent history sees its changes at the merge.
    gitOut(dir, 'checkout', '-q', '-b', 'side');
    writeFiles(dir, {
      [`${R}/c.md`]: roadmap('Gamma', ['[ ] g1', '[ ] g2']),
      [`${R}/b.md`]: roadmap('Beta', ['[x] only', '[~] later', '[-] dropped']),
    });
    c.side = commitAll(dir, 5, 'side work');
    gitOut(dir, 'checkout', '-q', 'main');
    const env = { ...process.env, ...GIT_ENV, GIT_COMMITTER_DATE: '2026-01-06T12:00:00Z' };
    execFileSync('git', ['merge', '-q', '--no-ff', '-m', 'merge side', 'side'], { cwd: dir, env });
    c.merge = gitOut(dir, 'rev-parse', 'HEAD');
    gitOut(dir, 'mv', `${R}/b.md`, `${R}/topic-b.md`);
    c.rename = commitAll(dir, 7, 'rename beta');
    writeFiles(dir, { [`${R}/a.md`]: roadmap('Alpha', ['[x] one', '[x] two', '[x] three']) });
    c.finish = commitAll(dir, 8, 'finish alpha');
    mkdirSync(join(dir, R, 'archive'));
    gitOut(dir, 'mv', `${R}/a.md`, `${R}/archive/a.md`);
    c.archive = commitAll(dir, 9, 'archive alpha');
    writeFileSync(join(dir, R, 'broken.md'), Buffer.from([0x23, 0x20, 0xff, 0xfe, 0x0a]));
    c.broken = commitAll(dir, 10, 'an unreadable roadmap');
    writeFiles(dir, { [`${R}/broken.md`]: roadmap('Fixed', ['[ ] f1']) });
    c.fixed = commitAll(dir, 11, 'fix it');
  });

  it('gives the dashboard totals at every first-parent commit that changed the roadmaps', async () => {
    const doc = await reportJson(dir);
    expect(doc.head).toBe(c.fixed);
    expect(doc.generatedAt).toBe('2026-11-30T12:00:00.000Z');
    const rows = doc.history.map((h) => [h.commit, h.active, h.archived]);
    const a = (done: number, open: number, deferred: number, cancelled: number) => ({
      done,
      open,
      deferred,
      cancelled,
    });
    expect(rows).toEqual([
      [c.add, a(1, 3, 1, 1), { roadmaps: 0, steps: 0 }],
      [c.tick, a(2, 2, 1, 1), { roadmaps: 0, steps: 0 }],
      [c.merge, a(3, 3, 1, 1), { roadmaps: 0, steps: 0 }],
      [c.rename, a(3, 3, 1, 1), { roadmaps: 0, steps: 0 }],
      [c.finish, a(4, 2, 1, 1), { roadmaps: 0, steps: 0 }],
      [c.archive, a(1, 2, 1, 1), { roadmaps: 1, steps: 3 }],
      [c.broken, a(1, 2, 1, 1), { roadmaps: 1, steps: 3 }],
      [c.fixed, a(1, 3, 1, 1), { roadmaps: 1, steps: 3 }],
    ]);
    expect(doc.history[0]!.date).toBe('2026-01-02T12:00:00+00:00');
    expect(doc.history.map((h) => h.commit)).not.toContain(c.side);
  });

  it('follows a roadmap through a rename and into the archive', async () => {
    const doc = await reportJson(dir);
    const byPath = new Map(doc.roadmaps.map((r) => [r.path, r]));
    const beta = byPath.get(`${R}/topic-b.md`)!;
    expect(beta).toMatchObject({
      title: 'Beta',
      state: 'active',
      formerPaths: [`${R}/b.md`],
      done: 1,
      open: 0,
      percent: 100,
    });
    expect(beta.history.map((p) => [p.commit, p.done, p.open])).toEqual([
      [c.add, 0, 1],
      [c.merge, 1, 0],
    ]);
    const alpha = byPath.get(`${R}/archive/a.md`)!;
    expect(alpha).toMatchObject({ state: 'archived', formerPaths: [`${R}/a.md`], done: 3, open: 0 });
    expect(alpha.phases).toEqual([
      { id: '1', name: 'Build', done: 3, open: 0, deferred: 0, cancelled: 0, percent: 100 },
    ]);
    expect(doc.roadmaps.map((r) => r.path)).toEqual([
      `${R}/broken.md`,
      `${R}/c.md`,
      `${R}/topic-b.md`,
      `${R}/archive/a.md`,
    ]);
  });

  it('reports a roadmap it cannot read at a commit, counts it as no steps, and goes on', async () => {
    const r = await run(dir, ['report', '--json']);
    const doc = JSON.parse(r.stdout) as ReportDocument;
    const broken = doc.roadmaps.find((x) => x.path === `${R}/broken.md`)!;
    expect(broken.problems).toEqual([
      { path: `${R}/broken.md`, commit: c.broken, problem: 'is not valid UTF-8' },
    ]);
    expect(broken.title).toBe('Fixed');
    expect(r.stderr).toContain(
      `${R}/broken.md at ${c.broken.slice(0, 12)} is not valid UTF-8; counted as no steps`,
    );
  });

  it('starts the history at a date or after a revision', async () => {
    const byDate = await reportJson(dir, '--since', '2026-01-08');
    expect(byDate.history.map((h) => h.commit)).toEqual([c.finish, c.archive, c.broken, c.fixed]);
    expect(byDate.history[0]!.active).toEqual({ done: 4, open: 2, deferred: 1, cancelled: 1 });
    const byRev = await reportJson(dir, '--since', c.archive);
    expect(byRev.history.map((h) => h.commit)).toEqual([c.broken, c.fixed]);
    expect(byRev.history[0]!.archived).toEqual({ roadmaps: 1, steps: 3 });
    const beta = byRev.roadmaps.find((x) => x.path === `${R}/topic-b.md`)!;
    expect(beta.history).toEqual([{ commit: c.broken, done: 1, open: 0, deferred: 1, cancelled: 1 }]);
    // A revision on the merged branch: the first-parent commits it cannot reach.
    const bySide = await reportJson(dir, '--since', c.side);
    expect(bySide.history[0]!.commit).toBe(c.merge);
  });

  it('refuses a --since that is neither a date nor a revision in one line, exit 2', async () => {
    for (const bad of ['no-such-ref', '2026-13-45']) {
      const r = await run(dir, ['report', '--since', bad]);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toContain('--since');
    }
  });

  it('embeds exactly the documents of gates --all --json, pending --json and lint --format json', async () => {
    writeFiles(dir, {
      [`${R}/c.md`]: `${roadmap('Gamma', ['[ ] g1', '[ ] g2'])}\n## Blockers\n\n### blocker: go\n- **Status:** open\n- **Owner:** user\n- **Question:** ship?\n`,
    });
    const doc = await reportJson(dir);
    const gates = await run(dir, ['gates', '--all', '--json']);
    const pending = await run(dir, ['pending', '--json']);
    const lint = await run(dir, ['lint', '--format', 'json']);
    const window = await run(dir, ['window', 'status', '--json']);
    const evidence = await run(dir, ['evidence', 'verify', '--json']);
    // The same bytes as the commands print (key order included), not only the same values.
    expect(`${JSON.stringify(doc.gates, null, 2)}\n`).toBe(gates.stdout);
    expect((doc.gates as { blockers: unknown[] }).blockers).toHaveLength(1);
    expect(doc.gates).not.toHaveProperty('pending');
    expect(doc.gates).not.toHaveProperty('window');
    expect(`${JSON.stringify(doc.pending, null, 2)}\n`).toBe(pending.stdout);
    expect(doc.lint).toEqual(JSON.parse(lint.stdout));
    expect(`${JSON.stringify(doc.window, null, 2)}\n`).toBe(window.stdout);
    expect(doc.window).toEqual({ open: false, window: null });
    expect(`${JSON.stringify(doc.evidence, null, 2)}\n`).toBe(evidence.stdout);
    expect(doc.evidenceLog).toEqual({ records: [] });
    execFileSync('git', ['checkout', '-q', '--', `${R}/c.md`], { cwd: dir });
  });

  it('with a stage, an open window and ledger records, still embeds exactly what the commands print', async () => {
    const human = { env: { AGENT_CONFIG_HUMAN: 'human:ada' } };
    const staged = await cli(dir, [
      'stage',
      '--action',
      'delete-branch',
      '--object',
      'side',
      '--source',
      'agent:t',
    ]);
    expect(staged.code).toBe(0);
    const opened = await cli(
      dir,
      ['window', 'open', '--for', '30m', '--actions', 'git-force-push', '--reason', 'release <b>day</b>'],
      { answer: 'understood', ...human },
    );
    expect(opened.code).toBe(0);
    try {
      const doc = await reportJson(dir);
      const gates = await run(dir, ['gates', '--all', '--json']);
      const pending = await run(dir, ['pending', '--json']);
      const window = await run(dir, ['window', 'status', '--json']);
      const evidence = await run(dir, ['evidence', 'verify', '--json']);
      const log = await run(dir, ['evidence', 'log', '--json']);
      expect(`${JSON.stringify(doc.gates, null, 2)}\n`).toBe(gates.stdout);
      // gates --json leads with the open window and carries the stage records as `pending`.
      expect(Object.keys(doc.gates as object)).toEqual([
        'window',
        'needsYou',
        'other',
        'blockers',
        'pending',
      ]);
      expect((doc.gates as { pending: { awaitingYou: number } }).pending.awaitingYou).toBe(1);
      expect(`${JSON.stringify(doc.pending, null, 2)}\n`).toBe(pending.stdout);
      expect(`${JSON.stringify(doc.window, null, 2)}\n`).toBe(window.stdout);
      expect(doc.window).toMatchObject({ open: true, window: { reason: 'release <b>day</b>' } });
      expect(`${JSON.stringify(doc.evidence, null, 2)}\n`).toBe(evidence.stdout);
      expect(doc.evidence).toMatchObject({ ok: true, exit: 0 });
      const records = (JSON.parse(log.stdout) as { records: Array<{ event: string }> }).records;
      expect(records.map((r) => r.event)).toEqual(['stage.staged', 'window.opened']);
      expect(doc.evidenceLog).toEqual({ records });
      // The page shows them, escaped.
      const out = join(dir, 'agents/runtime/with-window.html');
      expect((await run(dir, ['report', '--out', out])).code).toBe(0);
      const page = readFileSync(out, 'utf8');
      expect(page).toContain('release &lt;b&gt;day&lt;/b&gt;');
      expect(page).not.toContain('<b>day</b>');
      expect(page).toContain('<td>window.opened</td><td>human:ada</td><td>verified</td>');
      expect(page).toContain('Verified: 1 stream(s)');
      // Only the latest ten records are carried, newest last, as `evidence log --json` orders them.
      for (let i = 0; i < 11; i++) {
        const more = await cli(dir, [
          'stage',
          '--action',
          'delete-branch',
          '--object',
          `b${i}`,
          '--source',
          'agent:t',
        ]);
        expect(more.code).toBe(0);
      }
      const all = JSON.parse((await run(dir, ['evidence', 'log', '--json'])).stdout) as {
        records: unknown[];
      };
      expect(all.records).toHaveLength(13);
      expect((await reportJson(dir)).evidenceLog).toEqual({ records: all.records.slice(-10) });
    } finally {
      rmSync(join(dir, 'agents/evidence'), { recursive: true, force: true });
      rmSync(join(dir, 'agents/runtime'), { recursive: true, force: true });
    }
  });

  it('writes the page to agents/runtime/report.html by default and prints the path; --out goes anywhere', async () => {
    const r = await run(dir, ['report']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('agents/runtime/report.html\n');
    const page = readFileSync(join(dir, 'agents/runtime/report.html'), 'utf8');
    const embedded = page.match(/<script type="application\/json" id="report-data">([^<]*)<\/script>/)![1]!;
    expect(JSON.parse(embedded)).toEqual(await reportJson(dir));
    const out = join(dir, 'elsewhere', 'deep', 'page.html');
    const again = await run(dir, ['report', '--out', out]);
    expect(again.stdout).toBe('elsewhere/deep/page.html\n');
    expect(readFileSync(out, 'utf8')).toBe(page);
    rmSync(join(dir, 'elsewhere'), { recursive: true });
    expect(existsSync(join(dir, 'elsewhere'))).toBe(false);
  });
});

describe('report in a repository whose roadmaps live in a subfolder', () => {
  it('names paths from the top level and counts them', async () => {
    const dir = makeRepo({ [`sub/${R}/a.md`]: roadmap('A', ['[x] a', '[ ] b']) });
    const doc = await reportJson(join(dir, 'sub'));
    expect(doc.history.map((h) => h.active)).toEqual([{ done: 1, open: 1, deferred: 0, cancelled: 0 }]);
    expect(doc.roadmaps.map((r) => r.path)).toEqual([`sub/${R}/a.md`]);
  });
});

describe('report without history', () => {
  it('outside git: one line, exit 2', async () => {
    const { tempDir } = await import('../helpers/repo.js');
    const dir = tempDir();
    const r = await run(dir, ['report', '--json']);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain('git');
  });

  it('in a repository without commits: an empty history', async () => {
    const dir = makeRepo({ [`${R}/a.md`]: roadmap('A', ['[ ] a']) }, { commit: false });
    const doc = await reportJson(dir);
    expect(doc.head).toBeNull();
    expect(doc.history).toEqual([]);
    expect(doc.roadmaps).toEqual([]);
  });
});

describe('report after `archive` moved a roadmap (and rewrote its links)', () => {
  it('keeps one entry for the roadmap, with its full history, marked archived — on the page too', async () => {
    // The roadmap links out of its folder, so the move rewrites it: its blob changes.
    const body = (steps: string[]) =>
      `${roadmap('Moving', steps)}\nSee [the spec](../../docs/spec.md) and [the other](other.md).\n`;
    const dir = makeRepo({ 'docs/spec.md': '# Spec\n' });
    writeFiles(dir, {
      [`${R}/moving.md`]: body(['[ ] one', '[ ] two']),
      [`${R}/other.md`]: roadmap('Other', ['[ ] o1']),
    });
    const first = commitAll(dir, 12, 'plan');
    writeFiles(dir, { [`${R}/moving.md`]: body(['[x] one', '[ ] two']) });
    const tick = commitAll(dir, 13, 'tick');
    writeFiles(dir, { [`${R}/moving.md`]: body(['[x] one', '[x] two']) });
    const finish = commitAll(dir, 14, 'finish');
    const archived = await run(dir, ['archive', '--all']);
    expect(archived.code).toBe(0);
    const moved = readFileSync(join(dir, R, 'archive/moving.md'), 'utf8');
    expect(moved).toContain('](../../../docs/spec.md)');
    const archive = commitAll(dir, 15, 'archive');

    const doc = await reportJson(dir);
    const entries = doc.roadmaps.filter((r) => r.title === 'Moving');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      path: `${R}/archive/moving.md`,
      formerPaths: [`${R}/moving.md`],
      state: 'archived',
      done: 2,
      open: 0,
    });
    expect(entries[0]!.history.map((p) => [p.commit, p.done, p.open])).toEqual([
      [first, 0, 2],
      [tick, 1, 1],
      [finish, 2, 0],
    ]);
    expect(doc.roadmaps.some((r) => r.state === 'gone')).toBe(false);
    expect(doc.history.map((h) => [h.commit, h.active.done, h.active.open, h.archived])).toEqual([
      [first, 0, 3, { roadmaps: 0, steps: 0 }],
      [tick, 1, 2, { roadmaps: 0, steps: 0 }],
      [finish, 2, 1, { roadmaps: 0, steps: 0 }],
      [archive, 0, 1, { roadmaps: 1, steps: 2 }],
    ]);

    const out = join(dir, 'page.html');
    expect((await run(dir, ['report', '--out', out])).code).toBe(0);
    const page = readFileSync(out, 'utf8');
    const table = page.indexOf('<table id="other-roadmaps"');
    const rows = page
      .slice(page.indexOf('<tbody>', table), page.indexOf('</tbody>', table))
      .split('<tr>')
      .slice(1);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain(`<code>${R}/archive/moving.md</code>`);
    expect(rows[0]).toContain(`(was <code>${R}/moving.md</code>)`);
    expect(rows[0]).toContain('<td>archived</td>');
  });
});
