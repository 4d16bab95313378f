import { execFileSync, spawn } from 'node:child_process';
import { closeSync, constants, openSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIN, ensureBuilt } from '../helpers/bin.js';
import { GIT_ENV, makeRepo, tempDir } from '../helpers/repo.js';
import { claudeInput } from '../integration/guard/claude-input.js';

beforeAll(ensureBuilt);

const ENV: Record<string, string | undefined> = { ...process.env, ...GIT_ENV };
delete ENV.CLAUDE_PROJECT_DIR;

/**
 * Runs dist/bin.js's hook with its stdin a non-blocking pipe (as Node leaves one), whose writer
 * has sent the first of `parts` and sends each other one after a pause: every read in between
 * answers EAGAIN.
 */
async function lateHook(cwd: string, parts: readonly string[]) {
  const fifo = join(tempDir(), 'stdin');
  execFileSync('mkfifo', [fifo]);
  const reader = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
  const writer = openSync(fifo, constants.O_WRONLY);
  // The first part is there when the hook starts reading; the rest comes later.
  writeSync(writer, parts[0] ?? '');
  // A spawned child's stdin starts blocking (libuv makes it so); Node makes it non-blocking as
  // soon as `process.stdin` is looked at, as a harness's Node wrapper or preload may.
  const preload = join(tempDir(), 'nonblocking-stdin.cjs');
  writeFileSync(preload, 'process.stdin;\n');
  const child = spawn(process.execPath, ['-r', preload, BIN, 'hook', 'claude-code'], {
    cwd,
    env: ENV,
    stdio: [reader, 'pipe', 'pipe'],
  });
  closeSync(reader);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (d) => {
    stdout += d;
  });
  child.stderr?.on('data', (d) => {
    stderr += d;
  });
  const exited = new Promise<number | null>((done) => child.on('close', (code) => done(code)));
  for (const part of parts.slice(1)) {
    await sleep(500);
    writeSync(writer, part);
  }
  closeSync(writer);
  const code = await exited;
  return { code, stdout, stderr };
}

const decision = (stdout: string) =>
  stdout === '' ? 'none' : (JSON.parse(stdout).hookSpecificOutput.permissionDecision as string);

describe('hook claude-code with a late writer on stdin (dist/bin.js)', () => {
  it('waits for the whole input: a guarded command sent in two parts is held, not judged by its tail', async () => {
    const repo = makeRepo({ 'agents/README.md': 'x\n' });
    const text = claudeInput('git push --force origin main', repo);
    const cut = text.indexOf('--force') + 3;
    const r = await lateHook(repo, [text.slice(0, cut), text.slice(cut)]);
    expect([r.code, decision(r.stdout)]).toEqual([0, 'deny']);
    expect(JSON.parse(r.stdout).hookSpecificOutput.permissionDecisionReason).toContain('git-force-push');
  });

  it('answers an everyday command that arrives late as it answers it on time', async () => {
    const repo = makeRepo({ 'agents/README.md': 'x\n' });
    const text = claudeInput('ls -la', repo);
    // Once through the full decision (it leaves the anchor note the fast path trusts).
    await lateHook(repo, [text]);
    const r = await lateHook(repo, [text.slice(0, 20), text.slice(20)]);
    expect([r.code, r.stdout, r.stderr]).toEqual([0, '', '']);
  });
});
