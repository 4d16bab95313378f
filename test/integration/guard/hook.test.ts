import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ledgerRecords } from '../../helpers/ledger.js';
import { tempDir } from '../../helpers/repo.js';
import { cli, confirmOne, readRecord, stagingRepo } from '../staging/harness.js';

type Harness = 'claude-code' | 'codex' | 'gemini';

function claudeInput(command: string, cwd: string, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({
    session_id: 's1',
    transcript_path: '/tmp/t.jsonl',
    cwd,
    permission_mode: 'default',
    hook_event_name: 'PreToolUse',
    tool_name: 'Bash',
    tool_input: { command, description: 'run it' },
    tool_use_id: 'toolu_1',
    ...extra,
  });
}

function geminiInput(command: string, cwd: string): string {
  return JSON.stringify({
    session_id: 's1',
    transcript_path: '/tmp/t.json',
    cwd,
    hook_event_name: 'BeforeTool',
    timestamp: '2026-11-30T12:00:00Z',
    tool_name: 'run_shell_command',
    tool_input: { command },
  });
}

async function hook(dir: string, input: string, options: { harness?: Harness; minutes?: number } = {}) {
  return cli(dir, ['hook', options.harness ?? 'claude-code'], {
    minutes: options.minutes,
    overrides: { readStdin: () => input },
  });
}

function decisionOf(stdout: string): { permissionDecision: string; permissionDecisionReason: string } {
  const parsed = JSON.parse(stdout) as {
    hookSpecificOutput: {
      hookEventName: string;
      permissionDecision: string;
      permissionDecisionReason: string;
    };
  };
  expect(parsed.hookSpecificOutput.hookEventName).toBe('PreToolUse');
  return parsed.hookSpecificOutput;
}

const tokenOf = (reason: string) => /agent-config confirm ([0-9a-f]{16})/.exec(reason)?.[1] ?? null;

describe('hook claude-code', () => {
  it('has no opinion on a command no rule guards, another tool or another event', async () => {
    const dir = stagingRepo();
    for (const input of [
      claudeInput('git push origin main', dir),
      claudeInput('npm run publish-docs', dir),
      claudeInput('echo "git push --force"', dir),
      claudeInput('git push --force', dir, {
        tool_name: 'Edit',
        tool_input: { file_path: join(dir, 'README.md'), old_string: 'git push --force', new_string: 'x' },
      }),
      claudeInput('git push --force', dir, {
        tool_name: 'Read',
        tool_input: { file_path: join(dir, 'agent-config.yaml') },
      }),
      claudeInput('git push --force', dir, { hook_event_name: 'PostToolUse' }),
    ]) {
      const r = await hook(dir, input);
      expect([r.code, r.stdout, r.stderr]).toEqual([0, '', '']);
    }
  });

  it('stages and denies a guarded command, denies again with the same token, then allows the confirmed retry exactly once', async () => {
    const dir = stagingRepo();
    const command = 'cd . && git push --force origin main';
    const first = await hook(dir, claudeInput(command, dir));
    expect(first.code).toBe(0);
    const denied = decisionOf(first.stdout);
    expect(denied.permissionDecision).toBe('deny');
    const token = tokenOf(denied.permissionDecisionReason)!;
    expect(token).toMatch(/^[0-9a-f]{16}$/);
    expect(denied.permissionDecisionReason).toContain('git-force-push');
    expect(readRecord(dir, 'pending', token)).toMatchObject({
      action: 'git-force-push',
      object: `in .: ${command}`,
      source: 'hook:claude-code',
      state: 'pending',
    });

    const again = decisionOf((await hook(dir, claudeInput(command, dir), { minutes: 1 })).stdout);
    expect(again.permissionDecision).toBe('deny');
    expect(tokenOf(again.permissionDecisionReason)).toBe(token);
    expect(again.permissionDecisionReason).toContain('still waits for a person');

    expect((await confirmOne(dir, token, 2)).code).toBe(0);
    const allowed = decisionOf((await hook(dir, claudeInput(command, dir), { minutes: 3 })).stdout);
    expect(allowed.permissionDecision).toBe('allow');
    expect(allowed.permissionDecisionReason).toContain('confirmed by human:ada');
    expect(readRecord(dir, 'resolved', token)).toMatchObject({
      state: 'claimed',
      claimed_at: '2026-11-30T12:03:00Z',
    });
    // The staging verbs the hook reuses record what they do in the evidence ledger.
    const events = ledgerRecords(dir)
      .filter((r) => r.payload.token === token)
      .map((r) => r.event);
    expect(events).toEqual(['stage.staged', 'stage.confirmed', 'stage.claimed']);

    const third = decisionOf((await hook(dir, claudeInput(command, dir), { minutes: 4 })).stdout);
    expect(third.permissionDecision).toBe('deny');
    const next = tokenOf(third.permissionDecisionReason)!;
    expect(next).not.toBe(token);
    expect(readRecord(dir, 'pending', next)).toMatchObject({ state: 'pending' });
  });

  it('keeps a different command or a different folder apart: a confirmation covers only the identical call', async () => {
    const dir = stagingRepo({ 'sub/README.md': 'x\n' });
    const first = decisionOf((await hook(dir, claudeInput('git push -f', dir))).stdout);
    const token = tokenOf(first.permissionDecisionReason)!;
    await confirmOne(dir, token, 1);
    const other = decisionOf(
      (await hook(dir, claudeInput('git push -f origin x', dir), { minutes: 2 })).stdout,
    );
    expect(other.permissionDecision).toBe('deny');
    const elsewhere = decisionOf(
      (await hook(dir, claudeInput('git push -f', join(dir, 'sub')), { minutes: 2 })).stdout,
    );
    expect(elsewhere.permissionDecision).toBe('deny');
    expect(readRecord(dir, 'pending', tokenOf(elsewhere.permissionDecisionReason)!)).toMatchObject({
      object: 'in sub: git push -f',
    });
    expect(readRecord(dir, 'confirmed', token)).toMatchObject({ state: 'confirmed' });
  });

  it("keeps its stages in the harness's project folder (CLAUDE_PROJECT_DIR), wherever the hook and the shell run", async () => {
    const dir = stagingRepo({ 'sub/README.md': 'x\n' });
    const outside = tempDir();
    const r = await cli(join(dir, 'sub'), ['hook', 'claude-code'], {
      env: { CLAUDE_PROJECT_DIR: dir },
      overrides: { readStdin: () => claudeInput('git push -f', outside) },
    });
    const token = tokenOf(decisionOf(r.stdout).permissionDecisionReason)!;
    expect(readRecord(dir, 'pending', token)).toMatchObject({
      object: `in ${relative(dir, outside)}: git push -f`,
    });
    expect(existsSync(join(dir, 'sub', 'agents'))).toBe(false);
    expect(existsSync(join(outside, 'agents'))).toBe(false);
  });

  it("denies a declined command with the person's reason, and stages anew once that stage has expired", async () => {
    const dir = stagingRepo();
    const token = tokenOf(
      decisionOf((await hook(dir, claudeInput('git tag -d v1', dir))).stdout).permissionDecisionReason,
    )!;
    const declined = await cli(
      dir,
      ['decline', token, '--reason', 'v1 is released; make v1.0.1 instead', '--as', 'human:ada'],
      {
        minutes: 1,
      },
    );
    expect(declined.code).toBe(0);
    const after = decisionOf((await hook(dir, claudeInput('git tag -d v1', dir), { minutes: 2 })).stdout);
    expect(after.permissionDecision).toBe('deny');
    expect(after.permissionDecisionReason).toContain('human:ada declined');
    expect(after.permissionDecisionReason).toContain('"v1 is released; make v1.0.1 instead"');
    expect(tokenOf(after.permissionDecisionReason)).toBeNull();
    const later = decisionOf((await hook(dir, claudeInput('git tag -d v1', dir), { minutes: 16 })).stdout);
    expect(tokenOf(later.permissionDecisionReason)).not.toBe(token);
    expect(tokenOf(later.permissionDecisionReason)).toMatch(/^[0-9a-f]{16}$/);
  });

  it('stages anew when the pending stage expired, and a confirmed one that expired is never claimed', async () => {
    const dir = stagingRepo();
    const token = tokenOf(
      decisionOf((await hook(dir, claudeInput('git branch -D old', dir))).stdout).permissionDecisionReason,
    )!;
    await confirmOne(dir, token, 1);
    const late = decisionOf((await hook(dir, claudeInput('git branch -D old', dir), { minutes: 15 })).stdout);
    expect(late.permissionDecision).toBe('deny');
    expect(tokenOf(late.permissionDecisionReason)).not.toBe(token);
    expect(readRecord(dir, 'confirmed', token)).toMatchObject({ state: 'confirmed', claimed_at: null });
  });

  it('refuses invalid input naming a guarded command with exit 2 and one stderr line; other invalid input gets no opinion', async () => {
    const dir = stagingRepo();
    const bad = await hook(dir, '{"tool_name": "Bash", "tool_input": {"command": "git push --force"');
    expect(bad.code).toBe(2);
    expect(bad.stdout).toBe('');
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
    expect(bad.stderr).toMatch(/^agent-config guard: stdin is not JSON; the input names a guarded command/);
    const harmless = await hook(dir, 'not json at all: ls -la');
    expect([harmless.code, harmless.stdout, harmless.stderr]).toEqual([0, '', '']);
    const noCommand = await hook(
      dir,
      JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: {} }),
    );
    expect([noCommand.code, noCommand.stdout]).toEqual([0, '']);
  });

  it('refuses compact JSON broken by a raw control character when it names a guarded command', async () => {
    const dir = stagingRepo();
    for (const raw of ['\u0000', '\u0001', '\u001b[2J', '\t']) {
      const text = claudeInput(`git push --force origin main${raw}`, dir).replace(
        /\\u00[0-9a-f]{2}|\\t/g,
        raw,
      );
      expect(() => JSON.parse(text)).toThrow();
      const r = await hook(dir, text);
      expect([r.code, r.stdout]).toEqual([2, '']);
      expect(r.stderr).toMatch(/^agent-config guard: stdin is not JSON; the input names a guarded command/);
      expect(r.stderr).not.toContain('\u001b');
    }
  });

  it('denies a guarded command when agent-config.yaml is invalid, and warns without an opinion otherwise', async () => {
    const dir = stagingRepo({ 'agent-config.yaml': 'guard:\n  bogus: 1\n' });
    const guarded = await hook(dir, claudeInput('git push -f', dir));
    const d = decisionOf(guarded.stdout);
    expect(d.permissionDecision).toBe('deny');
    expect(d.permissionDecisionReason).toContain("unknown key 'guard.bogus'");
    const plain = await hook(dir, claudeInput('git status', dir));
    expect([plain.code, plain.stdout]).toEqual([0, '']);
    expect(plain.stderr).toContain("unknown key 'guard.bogus'");
  });

  it('denies when the stage cannot be written (the store is not writable)', async () => {
    const dir = stagingRepo({
      'agents/runtime/staged-confirmations': 'a file where the store folder goes\n',
    });
    const r = await hook(dir, claudeInput('git clean -fdx', dir));
    expect(r.code).toBe(0);
    const d = decisionOf(r.stdout);
    expect(d.permissionDecision).toBe('deny');
    expect(d.permissionDecisionReason).toContain('the guard failed while deciding');
  });

  it('applies repository rules and switched-off defaults from agent-config.yaml', async () => {
    const dir = stagingRepo({
      'agent-config.yaml':
        'guard:\n  disable: [gh-pr-merge]\n  rules:\n    - action: deploy-production\n      command: [./deploy.sh, production]\n',
    });
    expect((await hook(dir, claudeInput('gh pr merge 3', dir))).stdout).toBe('');
    const d = decisionOf((await hook(dir, claudeInput('./deploy.sh production', dir))).stdout);
    expect(d.permissionDecisionReason).toContain('deploy-production');
  });
});

describe('hook codex and hook gemini: the same decision in their own protocol', () => {
  it('codex reads the Claude Code shape and answers allow or deny, never ask', async () => {
    const dir = stagingRepo();
    const r = await hook(dir, claudeInput('kubectl -n prod delete pod x', dir), { harness: 'codex' });
    const d = decisionOf(r.stdout);
    expect(d.permissionDecision).toBe('deny');
    const token = tokenOf(d.permissionDecisionReason)!;
    expect(readRecord(dir, 'pending', token)).toMatchObject({
      source: 'hook:codex',
      action: 'kubectl-delete',
    });
    expect((await hook(dir, claudeInput('ls', dir), { harness: 'codex' })).stdout).toBe('');
  });

  it('gemini reads BeforeTool/run_shell_command and answers {"decision","reason"}', async () => {
    const dir = stagingRepo();
    const r = await hook(dir, geminiInput('terraform -chdir=infra apply', dir), { harness: 'gemini' });
    expect(r.code).toBe(0);
    const answer = JSON.parse(r.stdout) as { decision: string; reason: string };
    expect(Object.keys(answer).sort()).toEqual(['decision', 'reason']);
    expect(answer.decision).toBe('deny');
    const token = tokenOf(answer.reason)!;
    await confirmOne(dir, token, 1);
    const retry = JSON.parse(
      (await hook(dir, geminiInput('terraform -chdir=infra apply', dir), { harness: 'gemini', minutes: 2 }))
        .stdout,
    );
    expect(retry.decision).toBe('allow');
    expect(JSON.parse((await hook(dir, geminiInput('ls', dir), { harness: 'gemini' })).stdout)).toEqual({});
    // A Claude Code event is not Gemini's: no opinion.
    expect(
      JSON.parse((await hook(dir, claudeInput('git push -f', dir), { harness: 'gemini' })).stdout),
    ).toEqual({});
  });

  it('refuses an unknown harness as a usage error', async () => {
    const dir = stagingRepo();
    const r = await hook(dir, claudeInput('ls', dir), { harness: 'cursor' as Harness });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("unknown harness 'cursor'");
    expect(readFileSync(join(dir, 'agents/README.md'), 'utf8')).toBe('agents\n');
  });
});
