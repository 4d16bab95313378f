import type { Command } from 'commander';
import { runHook } from '../../commands/guard/hook.js';
import type { WindowReport } from '../../commands/guard/window.js';
import {
  runWindowClose,
  runWindowOpen,
  runWindowStatus,
  windowDocument,
  windowExit,
} from '../../commands/guard/window.js';
import type { Context } from '../../core/context.js';
import { docPage } from '../../core/doc-page.js';
import { EXIT_CANNOT_RUN, EXIT_OK, UsageError } from '../../core/errors.js';
import { parseWait } from '../../core/guard-config.js';
import type { ExitCode } from '../../core/outcomes.js';
import { sanitize } from '../../core/text/sanitize.js';
import { HARNESSES, type Harness, PROJECT_DIR_VARIABLE, renderHookOutput } from '../../guard/harness.js';
import { decideHookFastPath } from '../hook-fast-path.js';
import { err, out, printDocument } from '../output.js';
import { type Act, rootOption } from '../verb.js';

/** What the hook answers: the harness's protocol on stdout, one line on stderr, the exit code. */
interface HookAnswer {
  stdout: string;
  stderr: string | null;
  exit: ExitCode;
}

/**
 * Runs the hook and makes its answer in the harness's protocol. Every path ends in an answer
 * with exit 0 (or 2 with one stderr line, which every harness reads as a block): a harness lets
 * a call through when its hook crashes or exits 1, so nothing may escape from here.
 */
async function answer(ctx: Context, harness: Harness, waitMs?: number): Promise<HookAnswer> {
  let text = '';
  try {
    text = ctx.readStdin?.() ?? '';
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    const line = sanitize(`agent-config guard: cannot read stdin (${why}); the call is refused`, {
      inline: true,
    });
    return { stdout: '', stderr: line, exit: EXIT_CANNOT_RUN };
  }
  try {
    const report = await runHook(ctx, { harness, input: text, waitMs });
    if (report.block !== null)
      return { stdout: '', stderr: sanitize(report.block, { inline: true }), exit: EXIT_CANNOT_RUN };
    const warning = report.warning === null ? null : sanitize(report.warning, { inline: true });
    return { stdout: renderHookOutput(harness, report.decision), stderr: warning, exit: EXIT_OK };
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    // No opinion only where the fast path would have had none without trying: a failure on
    // anything else must not let the call through.
    const project = ctx.env[PROJECT_DIR_VARIABLE[harness]];
    if ('answer' in decideHookFastPath(harness, text, [ctx.cwd, project])) {
      return { stdout: renderHookOutput(harness, { decision: 'none' }), stderr: null, exit: EXIT_OK };
    }
    const reason = `agent-config guard: the guard failed (${why}) on a command that may be guarded; it was not run. Ask a person to look.`;
    return { stdout: renderHookOutput(harness, { decision: 'deny', reason }), stderr: null, exit: EXIT_OK };
  }
}

/** `agent-config hook <harness>`: the agent harness hook (docs/guard.md). */
export function registerHook(program: Command, ctx: Context, act: Act): void {
  program
    .command('hook')
    .description(
      `the agent harness hook: stage an agent's guarded shell commands for a person (${docPage('guard.md')})`,
    )
    .argument('<harness>', `the harness whose hook JSON is on stdin: ${HARNESSES.join(', ')}`)
    .option(
      '--wait <duration>',
      `hold a call just staged this long for a person, such as 90s or 2m (default: guard.wait; ${docPage('notify.md')})`,
    )
    .action(
      act(
        async (harness: string, opts: { wait?: string }) => {
          const waitMs = opts.wait === undefined ? undefined : parseWait(opts.wait);
          if (waitMs === null) {
            throw new UsageError(
              `not a wait: ${opts.wait}`,
              'agent-config hook --wait',
              'use seconds or minutes up to 10m, such as 90s or 2m',
            );
          }
          if (!HARNESSES.includes(harness as Harness)) {
            throw new UsageError(
              `unknown harness '${harness}'`,
              'agent-config hook',
              `use one of ${HARNESSES.join(', ')}`,
            );
          }
          const report = await answer(ctx, harness as Harness, waitMs);
          return { report, exit: report.exit };
        },
        (report) => {
          if (report.stderr !== null) err(ctx, report.stderr);
          if (report.stdout !== '') ctx.io.stdout.write(report.stdout);
        },
      ),
    );
}

/** Prints a window report as text: `outcome: message`, on stderr when the verb could not run (exit 2). */
export function renderWindowReport(ctx: Context, report: WindowReport): void {
  const line = sanitize(`${report.outcome}: ${report.message}`, { inline: true });
  if (report.exit === 2) err(ctx, `agent-config window ${report.verb}: ${line}`);
  else out(ctx, report.verb === 'status' ? sanitize(report.message, { inline: true }) : line);
}

/** `agent-config window open|close|status`: gate windows (docs/guard.md, "Gate windows"). */
export function registerWindow(program: Command, ctx: Context, act: Act): void {
  const window = program
    .command('window')
    .description(
      `gate windows: a person lets named guarded actions through for a while, recorded (${docPage('guard.md')})`,
    );
  const open = window
    .command('open')
    .description('open a window (a person at a terminal types "understood"; no --yes)')
    .requiredOption('--for <duration>', 'how long: minutes or hours, such as 30m or 2h (at most 24h)')
    .requiredOption(
      '--actions <list>',
      `the guarded actions it lets through, comma-separated (${docPage('guard.md')})`,
    )
    .option('--reason <text>', 'why (required; recorded)')
    .option('--as <human>', 'who opens it: human:<name> (default: AGENT_CONFIG_HUMAN)')
    .option(
      '--key <file>',
      'the key that signs the opening when signers are registered (default: $AGENT_CONFIG_SIGNING_KEY, else git user.signingkey)',
    );
  rootOption(open).action(
    act(
      async (opts: {
        for: string;
        actions: string;
        reason?: string;
        as?: string;
        key?: string;
        root?: string;
      }) => {
        const report = await runWindowOpen(ctx, opts);
        return { report, exit: windowExit(report) };
      },
      (report) => renderWindowReport(ctx, report),
    ),
  );
  const close = window
    .command('close')
    .description('close the open window now (no ceremony: closing only tightens)')
    .option('--note <text>', 'a note kept in the record')
    .option('--as <actor>', 'who closes it (default: AGENT_CONFIG_HUMAN)');
  rootOption(close).action(
    act(
      async (opts: { note?: string; as?: string; root?: string }) => {
        const report = await runWindowClose(ctx, opts);
        return { report, exit: windowExit(report) };
      },
      (report) => renderWindowReport(ctx, report),
    ),
  );
  const status = window
    .command('status')
    .description('whether a window is open, derived from the ledger and the clock')
    .option('--json', 'print {"open", "window"} as JSON');
  rootOption(status).action(
    act(
      async (opts: { json?: boolean; root?: string }) => {
        const report = await runWindowStatus(ctx, opts);
        return { report, exit: windowExit(report) };
      },
      async (report, opts) => {
        if (opts.json !== true) return renderWindowReport(ctx, report);
        printDocument(ctx, windowDocument(report));
      },
    ),
  );
}
