import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIN, ensureBuilt, runBin } from '../helpers/bin.js';
import { GIT_ENV, git, makeRepo, tempDir } from '../helpers/repo.js';
import { HAS_SCRIPT, inTerminal } from '../helpers/terminal.js';

// The inbox routes acting to the owner: the printed line confirms in the working tree that
// staged, the agent's retry there is allowed once, and the same token anywhere else is refused.

beforeAll(ensureBuilt);

const STORE = 'agents/runtime/staged-confirmations';
const COMMAND = 'git push --force origin second';

const HOOK_ENV: Record<string, string | undefined> = { ...process.env, ...GIT_ENV };
delete HOOK_ENV.CLAUDE_PROJECT_DIR;
delete HOOK_ENV.AGENT_CONFIG_HUMAN;

/** What Claude Code does in the agent's working tree: the call on stdin, before the tool runs. */
function hook(cwd: string) {
  const stdin = JSON.stringify({
    session_id: 'e2e',
    cwd,
    hook_event_name: 'PreToolUse',
    tool_name: 'Bash',
    tool_input: { command: COMMAND },
  });
  const r = spawnSync(process.execPath, [BIN, 'hook', 'claude-code'], {
    cwd,
    input: stdin,
    encoding: 'utf8',
    env: HOOK_ENV,
  });
  return JSON.parse(r.stdout).hookSpecificOutput as {
    permissionDecision: string;
    permissionDecisionReason: string;
  };
}

/** The printed line, run by a shell at a terminal, with the local install standing in for `npx --no agent-config`. */
function asPrinted(line: string): string[] {
  return [
    'sh',
    '-c',
    line.replace('npx --no agent-config', `${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)}`),
  ];
}

describe('inbox → confirm → the agent retries', () => {
  it('has util-linux `script` to make the terminal', () => {
    expect(HAS_SCRIPT).toBe(true);
  });

  it('confirms through the printed line in the owning worktree; the retry there is allowed; elsewhere the token is refused', async () => {
    const main = makeRepo({ 'agents/README.md': 'x\n' });
    // A path a shell must quote: the printed line has to survive it.
    const second = join(realpathSync(tempDir()), "agent's tree");
    git(main, 'worktree', 'add', '-q', '-b', 'second', second);
    const other = makeRepo({ 'agents/README.md': 'x\n' });

    const staged = hook(second);
    expect(staged.permissionDecision).toBe('deny');
    const token = /staged as ([0-9a-f]{16})/.exec(staged.permissionDecisionReason)![1]!;

    // The person looks from the main checkout: the stage is listed under its worktree.
    const listed = runBin(main, ['inbox', '--json'], { stdin: 'pipe' });
    expect(listed.code).toBe(0);
    const doc = JSON.parse(listed.stdout);
    const trees = doc.repositories[0].worktrees as Array<{
      path: string;
      stages: Array<{ token: string; confirm: string }>;
    }>;
    const owner = trees.find((w) => w.stages.length > 0)!;
    expect(owner.path).toBe(second);
    expect(owner.stages.map((s) => s.token)).toEqual([token]);
    const line = owner.stages[0]!.confirm;
    expect(line).toBe(`cd '${second.replace(/'/g, `'\\''`)}' && npx --no agent-config confirm ${token}`);

    // The agent copies the waiting stage into another repository and the main worktree, hoping
    // a person confirms it there: refused with its code, nothing decided.
    for (const elsewhere of [other, main]) {
      mkdirSync(join(elsewhere, STORE, 'pending'), { recursive: true });
      cpSync(
        join(second, STORE, 'pending', `${token}.json`),
        join(elsewhere, STORE, 'pending', `${token}.json`),
      );
      const refused = await inTerminal(
        elsewhere,
        [process.execPath, BIN, 'confirm', token],
        token.slice(-4),
        {
          AGENT_CONFIG_HUMAN: 'human:ada',
        },
        'wrong-worktree',
      );
      expect(refused.transcript).toContain(`wrong-worktree: ${token}`);
      expect(refused.code).toBe(1);
      expect(existsSync(join(elsewhere, STORE, 'confirmed', `${token}.json`))).toBe(false);
    }

    // The printed line, as a person pastes it into a terminal anywhere.
    const confirmed = await inTerminal(tempDir(), asPrinted(line), token.slice(-4), {
      AGENT_CONFIG_HUMAN: 'human:ada',
    });
    expect(confirmed.transcript).toContain(`confirmed: ${token}`);
    expect(confirmed.code).toBe(0);
    expect(existsSync(join(second, STORE, 'confirmed', `${token}.json`))).toBe(true);

    // The agent's retry in its worktree is allowed, once.
    const retried = hook(second);
    expect(retried.permissionDecision).toBe('allow');
    expect(retried.permissionDecisionReason).toContain(`stage ${token}`);
    expect(hook(second).permissionDecision).toBe('deny');

    // The confirmed record replayed into another repository never executes there.
    mkdirSync(join(other, STORE, 'confirmed'), { recursive: true });
    cpSync(
      join(second, STORE, 'resolved', `${token}.json`),
      join(other, STORE, 'confirmed', `${token}.json`),
    );
    const claim = runBin(other, ['claim', token], { stdin: 'pipe' });
    expect(claim.stdout).toMatch(new RegExp(`^wrong-worktree: ${token}`));
    expect(claim.code).toBe(1);
  });
});
