/**
 * `agent-config hooks status`: whether the guard is installed, fails closed and answers, for each
 * harness configured in the repository. It reads the settings and runs the installed command
 * exactly as the harness would, on two calls that change nothing; it writes nothing.
 */
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { Context } from '../../core/context.js';
import { docPage } from '../../core/doc-page.js';
import { EXIT_FINDINGS, EXIT_OK } from '../../core/errors.js';
import type { ExitCode } from '../../core/outcomes.js';
import { personCommand } from '../../core/person-command.js';
import { runShellCommand } from '../../git/run-shell.js';
import { HOOK_TIMEOUT_S } from '../../guard/deadline.js';
import type { Harness } from '../../guard/harness.js';
import { readAnchoredConfig } from '../../repo/anchored-config.js';
import { readHook } from '../../repo/hook-file.js';
import { openRepository } from '../../repo/open-repository.js';
import { readUtf8 } from '../../repo/read-text.js';
import { waitEnd } from '../guard/hook-wait.js';
import { signersListedHere } from '../signing/signers-listed.js';
import { missingHookBinary } from './agent-hooks.js';
import { CLAUDE_HOOK_BINARY, CLAUDE_HOOK_COMMAND, reachesOurTools } from './claude-settings.js';
import { HARNESS, handlersIn, handlerTimeoutMs, safeParse } from './harness-files.js';
import { HOOK_MARKER } from './hooks.js';

/** Today's command for a harness: Claude Code's, with its harness name and project variable. */
export function expectedCommand(harness: Harness): string {
  const c = CLAUDE_HOOK_COMMAND.replace('hook claude-code', `hook ${harness}`);
  return harness === 'gemini' ? c.replace('$CLAUDE_PROJECT_DIR', '$GEMINI_PROJECT_DIR') : c;
}

/** The part of today's command after `hook <harness>`: what makes it fail closed. */
const FAIL_CLOSED_TAIL = CLAUDE_HOOK_COMMAND.slice(CLAUDE_HOOK_COMMAND.indexOf(' hook claude-code') + 17);

/** Whether a command turns every exit but 0 and 2 into 2 (today's form, or the older `|| exit 2`). */
export function failsClosed(command: string): boolean {
  return command.endsWith(FAIL_CLOSED_TAIL) || /\|\|\s*exit\s+2\s*$/.test(command);
}

/** One run of the installed command: what it answered, against what was expected. */
export interface ProbeReport {
  /** The shell command the probe's tool call carried. */
  call: string;
  expected: 'none' | 'deny';
  /** `block`: exit 2 (the harness blocks); `error`: any other exit (the harness lets the call through). */
  answered: 'none' | 'allow' | 'deny' | 'block' | 'error' | 'timeout';
  exit: number | null;
  ms: number;
  ok: boolean;
}

/** One settings file of one harness. */
export interface HarnessStatus {
  harness: Harness;
  /** Repository-relative, or `~/…` for the user's own settings. */
  file: string;
  /** `unreadable`: the file is not valid JSON, or its hooks have another shape. */
  guard: 'current' | 'outdated' | 'absent' | 'unreadable';
  /** Why it is outdated: `command`, `matcher`, `timeout`. */
  outdated: string[];
  failsClosed: boolean | null;
  /** The binary the command runs exists. */
  binary: boolean;
  /** The shortest timeout the guard's entries here give the hook, in ms; null when none gives a number. */
  timeoutMs: number | null;
  /** The least timeout that fits: 30 s plus `guard.wait` (docs/notify.md, "Waiting for a person"), in ms. */
  neededTimeoutMs: number;
  /**
   * With `guard.wait` set and a timeout shorter than `neededTimeoutMs`: how long a call held for
   * a person is actually held (ms; about 3 s at a 30 s timeout). Null otherwise.
   */
  waitCutToMs: number | null;
  probes: ProbeReport[];
  ok: boolean;
  /** The command (or step) that fixes it, or null when it is fine. */
  fix: string | null;
}

/** What `hooks status` found. */
export interface HooksStatusReport {
  harnesses: HarnessStatus[];
  /** The harnesses with no settings file in the repository. */
  notConfigured: Harness[];
  /** The git pre-commit hook: ours, another, or none. */
  preCommit: 'ours' | 'foreign' | 'missing';
  /**
   * The signers file lists someone (docs/signing.md); false: decisions are not signed, so an
   * agent with a shell could forge them (the text view says so, with the command that helps).
   */
  signersListed: boolean;
  ok: boolean;
}

const PROBES: { call: string; expected: 'none' | 'deny' }[] = [
  { call: 'ls', expected: 'none' },
  // Denied outright (one of the guard's own files): nothing is staged or written.
  { call: 'echo x > agent-config.yaml', expected: 'deny' },
];

function probeInput(harness: Harness, call: string, cwd: string): string {
  const gemini = harness === 'gemini';
  return JSON.stringify({
    hook_event_name: HARNESS[harness].event,
    tool_name: gemini ? 'run_shell_command' : 'Bash',
    tool_input: { command: call },
    cwd,
  });
}

function answerOf(stdout: string): ProbeReport['answered'] {
  if (stdout.trim() === '') return 'none';
  try {
    const d = JSON.parse(stdout) as Record<string, unknown>;
    const hso = d.hookSpecificOutput as Record<string, unknown> | undefined;
    const decision = hso?.permissionDecision ?? d.decision;
    if (decision === 'deny' || decision === 'block') return 'deny';
    if (decision === 'allow') return 'allow';
    return Object.keys(d).length === 0 ? 'none' : 'error';
  } catch {
    return 'error';
  }
}

function probe(
  ctx: Context,
  harness: Harness,
  root: string,
  command: string,
  timeoutMs: number,
  p: (typeof PROBES)[number],
): ProbeReport {
  const env = { ...ctx.env, [HARNESS[harness].projectDir]: root };
  const r = runShellCommand(command, { cwd: root, env, input: probeInput(harness, p.call, root), timeoutMs });
  const answered: ProbeReport['answered'] = r.timedOut
    ? 'timeout'
    : r.code === 2
      ? 'block'
      : r.code === 0
        ? answerOf(r.stdout)
        : 'error';
  return {
    call: p.call,
    expected: p.expected,
    answered,
    exit: r.code,
    ms: r.ms,
    ok: answered === p.expected,
  };
}

function reaches(harness: Harness, matcher: unknown): boolean {
  if (harness === 'claude-code') return reachesOurTools(matcher);
  if (matcher === undefined || matcher === '' || matcher === '*') return true;
  if (typeof matcher !== 'string') return false;
  try {
    return (
      new RegExp(`^(?:${matcher})$`).test(HARNESS[harness].tools) ||
      matcher.split('|').includes(HARNESS[harness].tools)
    );
  } catch {
    return false;
  }
}

function installFix(harness: Harness, neededMs: number, onlyTimeout = false): string {
  if (harness === 'claude-code') return personCommand('hooks install --agent claude-code');
  const unit = HARNESS[harness].unitMs;
  const timeout = `${Math.ceil(neededMs / unit)}${unit === 1 ? ' (milliseconds)' : ' (seconds)'}`;
  return onlyTimeout
    ? `set the timeout of the guard's entry in ${HARNESS[harness].files[0]} to ${timeout} by hand (${docPage('guard.md')}, "Install")`
    : `give ${HARNESS[harness].files[0]} today's command and a timeout of ${timeout} by hand (${docPage('guard.md')}, "Install")`;
}

function statusOf(
  ctx: Context,
  harness: Harness,
  root: string,
  file: string,
  text: string,
  waitMs: number,
): HarnessStatus {
  const binary = missingHookBinary(root) === null;
  const neededTimeoutMs = HOOK_TIMEOUT_S * 1000 + waitMs;
  const base = {
    harness,
    file,
    outdated: [] as string[],
    failsClosed: null,
    binary,
    probes: [],
    timeoutMs: null,
    neededTimeoutMs,
    waitCutToMs: null,
  };
  let data: unknown;
  try {
    data = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    data = undefined;
  }
  const ours = data === undefined ? null : handlersIn(harness, data);
  if (ours === null)
    return { ...base, guard: 'unreadable', ok: false, fix: `make ${file} valid JSON, then run this again` };
  if (ours.length === 0)
    return { ...base, guard: 'absent', ok: false, fix: installFix(harness, neededTimeoutMs) };
  const outdated = new Set<string>();
  const timeouts = ours.map((h) => handlerTimeoutMs(harness, h));
  for (const [i, h] of ours.entries()) {
    if (h.command !== expectedCommand(harness)) outdated.add('command');
    if (!reaches(harness, h.matcher)) outdated.add('matcher');
    if (!((timeouts[i] ?? 0) >= neededTimeoutMs)) outdated.add('timeout');
  }
  const timeoutMs = timeouts.some((t) => t === null) ? null : Math.min(...(timeouts as number[]));
  // What the hook then holds a call for (src/commands/guard/hook-wait.ts counts at least 30 s).
  const waitCutToMs =
    waitMs > 0 && outdated.has('timeout')
      ? Math.max(0, waitEnd(0, 0, waitMs, Math.max(timeoutMs ?? 0, HOOK_TIMEOUT_S * 1000) / 1000))
      : null;
  const unit = HARNESS[harness].unitMs;
  const closed = ours.every((h) => failsClosed(h.command));
  const probes = ours.flatMap((h) => {
    const timeoutMs = typeof h.timeout === 'number' && h.timeout > 0 ? h.timeout * unit : 60_000;
    return PROBES.map((p) => probe(ctx, harness, root, h.command, timeoutMs, p));
  });
  const answered = probes.every((p) => p.ok);
  const guard = outdated.size === 0 ? 'current' : 'outdated';
  const ok = guard === 'current' && closed && answered && binary;
  const fix = ok
    ? null
    : !binary
      ? `npm ci (a person runs it; ${CLAUDE_HOOK_BINARY} is missing)`
      : installFix(harness, neededTimeoutMs, outdated.size === 1 && outdated.has('timeout'));
  return {
    ...base,
    guard,
    outdated: [...outdated],
    failsClosed: closed,
    probes,
    ok,
    fix,
    timeoutMs,
    waitCutToMs,
  };
}

/** `agent-config hooks status`: reads, probes, writes nothing. */
export async function hooksStatus(ctx: Context, options: { root?: string }): Promise<HooksStatusReport> {
  const { root, git } = await openRepository(ctx, { root: options.root, find: 'git-top' });
  // The wait the hook would hold a call for, read as the hook reads it (the rules in force).
  let waitMs = 0;
  try {
    waitMs = (await readAnchoredConfig(root, git)).config.guard.waitMs ?? 0;
  } catch {
    waitMs = 0; // an invalid configuration is said by the verbs that read it
  }
  const harnesses: HarnessStatus[] = [];
  const notConfigured: Harness[] = [];
  for (const harness of Object.keys(HARNESS) as Harness[]) {
    const found = HARNESS[harness].files.flatMap((file) => {
      const r = readUtf8(join(root, file));
      return 'errorCode' in r ? [] : [statusOf(ctx, harness, root, file, r.text, waitMs)];
    });
    if (harness === 'claude-code') {
      const home = ctx.env.HOME ?? homedir();
      const r = readUtf8(join(home, '.claude', 'settings.json'));
      if (!('errorCode' in r) && (handlersIn(harness, safeParse(r.text)) ?? []).length > 0) {
        found.push(statusOf(ctx, harness, root, '~/.claude/settings.json', r.text, waitMs));
      }
    }
    if (found.length === 0) notConfigured.push(harness);
    harnesses.push(...found);
  }
  let preCommit: HooksStatusReport['preCommit'] = 'missing';
  try {
    const hook = readHook(join(await git.gitPath('hooks'), 'pre-commit'));
    if (hook !== null) preCommit = hook.includes(HOOK_MARKER) ? 'ours' : 'foreign';
  } catch {
    preCommit = 'missing';
  }
  return {
    harnesses,
    notConfigured,
    preCommit,
    signersListed: signersListedHere(root),
    ok: harnesses.every((h) => h.ok),
  };
}

/** `hooks status` exits 0 when every configured harness's guard is current and answered as expected, else 1. */
export function hooksStatusExit(report: HooksStatusReport): ExitCode {
  return report.ok ? EXIT_OK : EXIT_FINDINGS;
}

/** `hooks status --json`: the report as it is (docs/hooks.md, "hooks status"). */
export function hooksStatusDocument(report: HooksStatusReport): HooksStatusReport {
  return report;
}
