import type { Context } from '../../core/context.js';
import { openRepository } from '../../repo/open-repository.js';
import { decideDecline } from '../../staging/decide.js';
import { policyAt } from '../../staging/status.js';
import { isSafeToken } from '../../staging/token.js';
import { decisionOnRecord, recordDecision } from './staging-evidence.js';
import { decisionReport, outcomeReport, type StagingReport, settle, storeOf } from './staging-shared.js';

export interface DeclineOptions {
  root?: string;
  token: string;
  reason?: string;
  /** Who declines: `human:<id>` or `reviewer:<id>` (deciders.ts); defaults to `AGENT_CONFIG_HUMAN`. */
  as?: string;
}

/** `agent-config decline`: consumes a waiting stage for good and keeps the reason for the agent. */
export async function runDecline(ctx: Context, options: DeclineOptions): Promise<StagingReport> {
  if (!isSafeToken(options.token)) return outcomeReport('decline', 'invalid-token', null);
  const store = storeOf(await openRepository(ctx, { root: options.root, config: 'read' }));
  const decider = options.as ?? ctx.env.AGENT_CONFIG_HUMAN ?? null;
  const reason = options.reason ?? null;
  const decision = settle(store.root, options.token, (found) =>
    decideDecline(found, policyAt(ctx.clock(), store), decider, reason),
  );
  const report = decisionReport('decline', options.token, decision);
  const missing =
    decision.outcome === 'already-declined' && !decisionOnRecord(store, 'stage.declined', options.token);
  if (decision.outcome !== 'declined' && !missing) return report;
  if (missing)
    return recordDecision(
      ctx,
      store,
      report,
      decision.record?.decided_by ?? null,
      decision.record?.reason ?? null,
    );
  return recordDecision(ctx, store, report, decider, reason);
}
