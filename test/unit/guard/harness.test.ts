import { describe, expect, it } from 'vitest';
import {
  addClaudeHook,
  CLAUDE_HOOK_COMMAND,
  CLAUDE_HOOK_MATCHER,
  claudeHookState,
  isOurHandler,
  reachesOurTools,
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
    expect(readHookInput('claude-code', JSON.stringify({ ...claude, tool_name: 'Read' })).kind).toBe('other');
    expect(readHookInput('codex', JSON.stringify({ ...claude, tool_name: 'Write' })).kind).toBe('other');
  });

  it("reads Claude Code's file tools as the file they write: file_path, NotebookEdit's notebook_path", () => {
    const call = (tool_name: string, tool_input: unknown, extra: object = {}) =>
      readHookInput('claude-code', JSON.stringify({ ...claude, tool_name, tool_input, ...extra }));
    expect(call('Write', { file_path: '/r/a.md', content: 'x' })).toEqual({
      kind: 'file',
      call: { tool: 'Write', path: '/r/a.md', cwd: '/r' },
    });
    expect(call('Edit', { file_path: '/r/a', old_string: 'a', new_string: 'b' })).toMatchObject({
      call: { tool: 'Edit', path: '/r/a' },
    });
    expect(call('MultiEdit', { file_path: '/r/a', edits: [] })).toMatchObject({ call: { path: '/r/a' } });
    expect(call('NotebookEdit', { notebook_path: '/r/n.ipynb' })).toMatchObject({
      call: { path: '/r/n.ipynb' },
    });
    // No readable path: the hook denies (nothing to check is no licence).
    expect(call('Write', { path: '/r/a' })).toMatchObject({ kind: 'file', call: { path: null } });
    expect(call('NotebookEdit', { file_path: '/r/n.ipynb' })).toMatchObject({ call: { path: null } });
    expect(call('Edit', null, { cwd: 3 })).toEqual({
      kind: 'file',
      call: { tool: 'Edit', path: null, cwd: null },
    });
    expect(call('Write', { file_path: '/r/a' }, { hook_event_name: 'PostToolUse' }).kind).toBe('other');
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
      {
        matcher: 'Bash|Edit|MultiEdit|Write|NotebookEdit',
        hooks: [{ type: 'command', command: CLAUDE_HOOK_COMMAND, timeout: 30 }],
      },
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
          {
            matcher: CLAUDE_HOOK_MATCHER,
            hooks: [{ type: 'command', command: CLAUDE_HOOK_COMMAND, timeout: 30 }],
          },
        ],
      },
    });
    expect(claudeHookState(upgraded)).toBe('current');
    expect(JSON.parse(removeClaudeHook(start)!)).toEqual({});
  });

  it("upgrades today's command on the Bash-only matcher of earlier versions: the matcher widens where it stands", () => {
    const bashOnly = {
      hooks: {
        PreToolUse: [
          { matcher: 'Edit', hooks: [{ type: 'command', command: './lint.sh' }] },
          { matcher: 'Bash', hooks: [{ type: 'command', command: CLAUDE_HOOK_COMMAND, timeout: 7 }] },
        ],
      },
    };
    expect(claudeHookState(bashOnly)).toBe('outdated');
    const upgraded = JSON.parse(addClaudeHook(bashOnly)!);
    expect(upgraded.hooks.PreToolUse).toEqual([
      bashOnly.hooks.PreToolUse[0],
      {
        matcher: CLAUDE_HOOK_MATCHER,
        hooks: [{ type: 'command', command: CLAUDE_HOOK_COMMAND, timeout: 30 }],
      },
    ]);
    expect(claudeHookState(upgraded)).toBe('current');
    expect(addClaudeHook(upgraded)).toBeNull();
  });

  it('moves our handler out of a Bash group it shares, so the other handler keeps its tools', () => {
    const audit = { type: 'command', command: './audit.sh' };
    const shared = {
      hooks: {
        PreToolUse: [{ matcher: 'Bash', hooks: [audit, { type: 'command', command: CLAUDE_HOOK_COMMAND }] }],
      },
    };
    expect(JSON.parse(addClaudeHook(shared)!).hooks.PreToolUse).toEqual([
      { matcher: 'Bash', hooks: [audit] },
      {
        matcher: CLAUDE_HOOK_MATCHER,
        hooks: [{ type: 'command', command: CLAUDE_HOOK_COMMAND, timeout: 30 }],
      },
    ]);
  });

  it.each([
    [undefined, true],
    ['', true],
    ['*', true],
    ['Bash|Edit|MultiEdit|Write|NotebookEdit', true],
    ['NotebookEdit|Write|MultiEdit|Edit|Bash|Read', true],
    ['.*', true],
    ['Bash|.*Edit|Write', true],
    ['Bash', false],
    ['Bash|Edit|Write', false],
    ['Edit', false],
    ['(', false],
    [3, false],
  ])('a matcher %j reaches Bash and every file tool: %s', (matcher, reaches) => {
    expect(reachesOurTools(matcher)).toBe(reaches);
    const data = {
      hooks: {
        PreToolUse: [{ matcher, hooks: [{ type: 'command', command: CLAUDE_HOOK_COMMAND, timeout: 30 }] }],
      },
    };
    expect(claudeHookState(data)).toBe(reaches ? 'current' : 'outdated');
  });

  it('upgrades the timeout of a current command when it leaves the hook too little room (10 s, as written before, or none); a longer one is kept', () => {
    const entry = (timeout?: number) => ({
      hooks: {
        PreToolUse: [
          {
            matcher: CLAUDE_HOOK_MATCHER,
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
