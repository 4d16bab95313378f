/**
 * Merging the guard's hook into Claude Code's `.claude/settings.json`: pure text in, text out.
 * Every other key, event, matcher group and handler is kept; the entry is recognised by its
 * command, in the form written now and in older ones, so running the merge twice changes
 * nothing and an older entry is upgraded where it stands.
 */

import { HOOK_TIMEOUT_S } from '../../guard/deadline.js';

/** Where the hook finds the CLI: the project's installed binary, not npx (whose start costs more). */
export const CLAUDE_HOOK_BINARY = 'node_modules/.bin/agent-config';

/**
 * The command Claude Code runs (with `sh -c`). It fails closed: Claude Code treats any exit but
 * 2 as "no opinion" and runs the call, so a binary that is missing (127), not executable (126)
 * or crashes (1) would let a force push through. Exit 0 (a JSON decision, or nothing) and exit 2
 * (the CLI's own one-line block) pass unchanged; every other exit becomes 2 with one line that
 * names the fix. A person must run it: the agent's own `npm ci` is a shell call the hook refuses.
 */
export const CLAUDE_HOOK_COMMAND =
  `"$CLAUDE_PROJECT_DIR"/${CLAUDE_HOOK_BINARY} hook claude-code; s=$?; ` +
  `[ $s = 0 ] || [ $s = 2 ] || { echo "agent-config guard: ${CLAUDE_HOOK_BINARY} could not run (exit $s), so the command was refused. Ask a person to run npm ci in the project." >&2; exit 2; }; exit $s`;

/**
 * The tools the hook answers for: the shell, and the file tools that could write the guard's
 * own files (docs/guard.md, "Its own files").
 */
export const CLAUDE_HOOK_MATCHER = 'Bash|Edit|MultiEdit|Write|NotebookEdit';
const OUR_TOOLS = CLAUDE_HOOK_MATCHER.split('|');

/**
 * Whether a matcher group's `matcher` reaches every tool the hook answers for, as Claude Code
 * reads it: absent, empty or `*` is every tool; letters, digits, `_` and `|` list exact names;
 * anything else is an unanchored regular expression (one that does not compile reaches none).
 */
export function reachesOurTools(matcher: unknown): boolean {
  if (matcher === undefined || matcher === '' || matcher === '*') return true;
  if (typeof matcher !== 'string') return false;
  if (/^[A-Za-z0-9_|]+$/.test(matcher)) {
    const names = matcher.split('|');
    return OUR_TOOLS.every((t) => names.includes(t));
  }
  try {
    const re = new RegExp(matcher);
    return OUR_TOOLS.every((t) => re.test(t));
  } catch {
    return false;
  }
}

/**
 * A handler that runs `agent-config … hook claude-code`, however the path to it is written: the
 * fail-open `… hook claude-code` of older versions (the command ends there) and today's form
 * (a `;` or `||` follows).
 */
export function isOurHandler(handler: unknown): boolean {
  if (typeof handler !== 'object' || handler === null) return false;
  const command = (handler as { command?: unknown }).command;
  return typeof command === 'string' && /agent-config["']?\s+hook\s+claude-code\s*(?:$|;|\|\|)/.test(command);
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

/** Whether the guard's entry is absent, there in an older form, or there as written now. */
export type ClaudeHookState = 'absent' | 'outdated' | 'current';

/** Each of our handlers with the matcher of its group. */
function oursWithMatcher(data: Record<string, unknown>): { handler: unknown; matcher: unknown }[] {
  return groupsOf(data).flatMap((g) =>
    Array.isArray(g?.hooks)
      ? g.hooks.filter(isOurHandler).map((handler) => ({ handler, matcher: g.matcher }))
      : [],
  );
}

/**
 * A timeout (seconds) that leaves the hook room to answer: at least `HOOK_TIMEOUT_S`. Claude
 * Code runs the call when the hook outlives it, and older versions wrote 10, too close to a
 * slow start plus the hook's own deadline.
 */
function leavesRoom(timeout: unknown, least = HOOK_TIMEOUT_S): timeout is number {
  return typeof timeout === 'number' && timeout >= least;
}

/**
 * The harness timeout (seconds) the settings give the guard's hook: the shortest of our
 * handlers' (null when there is none, or one without a number). The hook's wait fits inside it.
 */
export function installedTimeout(data: Record<string, unknown>): number | null {
  const timeouts = oursWithMatcher(data).map((o) => (o.handler as { timeout?: unknown }).timeout);
  if (timeouts.length === 0 || timeouts.some((t) => typeof t !== 'number' || !(t > 0))) return null;
  return Math.min(...(timeouts as number[]));
}

/**
 * The state of the guard's entry in the settings: `outdated` when it runs an older command, its
 * group's matcher misses a tool it answers for (the Bash-only entry of older versions), or its
 * timeout leaves the hook no room.
 */
export function claudeHookState(data: Record<string, unknown>, timeoutS = HOOK_TIMEOUT_S): ClaudeHookState {
  const ours = oursWithMatcher(data);
  if (ours.length === 0) return 'absent';
  return ours.every((o) => {
    const handler = o.handler as { command: unknown; timeout?: unknown };
    return (
      handler.command === CLAUDE_HOOK_COMMAND &&
      reachesOurTools(o.matcher) &&
      leavesRoom(handler.timeout, timeoutS)
    );
  })
    ? 'current'
    : 'outdated';
}

/** Our handler as written now, in place of `h`: today's command, and a timeout with room. */
function upgraded(h: { timeout?: unknown }, timeoutS: number): object {
  return {
    ...h,
    command: CLAUDE_HOOK_COMMAND,
    timeout: leavesRoom(h.timeout, timeoutS) ? h.timeout : timeoutS,
  };
}

/**
 * A group holding our handler, brought up to date: today's command and timeout, and a matcher
 * that reaches every tool the hook answers for. A group shared with other handlers keeps its
 * matcher for them, and ours moves to a group of its own right after it (their tools stay theirs).
 */
function upgradeGroup(g: Group, timeoutS: number): Group[] {
  if (!Array.isArray(g?.hooks) || !g.hooks.some(isOurHandler)) return [g];
  const today = (h: unknown) => (isOurHandler(h) ? upgraded(h as object, timeoutS) : h);
  if (reachesOurTools(g.matcher)) return [{ ...g, hooks: g.hooks.map(today) }];
  const others = g.hooks.filter((h) => !isOurHandler(h));
  const ours = { ...g, matcher: CLAUDE_HOOK_MATCHER, hooks: g.hooks.filter(isOurHandler).map(today) };
  return others.length === 0 ? [ours] : [{ ...g, hooks: others }, ours];
}

const render = (data: Record<string, unknown>) => `${JSON.stringify(data, null, 2)}\n`;

/**
 * The settings with the guard's PreToolUse entry as written now (matcher `CLAUDE_HOOK_MATCHER`,
 * timeout `timeoutS`: `HOOK_TIMEOUT_S`, plus `guard.wait` where one is configured), or null when it is there already. An entry of an older form is
 * upgraded where it stands (see `upgradeGroup`; its timeout raised to `HOOK_TIMEOUT_S` when lower
 * or missing), so installing again never adds a second one.
 */
export function addClaudeHook(data: Record<string, unknown>, timeoutS = HOOK_TIMEOUT_S): string | null {
  const state = claudeHookState(data, timeoutS);
  if (state === 'current') return null;
  const hooks = { ...((data.hooks as Record<string, unknown> | undefined) ?? {}) };
  if (state === 'outdated') {
    hooks.PreToolUse = groupsOf(data).flatMap((g) => upgradeGroup(g, timeoutS));
    return render({ ...data, hooks });
  }
  const entry = {
    matcher: CLAUDE_HOOK_MATCHER,
    hooks: [{ type: 'command', command: CLAUDE_HOOK_COMMAND, timeout: timeoutS }],
  };
  hooks.PreToolUse = [...groupsOf(data), entry];
  return render({ ...data, hooks });
}

/** The settings without the guard's handlers (empty groups and lists it leaves go too), or null. */
export function removeClaudeHook(data: Record<string, unknown>): string | null {
  if (claudeHookState(data) === 'absent') return null;
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
