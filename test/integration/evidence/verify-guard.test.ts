import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run } from '../../helpers/context.js';
import { clonedRepo, git, writeFiles } from '../../helpers/repo.js';

// `evidence verify --against BASE` shows a pull request that loosens the guard: each loosening
// of agent-config.yaml between BASE and HEAD is a `guard-loosened` finding (exit 1).

const clone = (files: Record<string, string>) => clonedRepo({ 'README.md': 'x\n', ...files }).dir;

function commit(dir: string, files: Record<string, string>): void {
  writeFiles(dir, files);
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', 'change the configuration');
}

async function verify(dir: string, ...args: string[]) {
  const r = await run(dir, ['evidence', 'verify', ...args]);
  return { code: r.code, stdout: r.stdout };
}

describe('evidence verify --against: guard-loosened', () => {
  it('reports a disable on HEAD that the base does not have, naming the key (exit 1)', async () => {
    const dir = clone({ 'agent-config.yaml': 'guard:\n  never: [git-clean]\n' });
    git(dir, 'checkout', '-q', '-b', 'loosen');
    commit(dir, { 'agent-config.yaml': 'guard:\n  disable: [git-force-push]\n' });
    const json = await verify(dir, '--against', 'origin/main', '--json');
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout).problems).toEqual([
      { code: 'guard-loosened', file: 'agent-config.yaml', key: 'guard.disable' },
      { code: 'guard-loosened', file: 'agent-config.yaml', key: 'guard.never' },
    ]);
    const text = await verify(dir, '--against', 'origin/main');
    expect(text.code).toBe(1);
    expect(text.stdout).toContain(
      'guard-loosened  agent-config.yaml — guard.disable: git-force-push is switched off at HEAD',
    );
    expect(text.stdout).toContain('guard.never: git-clean may now go through a gate window at HEAD');
  });

  it('is clean for a change that only tightens, and for the same file on both sides', async () => {
    const dir = clone({ 'agent-config.yaml': 'guard:\n  disable: [gh-pr-merge]\n' });
    expect((await verify(dir, '--against', 'origin/main')).code).toBe(0);
    commit(dir, {
      'agent-config.yaml':
        'guard:\n  never: [git-clean]\n  rules:\n    - action: deploy\n      command: [./deploy.sh]\nstaging:\n  max-ttl: 1h\n',
    });
    expect((await verify(dir, '--against', 'origin/main')).code).toBe(0);
  });

  it('reads a missing or invalid version as the defaults: deleting the file loosens, adding one does not', async () => {
    const dir = clone({ 'agent-config.yaml': 'evidence:\n  ledger: true\nfrozen: [docs/adr/**]\n' });
    git(dir, 'rm', '-q', 'agent-config.yaml');
    git(dir, 'commit', '-q', '-m', 'drop it');
    const r = JSON.parse((await verify(dir, '--against', 'origin/main', '--json')).stdout);
    expect(r.problems).toEqual([{ code: 'guard-loosened', file: 'agent-config.yaml', key: 'frozen' }]);
    // Invalid at HEAD (the working copy, which verify itself reads, is fixed but not committed).
    commit(dir, { 'agent-config.yaml': 'frozen: [docs/adr/**\n' });
    writeFiles(dir, { 'agent-config.yaml': 'frozen: [docs/adr/**]\n' });
    expect(JSON.parse((await verify(dir, '--against', 'origin/main', '--json')).stdout).problems).toEqual([
      { code: 'guard-loosened', file: 'agent-config.yaml', key: 'frozen' },
    ]);
    const fresh = clone({});
    commit(fresh, { 'agent-config.yaml': 'evidence:\n  ledger: false\n' });
    expect(JSON.parse((await verify(fresh, '--against', 'origin/main', '--json')).stdout).problems).toEqual([
      { code: 'guard-loosened', file: 'agent-config.yaml', key: 'evidence.ledger' },
    ]);
  });

  it('compares the file of a root below the git top level', async () => {
    const dir = clone({
      'app/agents/README.md': 'x\n',
      'app/agent-config.yaml': 'staging:\n  max-ttl: 1h\n',
    });
    commit(dir, { 'app/agent-config.yaml': 'staging:\n  max-ttl: 2h\n' });
    const r = await run(join(dir, 'app'), ['evidence', 'verify', '--against', 'origin/main', '--json']);
    expect(JSON.parse(r.stdout).problems).toEqual([
      { code: 'guard-loosened', file: 'agent-config.yaml', key: 'staging.max-ttl' },
    ]);
  });
});
