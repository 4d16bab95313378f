import { spawn } from 'node:child_process';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BIN, ensureBuilt } from '../helpers/bin.js';
import { type Receiver, startReceiver, until } from '../helpers/receiver.js';
import { GIT_ENV, makeRepo } from '../helpers/repo.js';

beforeAll(ensureBuilt);

const HOOK_ENV: Record<string, string | undefined> = { ...process.env, ...GIT_ENV };
delete HOOK_ENV.CLAUDE_PROJECT_DIR;

const input = (command: string, cwd: string) =>
  JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command }, cwd });

/** Runs the hook as Claude Code does; resolves with its answer. */
function hookAsync(
  cwd: string,
  command: string,
  args: string[] = [],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, 'hook', 'claude-code', ...args], { cwd, env: HOOK_ENV });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input(command, cwd));
  });
}

const tokenOf = (stdout: string) => /staged as ([0-9a-f]{16})/.exec(stdout)?.[1] ?? null;

const receivers: Receiver[] = [];
afterEach(async () => {
  for (const r of receivers.splice(0)) await r.close();
});

async function receiver(): Promise<Receiver> {
  const r = await startReceiver();
  receivers.push(r);
  return r;
}

const config = (url: string, extra = '') => `notify:\n  - webhook: ${url}/hook\n${extra}`;

describe('notify: stages announced by the hook, without anyone running notify', () => {
  it('100 stages made by concurrent hook calls produce exactly 100 messages, each once, naming its token and action', async () => {
    const r = await receiver();
    const repo = makeRepo({ 'agent-config.yaml': config(r.url), 'agents/README.md': 'x\n' });
    const tokens: string[] = [];
    let action = '';
    const calls = Array.from({ length: 100 }, (_, i) => `git push --force origin topic-${i}`);
    let next = 0;
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        while (next < calls.length) {
          const answer = await hookAsync(repo, calls[next++]!);
          const t = tokenOf(answer.stdout);
          expect(t, answer.stdout + answer.stderr).not.toBeNull();
          tokens.push(t!);
          action = /guarded \(([^)]+)\)/.exec(answer.stdout)?.[1] ?? '';
        }
      }),
    );
    expect(new Set(tokens).size).toBe(100);
    await until(() => r.received.length >= 100);
    // A little longer: a repeat would show here.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const bodies = r.received.map((x) => JSON.parse(x.body) as Record<string, string>);
    expect(bodies.length).toBe(100);
    expect(new Set(bodies.map((b) => b.id)).size).toBe(100);
    expect(bodies.map((b) => b.token).sort()).toEqual([...tokens].sort());
    expect(action).toMatch(/push/);
    for (const b of bodies) {
      expect(b.id).toBe(`stage.${b.token}`);
      expect(b.what).toBe(action);
      expect(b.text).toContain(b.token);
      expect(b.text).toContain(action);
      expect(b.text).toContain(`npx --no agent-config confirm ${b.token}`);
      expect(b.text).toContain(b.id);
      // record-objects is off: the command line never leaves the machine, only its digest.
      expect(b.object).toBeNull();
      expect(b.text).not.toContain('topic-');
      expect(b.object_digest).toMatch(/^[0-9a-f]{12}$/);
    }
  }, 240_000);
});
