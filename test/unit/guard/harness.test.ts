import { describe, expect, it } from 'vitest';
import {
  addClaudeHook,
  CLAUDE_HOOK_COMMAND,
  claudeHookState,
  isOurHandler,
  readSettings,
  removeClaudeHook,
} from '../../../src/commands/hooks/claude-settings.js';
import { readHookInput, renderHookOutput } from '../../../src/guard/harness.js';

describe('readHookInput', () => {
  const claude = {
    hook_event_name: 'PreToolUse',
    tool_name: 'Bash',
    tool_input: { command: 'ls' },
    cwd: '/r',
  };

  it('reads a shell call of each protocol, and leaves other events and tools alone', () => {
    expect(readHookInput('claude-code', JSON.stringify(claude))).toEqual({
      kind: 'shell',
      call: { command: 'ls', cwd: '/r' },
    });
    expect(readHookInput('codex', JSON.stringify({ ...claude, cwd: undefined }))).toEqual({
      kind: 'shell',
      call: { command: 'ls', cwd: null },
    });
    const gemini = { ...claude, hook_event_name: 'BeforeTool', tool_name: 'run_shell_command' };
    expect(readHookInput('gemini', JSON.stringify(gemini)).kind).toBe('shell');
    expect(readHookInput('gemini', JSON.stringify(claude)).kind).toBe('other');
    expect(readHookInput('claude-code', JSON.stringify({ ...claude, tool_name: 'Write' })).kind).toBe(
      'other',
    );
  });

  it.each([
    ['', 'stdin is not JSON'],
    ['[1]', 'stdin is not a JSON object'],
    ['{"tool_name":"Bash"}', 'hook_event_name or tool_name is missing'],
    [
      '{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":3}}',
      'tool_input.command is missing',
    ],
    [
      '{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"},"cwd":7}',
      'cwd is not a string',
    ],
  ])('calls %j invalid (%s)', (text, problem) => {
    expect(readHookInput('claude-code', text)).toEqual({ kind: 'invalid', problem });
  });
});

describe('renderHookOutput', () => {
  it("answers in each harness's shape; nothing (or {} for Gemini) for no opinion", () => {
    const deny = { decision: 'deny' as const, reason: 'no' };
    expect(JSON.parse(renderHookOutput('claude-code', deny))).toEqual({
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'deny',
        permissionDecisionReason: 'no',
      },
    });
    expect(renderHookOutput('codex', deny)).toBe(renderHookOutput('claude-code', deny));
    expect(JSON.parse(renderHookOutput('gemini', { decision: 'allow', reason: 'ok' }))).toEqual({
      decision: 'allow',
      reason: 'ok',
    });
    expect(renderHookOutput('claude-code', { decision: 'none' })).toBe('');
    expect(renderHookOutput('gemini', { decision: 'none' })).toBe('{}\n');
  });
});

describe('the .claude/settings.json merge', () => {
  it('adds one entry, recognises it (however the binary is reached) and removes only it', () => {
    const start = { env: { A: '1' }, hooks: { Stop: [{ hooks: [{ type: 'command', command: 'x' }] }] } };
    const added = JSON.parse(addClaudeHook(start)!);
    expect(added.env).toEqual({ A: '1' });
    expect(added.hooks.Stop).toEqual(start.hooks.Stop);
    expect(added.hooks.PreToolUse).toEqual([
      { matcher: 'Bash', hooks: [{ type: 'command', command: CLAUDE_HOOK_COMMAND, timeout: 30 }] },
    ]);
    expect(addClaudeHook(added)).toBeNull();
    expect(JSON.parse(removeClaudeHook(added)!)).toEqual(start);
    expect(removeClaudeHook(start)).toBeNull();
    expect(isOurHandler({ command: 'npx agent-config hook claude-code' })).toBe(true);
    expect(isOurHandler({ command: 'agent-config hook codex' })).toBe(false);
    expect(isOurHandler({ command: CLAUDE_HOOK_COMMAND })).toBe(true);
    expect(isOurHandler({ command: 'node_modules/.bin/agent-config hook claude-code || exit 2' })).toBe(true);
    expect(isOurHandler({ command: 'agent-config hook claude-code-wrapper' })).toBe(false);
  });

  it("knows an older, fail-open entry, and gives it today's command and a timeout with room where it stands", () => {
    const old = '"$CLAUDE_PROJECT_DIR"/node_modules/.bin/agent-config hook claude-code';
    const start = {
      hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: old, timeout: 5 }] }] },
    };
    expect(claudeHookState({})).toBe('absent');
    expect(claudeHookState(start)).toBe('outdated');
    const upgraded = JSON.parse(addClaudeHook(start)!);
    expect(upgraded).toEqual({
      hooks: {
        PreToolUse: [
          { matcher: 'Bash', hooks: [{ type: 'command', command: CLAUDE_HOOK_COMMAND, timeout: 30 }] },
        ],
      },
    });
    expect(claudeHookState(upgraded)).toBe('current');
    expect(JSON.parse(removeClaudeHook(start)!)).toEqual({});
  });

  it('upgrades the timeout of a current command when it leaves the hook too little room (10 s, as written before, or none); a longer one is kept', () => {
    const entry = (timeout?: number) => ({
      hooks: {
        PreToolUse: [
          {
            matcher: 'Bash',
            hooks: [
              {
                type: 'command',
                command: CLAUDE_HOOK_COMMAND,
                ...(timeout === undefined ? {} : { timeout }),
              },
            ],
          },
        ],
      },
    });
    for (const short of [10, 29, undefined]) {
      expect(claudeHookState(entry(short))).toBe('outdated');
      expect(JSON.parse(addClaudeHook(entry(short))!)).toEqual(entry(30));
    }
    expect(claudeHookState(entry(30))).toBe('current');
    expect(claudeHookState(entry(60))).toBe('current');
    expect(addClaudeHook(entry(60))).toBeNull();
  });

  it('keeps a foreign handler that shares our matcher group', () => {
    const mixed = {
      hooks: {
        PreToolUse: [
          {
            matcher: 'Bash',
            hooks: [
              { type: 'command', command: './audit.sh' },
              { type: 'command', command: CLAUDE_HOOK_COMMAND },
            ],
          },
        ],
      },
    };
    expect(JSON.parse(removeClaudeHook(mixed)!)).toEqual({
      hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: './audit.sh' }] }] },
    });
  });

  it('reads an absent or empty file as {}, and refuses what it cannot merge into', () => {
    expect(readSettings(null)).toEqual({ ok: true, data: {} });
    expect(readSettings('  \n')).toEqual({ ok: true, data: {} });
    expect(readSettings('{"hooks": {"PreToolUse": 1}}')).toMatchObject({ ok: false });
  });
});
