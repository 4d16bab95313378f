import type { Command } from 'commander';
import type { WindowReport } from '../../commands/window.js';
import type { Context } from '../../core/context.js';
import { docPage } from '../../core/doc-page.js';
import { sanitize } from '../../render/sanitize.js';
import { windowJson } from '../../render/window.js';
import { err, out } from '../output.js';
import type { CliState } from '../state.js';

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
    .option('--root <dir>', 'repository root (default: the current folder or the git top level)')
    .action(async (opts: { for: string; actions: string; reason?: string; as?: string; root?: string }) => {
      const { runWindowOpen } = await import('../../commands/window.js');
      state.exitCode = renderWindowReport(ctx, await runWindowOpen(ctx, opts));
    });
  window
    .command('close')
    .description('close the open window now (no ceremony: closing only tightens)')
    .option('--note <text>', 'a note kept in the record')
    .option('--as <actor>', 'who closes it (default: AGENT_CONFIG_HUMAN)')
    .option('--root <dir>', 'repository root (default: the current folder or the git top level)')
    .action(async (opts: { note?: string; as?: string; root?: string }) => {
      const { runWindowClose } = await import('../../commands/window.js');
      state.exitCode = renderWindowReport(ctx, await runWindowClose(ctx, opts));
    });
  window
    .command('status')
    .description('whether a window is open, derived from the ledger and the clock')
    .option('--json', 'print {"open", "window"} as JSON')
    .option('--root <dir>', 'repository root (default: the current folder or the git top level)')
    .action(async (opts: { json?: boolean; root?: string }) => {
      const { runWindowStatus } = await import('../../commands/window.js');
      state.exitCode = renderWindowReport(ctx, await runWindowStatus(ctx, opts), opts.json === true);
    });
}
