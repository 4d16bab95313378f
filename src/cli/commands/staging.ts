import type { Command } from 'commander';
import { runClaim } from '../../commands/staging/claim.js';
import { runConfirm } from '../../commands/staging/confirm.js';
import { runDecline } from '../../commands/staging/decline.js';
import type { PendingReport } from '../../commands/staging/pending.js';
import {
  pendingDocument,
  pendingExit,
  pruneDocument,
  runPending,
  runPrune,
} from '../../commands/staging/pending.js';
import type { StageOptions, StageReport } from '../../commands/staging/stage.js';
import { runStage } from '../../commands/staging/stage.js';
import { SuppliedKeyError } from '../../commands/staging/stage-input.js';
import type { StagingReport } from '../../commands/staging/staging-shared.js';
import { outcomeReport, stagingDocument, stagingExit } from '../../commands/staging/staging-shared.js';
import type { Context } from '../../core/context.js';
import { sanitize } from '../../core/text/sanitize.js';
import { confirmationSurface, exactValue, renderPendingText } from '../../render/pending.js';
import { OUTCOMES } from '../../staging/outcomes.js';
import { err, out, printDocument } from '../output.js';
import { type Act, rootOption } from '../verb.js';

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

/** Prints a staging outcome as text. */
export function renderStagingReport(ctx: Context, report: StagingReport): void {
  const meaning = OUTCOMES[report.verb][report.outcome]?.meaning ?? '';
  const head = `${report.outcome}: ${report.token === null ? '' : `${report.token} — `}${meaning}`;
  // Could-not-run outcomes are errors (stderr); every other outcome is the verb's result.
  const write = report.exit === 2 ? err : out;
  write(ctx, report.exit === 2 ? `agent-config ${report.verb}: ${head}` : head);
  for (const line of detailLines(report)) write(ctx, line);
}

/** Prints a staging outcome: its `--json` document, or the text. */
async function printStaging(ctx: Context, report: StagingReport, json: boolean): Promise<void> {
  if (!json) return renderStagingReport(ctx, report);
  printDocument(ctx, stagingDocument(report));
}

function renderStage(ctx: Context, report: StageReport): void {
  // stdout is the token alone, so `token=$(agent-config stage …)` works; the rest is for people.
  out(ctx, report.record.token);
  if (report.outcome === 'already-staged')
    err(ctx, 'A live stage of this action and object exists; reusing it.');
  const surface = confirmationSurface({ ...report.record, expiresAt: report.expiresAt });
  for (const line of surface) err(ctx, line);
}

/** The flags of `confirm`, `decline` and `claim`, passed on to the verb as they are. */
type DecisionFlags = { json?: boolean; root?: string } & Record<string, string | boolean | undefined>;

/** A decision verb's action: run, its exit code from its outcome, then the outcome printed. */
function decisionAction<Token extends string | undefined>(
  ctx: Context,
  act: Act,
  run: (token: Token, opts: DecisionFlags) => Promise<StagingReport>,
) {
  return act(
    async (token: Token, opts: DecisionFlags) => {
      const report = await run(token, opts);
      return { report, exit: stagingExit(report) };
    },
    (report, _token, opts) => printStaging(ctx, report, opts.json === true),
  );
}

function registerStage(program: Command, ctx: Context, act: Act): void {
  const stage = program
    .command('stage')
    .description('stage an irreversible action until a person confirms it; prints its token')
    .option('--action <action>', 'what will be done (e.g. delete-branch)')
    .option('--object <object>', 'the exact target it will be done to')
    .option('--source <source>', 'who stages it (an agent, a hook)')
    .option('--ttl <duration>', 'how long it may wait, e.g. 15m (default: staging.ttl, 15m)')
    .option('--input <file>', 'read {action, object, source, ttl?} as JSON from FILE, or - for stdin')
    .option('--json', 'print the outcome and the record as JSON');
  rootOption(stage).action(
    act(
      async (opts: StageOptions & { json?: boolean }) => {
        let report: StagingReport | StageReport;
        try {
          report = await runStage(ctx, opts);
        } catch (error) {
          if (!(error instanceof SuppliedKeyError)) throw error;
          // A refusal with a frozen code: the outcome report, so `--json` callers get one document.
          const problem = `${error.where}: ${error.reason}`;
          report = { ...outcomeReport('stage', 'supplied-key-refused', null), problem };
        }
        return { report, exit: stagingExit(report) };
      },
      (report, opts) =>
        opts.json !== true && 'expiresAt' in report
          ? renderStage(ctx, report)
          : printStaging(ctx, report, opts.json === true),
    ),
  );
}

function registerDecisions(program: Command, ctx: Context, act: Act): void {
  const confirm = program
    .command('confirm')
    .description(
      'confirm a staged action as a person at a terminal (asks for the last four characters of the token)',
    )
    .argument('<token>', 'the token `stage` printed')
    .option('--as <human>', 'who decides, `human:<name>` (default: $AGENT_CONFIG_HUMAN)')
    .option('--key <file>', SIGNING_KEY_HELP)
    .option('--json', 'refused: a confirmation is never made by a program');
  rootOption(confirm).action(
    decisionAction(ctx, act, async (token: string, opts) => {
      return runConfirm(ctx, { ...opts, token });
    }),
  );
  const decline = program
    .command('decline')
    .description('decline a staged action for good; the reason is kept for the agent')
    .argument('<token>', 'the token `stage` printed')
    .option('--reason <text>', 'why, for the agent that staged it')
    .option('--as <who>', 'who declines (default: $AGENT_CONFIG_HUMAN)')
    .option('--key <file>', SIGNING_KEY_HELP)
    .option('--json', 'print the outcome and the record as JSON');
  rootOption(decline).action(
    decisionAction(ctx, act, async (token: string, opts) => {
      return runDecline(ctx, { ...opts, token });
    }),
  );
  const claim = program
    .command('claim')
    .description('claim a confirmed stage: exit 0 means execute now, and is answered to exactly one caller')
    .argument('[token]', 'the token `stage` printed')
    .option('--action <action>', 'claim by action and object instead of by token')
    .option('--object <object>', 'claim by action and object instead of by token')
    .option('--json', 'print the outcome and the record as confirmed, as JSON');
  rootOption(claim).action(
    decisionAction(ctx, act, async (token: string | undefined, opts) => {
      return runClaim(ctx, { ...opts, token });
    }),
  );
}

function registerListing(program: Command, ctx: Context, act: Act): void {
  const pending = program
    .command('pending')
    .description('staged actions awaiting confirmation (same as `gates --pending`)')
    .option('--json', 'print them as JSON');
  rootOption(pending).action((opts) => showPending(ctx, act)({ root: opts.root, json: opts.json === true }));
  const prune = program
    .command('prune')
    .description('move expired stages from pending/ to resolved/')
    .option('--json', 'print the moved files as JSON');
  rootOption(prune).action(
    act(
      async (opts: { root?: string; json?: boolean }) => {
        return { report: await runPrune(ctx, { root: opts.root }), exit: pendingExit() };
      },
      async (report, opts) => {
        if (opts.json === true) {
          return printDocument(ctx, pruneDocument(report));
        }
        out(
          ctx,
          `Moved ${report.moved.length} expired stage${report.moved.length === 1 ? '' : 's'} to resolved/.`,
        );
        for (const file of report.moved) out(ctx, `  ${sanitize(file, { inline: true })}`);
      },
    ),
  );
}

/** `stage`, `confirm`, `decline`, `claim`, `pending` and `prune` (SPEC §7). */
export function registerStaging(program: Command, ctx: Context, act: Act): void {
  registerStage(program, ctx, act);
  registerDecisions(program, ctx, act);
  registerListing(program, ctx, act);
}

/**
 * The pending view shared by `agent-config pending` and `agent-config gates --pending`: loads the
 * store, prints the text or JSON view, and exits 0 whenever it could read the store (a
 * visibility aid, not a gate). Unreadable and tampered records are named on stderr.
 */
export function showPending(ctx: Context, act: Act) {
  return act(
    async (opts: { root?: string; json?: boolean }) => {
      return { report: await runPending(ctx, { root: opts.root }), exit: pendingExit() };
    },
    async (report, opts) => {
      warnAboutRecords(ctx, report);
      if (opts.json) {
        return printDocument(ctx, pendingDocument(report));
      }
      ctx.io.stdout.write(renderPendingText(report.rows));
    },
  );
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
