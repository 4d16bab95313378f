import type { Command } from 'commander';
import type { VerdictCheckReport } from '../../commands/verdict/verdict.js';
import { runVerdictCheck, verdictCheckDocument, verdictCheckExit } from '../../commands/verdict/verdict.js';
import type { VerdictRecordReport } from '../../commands/verdict/verdict-record.js';
import {
  runVerdictRecord,
  verdictRecordDocument,
  verdictRecordExit,
} from '../../commands/verdict/verdict-record.js';
import type { Context } from '../../core/context.js';
import { docPage } from '../../core/doc-page.js';
import { personCommand } from '../../core/person-command.js';
import { sanitize } from '../../core/text/sanitize.js';
import { VERDICT_RECORD_OUTCOMES } from '../../verdict/recorded.js';
import { err, out, printDocument } from '../output.js';
import { type Act, rootOption } from '../verb.js';

/** Prints a check as text. */
export function renderVerdictCheck(ctx: Context, report: VerdictCheckReport): void {
  const c = report.check;
  if (c.valid) {
    const v = c.verdict;
    out(ctx, `valid: risk ${v.risk}, authorization ${v.authorization}, decision ${v.decision}`);
    if (v.reason !== undefined) out(ctx, sanitize(`  reason: ${v.reason}`, { inline: true }));
  } else {
    out(ctx, sanitize(`${c.code}: ${report.input}:${c.line}:${c.column}: ${c.message}`, { inline: true }));
  }
}

const NEXT: Record<string, string> = {
  deny: 'the stage is declined; a claim answers with this reason',
  ask: `it waits for a person (${personCommand('gates --pending')} shows the verdict)`,
  allow: 'recorded; it still waits for a person to confirm — a verdict never confirms',
};

/** Prints what `verdict record` did as text. */
export function renderVerdictRecord(ctx: Context, report: VerdictRecordReport): void {
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
}

/** `agent-config verdict check` and `verdict record` (SPEC §13). */
export function registerVerdict(program: Command, ctx: Context, act: Act): void {
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
    .action(
      act(
        async (file: string | undefined, _opts: { json?: boolean }) => {
          const report = await runVerdictCheck(ctx, { file });
          return { report, exit: verdictCheckExit(report) };
        },
        async (report, _file, opts) => {
          if (opts.json !== true) return renderVerdictCheck(ctx, report);
          printDocument(ctx, verdictCheckDocument(report));
        },
      ),
    );
  const record = verdict
    .command('record')
    .description(
      'record a verdict on a staged action in the evidence ledger: deny declines it, ask leaves it to a person, allow never confirms',
    )
    .argument('<token>', 'the token `stage` printed')
    .argument('[file]', 'the verdict JSON file, or - (the default) for stdin')
    .requiredOption('--reviewer <id>', 'who gave the verdict; recorded as reviewer:<id>')
    .option('--json', 'print the outcome as JSON');
  rootOption(record).action(
    act(
      async (
        token: string,
        file: string | undefined,
        opts: { json?: boolean; reviewer: string; root?: string },
      ) => {
        const report = await runVerdictRecord(ctx, { token, file, reviewer: opts.reviewer, root: opts.root });
        return { report, exit: verdictRecordExit(report) };
      },
      async (report, _token, _file, opts) => {
        if (opts.json !== true) return renderVerdictRecord(ctx, report);
        printDocument(ctx, verdictRecordDocument(report));
      },
    ),
  );
}
