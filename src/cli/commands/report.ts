import { relative, sep } from 'node:path';
import type { Command } from 'commander';
import { reportDocument, reportExit, runReport } from '../../commands/report/report.js';
import type { Context } from '../../core/context.js';
import { UsageError } from '../../core/errors.js';
import { sanitize } from '../../core/text/sanitize.js';
import { err, errLines, out, printDocument } from '../output.js';
import { type Act, rootOption } from '../verb.js';

interface ReportFlags {
  out?: string;
  since?: string;
  json?: boolean;
  root?: string;
}

/** `agent-config report` (SPEC §14): the page of progress over time, or its data with --json. */
export function registerReport(program: Command, ctx: Context, act: Act): void {
  const report = program
    .command('report')
    .description('write one self-contained HTML page of progress over time (agents/runtime/report.html)')
    .option('--out <file>', 'write the page here instead')
    .option('--since <date|rev>', 'start the history at a date (YYYY-MM-DD) or after a revision')
    .option('--json', 'print the data behind the page as one JSON document; write no page');
  rootOption(report).action(
    act(
      async (opts: ReportFlags) => {
        if (opts.json === true && opts.out !== undefined) {
          throw new UsageError(
            '--json prints the data and writes no page',
            '--out',
            'drop --out, or drop --json',
          );
        }
        const result = await runReport(ctx, {
          root: opts.root,
          since: opts.since,
          out: opts.out,
          json: opts.json === true,
        });
        return { report: result, exit: reportExit() };
      },
      async (result) => {
        errLines(
          ctx,
          result.document.roadmaps.flatMap((r) =>
            r.problems.map((p) =>
              sanitize(
                `agent-config report: warning: ${p.path} at ${p.commit.slice(0, 12)} ${p.problem}; counted as no steps`,
                {
                  inline: true,
                },
              ),
            ),
          ),
        );
        if (result.written === null) {
          printDocument(ctx, reportDocument(result));
        } else {
          const shown = relative(ctx.cwd, result.written);
          const path =
            shown.startsWith(`..${sep}`) || shown === '..' || shown === '' ? result.written : shown;
          out(ctx, sanitize(path, { inline: true }));
        }
        if (result.document.head === null)
          err(ctx, 'agent-config report: note: no commits yet; the history is empty');
      },
    ),
  );
}
