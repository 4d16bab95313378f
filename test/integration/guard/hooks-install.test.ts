import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLAUDE_HOOK_COMMAND } from '../../../src/commands/hooks/claude-settings.js';
import { makeRepo, writeFiles } from '../../helpers/repo.js';
import { cli } from '../staging/harness.js';

const SETTINGS = '.claude/settings.json';
const read = (dir: string) => JSON.parse(readFileSync(join(dir, SETTINGS), 'utf8'));

const OURS = {
  matcher: 'Bash|Edit|MultiEdit|Write|NotebookEdit',
  hooks: [{ type: 'command', command: CLAUDE_HOOK_COMMAND, timeout: 30 }],
};

describe('hooks install --agent claude-code', () => {
  it('creates .claude/settings.json with the PreToolUse hook on Bash and the file tools, calling the installed binary', async () => {
    const dir = makeRepo({ 'README.md': 'x\n' });
    const r = await cli(dir, ['hooks', 'install', '--agent', 'claude-code']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Installed the guard hook in .claude/settings.json');
    expect(read(dir)).toEqual({ hooks: { PreToolUse: [OURS] } });
    expect(
      CLAUDE_HOOK_COMMAND.startsWith(
        '"$CLAUDE_PROJECT_DIR"/node_modules/.bin/agent-config hook claude-code;',
      ),
    ).toBe(true);
  });

  it('warns in one line when the binary the hook runs does not exist yet, and not once it does', async () => {
    const dir = makeRepo({ 'README.md': 'x\n' });
    const r = await cli(dir, ['hooks', 'install', '--agent', 'claude-code']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe(
      '⚠️   node_modules/.bin/agent-config does not exist yet: until it does, the hook refuses every shell command the agent runs. Run `npm ci` when package.json already lists agent-config, else install it (`npm install --save-dev` a packed tarball or a git URL of agent-config).\n',
    );
    writeFiles(dir, { 'node_modules/.bin/agent-config': '#!/bin/sh\n' });
    const again = await cli(dir, ['hooks', 'install', '--agent', 'claude-code']);
    expect([again.code, again.stderr]).toEqual([0, '']);
  });

  it('upgrades an entry of the old, fail-open, Bash-only form, never adding a second; uninstall removes either form', async () => {
    const dir = makeRepo({ 'README.md': 'x\n' });
    const old = '"$CLAUDE_PROJECT_DIR"/node_modules/.bin/agent-config hook claude-code';
    const audit = { type: 'command', command: './audit.sh' };
    const settings = {
      hooks: {
        PreToolUse: [
          { matcher: 'Bash', hooks: [audit, { type: 'command', command: old, timeout: 7 }] },
          { matcher: 'Edit', hooks: [{ type: 'command', command: './lint.sh' }] },
        ],
      },
    };
    writeFiles(dir, { [SETTINGS]: JSON.stringify(settings) });
    const r = await cli(dir, ['hooks', 'install', '--agent', 'claude-code']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(
      'Updated the guard hook (it fails closed and answers for Bash and the file tools) in .claude/settings.json',
    );
    // The audit handler keeps its Bash group; ours moves to its own group, right after, timeout raised to 30 s.
    const upgraded = {
      hooks: {
        PreToolUse: [
          { matcher: 'Bash', hooks: [audit] },
          { ...OURS, hooks: [{ type: 'command', command: CLAUDE_HOOK_COMMAND, timeout: 30 }] },
          settings.hooks.PreToolUse[1],
        ],
      },
    };
    expect(read(dir)).toEqual(upgraded);
    expect((await cli(dir, ['hooks', 'install', '--agent', 'claude-code'])).stdout).toContain('already in');
    expect(read(dir)).toEqual(upgraded);

    expect((await cli(dir, ['hooks', 'uninstall', '--agent', 'claude-code'])).stdout).toContain('Removed');
    const without = structuredClone(settings);
    without.hooks.PreToolUse[0]!.hooks = [audit];
    expect(read(dir)).toEqual(without);
    writeFiles(dir, { [SETTINGS]: JSON.stringify(settings) });
    expect((await cli(dir, ['hooks', 'uninstall', '--agent', 'claude-code'])).stdout).toContain('Removed');
    expect(read(dir)).toEqual(without);
  });

  it('keeps every other key and hook, and a second run changes nothing (not even the file time)', async () => {
    const dir = makeRepo({ 'README.md': 'x\n' });
    const other = {
      permissions: { allow: ['Bash(npm test)'] },
      hooks: {
        PreToolUse: [{ matcher: 'Edit|Write', hooks: [{ type: 'command', command: './lint.sh' }] }],
        PostToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: './log.sh' }] }],
      },
      model: 'opus',
    };
    writeFiles(dir, { [SETTINGS]: JSON.stringify(other) });
    expect((await cli(dir, ['hooks', 'install', '--agent', 'claude-code'])).code).toBe(0);
    const merged = read(dir);
    expect(merged).toEqual({
      ...other,
      hooks: { ...other.hooks, PreToolUse: [...other.hooks.PreToolUse, OURS] },
    });
    const before = readFileSync(join(dir, SETTINGS), 'utf8');
    const again = await cli(dir, ['hooks:install', '--agent', 'claude-code']);
    expect(again.stdout).toContain('already in .claude/settings.json');
    expect(readFileSync(join(dir, SETTINGS), 'utf8')).toBe(before);

    expect((await cli(dir, ['hooks', 'uninstall', '--agent', 'claude-code'])).stdout).toContain('Removed');
    expect(read(dir)).toEqual(other);
    expect((await cli(dir, ['hooks', 'uninstall', '--agent', 'claude-code'])).stdout).toContain(
      'No guard hook',
    );
  });

  it('removes the hooks key it created when nothing else is left, and writes into the git top level from a subfolder', async () => {
    const dir = makeRepo({ 'sub/README.md': 'x\n' });
    await cli(join(dir, 'sub'), ['hooks', 'install', '--agent', 'claude-code']);
    expect(existsSync(join(dir, SETTINGS))).toBe(true);
    expect(existsSync(join(dir, 'sub', SETTINGS))).toBe(false);
    await cli(dir, ['hooks', 'uninstall', '--agent', 'claude-code']);
    expect(read(dir)).toEqual({});
  });

  it.each([
    ['{ "hooks": [', /is not valid JSON/],
    ['[1, 2]', /is not a JSON object/],
    ['{"hooks": {"PreToolUse": {"matcher": "Bash"}}}', /'hooks.PreToolUse' that is not a list/],
    ['{"hooks": "none"}', /'hooks' that is not an object/],
  ])('refuses %j with one line naming the file, and leaves it untouched', async (text, message) => {
    const dir = makeRepo({ 'README.md': 'x\n' });
    writeFiles(dir, { [SETTINGS]: text });
    for (const verb of ['install', 'uninstall']) {
      const r = await cli(dir, ['hooks', verb, '--agent', 'claude-code']);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stderr).toMatch(/^agent-config: \.claude\/settings\.json: /);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(readFileSync(join(dir, SETTINGS), 'utf8')).toBe(text);
    }
  });

  it('refuses an agent it cannot install for, and keeps the git hook install as it was', async () => {
    const dir = makeRepo({ 'README.md': 'x\n' });
    const r = await cli(dir, ['hooks', 'install', '--agent', 'cursor']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("cannot install a hook for 'cursor'");
    expect(existsSync(join(dir, '.claude'))).toBe(false);
    const gitHook = await cli(dir, ['hooks', 'install']);
    expect(gitHook.code).toBe(0);
    expect(existsSync(join(dir, '.git/hooks/pre-commit'))).toBe(true);
  });
});
