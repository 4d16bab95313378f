import type { Command } from 'commander';
import type { WindowReport } from '../../commands/guard/window.js';
import type { Context } from '../../core/context.js';
import { docPage } from '../../core/doc-page.js';
import { EXIT_CANNOT_RUN, EXIT_OK, UsageError } from '../../core/errors.js';
import { sanitize } from '../../core/text/sanitize.js';
import { HARNESSES, type Harness, renderHookOutput } from '../../guard/harness.js';
import { DEFAULT_KEYWORDS, mayConcernGuard } from '../../guard/prefilter.js';
import { windowJson } from '../../render/window.js';
import { err, out } from '../output.js';
import type { CliState } from '../state.js';

/**
 * Runs the hook and answers in the harness's protocol. Every path ends in an answer with exit
 * 0 (or 2 with one stderr line, which every harness reads as a block): a harness lets a call
 * through when its hook crashes or exits 1, so nothing may escape from here.
 */
async function answer(ctx: Context, harness: Harness): Promise<number> {
  let text = '';
  try {
    text = ctx.readStdin?.() ?? '';
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    err(
      ctx,
      sanitize(`agent-config guard: cannot read stdin (${why}); the call is refused`, { inline: true }),
    );
    return EXIT_CANNOT_RUN;
  }
  try {
    const { runHook } = await import('../../commands/guard/hook.js');
    const report = await runHook(ctx, { harness, input: text });
    if (report.block !== null) {
      err(ctx, sanitize(report.block, { inline: true }));
      return EXIT_CANNOT_RUN;
    }
    if (report.warning !== null) err(ctx, sanitize(report.warning, { inline: true }));
    ctx.io.stdout.write(renderHookOutput(harness, report.decision));
    return EXIT_OK;
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    if (!mayConcernGuard(text, DEFAULT_KEYWORDS)) {
      ctx.io.stdout.write(renderHookOutput(harness, { decision: 'none' }));
      return EXIT_OK;
    }
    const reason = `agent-config guard: the guard failed (${why}) on a command that may be guarded; it was not run. Ask a person to look.`;
    ctx.io.stdout.write(renderHookOutput(harness, { decision: 'deny', reason }));
    return EXIT_OK;
  }
}

/** `agent-config hook <harness>`: the agent harness hook (docs/guard.md). */
export function registerHook(program: Command, ctx: Context, state: CliState): void {
  program
    .command('hook')
    .description(
      `the agent harness hook: stage an agent's guarded shell commands for a person (${docPage('guard.md')})`,
    )
    .argument('<harness>', `the harness whose hook JSON is on stdin: ${HARNESSES.join(', ')}`)
    .action(async (harness: string) => {
      if (!HARNESSES.includes(harness as Harness)) {
        throw new UsageError(
          `unknown harness '${harness}'`,
          'agent-config hook',
          `use one of ${HARNESSES.join(', ')}`,
        );
      }
      state.exitCode = await answer(ctx, harness as Harness);
    });
}

/** Prints a window report: `outcome: message`, on stderr when the verb could not run (exit 2). */
export function renderWindowReport(ctx: Context, report: WindowReport, json = false): number {
  if (json) {
    ctx.io.stdout.write(windowJson(report));
    return report.exit;
  }
  const line = sanitize(`${report.outcome}: ${report.message}`, { inline: true });
  if (report.exit === 2) err(ctx, `agent-config window ${report.verb}: ${line}`);
  else out(ctx, report.verb === 'status' ? sanitize(report.message, { inline: true }) : line);
  return report.exit;
}

/** `agent-config window open|close|status`: gate windows (docs/guard.md, "Gate windows"). */
export function registerWindow(program: Command, ctx: Context, state: CliState): void {
  const window = program
    .command('window')
    .description(
      `gate windows: a person lets named guarded actions through for a while, recorded (${docPage('guard.md')})`,
    );
  window
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
    )
    .option('--root <dir>', 'repository root (default: the current folder or the git top level)')
    .action(
      async (opts: {
        for: string;
        actions: string;
        reason?: string;
        as?: string;
        key?: string;
        root?: string;
      }) => {
        const { runWindowOpen } = await import('../../commands/guard/window.js');
        state.exitCode = renderWindowReport(ctx, await runWindowOpen(ctx, opts));
      },
    );
  window
    .command('close')
    .description('close the open window now (no ceremony: closing only tightens)')
    .option('--note <text>', 'a note kept in the record')
    .option('--as <actor>', 'who closes it (default: AGENT_CONFIG_HUMAN)')
    .option('--root <dir>', 'repository root (default: the current folder or the git top level)')
    .action(async (opts: { note?: string; as?: string; root?: string }) => {
      const { runWindowClose } = await import('../../commands/guard/window.js');
      state.exitCode = renderWindowReport(ctx, await runWindowClose(ctx, opts));
    });
  window
    .command('status')
    .description('whether a window is open, derived from the ledger and the clock')
    .option('--json', 'print {"open", "window"} as JSON')
    .option('--root <dir>', 'repository root (default: the current folder or the git top level)')
    .action(async (opts: { json?: boolean; root?: string }) => {
      const { runWindowStatus } = await import('../../commands/guard/window.js');
      state.exitCode = renderWindowReport(ctx, await runWindowStatus(ctx, opts), opts.json === true);
    });
}
