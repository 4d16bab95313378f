import { join } from 'node:path';
import type { Context } from '../../core/context.js';
import { docPage } from '../../core/doc-page.js';
import { EXIT_OK, InputError, UsageError } from '../../core/errors.js';
import type { ExitCode } from '../../core/outcomes.js';
import { HOOK_TIMEOUT_S } from '../../guard/deadline.js';
import { writeFileAtomic } from '../../repo/atomic-write.js';
import { pathKind } from '../../repo/discover.js';
import { openRepository } from '../../repo/open-repository.js';
import { readFileBytes } from '../../repo/read-text.js';
import {
  addClaudeHook,
  CLAUDE_HOOK_BINARY,
  claudeHookState,
  readSettings,
  removeClaudeHook,
} from './claude-settings.js';

/** The harnesses whose settings `hooks install --agent` can write. */
export const INSTALLABLE_AGENTS = ['claude-code'] as const;
export type InstallableAgent = (typeof INSTALLABLE_AGENTS)[number];

export interface AgentHookOptions {
  root?: string;
  agent: string;
}

/** What `hooks install|uninstall --agent` did to the settings file. */
export interface AgentHookReport {
  agent: InstallableAgent;
  /** Repository-relative settings file. */
  file: string;
  /** `updated`: an entry of an older form now runs today's command, where it stood. */
  action: 'installed' | 'updated' | 'already-installed' | 'removed' | 'not-installed';
  /**
   * The binary the installed hook runs, repository-relative, when it does not exist yet: until
   * it does, the hook refuses every shell call (it fails closed). Null when it exists, and
   * always after an uninstall.
   */
  missingBinary: string | null;
}

/** Claude Code's project settings, repository-relative. */
export const SETTINGS = '.claude/settings.json';

function agentOf(agent: string, verb: 'install' | 'uninstall'): InstallableAgent {
  if (!(INSTALLABLE_AGENTS as readonly string[]).includes(agent)) {
    // `--agent` alone: `hooks install`, `hooks uninstall` and `init` all take it.
    throw new UsageError(
      `cannot ${verb} a hook for '${agent}'`,
      '--agent',
      `use ${INSTALLABLE_AGENTS.join(', ')} (${docPage('guard.md')} shows the settings for codex and gemini)`,
    );
  }
  return agent as InstallableAgent;
}

function edit<T>(
  root: string,
  change: (data: Record<string, unknown>) => { text: string | null; result: T },
): T {
  const path = join(root, SETTINGS);
  let text: string | null = null;
  const bytes = readFileBytes(path);
  if (Buffer.isBuffer(bytes)) text = bytes.toString('utf8');
  else if (bytes.errorCode !== 'ENOENT')
    throw new InputError(`cannot be read (${bytes.errorCode})`, SETTINGS, bytes.fix);
  const read = readSettings(text);
  if (!read.ok)
    throw new InputError(
      read.problem,
      SETTINGS,
      'fix it by hand (it was left untouched), then run this again',
    );
  const { text: next, result } = change(read.data);
  if (next !== null) writeFileAtomic(path, next);
  return result;
}

/** The binary the hook runs, repository-relative, or null when it is there. */
export function missingHookBinary(root: string): string | null {
  return pathKind(join(root, CLAUDE_HOOK_BINARY)) === null ? CLAUDE_HOOK_BINARY : null;
}

/**
 * The harness timeout to write: the hook's usual one, plus `guard.wait` (docs/notify.md) so
 * that a call held for a person is answered before the harness gives up on the hook.
 */
async function timeoutFor(ctx: Context, root: string): Promise<number> {
  try {
    const { config } = await openRepository(ctx, { root, config: 'read' });
    return HOOK_TIMEOUT_S + Math.ceil((config.guard.waitMs ?? 0) / 1000);
  } catch {
    return HOOK_TIMEOUT_S; // an invalid configuration is said by the verbs that read it
  }
}

/**
 * Merges the guard's PreToolUse hook into `.claude/settings.json` (created if needed), keeping
 * every other setting; idempotent. `init --agent claude-code` calls this too.
 */
export async function installAgentHook(ctx: Context, options: AgentHookOptions): Promise<AgentHookReport> {
  const agent = agentOf(options.agent, 'install');
  // `--root`, else the git top level (Claude Code's project folder), else the current folder.
  const { root } = await openRepository(ctx, { root: options.root, find: 'git-top' });
  const timeoutS = await timeoutFor(ctx, root);
  const action = edit(root, (data) => {
    const state = claudeHookState(data, timeoutS);
    const result = state === 'absent' ? 'installed' : state === 'outdated' ? 'updated' : 'already-installed';
    return { text: addClaudeHook(data, timeoutS), result } as const;
  });
  return { agent, file: SETTINGS, action, missingBinary: missingHookBinary(root) };
}

/** Removes only the guard's handlers from `.claude/settings.json`. */
export async function uninstallAgentHook(ctx: Context, options: AgentHookOptions): Promise<AgentHookReport> {
  const agent = agentOf(options.agent, 'uninstall');
  const { root } = await openRepository(ctx, { root: options.root, find: 'git-top' });
  const gone = { agent, file: SETTINGS, action: 'not-installed', missingBinary: null } as const;
  if (pathKind(join(root, SETTINGS)) === null) return gone;
  const removed = edit(root, (data) => {
    const text = removeClaudeHook(data);
    return { text, result: text !== null };
  });
  return removed ? { ...gone, action: 'removed' } : gone;
}

/** `hooks install|uninstall --agent` exits 0 whenever it ran (a missing binary is a warning). */
export function agentHookExit(): ExitCode {
  return EXIT_OK;
}
