import { spawnSync } from 'node:child_process';
import { cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, ROOT, runBin } from '../helpers/bin.js';
import { GIT_ENV, git, makeRepo, OPEN_BLOCKER_GO, tempDir, writeFiles } from '../helpers/repo.js';

const BUILT = join(ROOT, 'dist');
// A private copy of the bundle (it needs no node_modules): a rebuild of dist/ while the suite
// runs cannot pull the CLI from under the hook, whose fallback is the path it was installed from.
let BIN = join(BUILT, 'bin.js');

const cli = (cwd: string, ...args: string[]) => runBin(cwd, args, { bin: BIN });

function commit(cwd: string, message: string) {
  const r = spawnSync('git', ['commit', '-q', '-m', message], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, ...GIT_ENV },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const plan = (marker: string) =>
  `# Plan\n\n## Phase 1 — Work\n\n- [ ] a <!-- blocked-by: ${marker} -->\n\n## Phase 2 — More\n\n- [ ] b\n\n## Blockers\n\n${OPEN_BLOCKER_GO}`;

beforeAll(() => {
  ensureBuilt();
  // A folder name with a space and a quote checks the hook's shell quoting for real.
  const copy = join(tempDir(), "agent config's", 'dist');
  cpSync(BUILT, copy, { recursive: true });
  BIN = join(copy, 'bin.js');
});

describe('agent-config lint, built', () => {
  it('prints findings on stdout, the summary on stderr, exit 1; GitHub annotations with --format github', () => {
    const dir = makeRepo({ 'agents/roadmaps/plan.md': plan('nope') });
    const text = cli(dir, 'lint');
    expect(text.code).toBe(1);
    expect(text.stdout).toBe(
      "agents/roadmaps/plan.md:5:9  error  blocked-by references unknown blocker id 'nope' (no matching '### blocker: nope' in this file)  blockers\n",
    );
    expect(text.stderr).toContain('❌  agent-config lint: 1 error(s)');
    const gh = cli(dir, 'lint', '--format', 'github');
    expect(gh.stdout).toBe(
      "::error file=agents/roadmaps/plan.md,line=5,col=9,title=agent-config blockers::blocked-by references unknown blocker id 'nope' (no matching '### blocker: nope' in this file)\n",
    );
    const sarif = cli(dir, 'lint', '--format', 'sarif');
    expect(JSON.parse(sarif.stdout).runs[0].results).toHaveLength(1);
    expect(sarif.code).toBe(1);
  });

  it('documents its formats and hooks install in --help', () => {
    const help = cli(ROOT, 'lint', '--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('--format <format>');
    expect(help.stdout).toContain('--staged');
    const hooks = cli(ROOT, 'hooks', 'install', '--help');
    expect(hooks.code).toBe(0);
    expect(hooks.stdout).toContain('--force');
  });

  it('exits 2 with one line on stderr for a path outside the repository', () => {
    const dir = makeRepo({ 'agents/roadmaps/plan.md': plan('go') });
    const r = cli(dir, 'lint', '/');
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });
});

describe('the pre-commit hook in a real commit', () => {
  it('blocks a commit with a lint finding, lets the fixed commit through, and skips commits without markdown', () => {
    const dir = makeRepo({ 'agents/roadmaps/plan.md': plan('go') });
    expect(cli(dir, 'progress').code).toBe(0);
    git(dir, 'add', '-A');
    git(dir, 'commit', '-q', '-m', 'dashboard');
    const install = cli(dir, 'hooks', 'install');
    expect(install.code).toBe(0);
    // Run from the built bundle, the hook falls back to this very binary.
    expect(readFileSync(join(dir, '.git', 'hooks', 'pre-commit'), 'utf8')).toContain(
      `set -- node '${BIN.replace(/'/g, `'\\''`)}'`,
    );

    writeFiles(dir, { 'agents/roadmaps/plan.md': plan('gone') });
    git(dir, 'add', 'agents/roadmaps/plan.md');
    const blocked = commit(dir, 'broken marker');
    expect(blocked.code).not.toBe(0);
    expect(blocked.stderr + blocked.stdout).toContain("blocked-by references unknown blocker id 'gone'");
    expect(git(dir, 'log', '--format=%s')).toBe('dashboard\ninitial\n');

    // Ticked in Phase 2: the open blocker holds Phase 1, where a tick is a step-past-gate finding.
    writeFiles(dir, { 'agents/roadmaps/plan.md': plan('go').replace('- [ ] b', '- [x] b') });
    git(dir, 'add', 'agents/roadmaps/plan.md');
    const stale = commit(dir, 'ticked without the dashboard');
    expect(stale.code).not.toBe(0);
    expect(stale.stderr).toContain('agents/roadmaps-progress.md is stale');

    expect(cli(dir, 'progress').code).toBe(0);
    git(dir, 'add', '-A');
    const ok = commit(dir, 'ticked');
    expect(ok.code).toBe(0);

    writeFiles(dir, { 'src/code.ts': 'export {};\n', 'agents/roadmaps/plan.md': plan('nope') });
    git(dir, 'add', 'src/code.ts');
    expect(commit(dir, 'code only').code).toBe(0);
    expect(git(dir, 'log', '--format=%s')).toBe('code only\nticked\ndashboard\ninitial\n');
  });
});
