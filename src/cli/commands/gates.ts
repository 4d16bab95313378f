import type { Command } from 'commander';
import type { GatesReport } from '../../commands/gates/gates.js';
import { gatesDocument, gatesDocumentCompact, gatesExit, runGates } from '../../commands/gates/gates.js';
import type { Context } from '../../core/context.js';
import { sanitize } from '../../core/text/sanitize.js';
import type { GatesView, HiddenCharacters } from '../../render/gates.js';
import * as render from '../../render/gates.js';
import { unsignedNotice } from '../../render/unsigned.js';
import { windowLine } from '../../render/window.js';
import { err, printDiagnostics, printDocument } from '../output.js';
import { type Act, rootOption } from '../verb.js';
import { showPending, warnAboutRecords } from './staging.js';

interface GatesFlags {
  all?: boolean;
  json?: boolean;
  reply?: boolean;
  pending?: boolean;
  root?: string;
}

/** Upstream's precedence: --reply beats --json, which beats the text views. */
function view(opts: GatesFlags): GatesView | 'json' {
  return opts.reply ? 'reply' : opts.json ? 'json' : 'text';
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

/** Prints a gates report in the chosen view (the JSON document for `json`). */
export async function renderGatesReport(
  ctx: Context,
  report: GatesReport,
  view: GatesView | 'json',
  all: boolean,
): Promise<void> {
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
  warnAboutRecords(ctx, pending);
  // Live stages join the views; without them every view is upstream's, byte for byte.
  const stages = pending.rows.filter((r) => r.status === 'pending');
  const plans = report.plans ?? [];
  const quiet = stages.length === 0 && plans.length === 0;

  if (view === 'json') {
    printDocument(ctx, gatesDocument(report, all), gatesDocumentCompact(report));
    return;
  }
  // An open gate window comes first: while it is open, guarded commands pass without a question.
  if (window !== null) ctx.io.stdout.write(`${windowLine(window)}\n${view === 'text' ? '\n' : ''}`);
  if (!report.hasRoadmaps && quiet) {
    ctx.io.stdout.write(render.renderNoRoadmaps(view));
    return;
  }
  const shown =
    view === 'reply'
      ? render.renderGatesReply(report.entries, stages.length, plans)
      : render.renderGatesText(report.entries, { all, stages, plans });
  ctx.io.stdout.write(shown.text);
  for (const h of shown.hidden) err(ctx, describeHidden(h));
  // Where a person's decision waits (or a window is open) and nobody signs, say what that proves.
  if (view === 'text' && report.signersListed === false && (!quiet || window !== null))
    err(ctx, unsignedNotice());
}

/** `agent-config gates`: the open decisions that wait on a person (SPEC §4). */
export function registerGates(program: Command, ctx: Context, act: Act): void {
  const gates = act(
    async (opts: GatesFlags) => {
      // Only the JSON document shows the verdicts of staged actions: the views skip that ledger read.
      const report = await runGates(ctx, { root: opts.root, verdicts: view(opts) === 'json' });
      return { report, exit: gatesExit() };
    },
    (report, opts) => renderGatesReport(ctx, report, view(opts), opts.all === true),
  );
  const command = program
    .command('gates')
    .description(
      'list the open decisions and staged actions that wait on you (every open blocker with --all)',
    )
    .option('--all', 'show every open blocker, whoever owns it')
    .option('--json', 'print one JSON document (raw values, for tools)')
    .option('--reply', 'the end-of-reply form: the first decision in full, or nothing at all')
    .option('--pending', 'list staged actions awaiting your confirmation (with --json: as JSON)');
  rootOption(command).action(async (opts: GatesFlags) => {
    // As upstream, --pending is answered before anything looks for the roadmap folder.
    if (!opts.pending) return gates(opts);
    return showPending(ctx, act)({ root: opts.root, json: opts.json === true });
  });
}
