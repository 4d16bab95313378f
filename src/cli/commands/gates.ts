import type { Command } from 'commander';
import type { GatesReport } from '../../commands/gates/gates.js';
import type { Context } from '../../core/context.js';
import { EXIT_OK } from '../../core/errors.js';
import { sanitize } from '../../core/text/sanitize.js';
import type { GatesView, HiddenCharacters } from '../../render/gates.js';
import { err, printDiagnostics } from '../output.js';
import type { CliState } from '../state.js';

interface GatesFlags {
  all?: boolean;
  json?: boolean;
  reply?: boolean;
  pending?: boolean;
  root?: string;
}

function describeHidden(h: HiddenCharacters): string {
  const escaped = h.warnings.filter((w) => w.kind !== 'mixed-script');
  const mixed = h.warnings.find((w) => w.kind === 'mixed-script');
  const parts: string[] = [];
  if (escaped.length > 0) {
    const kinds = escaped.map((w) => `${w.count} ${w.kind} character(s)`).join(', ');
    parts.push(`${kinds}, shown escaped as \\xNN or \\u{NNNN}`);
  }
  if (mixed !== undefined) {
    parts.push(`${mixed.count} word(s) mixing letters of two scripts (a Cyrillic а in a Latin word?)`);
  }
  return `agent-config gates: warning: ${sanitize(h.file, { inline: true })} holds ${parts.join('; ')} — check the file`;
}

/** Prints a gates report in the chosen view; always exit 0 (a visibility aid, not a gate). */
export async function renderGatesReport(ctx: Context, report: GatesReport, view: GatesView, all: boolean) {
  const render = await import('../../render/gates.js');
  printDiagnostics(ctx, report.warnings);
  for (const p of report.problems) {
    err(
      ctx,
      sanitize(`agent-config gates: warning: ${p.file} ${p.message} — ${p.fix}; its blockers are not shown`, {
        inline: true,
      }),
    );
  }
  const { pending } = report;
  const window = report.window ?? null;
  const { warnAboutRecords } = await import('./staging.js');
  warnAboutRecords(ctx, pending);
  // Live stages join the views; without them every view is upstream's, byte for byte.
  const stages = pending.rows.filter((r) => r.status === 'pending');
  const quiet = stages.length === 0;

  if (view === 'json') {
    ctx.io.stdout.write(render.renderGatesJsonOutput(report, all));
    return EXIT_OK;
  }
  // An open gate window comes first: while it is open, guarded commands pass without a question.
  if (window !== null)
    ctx.io.stdout.write(
      `${(await import('../../render/window.js')).windowLine(window)}\n${view === 'text' ? '\n' : ''}`,
    );
  if (!report.hasRoadmaps && quiet) {
    ctx.io.stdout.write(render.renderNoRoadmaps(view));
    return EXIT_OK;
  }
  const shown =
    view === 'reply'
      ? render.renderGatesReply(report.entries, stages.length)
      : render.renderGatesText(report.entries, { all, stages });
  ctx.io.stdout.write(shown.text);
  for (const h of shown.hidden) err(ctx, describeHidden(h));
  // Where a person's decision waits (or a window is open) and nobody signs, say what that proves.
  if (view === 'text' && report.signersListed === false && (!quiet || window !== null))
    err(ctx, (await import('../../render/unsigned.js')).unsignedNotice());
  return EXIT_OK;
}

/** `agent-config gates`: the open decisions that wait on a person (SPEC §4). */
export function registerGates(program: Command, ctx: Context, state: CliState): void {
  program
    .command('gates')
    .description(
      'list the open decisions and staged actions that wait on you (every open blocker with --all)',
    )
    .option('--all', 'show every open blocker, whoever owns it')
    .option('--json', 'print one JSON document (raw values, for tools)')
    .option('--reply', 'the end-of-reply form: the first decision in full, or nothing at all')
    .option('--pending', 'list staged actions awaiting your confirmation (with --json: as JSON)')
    .option('--root <dir>', 'repository root (default: the current folder or the git top level)')
    .action(async (opts: GatesFlags) => {
      // As upstream, --pending is answered before anything looks for the roadmap folder.
      if (opts.pending) {
        const { showPending } = await import('./staging.js');
        await showPending(ctx, state, { root: opts.root, json: opts.json === true });
        return;
      }
      // Upstream's precedence: --reply beats --json, which beats the text views.
      const view: GatesView = opts.reply ? 'reply' : opts.json ? 'json' : 'text';
      const { runGates } = await import('../../commands/gates/gates.js');
      const report = await runGates(ctx, { root: opts.root, verdicts: view === 'json' });
      state.exitCode = await renderGatesReport(ctx, report, view, opts.all === true);
    });
}
