import { spawnSync } from 'node:child_process';
import { appendFileSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { installHooks } from '../../src/commands/hooks/hooks.js';
import { BIN, ensureBuilt, runBin } from '../helpers/bin.js';
import { makeContext } from '../helpers/context.js';
import { GIT_ENV, git, makeRepo } from '../helpers/repo.js';

beforeAll(ensureBuilt);

const LEDGER = 'agents/evidence/ledger';
const cli = (cwd: string, ...args: string[]) => runBin(cwd, args);
const stream = (dir: string) =>
  join(dir, LEDGER, readdirSync(join(dir, LEDGER)).find((n) => n.endsWith('.jsonl'))!);

function commit(dir: string): { code: number | null; stderr: string } {
  const r = spawnSync('git', ['commit', '-q', '-m', 'evidence'], {
    cwd: dir,
    env: { ...process.env, ...GIT_ENV },
    encoding: 'utf8',
  });
  return { code: r.status, stderr: r.stderr };
}

describe('evidence (built binary)', () => {
  it('verify exits 0 clean, 1 corrupt, 3 torn; results on stdout; help on every subcommand', () => {
    const dir = makeRepo({ 'agents/README.md': 'x\n' });
    for (const args of [
      ['evidence', 'verify', '--help'],
      ['evidence', 'log', '--help'],
    ]) {
      const help = cli(dir, ...args);
      expect(help.code).toBe(0);
      expect(help.stdout).toContain('--json');
    }
    expect(cli(dir, 'stage', '--action', 'push', '--object', 'main', '--source', 'agent:e2e').code).toBe(0);
    const clean = cli(dir, 'evidence', 'verify', '--json');
    expect(clean.code).toBe(0);
    expect(JSON.parse(clean.stdout)).toMatchObject({ ok: true, exit: 0 });
    const file = stream(dir);
    appendFileSync(file, '{"torn');
    expect(cli(dir, 'evidence', 'verify').code).toBe(3);
    writeFileSync(file, readFileSync(file, 'utf8').replace('agent:e2e', 'agent:e2f'));
    const corrupt = cli(dir, 'evidence', 'verify');
    expect(corrupt.code).toBe(1);
    expect(corrupt.stdout).toContain('hash-mismatch');
    expect(corrupt.stderr).toBe('');
    const log = cli(dir, 'evidence', 'log', '--json');
    expect(JSON.parse(log.stdout).records[0]).toMatchObject({ event: 'stage.staged', verified: false });
  });

  it('the pre-commit hook refuses a commit whose staged ledger does not verify', async () => {
    const dir = makeRepo({ 'README.md': 'x\n', 'agents/README.md': 'x\n' });
    await installHooks(makeContext(dir), { root: dir, cliPath: BIN });
    expect(cli(dir, 'stage', '--action', 'push', '--object', 'main', '--source', 'agent:e2e').code).toBe(0);
    git(dir, 'add', '-A');
    expect(commit(dir).code).toBe(0);
    const file = stream(dir);
    expect(cli(dir, 'stage', '--action', 'push', '--object', 'dev', '--source', 'agent:e2e').code).toBe(0);
    writeFileSync(file, readFileSync(file, 'utf8').replace('"seq":2', '"seq":3'));
    git(dir, 'add', '-A');
    const refused = commit(dir);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('hash-mismatch');
    // The hook checks what is staged, not the working tree.
    git(dir, 'checkout', '--', '.');
    git(dir, 'reset', '-q');
    expect(cli(dir, 'evidence', 'verify', '--staged').code).toBe(0);
  });
});
