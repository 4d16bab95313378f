import type { Context } from '../../core/context.js';
import { readDecisionLedger } from '../../repo/decision-ledger.js';
import type { Repository } from '../../repo/open-repository.js';
import type { DecisionMade } from '../../report/model.js';
import { loadSignerTrust } from '../signing/trust.js';

/** The decisions people made, oldest first: the report's `decisions` member. */
export interface DecisionsDocument {
  decisions: DecisionMade[];
}

/**
 * The decisions the evidence ledger holds — blockers answered and plans approved with `decide`,
 * verified, by a person, signed where signers are registered — in time order.
 */
export async function decisionHistory(ctx: Context, repo: Repository): Promise<DecisionsDocument> {
  const { trust } = await loadSignerTrust(repo);
  const ledger = readDecisionLedger(repo.root, trust, ctx.clock());
  const decisions: DecisionMade[] = [
    ...ledger.resolved.map((r) => ({
      ts: r.ts,
      actor: r.actor,
      kind: 'resolved' as const,
      roadmap: r.roadmap,
      blocker: r.blocker,
      option: r.option,
      answer: r.answer,
    })),
    ...ledger.approvals.map((a) => ({
      ts: a.ts,
      actor: a.actor,
      kind: 'approved' as const,
      roadmap: a.roadmap,
      blocker: null,
      option: null,
      answer: null,
    })),
  ].sort((a, b) => (a.ts < b.ts ? -1 : a.ts > b.ts ? 1 : 0));
  return { decisions };
}
