import { relative } from 'node:path';
import type { Context } from '../../core/context.js';
import { AgentConfigError } from '../../core/errors.js';
import { hookObject } from '../../guard/flow.js';
import type { GuardDecision, Harness, ShellCall } from '../../guard/harness.js';
import { toPosix } from '../../repo/posix-path.js';

/** How the hook ended, for tests and `--json`-like inspection; `decision` is what the harness gets. */
export type HookOutcome =
  | 'other-tool'
  | 'not-guarded'
  | 'staged'
  | 'pending'
  | 'declined'
  | 'claimed'
  | 'window'
  | 'invalid-input'
  | 'failed'
  /** A write to the guard's own files (shell or file tool), or a git alias or hooks setting: denied outright. */
  | 'own-files'
  /** A person's or set-up verb of the tool run through the agent's shell: denied outright. */
  | 'person-verb';

export interface HookReport {
  harness: Harness;
  outcome: HookOutcome;
  decision: GuardDecision;
  /** The guarded actions, empty when none. */
  actions: string[];
  token: string | null;
  /** For `invalid-input` of a guarded text: exit 2 with this line on stderr (the harness blocks). */
  block: string | null;
  /** A warning for stderr that changes nothing (exit 0). */
  warning: string | null;
}

export const PREFIX = 'agent-config guard';

export function report(
  harness: Harness,
  outcome: HookOutcome,
  decision: GuardDecision,
  extra: Partial<HookReport> = {},
): HookReport {
  return { harness, outcome, decision, actions: [], token: null, block: null, warning: null, ...extra };
}

export const deny = (reason: string): GuardDecision => ({ decision: 'deny', reason: `${PREFIX}: ${reason}` });

/** One line for a failure, whatever was thrown. */
export function errorText(error: unknown): string {
  if (error instanceof AgentConfigError) return error.oneLine();
  return error instanceof Error ? error.message : String(error);
}

/** The object a call is staged (and recorded) as: its command and its folder in the project. */
export function callObject(ctx: Context, call: ShellCall, root: string): string {
  return hookObject(call.command, toPosix(relative(root, call.cwd ?? ctx.cwd)));
}
