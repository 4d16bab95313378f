import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ledgerRecords } from '../../helpers/ledger.js';
import { clonedRepo as clonedOrigin, git, makeRepo, tempDir, writeFiles } from '../../helpers/repo.js';
import { cli } from '../staging/harness.js';
import { claudeInput } from './claude-input.js';

// The rules in force are the strictest of the working copy's agent-config.yaml, HEAD's and the
// base's (refs/remotes/origin/HEAD, as last fetched): real repositories with a bare origin.

async function hook(dir: string, command: string) {
  const r = await cli(dir, ['hook', 'claude-code'], {
    overrides: { readStdin: () => claudeInput(command, dir) },
  });
  expect(r.code).toBe(0);
  const answer =
    r.stdout === ''
      ? null
      : (JSON.parse(r.stdout).hookSpecificOutput as {
          permissionDecision: string;
          permissionDecisionReason: string;
        });
  return {
    decision: answer?.permissionDecision ?? 'none',
    reason: answer?.permissionDecisionReason ?? '',
    stderr: r.stderr,
  };
}

const DISABLE_FORCE = 'guard:\n  disable: [git-force-push]\n';
const DEPLOY_RULE =
  'guard:\n  rules:\n    - action: deploy-production\n      command: [./deploy.sh, production]\n';

/** A clone of a bare origin whose main holds an `agents/` folder and `files`. */
function clonedRepo(files: Record<string, string> = {}): { dir: string; upstream: string } {
  return clonedOrigin({ 'agents/README.md': 'agents\n', ...files });
}

function commitAll(dir: string, message: string): void {
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', message);
}

/** A clone with the force-push rule switched off on a branch `loosen`, checked out. */
function loosenOnBranch(): string {
  const { dir } = clonedRepo();
  git(dir, 'checkout', '-q', '-b', 'loosen');
  writeFiles(dir, { 'agent-config.yaml': DISABLE_FORCE });
  commitAll(dir, 'switch the force-push rule off');
  return dir;
}

describe('the working copy cannot loosen the guard', () => {
  it('holds a force push when the working copy switches the rule off', async () => {
    const { dir } = clonedRepo();
    expect(git(dir, 'symbolic-ref', 'refs/remotes/origin/HEAD').trim()).toBe('refs/remotes/origin/main');
    writeFiles(dir, { 'agent-config.yaml': DISABLE_FORCE });
    expect((await hook(dir, 'git push --force origin main')).decision).toBe('deny');
  });

  it('holds it when the switch-off is committed on a branch', async () => {
    const dir = loosenOnBranch();
    expect((await hook(dir, 'git push --force origin loosen')).decision).toBe('deny');
  });

  it('lets the switch-off take effect once it is on the base as last fetched', async () => {
    const { dir, upstream } = clonedRepo();
    writeFiles(upstream, { 'agent-config.yaml': DISABLE_FORCE });
    commitAll(upstream, 'reviewed: switch the force-push rule off');
    git(upstream, 'push', '-q', 'origin', 'main');
    git(dir, 'pull', '-q', '--ff-only');
    // The working copy, HEAD and the base all say so now.
    expect(await hook(dir, 'git push --force origin main')).toMatchObject({ decision: 'none', stderr: '' });
  });

  it('keeps the base until it is fetched: a merged switch-off on HEAD alone still holds', async () => {
    const { dir } = clonedRepo();
    writeFiles(dir, { 'agent-config.yaml': DISABLE_FORCE });
    commitAll(dir, 'switch off, not pushed');
    expect((await hook(dir, 'git push --force origin main')).decision).toBe('deny');
  });

  it('applies a rule the working copy adds at once', async () => {
    const { dir } = clonedRepo();
    writeFiles(dir, { 'agent-config.yaml': DEPLOY_RULE });
    const held = await hook(dir, './deploy.sh production');
    expect(held.decision).toBe('deny');
    expect(held.reason).toContain('deploy-production');
  });

  it('keeps a rule of the base when the working copy removes it or deletes the file', async () => {
    const { dir } = clonedRepo({ 'agent-config.yaml': DEPLOY_RULE });
    writeFiles(dir, { 'agent-config.yaml': 'roadmaps: agents/roadmaps\n' });
    expect((await hook(dir, './deploy.sh production')).decision).toBe('deny');
    git(dir, 'rm', '-qf', 'agent-config.yaml');
    commitAll(dir, 'drop the configuration');
    expect((await hook(dir, './deploy.sh production')).decision).toBe('deny');
  });

  it('keeps the base rules when the working copy is invalid, and says so on every guarded call', async () => {
    const { dir } = clonedRepo({ 'agent-config.yaml': DEPLOY_RULE });
    writeFiles(dir, { 'agent-config.yaml': 'guard:\n  rules: [\n' });
    for (const command of ['./deploy.sh production', 'git push -f']) {
      const r = await hook(dir, command);
      expect(r.decision).toBe('deny');
      expect(r.reason).toContain('agent-config.yaml:');
      expect(r.reason).toContain('invalid YAML');
      expect(r.reason).toContain("the other versions' rules stay in force");
      expect(r.stderr).toMatch(/^agent-config guard: agent-config\.yaml:\d+: invalid YAML/);
    }
    // A call no rule guards gets no opinion; the line on stderr still says it.
    const plain = await hook(dir, 'git status');
    expect(plain.decision).toBe('none');
    expect(plain.stderr).toContain('invalid YAML');
  });

  it('reads an invalid version at HEAD as the defaults: the base still counts, nothing is switched off', async () => {
    const { dir } = clonedRepo({ 'agent-config.yaml': `${DEPLOY_RULE}  disable: [gh-pr-merge]\n` });
    writeFiles(dir, { 'agent-config.yaml': 'guard: [\n' });
    commitAll(dir, 'break it');
    const r = await hook(dir, './deploy.sh production');
    expect(r.decision).toBe('deny');
    expect(r.reason).toContain('HEAD:agent-config.yaml');
    // Switched off on the base, but HEAD (read as empty) does not switch it off.
    expect((await hook(dir, 'gh pr merge 3')).decision).toBe('deny');
  });

  it('keeps the ledger on and the shortest stage lifetime when the working copy loosens them', async () => {
    const { dir } = clonedRepo();
    writeFiles(dir, {
      'agent-config.yaml': 'evidence:\n  ledger: false\nstaging:\n  ttl: 3d\n  max-ttl: 7d\n',
    });
    const r = await hook(dir, 'git push -f');
    expect(r.decision).toBe('deny');
    // The default lifetime: 15 minutes from the test clock's 12:00.
    expect(r.reason).toContain('before 2026-11-30T12:15:00');
    expect(ledgerRecords(dir).map((x) => x.event)).toEqual(['stage.staged']);
  });

  it('cannot read a replaced object as the base (git replace is ignored)', async () => {
    const dir = loosenOnBranch();
    git(dir, 'replace', git(dir, 'rev-parse', 'origin/main').trim(), 'loosen');
    expect(git(dir, 'show', 'origin/main:agent-config.yaml')).toBe(DISABLE_FORCE);
    expect((await hook(dir, 'git push --force origin loosen')).decision).toBe('deny');
  });

  it('ignores a local branch named like the base', async () => {
    const dir = loosenOnBranch();
    git(dir, 'branch', 'origin/main', 'loosen');
    git(dir, 'branch', 'origin/HEAD', 'loosen');
    expect((await hook(dir, 'git push --force origin loosen')).decision).toBe('deny');
  });

  it('reads the versions of a root below the git top level at its own path', async () => {
    const { dir } = clonedRepo({ 'app/agents/README.md': 'agents\n', 'app/agent-config.yaml': DEPLOY_RULE });
    writeFiles(dir, { 'app/agent-config.yaml': 'roadmaps: agents/roadmaps\n' });
    const app = join(dir, 'app');
    const r = await cli(app, ['hook', 'claude-code'], {
      overrides: { readStdin: () => claudeInput('./deploy.sh production', app) },
    });
    expect(JSON.parse(r.stdout).hookSpecificOutput.permissionDecision).toBe('deny');
  });
});

describe('window open / status read the same rules in force', () => {
  const open = (dir: string, actions: string) =>
    cli(dir, ['window', 'open', '--for', '30m', '--actions', actions, '--reason', 'x'], {
      answer: 'understood',
      env: { AGENT_CONFIG_HUMAN: 'human:ada' },
    });

  it('refuses an action the base marks never, and keeps the ledger the working copy switches off', async () => {
    const { dir } = clonedRepo({ 'agent-config.yaml': 'guard:\n  never: [git-clean]\n' });
    writeFiles(dir, { 'agent-config.yaml': 'evidence:\n  ledger: false\n' });
    const never = await open(dir, 'git-clean');
    expect([never.code, never.stderr]).toEqual([2, expect.stringContaining('action-never: ')]);
    expect((await open(dir, 'git-force-push')).code).toBe(0);
    const status = await cli(dir, ['window', 'status', '--json']);
    expect(JSON.parse(status.stdout).open).toBe(true);
  });
});

describe('without a base, HEAD is the anchor', () => {
  it('holds a working-copy switch-off and lets a committed one take effect', async () => {
    const dir = makeRepo({ 'agents/README.md': 'agents\n' });
    writeFiles(dir, { 'agent-config.yaml': DISABLE_FORCE });
    expect((await hook(dir, 'git push -f')).decision).toBe('deny');
    commitAll(dir, 'switch off');
    expect((await hook(dir, 'git push -f')).decision).toBe('none');
  });

  it('outside git nothing anchors the file: only what it adds counts', async () => {
    const dir = tempDir();
    writeFiles(dir, {
      'agents/README.md': 'agents\n',
      'agent-config.yaml': `${DISABLE_FORCE}${DEPLOY_RULE.slice(7)}`,
    });
    expect(readFileSync(join(dir, 'agent-config.yaml'), 'utf8')).toContain('deploy-production');
    expect((await hook(dir, 'git push -f')).decision).toBe('deny');
    expect((await hook(dir, './deploy.sh production')).decision).toBe('deny');
  });
});

describe('the fast-path note', () => {
  it('is written by the full decision with the words of the committed rules', async () => {
    const { dir } = clonedRepo({ 'agent-config.yaml': DEPLOY_RULE });
    writeFileSync(join(dir, 'agent-config.yaml'), '');
    await hook(dir, 'ls');
    const note = JSON.parse(readFileSync(join(dir, 'agents/runtime/guard-anchor.json'), 'utf8'));
    expect(note).toEqual({
      head: git(dir, 'rev-parse', 'HEAD').trim(),
      base: git(dir, 'rev-parse', 'refs/remotes/origin/HEAD').trim(),
      keywords: ['deploy.sh', 'production'],
    });
  });
});
