import type { Context } from '../../core/context.js';
import { nodeCrypto } from '../../core/crypto.js';
import { appendEvidence } from '../../evidence/api.js';
import type { Harness, ShellCall } from '../../guard/harness.js';
import { windowCovers } from '../../guard/window.js';
import type { ConfiguredRepository } from '../../repo/open-repository.js';
import { callObject, deny, errorText, type HookReport, PREFIX, report } from './hook-report.js';
import { windowStateAt } from './window.js';

/**
 * An open gate window whose scope holds every action (none marked `window: never`) lets the
 * call through, once its `window.bypassed` record is written; a failed write is a deny.
 * Null when no window covers the call.
 */
export async function throughWindow(
  ctx: Context,
  harness: Harness,
  call: ShellCall,
  repo: ConfiguredRepository,
  actions: string[],
  never: string[],
): Promise<HookReport | null> {
  const { root, config } = repo;
  const state = await windowStateAt(repo, ctx.clock());
  if (!state.open || !windowCovers(state, actions, never)) return null;
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
    return report(
      harness,
      'failed',
      deny(
        `a gate window covers this command (${shown}) but its record could not be written (${why}); it was not run.`,
      ),
      { actions },
    );
  }
  const w = state.window;
  return report(
    harness,
    'window',
    {
      decision: 'allow',
      reason: `${PREFIX}: ${shown} let through by the gate window ${w.openedBy} opened until ${w.expiresAt} (${w.reason}); recorded.`,
    },
    { actions },
  );
}
