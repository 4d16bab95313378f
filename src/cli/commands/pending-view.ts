import type { PendingReport } from '../../commands/pending.js';
import type { Context } from '../../core/context.js';
import { EXIT_OK } from '../../core/errors.js';
import { sanitize } from '../../render/sanitize.js';
import { err } from '../output.js';
import type { CliState } from '../state.js';

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
  const { runPending } = await import('../../commands/pending.js');
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
