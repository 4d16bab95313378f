import { join } from 'node:path';
import type { Context } from '../core/context.js';
import { InputError, UsageError } from '../core/errors.js';
import { addClaudeHook, readSettings, removeClaudeHook } from '../guard/settings.js';
import { writeFileAtomic } from '../repo/atomic-write.js';
import { pathKind } from '../repo/discover.js';
import { readFileBytes } from '../repo/read-text.js';
import { resolveRoot } from '../repo/root.js';

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
  action: 'installed' | 'already-installed' | 'removed' | 'not-installed';
}

/** Claude Code's project settings, repository-relative. */
export const SETTINGS = '.claude/settings.json';

function agentOf(agent: string, verb: 'install' | 'uninstall'): InstallableAgent {
  if (!(INSTALLABLE_AGENTS as readonly string[]).includes(agent)) {
    // `--agent` alone: `hooks install`, `hooks uninstall` and `init` all take it.
    throw new UsageError(
      `cannot ${verb} a hook for '${agent}'`,
      '--agent',
      `use ${INSTALLABLE_AGENTS.join(', ')} (docs/guard.md shows the settings for codex and gemini)`,
    );
  }
  return agent as InstallableAgent;
}

/** `--root`, else the git top level (Claude Code's project folder), else the current folder. */
async function projectRoot(ctx: Context, explicit: string | undefined): Promise<string> {
  if (explicit !== undefined) return resolveRoot(ctx, explicit);
  return (await ctx.git(ctx.cwd).topLevel()) ?? ctx.cwd;
}

function edit(root: string, change: (data: Record<string, unknown>) => string | null): { changed: boolean } {
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
  const next = change(read.data);
  if (next === null) return { changed: false };
  writeFileAtomic(path, next);
  return { changed: true };
}

/**
 * Merges the guard's PreToolUse hook into `.claude/settings.json` (created if needed), keeping
 * every other setting; idempotent. `init --agent claude-code` calls this too.
 */
export async function installAgentHook(ctx: Context, options: AgentHookOptions): Promise<AgentHookReport> {
  const agent = agentOf(options.agent, 'install');
  const root = await projectRoot(ctx, options.root);
  const { changed } = edit(root, addClaudeHook);
  return { agent, file: SETTINGS, action: changed ? 'installed' : 'already-installed' };
}

/** Removes only the guard's handlers from `.claude/settings.json`. */
export async function uninstallAgentHook(ctx: Context, options: AgentHookOptions): Promise<AgentHookReport> {
  const agent = agentOf(options.agent, 'uninstall');
  const root = await projectRoot(ctx, options.root);
  if (pathKind(join(root, SETTINGS)) === null) return { agent, file: SETTINGS, action: 'not-installed' };
  const { changed } = edit(root, removeClaudeHook);
  return { agent, file: SETTINGS, action: changed ? 'removed' : 'not-installed' };
}
