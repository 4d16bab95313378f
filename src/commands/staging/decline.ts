import type { Context } from '../../core/context.js';
import { openRepository } from '../../repo/open-repository.js';
import { decideDecline } from '../../staging/decide.js';
import { policyAt } from '../../staging/status.js';
import { locateRecord } from '../../staging/store.js';
import { isSafeToken } from '../../staging/token.js';
import { prepareDecisionSigning } from '../signing/decision-signing.js';
import { loadSignerTrust } from '../signing/trust.js';
import { decisionHonoured, recordDecision } from './staging-evidence.js';
import { decisionReport, outcomeReport, type StagingReport, settle, storeOf } from './staging-shared.js';

export interface DeclineOptions {
  root?: string;
  token: string;
  reason?: string;
  /** Who declines: `human:<id>` or `reviewer:<id>` (deciders.ts); defaults to `AGENT_CONFIG_HUMAN`. */
  as?: string;
  /** The key that signs a person's decline when signers are registered (docs/signing.md). */
  key?: string;
}

/** `agent-config decline`: consumes a waiting stage for good and keeps the reason for the agent. */
export async function runDecline(ctx: Context, options: DeclineOptions): Promise<StagingReport> {
  if (!isSafeToken(options.token)) return outcomeReport('decline', 'invalid-token', null);
  const repo = await openRepository(ctx, { root: options.root, config: 'read' });
  const store = storeOf(repo, ctx);
  const decider = options.as ?? ctx.env.AGENT_CONFIG_HUMAN ?? null;
  const reason = options.reason ?? null;
  const { trust } = await loadSignerTrust(repo);
  // A person's decline is signed when signers are registered; a reviewer's never is.
  const signer = async (by: string | null) => {
    if (by === null || !by.startsWith('human:')) return { sign: null };
    return prepareDecisionSigning(ctx, repo, trust, store.evidence.ledger, by, options.key);
  };
  const peek = decideDecline(
    locateRecord(store.root, options.token),
    policyAt(ctx.clock(), store),
    decider,
    reason,
  );
  const missing =
    peek.outcome === 'already-declined' &&
    !decisionHonoured(store, trust, 'stage.declined', options.token, ctx.clock()).ok;
  if (peek.outcome !== 'declined' && !missing) return decisionReport('decline', options.token, peek);
  const by = missing ? (peek.record?.decided_by ?? null) : decider;
  const signing = await signer(by);
  if ('refusal' in signing) {
    const refused = outcomeReport('decline', signing.refusal, options.token);
    return { ...refused, file: peek.file, record: peek.record, problem: signing.message };
  }
  if (missing)
    return recordDecision(
      ctx,
      store,
      decisionReport('decline', options.token, peek),
      by,
      peek.record?.reason ?? null,
      signing.sign,
    );
  const decision = settle(store.root, options.token, (found) =>
    decideDecline(found, policyAt(ctx.clock(), store), decider, reason),
  );
  const report = decisionReport('decline', options.token, decision);
  if (decision.outcome !== 'declined') return report;
  return recordDecision(ctx, store, report, decider, reason, signing.sign);
}
