import type { Command } from 'commander';
import type { ProgressReport } from '../../commands/progress/progress.js';
import { progressDocument, progressExit, runProgress } from '../../commands/progress/progress.js';
import type { Context } from '../../core/context.js';
import { personCommand } from '../../core/person-command.js';
import { sanitize } from '../../core/text/sanitize.js';
import type { GeneratorForm, StaleDetail } from '../../render/dashboard-diff.js';
import { err, errLines, out, printDiagnostics, printDocument } from '../output.js';
import { type Act, rootOption } from '../verb.js';

function prList(prs: number[]): string {
  return prs.length > 0 ? prs.map((p) => `#${p}`).join(', ') : 'PR unknown';
}

function printMergeGated(ctx: Context, report: ProgressReport): void {
  if (report.mergeGated.length === 0) return;
  err(
    ctx,
    `⏳  Merge-gated roadmaps (every open item gated on a PR) — flip the boxes and run \`${personCommand('archive --all')}\` the moment the gating PR merges:`,
  );
  errLines(
    ctx,
    report.mergeGated.map((m) =>
      sanitize(`      - ${m.rel}  (${m.done}/${m.active} done · ${m.gated} merge-gated · ${prList(m.prs)})`),
    ),
  );
}

/** How the hint names each of the generator's forms (`lines` for `prose`: the file's prose lines). */
function formWords(form: GeneratorForm, lines: number[]): string {
  switch (form) {
    case 'prose':
      if (lines.length === 0) return 'the prose';
      return `the prose on line${lines.length === 1 ? '' : 's'} ${lines.join(', ')}`;
    case 'later-link':
      return 'the `later/` link';
    case 'active-tree':
      return 'the words `in the active tree`';
    case 'blocker-column':
      return 'the `Blocker` column';
    case 'blockers':
      return 'the blockers (its generator shows none)';
    case 'banners':
      return 'the banner sections (its generator writes none)';
    case 'parked':
      return 'the Parked section (its generator writes none)';
    case 'parked-blockers-column':
      return "the Parked table's `Open blockers` column";
    case 'ref-ignore':
      return 'the `<!-- ref-ignore -->` markers';
    case 'ticket-bundles':
      return 'the Ticket bundles section (not written here)';
    case 'spacing':
      return 'blank lines and rules';
  }
}

/** Where a stale dashboard first differs; the hint when only another generator's form differs. */
function staleLines(at: StaleDetail): string[] {
  const shown = (line: string | null) => (line === null ? '(end of file)' : sanitize(line, { inline: true }));
  const lines = [
    `      first difference at line ${at.line}, column ${at.column}:`,
    `        expected: ${shown(at.expected)}`,
    `        found:    ${shown(at.found)}`,
  ];
  if (at.generatorOnly) {
    const forms = at.forms.map((f) => formWords(f, at.proseLines)).join(', ');
    lines.push(
      `      Only the generator's own form differs (${forms}): another generator wrote this file (upstream's update_roadmap_progress?). Every roadmap, number and bar it shows already agrees — one \`${personCommand('progress')}\` fixes it.`,
    );
  }
  return lines;
}

/** Renders a progress report as text (SPEC §3). */
export function renderProgressReport(ctx: Context, report: ProgressReport): void {
  printDiagnostics(ctx, report.warnings);
  const dash = report.dashboard;
  if (!report.hasRoadmaps) {
    if (report.mode === 'write')
      out(ctx, `ℹ️  No roadmaps directory at ${sanitize(report.root)} — nothing to do.`);
    return;
  }
  if (report.mode === 'write') {
    out(
      ctx,
      `✅  Wrote ${dash} · ${report.roadmapCount} roadmap(s) · ${report.stepsDone}/${report.stepsActive} steps done.`,
    );
    if (report.completed.length > 0) {
      err(ctx, `⚠️   Completed roadmaps not yet archived — run \`${personCommand('archive --all')}\`:`);
      errLines(
        ctx,
        report.completed.map((c) => sanitize(`      - ${c.rel}`)),
      );
    }
    if (report.ironLaw3.length > 0) {
      err(
        ctx,
        '⚠️   Iron Law 3 — roadmaps with unresolved `[~]` deferred items. Resolve each deferral before archiving:',
      );
      errLines(
        ctx,
        report.ironLaw3.map((r) => sanitize(`      - ${r.rel}  (${r.deferred} deferred)`)),
      );
    }
    printMergeGated(ctx, report);
    return;
  }
  let failed = false;
  if (report.missing) {
    err(ctx, `❌  ${dash} is missing. Run \`${personCommand('progress')}\` to create it, then commit it.`);
    failed = true;
  } else if (report.stale) {
    err(ctx, `❌  ${dash} is stale. Run \`${personCommand('progress')}\` to regenerate it, then commit it.`);
    if (report.staleAt !== null) errLines(ctx, staleLines(report.staleAt));
    failed = true;
  }
  if (report.completed.length > 0) {
    err(
      ctx,
      `❌  Completed roadmaps are still in the active tree — run \`${personCommand('archive --all')}\` to move them to archive/:`,
    );
    errLines(
      ctx,
      report.completed.map((c) => sanitize(`      - ${c.rel}  (${c.done}/${c.active} done)`)),
    );
    failed = true;
  }
  if (report.ironLaw3.length > 0) {
    err(
      ctx,
      '❌  Iron Law 3 — roadmaps with no open step but unresolved `[~]` deferred items; resolve each deferral (carry it, merge it, restore it or cancel it):',
    );
    errLines(
      ctx,
      report.ironLaw3.flatMap((r) => [
        sanitize(`      - ${r.rel}  (${r.done}/${r.active} done · ${r.deferred} deferred)`),
        ...r.problems.map((p) => sanitize(`          · ${p}`)),
      ]),
    );
    failed = true;
  }
  printMergeGated(ctx, report);
  if (!failed) out(ctx, `✅  ${dash} is up to date.`);
}

/** `agent-config progress` (aliases `roadmap:progress`; `roadmap:progress-check` implies --check). */
export function registerProgress(program: Command, ctx: Context, act: Act): void {
  const action = (forceCheck: boolean) =>
    act(
      async (opts: { root?: string; check?: boolean; json?: boolean }) => {
        const report = await runProgress(ctx, { root: opts.root, check: forceCheck || opts.check === true });
        return { report, exit: progressExit(report) };
      },
      async (report, opts) => {
        if (opts.json !== true) return renderProgressReport(ctx, report);
        printDocument(ctx, progressDocument(report));
      },
    );
  const json = 'print one JSON document (the counts and findings, for tools) instead of the text';
  const progress = program
    .command('progress')
    .alias('roadmap:progress')
    .description('write the roadmap dashboard (agents/roadmaps-progress.md), or check it with --check')
    .option(
      '--check',
      'never write; exit 1 when the dashboard is stale or missing, or a roadmap should be archived',
    )
    .option('--json', json);
  rootOption(progress).action(action(false));
  const check = program
    .command('roadmap:progress-check')
    .description('same as `progress --check`')
    .option('--json', json);
  rootOption(check).action(action(true));
}
