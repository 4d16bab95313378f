import { existsSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run } from '../helpers/context.js';
import { git, makeRepo, tempDir, writeFiles } from '../helpers/repo.js';
import { gitOut, hashFile } from './archive-repo.js';

const DONE = (title: string) => `# ${title}\n\n## Phase 1\n\n- [x] one\n- [x] two\n`;
const OPEN = '# Open\n\n## Phase 1\n\n- [x] one\n- [ ] two\n';
const BLOCKED =
  '# Blocked\n\n## Phase 1\n\n- [x] one\n\n## Blockers\n\n### blocker: pick-db\n- **Status:** open\n- **Owner:** user\n';

describe('archive scope', () => {
  it('an unresolvable base archives nothing and says so (never falls back to --all)', async () => {
    const dir = makeRepo({ 'agents/roadmaps/a.md': DONE('A') });
    const result = await run(dir, ['archive']);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(
      'cannot resolve `origin/main` — skipping the changed-only archival sweep',
    );
    expect(result.stdout).toContain('No completed roadmaps to archive.');
    expect(existsSync(join(dir, 'agents/roadmaps/a.md'))).toBe(true);
  });

  it('by default moves only roadmaps touched since --base, and warns about refusals outside the scope too', async () => {
    const dir = makeRepo({ 'agents/roadmaps/old.md': DONE('Old'), 'agents/roadmaps/b.md': BLOCKED });
    git(dir, 'checkout', '-q', '-b', 'feature');
    writeFiles(dir, { 'agents/roadmaps/new.md': DONE('New') });
    git(dir, 'add', '-A');
    git(dir, 'commit', '-q', '-m', 'finish new');
    const result = await run(dir, ['archive', '--base', 'main']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Archived: agents/roadmaps/new.md → agents/roadmaps/archive/new.md');
    expect(result.stdout).not.toContain('old.md');
    expect(result.stderr).toContain(
      'agents/roadmaps/b.md: all steps closed but 1 blocker(s) still open (pick-db) — not archived.',
    );
    expect(existsSync(join(dir, 'agents/roadmaps/old.md'))).toBe(true);
  });

  it('refuses an unresolved deferral with the step, and never moves part of a roadmap', async () => {
    const dir = makeRepo({ 'agents/roadmaps/d.md': '# D\n\n## Phase 1\n\n- [x] a\n- [~] later\n' });
    const result = await run(dir, ['archive', '--all']);
    expect(result.stderr).toContain('agents/roadmaps/d.md: 1 unresolved deferral(s) — not archived.');
    expect(result.stderr).toContain('· line 6 "later": [~] without a resolution');
    expect(gitOut(dir, 'status', '--porcelain')).toBe('');
  });
});

describe('archive refuses what it must not touch', () => {
  it('refuses a dirty working tree, naming the paths; --allow-dirty runs and leaves those files unstaged', async () => {
    const dir = makeRepo({
      'agents/roadmaps/a.md': DONE('A'),
      'docs/a.md': 'See agents/roadmaps/a.md\n',
      'docs/b.md': 'Also agents/roadmaps/a.md\n',
    });
    writeFileSync(join(dir, 'docs/a.md'), 'See agents/roadmaps/a.md — my edit\n');
    const refused = await run(dir, ['archive', '--all']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('uncommitted changes (docs/a.md); nothing was archived');
    expect(refused.stderr).toContain('--allow-dirty');
    expect(existsSync(join(dir, 'agents/roadmaps/a.md'))).toBe(true);

    const allowed = await run(dir, ['archive', '--all', '--allow-dirty']);
    expect(allowed.code).toBe(0);
    expect(readFileSync(join(dir, 'docs/a.md'), 'utf8')).toBe('See agents/roadmaps/archive/a.md — my edit\n');
    expect(allowed.stderr).toContain(
      'rewritten but not staged, because they held uncommitted changes of yours: docs/a.md',
    );
    const status = gitOut(dir, 'status', '--porcelain');
    expect(status).toContain(' M docs/a.md');
    expect(status).toContain('M  docs/b.md');
  });

  it('refuses a symlinked roadmap and an existing destination, moving nothing', async () => {
    const dir = makeRepo({
      'plans/real.md': DONE('Real'),
      'agents/roadmaps/x.md': DONE('X'),
      'agents/roadmaps/archive/x.md': DONE('Older X'),
    });
    symlinkSync('../../plans/real.md', join(dir, 'agents/roadmaps/link.md'));
    git(dir, 'add', '-A');
    git(dir, 'commit', '-q', '-m', 'link');
    const before = hashFile(join(dir, 'agents/roadmaps/archive/x.md'));
    const result = await run(dir, ['archive', '--all']);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('agents/roadmaps/link.md: is a symbolic link');
    expect(result.stderr).toContain(
      'agents/roadmaps/x.md: agents/roadmaps/archive/x.md already exists — rename or remove one of them',
    );
    expect(result.stdout).toContain('No completed roadmaps to archive.');
    expect(hashFile(join(dir, 'agents/roadmaps/archive/x.md'))).toBe(before);
    expect(gitOut(dir, 'status', '--porcelain')).toBe('');
  });

  it('reports a binary file that cites the old path and leaves its bytes alone', async () => {
    const binary = Buffer.concat([Buffer.from([0, 1, 2]), Buffer.from('agents/roadmaps/a.md')]);
    const dir = makeRepo({ 'agents/roadmaps/a.md': DONE('A') });
    writeFileSync(join(dir, 'assets/blob.bin'.replace('assets/', '')), binary);
    git(dir, 'add', '-A');
    git(dir, 'commit', '-q', '-m', 'blob');
    const result = await run(dir, ['archive', '--all']);
    expect(result.stdout).toContain('left alone (binary): blob.bin');
    expect(readFileSync(join(dir, 'blob.bin')).equals(binary)).toBe(true);
  });

  it('fails cleanly outside a git repository', async () => {
    const dir = tempDir();
    writeFiles(dir, { 'agents/roadmaps/a.md': DONE('A') });
    const result = await run(dir, ['archive', '--all']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/is not inside a git repository/);
    expect(existsSync(join(dir, 'agents/roadmaps/a.md'))).toBe(true);
  });
});

describe('archive on unusual repositories', () => {
  it('works in a repository without commits: default scope says the base is missing; --all moves', async () => {
    const dir = makeRepo(
      { 'agents/roadmaps/a.md': DONE('A'), 'notes.md': '[a](agents/roadmaps/a.md)\n' },
      { commit: false },
    );
    git(dir, 'add', 'agents/roadmaps/a.md');
    const scoped = await run(dir, ['archive']);
    expect(scoped.stderr).toContain('cannot resolve `origin/main`');
    const result = await run(dir, ['archive', '--all', '--allow-dirty']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Archived: agents/roadmaps/a.md → agents/roadmaps/archive/a.md');
    // The untracked note is rewritten too (git grep --untracked), but not staged.
    expect(readFileSync(join(dir, 'notes.md'), 'utf8')).toBe('[a](agents/roadmaps/archive/a.md)\n');
    const status = gitOut(dir, 'status', '--porcelain', '--untracked-files=all');
    expect(status).toContain('A  agents/roadmaps/archive/a.md');
    expect(status).toContain('?? notes.md');
  });

  it('renames an untracked roadmap plainly, without staging it', async () => {
    const dir = makeRepo({ 'README.md': '# r\n' });
    writeFiles(dir, { 'agents/roadmaps/new.md': DONE('New') });
    const result = await run(dir, ['archive', '--all']);
    expect(result.stdout).toContain('(untracked: plain rename)');
    expect(existsSync(join(dir, 'agents/roadmaps/archive/new.md'))).toBe(true);
    // Only the run's evidence is staged: the roadmap stays untracked at its new place (the
    // dashboard is new, too).
    expect(gitOut(dir, 'status', '--porcelain', '--untracked-files=all')).toMatch(
      /^A {2}agents\/evidence\/ledger\/[0-9a-f]{12}\.jsonl\n\?\? agents\/roadmaps-progress\.md\n\?\? agents\/roadmaps\/archive\/new\.md\n$/,
    );
  });

  it('handles roadmap names with spaces and unicode in links, angle brackets and percent-encoding', async () => {
    const dir = makeRepo({
      'agents/roadmaps/Straße plan.md': DONE('Straße'),
      'docs/a.md':
        '[a](../agents/roadmaps/Stra%C3%9Fe%20plan.md) [b](<../agents/roadmaps/Straße plan.md#phase-1>) agents/roadmaps/Straße plan.md\n',
    });
    const result = await run(dir, ['archive', '--all']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('(3 ref(s) rewritten)');
    expect(readFileSync(join(dir, 'docs/a.md'), 'utf8')).toBe(
      '[a](../agents/roadmaps/archive/Stra%C3%9Fe%20plan.md) [b](<../agents/roadmaps/archive/Straße plan.md#phase-1>) agents/roadmaps/archive/Straße plan.md\n',
    );
  });

  it('keeps a link that escapes the repository pointing at the same place', async () => {
    const parent = tempDir();
    const dir = join(parent, 'repo');
    writeFiles(parent, { 'sibling/notes.md': '# n\n' });
    writeFiles(dir, { 'agents/roadmaps/a.md': `${DONE('A')}\n[n](../../../sibling/notes.md)\n` });
    git(dir, 'init', '-q', '-b', 'main');
    git(dir, 'add', '-A');
    git(dir, 'commit', '-q', '-m', 'x');
    await run(dir, ['archive', '--all']);
    const text = readFileSync(join(dir, 'agents/roadmaps/archive/a.md'), 'utf8');
    expect(text).toContain('[n](../../../../sibling/notes.md)');
    expect(existsSync(join(dir, 'agents/roadmaps/archive', '../../../../sibling/notes.md'))).toBe(true);
  });

  it('honours frozen globs from agent-config.yaml', async () => {
    const dir = makeRepo({
      'agent-config.yaml': "frozen: ['records/**']\n",
      'agents/roadmaps/a.md': DONE('A'),
      'records/log.md': 'agents/roadmaps/a.md\n',
      'agents/evidence/now-editable.md': 'agents/roadmaps/a.md\n',
    });
    const result = await run(dir, ['archive', '--all']);
    expect(result.stdout).toContain('left as recorded: records/log.md:1');
    expect(readFileSync(join(dir, 'records/log.md'), 'utf8')).toBe('agents/roadmaps/a.md\n');
    expect(readFileSync(join(dir, 'agents/evidence/now-editable.md'), 'utf8')).toBe(
      'agents/roadmaps/archive/a.md\n',
    );
  });

  it('answers the alias roadmap:archive and leaves an unfinished roadmap alone', async () => {
    const dir = makeRepo({ 'agents/roadmaps/o.md': OPEN });
    const result = await run(dir, ['roadmap:archive', '--all']);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('  ℹ️  No completed roadmaps to archive.\n');
  });
});

describe('archive in a monorepo sub-project (--root)', () => {
  it('moves and rewrites below the root only, scoped by commits since --base', async () => {
    const dir = makeRepo({
      'sub/agents/roadmaps/a.md': OPEN,
      'sub/docs/a.md': '[a](../agents/roadmaps/a.md) sub/agents/roadmaps/a.md agents/roadmaps/a.md\n',
      'other/agents/roadmaps/a.md': DONE('Other'),
    });
    git(dir, 'checkout', '-q', '-b', 'feature');
    writeFiles(dir, { 'sub/agents/roadmaps/a.md': DONE('A') });
    git(dir, 'commit', '-q', '-am', 'finish a');
    const result = await run(join(dir, 'other'), ['archive', '--base', 'main', '--root', '../sub']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Archived: agents/roadmaps/a.md → agents/roadmaps/archive/a.md');
    expect(readFileSync(join(dir, 'sub/docs/a.md'), 'utf8')).toBe(
      '[a](../agents/roadmaps/archive/a.md) sub/agents/roadmaps/archive/a.md agents/roadmaps/archive/a.md\n',
    );
    expect(existsSync(join(dir, 'other/agents/roadmaps/a.md'))).toBe(true);
    const status = gitOut(dir, 'status', '--porcelain');
    expect(status).toContain('R  sub/agents/roadmaps/a.md -> sub/agents/roadmaps/archive/a.md');
    expect(status).toContain('M  sub/docs/a.md');
    expect(status).not.toContain('other/');
  });
});

describe('archive and the dashboard', () => {
  it('regenerates and stages the dashboard, also when a parked later/ roadmap cites the moved one', async () => {
    const dir = makeRepo({
      'agents/roadmaps/a.md': DONE('A'),
      'agents/roadmaps/b.md': `${OPEN}\nAfter [a](a.md).\n`,
      'agents/roadmaps/later/c.md': `---\nstatus: later\n---\n# C\n\nBlocked until: agents/roadmaps/a.md ships\n\n## Phase 1\n\n- [ ] x\n`,
    });
    expect((await run(dir, ['progress'])).code).toBe(0);
    git(dir, 'add', '-A');
    git(dir, 'commit', '-q', '-m', 'dashboard');
    const result = await run(dir, ['archive', '--all']);
    expect(result.code).toBe(0);
    expect(readFileSync(join(dir, 'agents/roadmaps/later/c.md'), 'utf8')).toContain(
      'agents/roadmaps/archive/a.md ships',
    );
    expect(gitOut(dir, 'status', '--porcelain')).toContain('M  agents/roadmaps-progress.md');
    git(dir, 'commit', '-q', '-m', 'archive');
    const check = await run(dir, ['progress', '--check']);
    expect(check.stderr).toBe('');
    expect(check.code).toBe(0);
  });

  it('judges a remaining roadmap again when a deferral destination moves, and rewrites a roadmap it links from', async () => {
    // b's only open question was its [~] step carried to a; once a is archived that deferral
    // names an archived roadmap, so b turns from "blocked" to Iron Law 3 on the dashboard.
    const dir = makeRepo({
      'agents/roadmaps/a.md': `---\nparent_roadmap: b\n---\n${DONE('A')}`,
      'agents/roadmaps/b.md':
        '# B\n\n## Phase 1\n\n- [x] one\n- [~] two <!-- deferred-resolution: carried-to=a -->\n\n## Blockers\n\n### blocker: pick\n- **Status:** open\n',
      'agents/roadmaps/c.md': `${OPEN}\nSee [a](a.md).\n`,
    });
    expect((await run(dir, ['progress'])).code).toBe(0);
    expect(readFileSync(join(dir, 'agents/roadmaps-progress.md'), 'utf8')).not.toContain('Iron Law 3');
    git(dir, 'add', '-A');
    git(dir, 'commit', '-q', '-m', 'dashboard');
    expect((await run(dir, ['archive', '--all'])).code).toBe(0);
    const dashboard = readFileSync(join(dir, 'agents/roadmaps-progress.md'), 'utf8');
    expect(dashboard).toContain('Iron Law 3');
    expect(readFileSync(join(dir, 'agents/roadmaps/c.md'), 'utf8')).toContain('[a](archive/a.md)');
    git(dir, 'commit', '-q', '-m', 'archive');
    const check = await run(dir, ['progress', '--check']);
    expect(check.stdout + check.stderr).toContain('Iron Law 3');
    expect(check.stdout + check.stderr).not.toMatch(/stale|out of date|missing/i);
  });
});
