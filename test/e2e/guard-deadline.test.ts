import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIN, ensureBuilt } from '../helpers/bin.js';
import { LEDGER, ledgerRecords } from '../helpers/ledger.js';
import { GIT_ENV, makeRepo } from '../helpers/repo.js';
import { inTerminal } from '../helpers/terminal.js';

beforeAll(ensureBuilt);

const ENV: Record<string, string | undefined> = { ...process.env, ...GIT_ENV };
delete ENV.CLAUDE_PROJECT_DIR;

const input = (command: string, cwd: string) =>
  JSON.stringify({
    session_id: 'e2e',
    cwd,
    hook_event_name: 'PreToolUse',
    tool_name: 'Bash',
    tool_input: { command },
    tool_use_id: 'toolu_e2e',
  });

/** A repository with the hook installed as `hooks install` writes it, and the binary it runs. */
function installed(): { repo: string; command: string; timeoutS: number } {
  const repo = makeRepo({ 'agents/README.md': 'x\n' });
  const r = spawnSync(process.execPath, [BIN, 'hooks', 'install', '--agent', 'claude-code'], {
    cwd: repo,
    env: ENV,
  });
  expect(r.status).toBe(0);
  mkdirSync(join(repo, 'node_modules', '.bin'), { recursive: true });
  symlinkSync(BIN, join(repo, 'node_modules', '.bin', 'agent-config'));
  const handler = JSON.parse(readFileSync(join(repo, '.claude', 'settings.json'), 'utf8')).hooks.PreToolUse[0]
    .hooks[0];
  return { repo, command: handler.command, timeoutS: handler.timeout };
}

/** What Claude Code does: `sh -c` the installed command with the call on stdin; timed. */
function claude(repo: string, command: string, call: string) {
  const started = performance.now();
  const r = spawnSync('sh', ['-c', command], {
    cwd: repo,
    input: input(call, repo),
    encoding: 'utf8',
    env: { ...ENV, CLAUDE_PROJECT_DIR: repo },
  });
  const seconds = (performance.now() - started) / 1000;
  const answer = r.status === 0 && r.stdout !== '' ? JSON.parse(r.stdout).hookSpecificOutput : null;
  return { code: r.status, stdout: r.stdout, stderr: r.stderr, seconds, answer };
}

/** A person opens a gate window for force pushes at a terminal. */
async function openWindow(repo: string): Promise<void> {
  const args = ['window', 'open', '--for', '1h', '--actions', 'git-force-push', '--reason', 'rebase'];
  const person = await inTerminal(
    repo,
    [process.execPath, BIN, ...args],
    'understood',
    {
      AGENT_CONFIG_HUMAN: 'human:ada',
    },
    'Type "understood"',
  );
  expect(person.code).toBe(0);
}

const ownStream = (repo: string) =>
  JSON.parse(readFileSync(join(repo, 'agents/runtime/evidence/head.json'), 'utf8')).stream as string;

const mkfifo = (path: string) => expect(spawnSync('mkfifo', [path]).status).toBe(0);

describe('the installed hook answers well before the timeout it is installed with', () => {
  it('installs a timeout with room (30 s) and answers a lock naming another host with a deny at once, with no window bypass', async () => {
    const { repo, command, timeoutS } = installed();
    expect(timeoutS).toBe(30);
    await openWindow(repo);
    const lock = `${LEDGER}/${ownStream(repo)}.jsonl.lock`;
    writeFileSync(join(repo, lock), `${JSON.stringify({ pid: 4242, host: 'devcontainer-7' })}\n`);
    const r = claude(repo, command, 'git push --force origin main');
    expect(r.code).toBe(0);
    expect(r.seconds).toBeLessThan(timeoutS / 2);
    expect(r.answer.permissionDecision).toBe('deny');
    expect(r.answer.permissionDecisionReason).toContain(`rm ${lock}`);
    expect(ledgerRecords(repo).map((l) => l.event)).toEqual(['window.opened']);
  });

  it('a named pipe in the ledger folder: deny, not a hang', async () => {
    const { repo, command, timeoutS } = installed();
    await openWindow(repo);
    mkfifo(join(repo, LEDGER, 'pipe.jsonl'));
    const r = claude(repo, command, 'git push --force origin main');
    expect(r.code).toBe(0);
    expect(r.seconds).toBeLessThan(timeoutS / 2);
    expect(r.answer.permissionDecision).toBe('deny');
    expect(r.answer.permissionDecisionReason).toContain(`${LEDGER}/pipe.jsonl is a named pipe`);
    // Readers outside the hook too.
    const status = spawnSync(process.execPath, [BIN, 'window', 'status', '--json'], {
      cwd: repo,
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(JSON.parse(status.stdout)).toEqual({ open: false, window: null });
    const verify = spawnSync(process.execPath, [BIN, 'evidence', 'verify'], {
      cwd: repo,
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(verify.status).toBe(4);
  });

  it('a named pipe in the stage store: deny, not a hang, for the hook and for pending', () => {
    const { repo, command, timeoutS } = installed();
    const first = claude(repo, command, 'git push --force origin main');
    const token = /confirm ([0-9a-f]{16})/.exec(first.answer.permissionDecisionReason)![1]!;
    const pending = join(repo, 'agents/runtime/staged-confirmations/pending');
    rmSync(join(pending, `${token}.json`));
    mkfifo(join(pending, `${token}.json`));
    const r = claude(repo, command, 'git push --force origin main');
    expect(r.code).toBe(0);
    expect(r.seconds).toBeLessThan(timeoutS / 2);
    expect(r.answer.permissionDecision).toBe('deny');
    const list = spawnSync(process.execPath, [BIN, 'pending'], {
      cwd: repo,
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(list.signal).toBeNull();
    expect(`${list.stdout}${list.stderr}`).toContain('is a named pipe');
  });

  it('a window with a corrupt stream elsewhere reads closed: the force push it would let through is denied', async () => {
    const { repo, command } = installed();
    await openWindow(repo);
    // Another working copy's stream with a stage record, one byte of it damaged.
    rmSync(join(repo, 'agents/runtime/evidence/head.json'));
    expect(claude(repo, command, 'git clean -fdx').answer.permissionDecision).toBe('deny');
    const other = readdirSync(join(repo, LEDGER)).find(
      (n) => !readFileSync(join(repo, LEDGER, n), 'utf8').includes('window.'),
    )!;
    const path = join(repo, LEDGER, other);
    writeFileSync(path, readFileSync(path, 'utf8').replace('git-clean', 'git-cleaN'));
    const r = claude(repo, command, 'git push --force origin main');
    expect(r.answer.permissionDecision).toBe('deny');
    expect(r.answer.permissionDecisionReason).toContain(`${LEDGER}/${other} does not verify`);
    expect(ledgerRecords(repo).filter((l) => l.event === 'window.bypassed')).toEqual([]);
  });

  it('a window reads closed while another stream does not verify, and a damaged byte in its window.closed line never reopens it', async () => {
    const { repo, command } = installed();
    await openWindow(repo);
    // Another working copy closes it: a stream of its own.
    rmSync(join(repo, 'agents/runtime/evidence/head.json'));
    expect(spawnSync(process.execPath, [BIN, 'window', 'close'], { cwd: repo, env: ENV }).status).toBe(0);
    const closer = readdirSync(join(repo, LEDGER)).find((n) =>
      readFileSync(join(repo, LEDGER, n), 'utf8').includes('"window.closed"'),
    )!;
    const path = join(repo, LEDGER, closer);
    writeFileSync(path, readFileSync(path, 'utf8').replace('"window.closed"', '"window,closed"'));
    const status = spawnSync(process.execPath, [BIN, 'window', 'status', '--json'], {
      cwd: repo,
      encoding: 'utf8',
    });
    expect(JSON.parse(status.stdout)).toEqual({ open: false, window: null });
    const r = claude(repo, command, 'git push --force origin main');
    expect(r.answer.permissionDecision).toBe('deny');
    expect(r.answer.permissionDecisionReason).toContain(`${LEDGER}/${closer} does not verify`);
    expect(ledgerRecords(repo).filter((l) => l.event === 'window.bypassed')).toEqual([]);
  });

  it('a read that blocks the thread that decides (a named pipe in place of the CLI bundle): the watchdog ends it, and the installed command blocks the call', () => {
    const { repo, command, timeoutS } = installed();
    // The reads of the configuration, the ledger and the store never block now; the bundle's
    // own load is a synchronous read the watchdog must cover: a copy of dist/ whose cli.cjs is
    // a named pipe holds the thread that would decide.
    const dist = join(repo, 'blocked-dist');
    cpSync(dirname(BIN), dist, { recursive: true });
    rmSync(join(dist, 'cli.cjs'));
    mkfifo(join(dist, 'cli.cjs'));
    rmSync(join(repo, 'node_modules', '.bin', 'agent-config'));
    symlinkSync(join(dist, 'bin.js'), join(repo, 'node_modules', '.bin', 'agent-config'));
    const r = claude(repo, command, 'git push --force origin main');
    expect(r.code).toBe(2);
    expect(r.seconds).toBeLessThan(timeoutS / 2);
    expect(r.stderr).toMatch(/^agent-config guard: no answer within 8 s .*so the command was refused/);
    expect(r.stdout).toBe('');
  });
});
