import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runHook, withDeadline } from '../../../src/commands/guard/hook.js';
import { makeContext } from '../../helpers/context.js';
import { LEDGER, ledgerRecords } from '../../helpers/ledger.js';
import { cli, clockAt, STORE, stagingRepo } from '../staging/harness.js';
import { claudeInput } from './claude-input.js';

async function hook(dir: string, command: string, minutes = 0) {
  const r = await cli(dir, ['hook', 'claude-code'], {
    minutes,
    overrides: { readStdin: () => claudeInput(command, dir) },
  });
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout).hookSpecificOutput as {
    permissionDecision: string;
    permissionDecisionReason: string;
  };
}

/** This working copy's stream, after a first guarded call wrote to it. */
const ownStream = (dir: string) =>
  JSON.parse(readFileSync(join(dir, 'agents/runtime/evidence/head.json'), 'utf8')).stream as string;

const openWindow = (dir: string) =>
  cli(dir, ['window', 'open', '--for', '1h', '--actions', 'git-force-push', '--reason', 'rebase'], {
    answer: 'understood',
    env: { AGENT_CONFIG_HUMAN: 'human:ada' },
  });

describe('the hook answers in time', () => {
  it('a ledger lock naming another host: an immediate deny naming the lock and the command that clears it, and no window bypass', async () => {
    const dir = stagingRepo();
    expect((await openWindow(dir)).code).toBe(0);
    const lock = `${LEDGER}/${ownStream(dir)}.jsonl.lock`;
    writeFileSync(join(dir, lock), JSON.stringify({ pid: 4242, host: 'devcontainer-7' }));
    for (const command of ['git push --force origin main', 'git clean -fdx']) {
      const started = performance.now();
      const r = await hook(dir, command, 1);
      // Immediate: well inside the 2 s the hook waits for a live local holder.
      expect(performance.now() - started).toBeLessThan(2_000);
      expect(r.permissionDecision).toBe('deny');
      expect(r.permissionDecisionReason).toContain(`${lock}: is held by process 4242 on "devcontainer-7"`);
      expect(r.permissionDecisionReason).toContain('(lock-foreign)');
      expect(r.permissionDecisionReason).toContain(`rm ${lock}`);
    }
    expect(ledgerRecords(dir).map((l) => l.event)).toEqual(['window.opened']);
    expect(readdirSync(join(dir, 'agents/runtime'))).not.toContain('staged-confirmations');
  });

  it('a lock held by a gone process here: the same immediate deny (lock-stale)', async () => {
    const dir = stagingRepo();
    await hook(dir, 'git clean -fdx');
    const lock = `${LEDGER}/${ownStream(dir)}.jsonl.lock`;
    writeFileSync(join(dir, lock), JSON.stringify({ pid: 2 ** 30, host: hostname() }));
    const r = await hook(dir, 'git push -f', 1);
    expect(r.permissionDecision).toBe('deny');
    expect(r.permissionDecisionReason).toContain('(lock-stale)');
    expect(r.permissionDecisionReason).toContain(`rm ${lock}`);
  });

  it('a lock a live process here holds is waited for within the deadline only, then denied', async () => {
    const dir = stagingRepo();
    await hook(dir, 'git clean -fdx');
    writeFileSync(
      join(dir, `${LEDGER}/${ownStream(dir)}.jsonl.lock`),
      JSON.stringify({ pid: process.pid, host: hostname() }),
    );
    const ctx = makeContext(dir, { clock: clockAt(1) });
    const started = performance.now();
    const r = await runHook(ctx, {
      harness: 'claude-code',
      input: claudeInput('git push -f', dir),
      deadlineMs: 200,
    });
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(r.decision).toMatchObject({ decision: 'deny', reason: expect.stringContaining('(lock-timeout)') });
  });

  it('a named pipe in the stage store is never opened: the hook denies as before', async () => {
    const dir = stagingRepo();
    const first = await hook(dir, 'git push -f');
    const token = /confirm ([0-9a-f]{16})/.exec(first.permissionDecisionReason)![1]!;
    mkdirSync(join(dir, STORE, 'confirmed'), { recursive: true });
    expect(spawnSync('mkfifo', [join(dir, STORE, 'confirmed', `${token}.json`)]).status).toBe(0);
    const r = await hook(dir, 'git push -f', 1);
    expect(r.permissionDecision).toBe('deny');
    expect(r.permissionDecisionReason).toContain(`still waits for a person`);
  });
});

describe('withDeadline', () => {
  it('answers with the work when it settles in time, and with the late answer when it does not', async () => {
    expect(await withDeadline(Promise.resolve('work'), 1_000, () => 'late')).toBe('work');
    expect(await withDeadline(new Promise<string>(() => {}), 5, () => 'late')).toBe('late');
    await expect(withDeadline(Promise.reject(new Error('broke')), 1_000, () => 'late')).rejects.toThrow(
      'broke',
    );
  });
});
