import type { Context } from '../../core/context.js';
import { nodeCrypto } from '../../core/crypto.js';
import { personCommand } from '../../core/person-command.js';
import { appendEvidence } from '../../evidence/api.js';
import type { Harness, ShellCall } from '../../guard/harness.js';
import { windowCovers } from '../../guard/window.js';
import { callObject, deny, errorText, type HookReport, PREFIX, report } from './hook-report.js';
import type { WindowSource } from './window.js';
import { windowStateAt } from './window.js';

/** What the window says of a call: its answer, or nothing, with a note for the deny that follows. */
export type WindowAnswer = { report: HookReport } | { note: string | null };

/**
 * An open gate window whose scope holds every action (none marked `window: never`) lets the
 * call through, once its `window.bypassed` record is written; a failed write is a deny.
 * Otherwise no answer, and a note when a ledger that does not verify clean keeps every window
 * closed (the deny says why, so a person knows what to fix).
 */
export async function throughWindow(
  ctx: Context,
  harness: Harness,
  call: ShellCall,
  repo: WindowSource,
  actions: string[],
  never: string[],
): Promise<WindowAnswer> {
  const { root, config } = repo;
  const state = await windowStateAt(repo, ctx.clock());
  if (!state.open) {
    const why = state.why;
    return {
      note:
        why === undefined
          ? null
          : `No gate window counts while the evidence ledger does not verify clean (${why}); a person runs \`${personCommand('evidence verify')}\`.`,
    };
  }
  if (!windowCovers(state, actions, never)) return { note: null };
  const object = callObject(ctx, call, root);
  const shown = actions.join(', ');
  try {
    const record = await appendEvidence(ctx, root, config, {
      event: 'window.bypassed',
      actor: `agent:${harness}`,
      payload: {
        window: state.window.id,
        actions,
        object_sha256: nodeCrypto().createHash('sha256').update(object).digest('hex'),
        ...(config.evidence.recordObjects ? { object } : {}),
        source: `hook:${harness}`,
      },
    });
    if (record === null) throw new Error('the evidence ledger is switched off');
  } catch (error) {
    const why = errorText(error);
    return {
      report: report(
        harness,
        'failed',
        deny(
          `a gate window covers this command (${shown}) but its record could not be written (${why}); it was not run.`,
        ),
        { actions },
      ),
    };
  }
  const w = state.window;
  const allowed = report(
    harness,
    'window',
    {
      decision: 'allow',
      reason: `${PREFIX}: ${shown} let through by the gate window ${w.openedBy} opened until ${w.expiresAt} (${w.reason}); recorded.`,
    },
    { actions },
  );
  return { report: allowed };
}
