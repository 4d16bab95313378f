import { relative, sep } from 'node:path';
import type { Command } from 'commander';
import { reportDocument, reportExit, runInboxReport, runReport } from '../../commands/report/report.js';
import type { Context } from '../../core/context.js';
import { UsageError } from '../../core/errors.js';
import { sanitize } from '../../core/text/sanitize.js';
import { err, errLines, out, printDocument } from '../output.js';
import { type Act, rootOption } from '../verb.js';

interface ReportFlags {
  out?: string;
  since?: string;
  json?: boolean;
  inbox?: boolean;
  root?: string;
}

/** What `report` ran: the history page, or `--inbox`'s page. */
type Ran =
  | { inbox: Awaited<ReturnType<typeof runInboxReport>> }
  | { result: Awaited<ReturnType<typeof runReport>> };

/** A written page's path, relative to the current folder when it is below it. */
function shownPath(ctx: Context, written: string): string {
  const shown = relative(ctx.cwd, written);
  return shown.startsWith(`..${sep}`) || shown === '..' || shown === '' ? written : shown;
}

/** `agent-config report` (SPEC §14): the page of progress over time, or its data with --json. */
export function registerReport(program: Command, ctx: Context, act: Act): void {
  const report = program
    .command('report')
    .description('write one self-contained HTML page of progress over time (agents/runtime/report.html)')
    .option('--out <file>', 'write the page here instead')
    .option('--since <date|rev>', 'start the history at a date (YYYY-MM-DD) or after a revision')
    .option('--json', 'print the data behind the page as one JSON document; write no page')
    .option('--inbox', "the inbox of this repository's working trees instead (agents/runtime/inbox.html)");
  rootOption(report).action(
    act(
      async (opts: ReportFlags): Promise<{ report: Ran; exit: number }> => {
        if (opts.json === true && opts.out !== undefined) {
          throw new UsageError(
            '--json prints the data and writes no page',
            '--out',
            'drop --out, or drop --json',
          );
        }
        if (opts.inbox === true) {
          if (opts.since !== undefined)
            throw new UsageError('--since is for the history', '--inbox', 'drop --since');
          const inbox = await runInboxReport(ctx, {
            root: opts.root,
            out: opts.out,
            json: opts.json === true,
          });
          return { report: { inbox }, exit: reportExit() };
        }
        const result = await runReport(ctx, {
          root: opts.root,
          since: opts.since,
          out: opts.out,
          json: opts.json === true,
        });
        return { report: { result }, exit: reportExit() };
      },
      async (ran) => {
        if ('inbox' in ran) {
          const { document, written } = ran.inbox;
          if (written === null) printDocument(ctx, document);
          else out(ctx, sanitize(shownPath(ctx, written), { inline: true }));
          return;
        }
        const { result } = ran;
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
          out(ctx, sanitize(shownPath(ctx, result.written), { inline: true }));
        }
        if (result.document.head === null)
          err(ctx, 'agent-config report: note: no commits yet; the history is empty');
      },
    ),
  );
}
