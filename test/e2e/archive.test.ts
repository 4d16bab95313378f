import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, ROOT, runBin } from '../helpers/bin.js';
import { GIT_ENV } from '../helpers/git-env.js';
import { git, tempDir, writeFiles } from '../helpers/repo.js';
import { generateArchiveRepo, gitOut } from '../integration/archive-repo.js';

const CHILD = join(import.meta.dirname, 'archive-kill-child.mjs');
const env = { ...process.env, ...GIT_ENV };

beforeAll(ensureBuilt);

function repo(): string {
  const dir = join(tempDir(), 'repo');
  mkdirSync(dir);
  git(dir, 'init', '-q', '-b', 'main');
  writeFiles(dir, generateArchiveRepo(8).files);
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', 'initial');
  return dir;
}

const cli = (cwd: string, ...args: string[]) => runBin(cwd, args, { env, stdin: 'pipe' });

function tree(dir: string, rel = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of readdirSync(join(dir, rel), { withFileTypes: true })) {
    const path = rel === '' ? e.name : `${rel}/${e.name}`;
    // The ledger's stream has a random name per working copy and records the clock's time: it
    // is checked apart, below.
    if (path === '.git' || path === 'agents/evidence/ledger' || path === 'agents/runtime') continue;
    if (e.isDirectory()) Object.assign(out, tree(dir, path));
    else out[path] = readFileSync(join(dir, path), 'utf8');
  }
  return out;
}

describe('agent-config archive (built binary)', () => {
  it('a run killed with SIGKILL between writes is completed by the next run', () => {
    const reference = repo();
    const full = spawnSync(process.execPath, [CHILD, reference, '-1'], { env, encoding: 'utf8' });
    expect(full.status).toBe(0);
    const steps = Number(/finished after (\d+) steps/.exec(full.stdout)![1]);
    const expected = tree(reference);
    const index = (d: string) =>
      gitOut(d, 'ls-files', '-s')
        .split('\n')
        .filter((line) => !line.includes('agents/evidence/ledger/'))
        .join('\n');
    const archived = (d: string) =>
      JSON.parse(cli(d, 'evidence', 'log', '--json', '--event', 'roadmap.archived').stdout).records.map(
        (r: { payload: { from: string }; verified: boolean }) => `${r.payload.from} ${r.verified}`,
      );
    const expectedIndex = index(reference);
    const expectedRecords = archived(reference);
    expect(expectedRecords.length).toBeGreaterThan(1);
    for (const k of [1, 2, Math.floor(steps / 2), steps - 2, steps - 1]) {
      const dir = repo();
      const killed = spawnSync(process.execPath, [CHILD, dir, String(k)], { env, encoding: 'utf8' });
      expect(killed.signal).toBe('SIGKILL');
      const again = cli(dir, 'archive', '--all');
      expect(again.code, again.stderr).toBe(0);
      expect(again.stdout).toContain('Completed an interrupted archive run.');
      expect(tree(dir)).toEqual(expected);
      expect(index(dir)).toBe(expectedIndex);
      // The run's records, exactly once, however it was interrupted.
      expect(archived(dir)).toEqual(expectedRecords);
    }
  });

  it('prints its help, results on stdout, one JSON document with --json, and exit 2 for a dirty tree', () => {
    const help = cli(ROOT, 'archive', '--help');
    expect(help.code).toBe(0);
    for (const flag of ['--all', '--base', '--dry-run', '--json', '--allow-dirty', '--root']) {
      expect(help.stdout).toContain(flag);
    }
    const dir = repo();
    const json = cli(dir, 'archive', '--all', '--dry-run', '--json');
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout).plan.moves.length).toBeGreaterThan(0);
    writeFiles(dir, { 'docs/guide.md': 'edited\n' });
    const dirty = cli(dir, 'archive', '--all');
    expect(dirty.code).toBe(2);
    expect(dirty.stdout).toBe('');
    expect(dirty.stderr).toContain('agent-config: the working tree has uncommitted changes (docs/guide.md)');
  });
});
