/** The agent harnesses the hook speaks to; each is a thin adapter over one decision. */
export type Harness = 'claude-code' | 'codex' | 'gemini';
export const HARNESSES: readonly Harness[] = ['claude-code', 'codex', 'gemini'];

/**
 * The environment variable in which a harness names the project folder it runs the hook for
 * (Codex names none of its own: Claude Code's is read for it).
 */
export const PROJECT_DIR_VARIABLE: Readonly<Record<Harness, string>> = {
  'claude-code': 'CLAUDE_PROJECT_DIR',
  codex: 'CLAUDE_PROJECT_DIR',
  gemini: 'GEMINI_PROJECT_DIR',
};

/** A shell tool call, whatever the harness: the one thing the guard decides about. */
export interface ShellCall {
  command: string;
  /** The agent's working directory, when the harness said. */
  cwd: string | null;
}

/** A Claude Code file tool's call (`Write`, `Edit`, `MultiEdit`, `NotebookEdit`): the file it writes. */
export interface FileCall {
  tool: string;
  /** The path as given (absolute, from Claude Code), or null when the input carries none. */
  path: string | null;
  cwd: string | null;
}

/** Claude Code's tools that write a file, and the `tool_input` key that names it. */
export const FILE_TOOLS: Readonly<Record<string, string>> = {
  Write: 'file_path',
  Edit: 'file_path',
  MultiEdit: 'file_path',
  NotebookEdit: 'notebook_path',
};

/** What the hook read from stdin. */
export type HookInput =
  | { kind: 'shell'; call: ShellCall }
  | { kind: 'file'; call: FileCall }
  /** Another event or another tool: none of the guard's business. */
  | { kind: 'other' }
  /** Not the harness's hook JSON. */
  | { kind: 'invalid'; problem: string };

/** The guard's answer: no opinion, or an explicit allow or deny with its reason. */
export type GuardDecision = { decision: 'none' } | { decision: 'allow' | 'deny'; reason: string };

const PROTOCOL: Record<Harness, { event: string; tool: string }> = {
  'claude-code': { event: 'PreToolUse', tool: 'Bash' },
  codex: { event: 'PreToolUse', tool: 'Bash' },
  gemini: { event: 'BeforeTool', tool: 'run_shell_command' },
};

/** Reads a harness's hook JSON (see ../shared/reference/ecosystem.md, "Agent harness hooks"). */
export function readHookInput(harness: Harness, text: string): HookInput {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { kind: 'invalid', problem: 'stdin is not JSON' };
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return { kind: 'invalid', problem: 'stdin is not a JSON object' };
  }
  const d = data as Record<string, unknown>;
  const want = PROTOCOL[harness];
  if (typeof d.hook_event_name !== 'string' || typeof d.tool_name !== 'string') {
    return { kind: 'invalid', problem: 'hook_event_name or tool_name is missing' };
  }
  const input = d.tool_input as Record<string, unknown> | null | undefined;
  if (
    harness === 'claude-code' &&
    d.hook_event_name === want.event &&
    Object.hasOwn(FILE_TOOLS, d.tool_name)
  ) {
    const path = typeof input === 'object' && input !== null ? input[FILE_TOOLS[d.tool_name]!] : undefined;
    const cwd = typeof d.cwd === 'string' ? d.cwd : null;
    return { kind: 'file', call: { tool: d.tool_name, path: typeof path === 'string' ? path : null, cwd } };
  }
  if (d.hook_event_name !== want.event || d.tool_name !== want.tool) return { kind: 'other' };
  if (typeof input !== 'object' || input === null || typeof input.command !== 'string') {
    return { kind: 'invalid', problem: 'tool_input.command is missing' };
  }
  if (d.cwd !== undefined && typeof d.cwd !== 'string')
    return { kind: 'invalid', problem: 'cwd is not a string' };
  return { kind: 'shell', call: { command: input.command, cwd: (d.cwd as string | undefined) ?? null } };
}

/**
 * The harness's answer on stdout (exit 0): nothing for no opinion (Gemini CLI gets `{}`, the
 * empty object its parser expects), else its own JSON shape. Codex has no `ask`: the guard
 * never answers it anyway, a person confirms through `agent-config confirm`.
 */
export function renderHookOutput(harness: Harness, d: GuardDecision): string {
  if (harness === 'gemini') {
    return d.decision === 'none' ? '{}\n' : `${JSON.stringify({ decision: d.decision, reason: d.reason })}\n`;
  }
  if (d.decision === 'none') return '';
  return `${JSON.stringify({
    hookSpecificOutput: {
      hookEventName: 'PreToolUse',
      permissionDecision: d.decision,
      permissionDecisionReason: d.reason,
    },
  })}\n`;
}
