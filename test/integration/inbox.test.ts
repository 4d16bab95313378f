import { mkdirSync, readdirSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { InboxWorktree } from '../../src/inbox/inbox.js';
import { LEDGER } from '../helpers/ledger.js';
import { git, OPEN_BLOCKER_GO, tempDir, writeFiles } from '../helpers/repo.js';
import { cli, stageOne, stagingRepo } from './staging/harness.js';

// Generated repositories with worktrees, seeded decisions, stages (some expired, some in a
// second worktree only), windows and ledgers (one corrupt, one missing, one signed): the inbox
// lists every seeded item with the right repository and worktree, and nothing else.

const ROADMAP = `# Plan\n\n## Phase 1\n\n- [ ] Step one\n\n## Blockers\n\n${OPEN_BLOCKER_GO}`;
const SIGNERS =
  'human:ada namespaces="agent-config" ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIE5X0c0aSdr4ExB6mQ9ZsI4S6gkCHD3uP3Y6oXkUQ+7K\n';

interface Seeded {
  home: string;
  main: string;
  second: string;
  corrupt: string;
  signed: string;
  quiet: string;
  broken: string;
  tokens: { main: string; second: string; expired: string };
}

async function seed(): Promise<Seeded> {
  const home = realpathSync(tempDir('inbox-home-'));
  const at = (name: string) => join(home, name);
  // 1. A repository with a decision and stages in its main worktree, and a stage only in a second.
  const main = stagingRepo({ 'agents/roadmaps/plan.md': ROADMAP });
  const mainPath = at('alpha');
  git(main, 'clone', '-q', main, mainPath);
  const second = at('alpha-second');
  git(mainPath, 'worktree', 'add', '-q', '-b', 'second', second);
  const expired = await stageOne(mainPath, 'feature/old', ['--ttl', '1m']);
  const live = await stageOne(mainPath, 'feature/x');
  const inSecond = (
    await cli(
      second,
      ['stage', '--action', 'force-push', '--object', 'origin second', '--source', 'agent:b'],
      { minutes: 3 },
    )
  ).stdout.trim();
  // A window open in the second worktree.
  const opened = await cli(
    second,
    ['window', 'open', '--for', '30m', '--actions', 'git-clean', '--reason', 'cleanup'],
    {
      answer: 'understood',
      minutes: 3,
      env: { AGENT_CONFIG_HUMAN: 'human:ada' },
    },
  );
  expect(opened.code).toBe(0);
  // 2. A repository whose ledger is corrupt.
  const corrupt = at('beta');
  git(main, 'clone', '-q', stagingRepo(), corrupt);
  await stageOne(corrupt, 'feature/y');
  const stream = readdirSync(join(corrupt, LEDGER))[0]!;
  const file = join(corrupt, LEDGER, stream);
  writeFileSync(file, readFileSync(file, 'utf8').replace('"stage.staged"', '"stage.stagex"'));
  // 3. A repository whose decisions are signed (a signer committed), no ledger.
  const signed = at('gamma');
  git(main, 'clone', '-q', stagingRepo({ 'agents/evidence/allowed_signers': SIGNERS }), signed);
  // 4. A quiet repository: nothing waits, no ledger.
  const quiet = at('delta');
  git(main, 'clone', '-q', stagingRepo(), quiet);
  // 5. A broken configuration, and a folder that is no repository.
  const broken = at('epsilon');
  git(main, 'clone', '-q', stagingRepo(), broken);
  writeFiles(broken, { 'agent-config.yaml': 'staging: [\n' });
  mkdirSync(at('not-a-repo'));
  return {
    home,
    main: mainPath,
    second,
    corrupt,
    signed,
    quiet,
    broken,
    tokens: { main: live, second: inSecond, expired },
  };
}

const inbox = (cwd: string, args: string[]) => cli(cwd, ['inbox', ...args], { minutes: 5 });

describe('inbox', () => {
  it('lists every seeded item with its repository and worktree, and nothing else', async () => {
    const s = await seed();
    const r = await inbox(s.home, ['--scan', s.home, '--json']);
    expect(r.stderr).toBe('');
    const doc = JSON.parse(r.stdout);
    const trees = new Map<string, { repo: string; w: InboxWorktree }>();
    for (const repo of doc.repositories)
      for (const w of repo.worktrees) trees.set(w.path, { repo: repo.path, w });
    expect([...trees.keys()].sort()).toEqual(
      [s.main, s.second, s.corrupt, s.signed, s.quiet, s.broken].sort(),
    );
    // The second worktree belongs to the first repository.
    expect(trees.get(s.second)!.repo).toBe(s.main);
    const main = trees.get(s.main)!.w;
    expect(main.stages.map((x: { token: string }) => x.token)).toEqual([s.tokens.main]);
    expect(main.expiredStages).toBe(1);
    expect(main.decisions).toEqual([
      expect.objectContaining({ id: 'go', roadmap: 'agents/roadmaps/plan.md' }),
    ]);
    expect(main.stages[0]!.confirm).toBe(`cd ${s.main} && npx --no agent-config confirm ${s.tokens.main}`);
    expect(main.window).toBeNull();
    expect(main.ledger).toBe('clean');
    const second = trees.get(s.second)!.w;
    expect(second.stages.map((x: { token: string }) => x.token)).toEqual([s.tokens.second]);
    expect(second.branch).toBe('second');
    // The roadmap is committed, so the second worktree holds the same decision: it is its own.
    expect(second.decisions.map((d: { id: string }) => d.id)).toEqual(['go']);
    expect(second.window).toMatchObject({ openedBy: 'human:ada', reason: 'cleanup' });
    expect(trees.get(s.corrupt)!.w.ledger).toBe('corrupt');
    expect(trees.get(s.signed)!.w).toMatchObject({ signed: true, ledger: 'none', stages: [], decisions: [] });
    expect(trees.get(s.quiet)!.w).toMatchObject({
      signed: false,
      ledger: 'none',
      stages: [],
      decisions: [],
      problems: [],
    });
    expect(trees.get(s.broken)!.w.problems).toEqual([expect.objectContaining({ kind: 'broken-config' })]);
    // Corrupt stages in the corrupt repository still show; nothing else anywhere.
    const all = doc.repositories.flatMap((x: { worktrees: Array<{ stages: unknown[] }> }) =>
      x.worktrees.flatMap((w) => w.stages),
    );
    expect(all).toHaveLength(3);
    expect(doc.needsYou).toEqual({ decisions: 2, stages: 3, repositories: 2 });
    expect(doc.headline).toBe('2 decisions and 3 staged actions need you, in 2 of 5 repositories');
    // The folder without a repository is never looked at by a scan; a corrupt ledger and a
    // broken config are named.
    expect(doc.completeness.complete).toBe(false);
    expect(doc.completeness.line).toContain(`${s.corrupt} (a corrupt ledger: `);
    expect(doc.completeness.line).toContain(`${s.broken} (a broken config: `);
    expect(r.code).toBe(1);
  });

  it('names a root that is not a repository or does not exist in the completeness line', async () => {
    const s = await seed();
    const list = join(s.home, 'roots.txt');
    writeFileSync(list, `# mine\n${s.quiet}\nnot-a-repo\n${join(s.home, 'gone')}\n\n`);
    const r = await inbox(s.home, ['--roots', list]);
    expect(r.stdout).toMatch(/^Nothing needs you, in 1 repository\n/);
    const last = r.stdout.trim().split('\n').pop()!;
    expect(last).toBe(
      `Incomplete: read 1 of 3 working trees and roots in full; could not read ${join(s.home, 'gone')} (unreadable: does not exist or is not a folder); not-a-repo (not a repository: git finds no repository there).`,
    );
    expect(r.code).toBe(1);
  });

  it("defaults to the current repository's worktrees, newest stage first, with the command to run", async () => {
    const s = await seed();
    const r = await inbox(s.second, []);
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toBe('2 decisions and 2 staged actions need you, in 1 of 1 repository');
    // The second worktree's stage is the newest: it comes first.
    const stages = lines.filter((l) => l.startsWith('    stage '));
    expect(stages[0]).toContain(s.tokens.second);
    expect(stages[1]).toContain(s.tokens.main);
    expect(r.stdout).toContain(`      cd ${s.second} && npx --no agent-config confirm ${s.tokens.second}\n`);
    expect(lines.at(-2)).toBe('Complete: read all 2 working trees and roots.');
  });

  it('never follows a symbolic link out of the scanned folder, and respects the depth', async () => {
    const s = await seed();
    const scan = realpathSync(tempDir('inbox-scan-'));
    symlinkSync(s.home, join(scan, 'link'));
    mkdirSync(join(scan, 'a', 'b'), { recursive: true });
    git(s.main, 'clone', '-q', s.quiet, join(scan, 'a', 'b', 'deep'));
    const none = JSON.parse((await inbox(scan, ['--scan', scan, '--depth', '2', '--json'])).stdout);
    expect(none.counts.repositories).toBe(0);
    const deep = JSON.parse((await inbox(scan, ['--scan', scan, '--depth', '3', '--json'])).stdout);
    expect(deep.repositories.map((x: { path: string }) => x.path)).toEqual([join(scan, 'a', 'b', 'deep')]);
  });

  it('report --inbox writes the same document as one escaped, self-contained page', async () => {
    const dir = stagingRepo();
    await cli(dir, [
      'stage',
      '--action',
      'x<img src=a onerror=alert(1)>',
      '--object',
      '</script><script>alert(2)</script>',
      '--source',
      'agent:"q"',
    ]);
    const r = await cli(dir, ['report', '--inbox']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('agents/runtime/inbox.html\n');
    const page = readFileSync(join(dir, 'agents/runtime/inbox.html'), 'utf8');
    expect(page).toContain("default-src 'none'");
    expect(page).not.toContain('<img');
    expect(page).not.toContain('<script>alert');
    expect(page).toContain('x&lt;img src=a onerror=alert(1)&gt;');
    const embedded = /<script type="application\/json" id="inbox-data">(.*)<\/script>/.exec(page)![1]!;
    const json = await cli(dir, ['report', '--inbox', '--json']);
    expect(JSON.parse(embedded)).toEqual(JSON.parse(json.stdout));
    expect(JSON.parse(json.stdout)).toEqual(JSON.parse((await cli(dir, ['inbox', '--json'])).stdout));
  });

  it('reads a signer only the base lists (fetched, not merged), and a root inside a repository', async () => {
    const upstream = stagingRepo();
    const home = realpathSync(tempDir());
    const clone = join(home, 'clone');
    git(home, 'clone', '-q', upstream, clone);
    const before = JSON.parse((await inbox(clone, ['--json'])).stdout);
    expect(before.repositories[0].worktrees[0].signed).toBe(false);
    writeFiles(upstream, { 'agents/evidence/allowed_signers': SIGNERS });
    git(upstream, 'add', '-A');
    git(upstream, 'commit', '-q', '-m', 'signers');
    git(clone, 'fetch', '-q');
    const after = JSON.parse((await inbox(clone, ['--json'])).stdout);
    expect(after.repositories[0].worktrees[0]).toMatchObject({ path: clone, signed: true });
    // A root below the top level is read through git: the same repository.
    mkdirSync(join(clone, 'sub'));
    const list = join(home, 'roots.txt');
    writeFileSync(list, 'clone/sub\nclone\n');
    const both = JSON.parse((await inbox(home, ['--roots', list, '--json'])).stdout);
    expect(both.repositories.map((r: { path: string }) => r.path)).toEqual([clone]);
  });

  it('refuses a roots file it cannot read in one line, exit 2', async () => {
    const dir = tempDir();
    const r = await cli(dir, ['inbox', '--roots', 'missing.txt']);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain('missing.txt');
  });
});
