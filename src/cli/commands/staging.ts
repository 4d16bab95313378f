import type { Command } from 'commander';
import type { PendingReport } from '../../commands/staging/pending.js';
import type { StageReport } from '../../commands/staging/stage.js';
import type { StagingReport } from '../../commands/staging/staging-shared.js';
import type { Context } from '../../core/context.js';
import { EXIT_OK } from '../../core/errors.js';
import { sanitize } from '../../core/text/sanitize.js';
import { confirmationSurface, exactValue } from '../../render/pending.js';
import { renderStagingJson } from '../../render/staging-json.js';
import { OUTCOMES } from '../../staging/outcomes.js';
import { err, out } from '../output.js';
import type { CliState } from '../state.js';

const ROOT_HELP = 'repository root (default: the current folder or the git top level)';
const SIGNING_KEY_HELP =
  "the key that signs a person's decision when signers are registered (default: $AGENT_CONFIG_SIGNING_KEY, else git user.signingkey)";

function detailLines(report: StagingReport): string[] {
  const r = report.record;
  const lines: string[] = [];
  if (report.problem !== null)
    lines.push(`  ${sanitize(report.file ?? '', { inline: true })}: ${sanitize(report.problem)}`);
  if (report.outcome === 'tampered' && report.file !== null)
    lines.push(`  ${sanitize(report.file, { inline: true })}`);
  if (r === null) return lines;
  if (report.outcome === 'execute' || report.outcome === 'confirmed') {
    lines.push(`  Action:       ${exactValue(r.action)}`, `  Object:       ${exactValue(r.object)}`);
  }
  if (r.decided_by !== null && r.state !== 'pending') {
    lines.push(`  Decided by:   ${exactValue(r.decided_by)} at ${exactValue(r.resolved_at ?? '?')}`);
  }
  if (r.reason !== null) lines.push(`  Reason:       ${exactValue(r.reason)}`);
  return lines;
}

/** Prints a staging outcome (text or JSON) and returns its exit code. */
export function renderStagingReport(ctx: Context, report: StagingReport, json: boolean): number {
  if (json) {
    ctx.io.stdout.write(renderStagingJson(report));
    return report.exit;
  }
  const meaning = OUTCOMES[report.verb].find((o) => o.code === report.outcome)?.meaning ?? '';
  const head = `${report.outcome}: ${report.token === null ? '' : `${report.token} — `}${meaning}`;
  // Could-not-run outcomes are errors (stderr); every other outcome is the verb's result.
  const write = report.exit === 2 ? err : out;
  write(ctx, report.exit === 2 ? `agent-config ${report.verb}: ${head}` : head);
  for (const line of detailLines(report)) write(ctx, line);
  return report.exit;
}

function renderStage(ctx: Context, report: StageReport, json: boolean): number {
  if (json) return renderStagingReport(ctx, report, true);
  // stdout is the token alone, so `token=$(agent-config stage …)` works; the rest is for people.
  out(ctx, report.record.token);
  if (report.outcome === 'already-staged')
    err(ctx, 'A live stage of this action and object exists; reusing it.');
  const surface = confirmationSurface({ ...report.record, expiresAt: report.expiresAt });
  for (const line of surface) err(ctx, line);
  return report.exit;
}

function registerStage(program: Command, ctx: Context, state: CliState): void {
  program
    .command('stage')
    .description('stage an irreversible action until a person confirms it; prints its token')
    .option('--action <action>', 'what will be done (e.g. delete-branch)')
    .option('--object <object>', 'the exact target it will be done to')
    .option('--source <source>', 'who stages it (an agent, a hook)')
    .option('--ttl <duration>', 'how long it may wait, e.g. 15m (default: staging.ttl, 15m)')
    .option('--input <file>', 'read {action, object, source, ttl?} as JSON from FILE, or - for stdin')
    .option('--json', 'print the outcome and the record as JSON')
    .option('--root <dir>', ROOT_HELP)
    .action(async (opts) => {
      const { runStage } = await import('../../commands/staging/stage.js');
      const { SuppliedKeyError } = await import('../../commands/staging/stage-input.js');
      const { outcomeReport } = await import('../../commands/staging/staging-shared.js');
      try {
        state.exitCode = renderStage(ctx, await runStage(ctx, opts), opts.json === true);
      } catch (error) {
        if (!(error instanceof SuppliedKeyError)) throw error;
        // A refusal with a frozen code: the outcome report, so `--json` callers get one document.
        const problem = `${error.where}: ${error.reason}`;
        const report = { ...outcomeReport('stage', 'supplied-key-refused', null), problem };
        state.exitCode = renderStagingReport(ctx, report, opts.json === true);
      }
    });
}

function registerDecisions(program: Command, ctx: Context, state: CliState): void {
  program
    .command('confirm')
    .description(
      'confirm a staged action as a person at a terminal (asks for the last four characters of the token)',
    )
    .argument('<token>', 'the token `stage` printed')
    .option('--as <human>', 'who decides, `human:<name>` (default: $AGENT_CONFIG_HUMAN)')
    .option('--key <file>', SIGNING_KEY_HELP)
    .option('--json', 'refused: a confirmation is never made by a program')
    .option('--root <dir>', ROOT_HELP)
    .action(async (token: string, opts) => {
      const { runConfirm } = await import('../../commands/staging/confirm.js');
      const report = await runConfirm(ctx, { ...opts, token });
      state.exitCode = renderStagingReport(ctx, report, opts.json === true);
    });
  program
    .command('decline')
    .description('decline a staged action for good; the reason is kept for the agent')
    .argument('<token>', 'the token `stage` printed')
    .option('--reason <text>', 'why, for the agent that staged it')
    .option('--as <who>', 'who declines (default: $AGENT_CONFIG_HUMAN)')
    .option('--key <file>', SIGNING_KEY_HELP)
    .option('--json', 'print the outcome and the record as JSON')
    .option('--root <dir>', ROOT_HELP)
    .action(async (token: string, opts) => {
      const { runDecline } = await import('../../commands/staging/decline.js');
      const report = await runDecline(ctx, { ...opts, token });
      state.exitCode = renderStagingReport(ctx, report, opts.json === true);
    });
  program
    .command('claim')
    .description('claim a confirmed stage: exit 0 means execute now, and is answered to exactly one caller')
    .argument('[token]', 'the token `stage` printed')
    .option('--action <action>', 'claim by action and object instead of by token')
    .option('--object <object>', 'claim by action and object instead of by token')
    .option('--json', 'print the outcome and the record as confirmed, as JSON')
    .option('--root <dir>', ROOT_HELP)
    .action(async (token: string | undefined, opts) => {
      const { runClaim } = await import('../../commands/staging/claim.js');
      const report = await runClaim(ctx, { ...opts, token });
      state.exitCode = renderStagingReport(ctx, report, opts.json === true);
    });
}

function registerListing(program: Command, ctx: Context, state: CliState): void {
  program
    .command('pending')
    .description('staged actions awaiting confirmation (same as `gates --pending`)')
    .option('--json', 'print them as JSON')
    .option('--root <dir>', ROOT_HELP)
    .action((opts) => showPending(ctx, state, { root: opts.root, json: opts.json === true }));
  program
    .command('prune')
    .description('move expired stages from pending/ to resolved/')
    .option('--json', 'print the moved files as JSON')
    .option('--root <dir>', ROOT_HELP)
    .action(async (opts) => {
      const { runPrune } = await import('../../commands/staging/pending.js');
      const report = await runPrune(ctx, { root: opts.root });
      if (opts.json === true) ctx.io.stdout.write(`${JSON.stringify({ moved: report.moved }, null, 2)}\n`);
      else {
        out(
          ctx,
          `Moved ${report.moved.length} expired stage${report.moved.length === 1 ? '' : 's'} to resolved/.`,
        );
        for (const file of report.moved) out(ctx, `  ${sanitize(file, { inline: true })}`);
      }
      state.exitCode = EXIT_OK;
    });
}

/** `stage`, `confirm`, `decline`, `claim`, `pending` and `prune` (SPEC §7). */
export function registerStaging(program: Command, ctx: Context, state: CliState): void {
  registerStage(program, ctx, state);
  registerDecisions(program, ctx, state);
  registerListing(program, ctx, state);
}

/**
 * The pending view shared by `agent-config pending` and `agent-config gates --pending`: loads the
 * store, prints the text or JSON view, and exits 0 whenever it could read the store (a
 * visibility aid, not a gate). Unreadable and tampered records are named on stderr.
 */
export async function showPending(
  ctx: Context,
  state: CliState,
  opts: { root?: string; json?: boolean },
): Promise<void> {
  const { runPending } = await import('../../commands/staging/pending.js');
  const { renderPendingJson, renderPendingText } = await import('../../render/pending.js');
  const report = await runPending(ctx, { root: opts.root });
  warnAboutRecords(ctx, report);
  ctx.io.stdout.write(
    opts.json ? renderPendingJson(report.rows, report.unreadable) : renderPendingText(report.rows),
  );
  state.exitCode = EXIT_OK;
}

/** Names on stderr the stage records that could not be read or were tampered with. */
export function warnAboutRecords(ctx: Context, report: Pick<PendingReport, 'unreadable' | 'tampered'>): void {
  for (const u of report.unreadable) {
    err(ctx, sanitize(`${u.file}: unreadable stage record (${u.problem}); left in place, never executed`));
  }
  for (const file of report.tampered) {
    err(
      ctx,
      sanitize(
        `${file}: tampered (action, object or nonce no longer hash to its token, or its decider does not fit its decision); it never executes`,
      ),
    );
  }
}
