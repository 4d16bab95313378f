/**
 * Merging the guard's hook into Claude Code's `.claude/settings.json`: pure text in, text out.
 * Every other key, event, matcher group and handler is kept; the entry is recognised by its
 * command, so running the merge twice changes nothing.
 */

/** The command Claude Code runs: the project's installed binary, not npx (whose start costs more). */
export const CLAUDE_HOOK_COMMAND = '"$CLAUDE_PROJECT_DIR"/node_modules/.bin/agent-config hook claude-code';

/** A handler that runs `agent-config … hook claude-code`, however the path to it is written. */
export function isOurHandler(handler: unknown): boolean {
  if (typeof handler !== 'object' || handler === null) return false;
  const command = (handler as { command?: unknown }).command;
  return typeof command === 'string' && /agent-config["']?\s+hook\s+claude-code\s*$/.test(command);
}

/** Why the settings cannot be merged into (the file is left untouched), or the parsed object. */
export type SettingsRead = { ok: true; data: Record<string, unknown> } | { ok: false; problem: string };

/** Parses the settings text (null: no file) and checks the shape the merge relies on. */
export function readSettings(text: string | null): SettingsRead {
  if (text === null || text.trim() === '') return { ok: true, data: {} };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return { ok: false, problem: `is not valid JSON (${(error as Error).message})` };
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return { ok: false, problem: 'is not a JSON object' };
  }
  const hooks = (data as Record<string, unknown>).hooks;
  if (hooks !== undefined && (typeof hooks !== 'object' || hooks === null || Array.isArray(hooks))) {
    return { ok: false, problem: "has a 'hooks' that is not an object" };
  }
  const pre = (hooks as Record<string, unknown> | undefined)?.PreToolUse;
  if (pre !== undefined && !Array.isArray(pre)) {
    return { ok: false, problem: "has a 'hooks.PreToolUse' that is not a list" };
  }
  return { ok: true, data: data as Record<string, unknown> };
}

type Group = { matcher?: unknown; hooks?: unknown };

function groupsOf(data: Record<string, unknown>): Group[] {
  const hooks = data.hooks as Record<string, unknown> | undefined;
  return (hooks?.PreToolUse as Group[] | undefined) ?? [];
}

function hasOurs(data: Record<string, unknown>): boolean {
  return groupsOf(data).some((g) => Array.isArray(g?.hooks) && g.hooks.some(isOurHandler));
}

const render = (data: Record<string, unknown>) => `${JSON.stringify(data, null, 2)}\n`;

/** The settings with the guard's PreToolUse entry added (matcher `Bash`), or null when it is there. */
export function addClaudeHook(data: Record<string, unknown>): string | null {
  if (hasOurs(data)) return null;
  const hooks = { ...((data.hooks as Record<string, unknown> | undefined) ?? {}) };
  const entry = { matcher: 'Bash', hooks: [{ type: 'command', command: CLAUDE_HOOK_COMMAND, timeout: 10 }] };
  hooks.PreToolUse = [...groupsOf(data), entry];
  return render({ ...data, hooks });
}

/** The settings without the guard's handlers (empty groups and lists it leaves go too), or null. */
export function removeClaudeHook(data: Record<string, unknown>): string | null {
  if (!hasOurs(data)) return null;
  const groups = groupsOf(data)
    .map((g) => (Array.isArray(g?.hooks) ? { ...g, hooks: g.hooks.filter((h) => !isOurHandler(h)) } : g))
    .filter((g) => !Array.isArray(g?.hooks) || g.hooks.length > 0);
  const hooks = { ...(data.hooks as Record<string, unknown>) };
  if (groups.length > 0) hooks.PreToolUse = groups;
  else delete hooks.PreToolUse;
  const next = { ...data, hooks };
  if (Object.keys(hooks).length === 0) delete (next as Record<string, unknown>).hooks;
  return render(next);
}
