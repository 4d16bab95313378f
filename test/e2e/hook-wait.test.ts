import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIN, ensureBuilt, runBin } from '../helpers/bin.js';
import { until } from '../helpers/receiver.js';
import { GIT_ENV, makeRepo } from '../helpers/repo.js';
import { HAS_SCRIPT, inTerminal } from '../helpers/terminal.js';

beforeAll(ensureBuilt);

const PENDING = 'agents/runtime/staged-confirmations/pending';
const HOOK_ENV: Record<string, string | undefined> = { ...process.env, ...GIT_ENV };
delete HOOK_ENV.CLAUDE_PROJECT_DIR;

function hook(
  cwd: string,
  command: string,
  args: string[],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, 'hook', 'claude-code', ...args], { cwd, env: HOOK_ENV });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(
      JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command }, cwd }),
    );
  });
}

const decision = (stdout: string) =>
  JSON.parse(stdout).hookSpecificOutput as { permissionDecision: string; permissionDecisionReason: string };

describe.skipIf(!HAS_SCRIPT)('hook --wait: a person answers while the call is held', () => {
  it('is allowed at once when a person confirms in a terminal meanwhile (claimed once, recorded)', async () => {
    const repo = makeRepo({ 'agent-config.yaml': 'guard:\n  wait: 2m\n', 'agents/README.md': 'x\n' });
    // The installer writes a harness timeout that fits the wait: 30 s and the 2 minutes.
    expect(runBin(repo, ['hooks', 'install', '--agent', 'claude-code'], { env: GIT_ENV }).code).toBe(0);
    const settings = JSON.parse(readFileSync(join(repo, '.claude/settings.json'), 'utf8'));
    expect(settings.hooks.PreToolUse[0].hooks[0].timeout).toBe(150);
    const held = hook(repo, 'git push --force origin held', []);
    const pending = join(repo, PENDING);
    await until(() => existsSync(pending) && readdirSync(pending).length === 1);
    const token = readdirSync(pending)[0]!.replace(/\.json$/, '');
    const person = await inTerminal(repo, [process.execPath, BIN, 'confirm', token], token.slice(-4), {
      AGENT_CONFIG_HUMAN: 'human:ada',
    });
    expect(person.code).toBe(0);
    const answer = await held;
    expect(answer.code).toBe(0);
    const d = decision(answer.stdout);
    expect(d.permissionDecision).toBe('allow');
    expect(d.permissionDecisionReason).toContain(`stage ${token}`);
    expect(d.permissionDecisionReason).toContain('human:ada');
    // Exactly once: the claim is spent, and recorded in the ledger.
    const again = runBin(repo, ['claim', token], { env: GIT_ENV });
    expect(again.code).toBe(1);
    const log = runBin(repo, ['evidence', 'log', '--json'], { env: GIT_ENV }).stdout;
    expect(log).toContain('stage.claimed');
    expect(log).toContain(token);
  }, 120_000);

  it('is denied with the same token when nobody answers within the wait', async () => {
    const repo = makeRepo({ 'agents/README.md': 'x\n' });
    const answer = await hook(repo, 'git push --force origin alone', ['--wait', '1s']);
    expect(answer.code).toBe(0);
    const d = decision(answer.stdout);
    expect(d.permissionDecision).toBe('deny');
    const token = /staged as ([0-9a-f]{16})/.exec(d.permissionDecisionReason)?.[1];
    expect(readdirSync(join(repo, PENDING))).toEqual([`${token}.json`]);
    // Retried, it is the same stage, still waiting.
    const retry = await hook(repo, 'git push --force origin alone', []);
    expect(decision(retry.stdout).permissionDecisionReason).toContain(`confirm ${token}`);
  }, 60_000);

  it('refuses a wait that is not one (exit 2, one line, the harness blocks)', async () => {
    const repo = makeRepo({ 'agents/README.md': 'x\n' });
    const answer = await hook(repo, 'git push --force origin x', ['--wait', 'forever']);
    expect(answer.code).toBe(2);
    expect(answer.stderr.trim().split('\n')).toHaveLength(1);
    expect(answer.stderr).toContain('--wait');
  });
});
