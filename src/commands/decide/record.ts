import type { Context } from '../../core/context.js';
import { appendEvidence, type EvidenceEntry } from '../../evidence/api.js';
import type { ConfiguredRepository } from '../../repo/open-repository.js';

/**
 * Writes a person's decision (`decision.resolved`, `plan.approved`) to the evidence ledger; with
 * `evidence.ledger: false` it writes nothing. The one place `decide` appends, so signing it when
 * signers are registered (issue 29's `appendSignedEvidence`) is one change here. Throws an
 * `AgentConfigError` (nothing written) when the ledger cannot take it.
 */
export async function recordDecision(
  ctx: Context,
  repo: ConfiguredRepository,
  entry: EvidenceEntry,
  _key: string | undefined,
): Promise<void> {
  await appendEvidence(ctx, repo.root, repo.config, entry);
}
