import type { Command } from 'commander';
import type { LeftAlone, PlannedMove, Refusal } from '../../archive/model.js';
import type { ArchiveReport } from '../../commands/archive/archive.js';
import { archiveDocument, archiveExit, runArchive } from '../../commands/archive/archive.js';
import type { Context } from '../../core/context.js';
import { personCommand } from '../../core/person-command.js';
import { sanitize } from '../../core/text/sanitize.js';
import { err, out, printDiagnostics, printDocument } from '../output.js';
import { type Act, rootOption } from '../verb.js';

const INDENT = '        ';

function refusalLines(r: Refusal): string[] {
  if (r.reason === 'deferrals') {
    return [
      `  ⚠️  ${r.file}: ${r.details.length} unresolved deferral(s) — not archived.`,
      ...r.details.map((p) => `${INDENT}· ${p}`),
    ];
  }
  if (r.reason === 'receiver-archived') {
    return [
      `  ⚠️  ${r.file}: ${r.details.length} deferred step(s) carried to a roadmap this run archives — not archived.`,
      ...r.details.map((p) => `${INDENT}· ${p}`),
    ];
  }
  if (r.reason === 'blockers') {
    return [
      `  ⚠️  ${r.file}: all steps closed but ${r.details.length} blocker(s) still open (${r.details.join(', ')}) — not archived. Resolve them, or record the decision, then re-run the sweep.`,
    ];
  }
  return [`  ⚠️  ${r.file}: ${r.details.join('; ')} — not archived.`];
}

function leftLine(l: LeftAlone): string {
  const where = l.line > 0 ? `${l.path}:${l.line}` : l.path;
  if (l.reason === 'frozen') return `${INDENT}left as recorded: ${where}`;
  if (l.reason === 'code-block') return `${INDENT}left in fenced code: ${where}`;
  return `${INDENT}left alone (${l.reason === 'symlink' ? 'symbolic link' : l.reason}): ${where}`;
}

function countRefs(report: ArchiveReport, m: PlannedMove): number {
  let n = 0;
  for (const r of report.plan.rewrites)
    for (const e of r.edits) if (e.kind !== 'rebase' && e.roadmap === m.from) n++;
  return n;
}

function moveLines(report: ArchiveReport, m: PlannedMove): string[] {
  const verb = report.dryRun ? 'Would archive' : 'Archived';
  const refs = countRefs(report, m);
  const notes = [refs > 0 ? `(${refs} ref(s) rewritten)` : '', m.tracked ? '' : '(untracked: plain rename)'];
  const head = [`  ✅  ${verb}: ${m.from} → ${m.to}`, ...notes.filter((s) => s !== '')].join('  ');
  const left = report.plan.leftAlone.filter((l) => l.cites === m.from).map(leftLine);
  return [head, ...left];
}

function editLines(report: ArchiveReport): string[] {
  const lines: string[] = [];
  for (const r of report.plan.rewrites) {
    const moved = r.writePath !== r.path ? ` (moves to ${r.writePath})` : '';
    lines.push(`  ✏️  ${r.path}${moved}`);
    for (const e of r.edits) lines.push(`${INDENT}${e.line}:${e.column}  ${e.before} → ${e.after}`);
  }
  return lines;
}

function warningLines(report: ArchiveReport): string[] {
  const lines: string[] = [];
  if (report.pendingJournal !== null) {
    lines.push(
      `  ⚠️  an interrupted archive run is waiting (${report.pendingJournal}); run \`${personCommand('archive')}\` to complete it. Its plan follows.`,
    );
  }
  if (report.plan.baseProblem !== null) {
    lines.push(
      `  ⚠️  ${report.plan.baseProblem} — skipping the changed-only archival sweep, nothing archived (run with --all to archive every finished roadmap, or pass --base REV).`,
    );
  }
  for (const r of report.plan.refusals) lines.push(...refusalLines(r));
  if (report.dirty.length > 0 && report.dryRun) {
    const list = report.dirty.join(', ');
    lines.push(`  ⚠️  uncommitted changes (${list}): a real run refuses them unless --allow-dirty.`);
  }
  const unstaged = report.applied ? report.plan.rewrites.filter((r) => report.dirty.includes(r.path)) : [];
  if (unstaged.length > 0) {
    const list = unstaged.map((r) => r.writePath).join(', ');
    lines.push(`  ⚠️  rewritten but not staged, because they held uncommitted changes of yours: ${list}`);
  }
  return lines;
}

/** Renders an archive report as text (SPEC §5); every path and message is sanitized. */
export function renderArchiveReport(ctx: Context, report: ArchiveReport): void {
  printDiagnostics(ctx, report.warnings);
  for (const line of warningLines(report)) err(ctx, sanitize(line));
  if (report.resumed) out(ctx, '  ℹ️  Completed an interrupted archive run.');
  if (report.plan.moves.length === 0) {
    out(ctx, '  ℹ️  No completed roadmaps to archive.');
    return;
  }
  for (const m of report.plan.moves) for (const line of moveLines(report, m)) out(ctx, sanitize(line));
  const unattributed = report.plan.leftAlone.filter((l) => l.cites === '');
  for (const l of unattributed) out(ctx, sanitize(leftLine(l)));
  if (report.dryRun) {
    for (const line of editLines(report)) out(ctx, sanitize(line));
    out(
      ctx,
      `  ${report.plan.rewrites.length} file(s) would be rewritten; the dashboard would be regenerated.`,
    );
  } else {
    out(
      ctx,
      `  ${report.plan.rewrites.length} file(s) rewritten, ${report.staged.length} path(s) staged; ${sanitize(report.plan.dashboard)} regenerated.`,
    );
  }
}

interface ArchiveFlags {
  all?: boolean;
  base: string;
  dryRun?: boolean;
  json?: boolean;
  allowDirty?: boolean;
  root?: string;
}

/** `agent-config archive` (alias `roadmap:archive`). */
export function registerArchive(program: Command, ctx: Context, act: Act): void {
  const archive = program
    .command('archive')
    .alias('roadmap:archive')
    .description('move finished roadmaps into agents/roadmaps/archive/ and rewrite every reference to them')
    .option('--all', 'archive every finished roadmap, not only those touched on this branch')
    .option('--base <rev>', 'the branch point for the default scope', 'origin/main')
    .option('--dry-run', 'print the plan and change nothing')
    .option('--json', 'print the plan (or the result) as one JSON document')
    .option('--allow-dirty', 'run even with uncommitted changes (files holding them are not staged)');
  rootOption(archive).action(
    act(
      async (opts: ArchiveFlags) => {
        const report = await runArchive(ctx, {
          root: opts.root,
          all: opts.all === true,
          base: opts.base,
          dryRun: opts.dryRun === true,
          allowDirty: opts.allowDirty === true,
        });
        return { report, exit: archiveExit() };
      },
      async (report, opts) => {
        if (!opts.json) return renderArchiveReport(ctx, report);
        printDocument(ctx, archiveDocument(report));
      },
    ),
  );
}
