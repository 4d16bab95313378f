/** A Claude Code `PreToolUse` hook input for the `Bash` tool. */
export function claudeInput(command: string, cwd: string): string {
  return JSON.stringify({
    session_id: 's1',
    cwd,
    hook_event_name: 'PreToolUse',
    tool_name: 'Bash',
    tool_input: { command },
    tool_use_id: 'toolu_1',
  });
}
