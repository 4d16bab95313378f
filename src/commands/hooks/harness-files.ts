/**
 * Where each harness keeps the guard's hook entry, and what the entries there say: read by
 * `hooks status` and by the hook itself (the timeout a held call must fit in, docs/notify.md).
 */
import { homedir } from 'node:os';
import { join } from 'node:path';
import { HOOK_TIMEOUT_S } from '../../guard/deadline.js';
import type { Harness } from '../../guard/harness.js';
import { readUtf8 } from '../../repo/read-text.js';
import { CLAUDE_HOOK_MATCHER } from './claude-settings.js';

/** Where each harness keeps its hooks, the event, the tools our entry must reach, the timeout's unit. */
export const HARNESS: Record<
  Harness,
  { files: string[]; event: string; tools: string; unitMs: number; projectDir: string }
> = {
  'claude-code': {
    files: ['.claude/settings.json', '.claude/settings.local.json'],
    event: 'PreToolUse',
    tools: CLAUDE_HOOK_MATCHER,
    unitMs: 1000,
    projectDir: 'CLAUDE_PROJECT_DIR',
  },
  codex: {
    files: ['.codex/hooks.json'],
    event: 'PreToolUse',
    tools: 'Bash',
    unitMs: 1000,
    projectDir: 'CLAUDE_PROJECT_DIR',
  },
  gemini: {
    files: ['.gemini/settings.json'],
    event: 'BeforeTool',
    tools: 'run_shell_command',
    unitMs: 1,
    projectDir: 'GEMINI_PROJECT_DIR',
  },
};

export type Handler = { command: string; timeout?: unknown; matcher: unknown };

const isOurs = (harness: Harness, command: unknown): command is string =>
  typeof command === 'string' &&
  new RegExp(`agent-config["']?\\s+hook\\s+${harness}\\s*(?:$|;|\\|\\|)`).test(command);

/** The guard's handlers in a harness's parsed settings; null when its hooks have another shape. */
export function handlersIn(harness: Harness, data: unknown): Handler[] | null {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
  const hooks = (data as Record<string, unknown>).hooks;
  if (hooks === undefined) return [];
  if (typeof hooks !== 'object' || hooks === null || Array.isArray(hooks)) return null;
  const groups = (hooks as Record<string, unknown>)[HARNESS[harness].event];
  if (groups === undefined) return [];
  if (!Array.isArray(groups)) return null;
  return groups.flatMap((g: { matcher?: unknown; hooks?: unknown }) =>
    Array.isArray(g?.hooks)
      ? g.hooks
          .filter((h: { command?: unknown }) => isOurs(harness, h?.command))
          .map((h: { command: string; timeout?: unknown }) => ({ ...h, matcher: g.matcher }))
      : [],
  );
}

export function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** A handler's timeout in milliseconds, or null when it gives none that counts. */
export function handlerTimeoutMs(harness: Harness, h: Handler): number | null {
  return typeof h.timeout === 'number' && h.timeout > 0 ? h.timeout * HARNESS[harness].unitMs : null;
}

/**
 * The harness timeout (ms) the hook can count on: the shortest that any of the harness's
 * settings files (the repository's, and Claude Code's user settings) gives one of the guard's
 * handlers; `HOOK_TIMEOUT_S` (the least `hooks status` accepts) when none holds the guard or
 * one gives no number — so a wait is then cut to fit the hook's own deadline.
 */
export function installedTimeoutMs(root: string, harness: Harness, home: string = homedir()): number {
  const files = HARNESS[harness].files.map((f) => join(root, f));
  if (harness === 'claude-code') files.push(join(home, '.claude', 'settings.json'));
  const found: (number | null)[] = [];
  for (const file of files) {
    const r = readUtf8(file);
    if ('errorCode' in r) continue;
    for (const h of handlersIn(harness, safeParse(r.text)) ?? []) found.push(handlerTimeoutMs(harness, h));
  }
  if (found.length === 0 || found.some((t) => t === null)) return HOOK_TIMEOUT_S * 1000;
  return Math.max(HOOK_TIMEOUT_S * 1000, Math.min(...(found as number[])));
}
