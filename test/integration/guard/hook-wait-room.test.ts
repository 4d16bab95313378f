import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { addClaudeHook } from '../../../src/commands/hooks/claude-settings.js';
import { until } from '../../helpers/receiver.js';
import { bashInput } from '../signing/signed-repo.js';
import { cli, confirmOne, STORE, stagingRepo, T0 } from '../staging/harness.js';

// `hook --wait` (docs/notify.md): a person confirms during the wait, but the re-decision comes
// too late to answer within the harness timeout. The hook must not spend the claim on an
// answer the harness may no longer take: it denies without claiming, and the agent's retry is
// allowed by the confirmation that still stands.

const folder = (root: string, name: string) => join(root, STORE, name);
const inFolder = (root: string, name: string) =>
  existsSync(folder(root, name)) ? readdirSync(folder(root, name)) : [];

describe('hook --wait: the re-decision after a confirmation has too little room', () => {
  it('denies without claiming, and the retry is allowed once by the standing confirmation', async () => {
    const root = stagingRepo();
    mkdirSync(join(root, '.claude'), { recursive: true });
    writeFileSync(join(root, '.claude/settings.json'), addClaudeHook({}, 60)!);
    const start = T0.getTime() + 60_000;
    // The clock stands still while the call is held, and has moved on past the wait and its
    // room by the time the hook sees the person's answer (a slow disk, a stalled process).
    const clock = () => new Date(inFolder(root, 'confirmed').length > 0 ? start + 40_000 : start);
    const held = cli(root, ['hook', 'claude-code', '--wait', '20s'], {
      overrides: { readStdin: () => bashInput(root, 'git push --force origin main'), clock },
    });
    await until(() => inFolder(root, 'pending').length === 1);
    const token = inFolder(root, 'pending')[0]!.replace(/\.json$/, '');
    expect((await confirmOne(root, token)).code).toBe(0);
    const answer = JSON.parse((await held).stdout).hookSpecificOutput;
    expect(answer.permissionDecision).toBe('deny');
    expect(answer.permissionDecisionReason).toMatch(
      new RegExp(
        `confirmed \\(stage ${token}\\), but too little time was left to claim it.*the confirmation still stands`,
      ),
    );
    // Not spent: the stage is still confirmed, nothing claimed.
    expect(inFolder(root, 'confirmed')).toEqual([`${token}.json`]);
    expect(inFolder(root, 'claimed')).toEqual([]);
    const log = await cli(root, ['evidence', 'log', '--json'], { minutes: 2 });
    expect(log.stdout).not.toContain('stage.claimed');
    // The agent runs it again: allowed, once.
    const retry = await cli(root, ['hook', 'claude-code'], {
      overrides: { readStdin: () => bashInput(root, 'git push --force origin main') },
      minutes: 2,
    });
    const again = JSON.parse(retry.stdout).hookSpecificOutput;
    expect(again.permissionDecision).toBe('allow');
    expect(again.permissionDecisionReason).toContain(`stage ${token}`);
    expect((await cli(root, ['claim', token], { minutes: 2 })).code).toBe(1);
  }, 60_000);

  it('with room left, the same confirmation during the wait is claimed at once', async () => {
    const root = stagingRepo();
    mkdirSync(join(root, '.claude'), { recursive: true });
    writeFileSync(join(root, '.claude/settings.json'), addClaudeHook({}, 60)!);
    const held = cli(root, ['hook', 'claude-code', '--wait', '20s'], {
      overrides: { readStdin: () => bashInput(root, 'git push --force origin main') },
      minutes: 1,
    });
    await until(() => inFolder(root, 'pending').length === 1);
    const token = inFolder(root, 'pending')[0]!.replace(/\.json$/, '');
    expect((await confirmOne(root, token)).code).toBe(0);
    const answer = JSON.parse((await held).stdout).hookSpecificOutput;
    expect(answer.permissionDecision).toBe('allow');
    expect(answer.permissionDecisionReason).toContain(`stage ${token}`);
  }, 60_000);

  it('guard.wait of agent-config.yaml, without --wait: the decision that staged the call gives the wait, and a confirmation during it is claimed', async () => {
    // The wait comes from the rules the staging decision read (no second read of them after it):
    // with the configured wait and no flag, the call is still held and allowed once confirmed.
    const root = stagingRepo({ 'agent-config.yaml': 'guard:\n  wait: 20s\n' });
    mkdirSync(join(root, '.claude'), { recursive: true });
    writeFileSync(join(root, '.claude/settings.json'), addClaudeHook({}, 60)!);
    const held = cli(root, ['hook', 'claude-code'], {
      overrides: { readStdin: () => bashInput(root, 'git push --force origin main') },
      minutes: 1,
    });
    await until(() => inFolder(root, 'pending').length === 1);
    const token = inFolder(root, 'pending')[0]!.replace(/\.json$/, '');
    expect((await confirmOne(root, token)).code).toBe(0);
    const answer = JSON.parse((await held).stdout).hookSpecificOutput;
    expect(answer.permissionDecision).toBe('allow');
    expect(answer.permissionDecisionReason).toContain(`stage ${token}`);
    expect((await cli(root, ['claim', token], { minutes: 2 })).code).toBe(1);
  }, 60_000);
});

/** The harness's PreToolUse (BeforeTool) input for a shell command in `root`. */
function input(harness: 'codex' | 'gemini', root: string, command: string): string {
  return harness === 'gemini'
    ? JSON.stringify({
        hook_event_name: 'BeforeTool',
        tool_name: 'run_shell_command',
        tool_input: { command },
        cwd: root,
      })
    : bashInput(root, command);
}

describe('hook --wait fits the timeout Codex and Gemini CLI give the hook', () => {
  // Entries as docs/guard.md ("Install") has a person write them, with 30 s + 2 min.
  const entries = {
    codex: {
      '.codex/hooks.json': {
        hooks: {
          PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'x', timeout: 150 }] }],
        },
      },
    },
    gemini: {
      '.gemini/settings.json': {
        hooks: {
          BeforeTool: [
            { matcher: 'run_shell_command', hooks: [{ type: 'command', command: 'x', timeout: 150_000 }] },
          ],
        },
      },
    },
  } as const;

  for (const harness of ['codex', 'gemini'] as const) {
    it(`${harness}: a person who confirms 10 s into a 20 s wait has the call allowed (not cut to 3 s)`, async () => {
      const { expectedCommand } = await import('../../../src/commands/hooks/status.js');
      const root = stagingRepo();
      const [file, data] = Object.entries(entries[harness])[0]!;
      const settings = JSON.parse(
        JSON.stringify(data).replace('"x"', JSON.stringify(expectedCommand(harness))),
      );
      mkdirSync(join(root, file, '..'), { recursive: true });
      writeFileSync(join(root, file), JSON.stringify(settings));
      const start = T0.getTime() + 60_000;
      // The wait starts 10 s after the call did (the clock moves on once it is staged).
      const clock = () =>
        new Date(
          inFolder(root, 'pending').length + inFolder(root, 'confirmed').length > 0 ? start + 10_000 : start,
        );
      const held = cli(root, ['hook', harness, '--wait', '20s'], {
        overrides: { readStdin: () => input(harness, root, 'git push --force origin main'), clock },
      });
      await until(() => inFolder(root, 'pending').length === 1);
      const token = inFolder(root, 'pending')[0]!.replace(/\.json$/, '');
      expect((await confirmOne(root, token)).code).toBe(0);
      const out = JSON.parse((await held).stdout);
      const decision = harness === 'gemini' ? out.decision : out.hookSpecificOutput.permissionDecision;
      expect(decision, JSON.stringify(out)).toBe('allow');
    }, 60_000);
  }
});
