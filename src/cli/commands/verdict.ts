import type { Command } from 'commander';
import type { VerdictCheckReport } from '../../commands/verdict.js';
import type { Context } from '../../core/context.js';
import { sanitize } from '../../render/sanitize.js';
import { out } from '../output.js';
import type { CliState } from '../state.js';

/** The `--json` document of a check: exactly the four keys docs/verdicts.md freezes. */
export function verdictJson(report: VerdictCheckReport): string {
  const { valid, code, message, verdict } = report.check;
  return `${JSON.stringify({ valid, code, message, verdict }, null, 2)}\n`;
}

/** Prints a check (text or JSON) and returns its exit code: 0 valid, 1 invalid. */
export function renderVerdictCheck(ctx: Context, report: VerdictCheckReport, json: boolean): number {
  const c = report.check;
  if (json) ctx.io.stdout.write(verdictJson(report));
  else if (c.valid) {
    const v = c.verdict;
    out(ctx, `valid: risk ${v.risk}, authorization ${v.authorization}, decision ${v.decision}`);
    if (v.reason !== undefined) out(ctx, sanitize(`  reason: ${v.reason}`, { inline: true }));
  } else {
    out(ctx, sanitize(`${c.code}: ${report.input}:${c.line}:${c.column}: ${c.message}`, { inline: true }));
  }
  return c.valid ? 0 : 1;
}

/** `agent-config verdict check` (SPEC §13). */
export function registerVerdict(program: Command, ctx: Context, state: CliState): void {
  const verdict = program
    .command('verdict')
    .description('check a reviewer verdict strictly, or record one on a staged action (docs/verdicts.md)');
  verdict
    .command('check')
    .description('parse one verdict strictly: exit 0 valid, 1 invalid (with its code), 2 could not read')
    .argument('[file]', 'the verdict JSON file, or - (the default) for stdin')
    .option('--json', 'print {valid, code, message, verdict} as JSON')
    .action(async (file: string | undefined, opts: { json?: boolean }) => {
      const { runVerdictCheck } = await import('../../commands/verdict.js');
      state.exitCode = renderVerdictCheck(ctx, await runVerdictCheck(ctx, { file }), opts.json === true);
    });
}
