import type { Command } from 'commander';
import type { VerdictCheckReport } from '../../commands/verdict/verdict.js';
import type { VerdictRecordReport } from '../../commands/verdict/verdict-record.js';
import type { Context } from '../../core/context.js';
import { docPage } from '../../core/doc-page.js';
import { personCommand } from '../../core/person-command.js';
import { sanitize } from '../../core/text/sanitize.js';
import { VERDICT_RECORD_OUTCOMES } from '../../verdict/recorded.js';
import { err, out } from '../output.js';
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

const NEXT: Record<string, string> = {
  deny: 'the stage is declined; a claim answers with this reason',
  ask: `it waits for a person (${personCommand('gates --pending')} shows the verdict)`,
  allow: 'recorded; it still waits for a person to confirm — a verdict never confirms',
};

/** Prints what `verdict record` did (text or JSON) and returns its exit code. */
export function renderVerdictRecord(ctx: Context, report: VerdictRecordReport, json: boolean): number {
  if (json) {
    ctx.io.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    return report.exit;
  }
  const meaning = VERDICT_RECORD_OUTCOMES[report.outcome].meaning;
  const write = report.exit === 2 ? err : out;
  const head = `${report.outcome}: ${report.token === null ? '' : `${report.token} — `}`;
  const v = report.recorded ?? report.verdict;
  if (report.outcome === 'verdict-invalid') {
    write(ctx, sanitize(`${head}${report.code}: ${report.message}`, { inline: true }));
  } else if (report.outcome === 'recorded' && v !== null) {
    write(ctx, `${head}${v.decision} by ${sanitize(report.reviewer, { inline: true })}: ${NEXT[v.decision]}`);
  } else {
    write(ctx, `${report.exit === 2 ? 'agent-config verdict record: ' : ''}${head}${meaning}`);
  }
  if (v !== null && report.outcome !== 'verdict-invalid') {
    const who = report.recorded?.reviewer ?? report.reviewer;
    write(
      ctx,
      sanitize(`  Verdict:      ${v.decision} · risk ${v.risk} · authorization ${v.authorization} · ${who}`, {
        inline: true,
      }),
    );
    if (v.reason !== undefined && v.reason !== null)
      write(ctx, sanitize(`  Reason:       ${v.reason}`, { inline: true }));
  }
  return report.exit;
}

/** `agent-config verdict check` and `verdict record` (SPEC §13). */
export function registerVerdict(program: Command, ctx: Context, state: CliState): void {
  const verdict = program
    .command('verdict')
    .description(
      `check a reviewer verdict strictly, or record one on a staged action (${docPage('verdicts.md')})`,
    );
  verdict
    .command('check')
    .description('parse one verdict strictly: exit 0 valid, 1 invalid (with its code), 2 could not read')
    .argument('[file]', 'the verdict JSON file, or - (the default) for stdin')
    .option('--json', 'print {valid, code, message, verdict} as JSON')
    .action(async (file: string | undefined, opts: { json?: boolean }) => {
      const { runVerdictCheck } = await import('../../commands/verdict/verdict.js');
      state.exitCode = renderVerdictCheck(ctx, await runVerdictCheck(ctx, { file }), opts.json === true);
    });
  verdict
    .command('record')
    .description(
      'record a verdict on a staged action in the evidence ledger: deny declines it, ask leaves it to a person, allow never confirms',
    )
    .argument('<token>', 'the token `stage` printed')
    .argument('[file]', 'the verdict JSON file, or - (the default) for stdin')
    .requiredOption('--reviewer <id>', 'who gave the verdict; recorded as reviewer:<id>')
    .option('--json', 'print the outcome as JSON')
    .option('--root <dir>', 'repository root (default: the current folder or the git top level)')
    .action(
      async (
        token: string,
        file: string | undefined,
        opts: { json?: boolean; reviewer: string; root?: string },
      ) => {
        const { runVerdictRecord } = await import('../../commands/verdict/verdict-record.js');
        const report = await runVerdictRecord(ctx, { token, file, reviewer: opts.reviewer, root: opts.root });
        state.exitCode = renderVerdictRecord(ctx, report, opts.json === true);
      },
    );
}
