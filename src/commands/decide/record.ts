import type { Context } from '../../core/context.js';
import { appendEvidence, appendSignedEvidence, type EvidenceEntry } from '../../evidence/api.js';
import type { SignatureRefusal, SignerTrust } from '../../evidence/trust.js';
import type { ConfiguredRepository } from '../../repo/open-repository.js';
import { prepareDecisionSigning } from '../signing/decision-signing.js';

/** How the decision will be written: its signing function (null: unsigned), or why it cannot be. */
export type DecideSigning =
  | { sign: ((content: string) => Promise<string>) | null }
  | { refusal: SignatureRefusal; message: string };

/**
 * Before the person is asked: whether their decision must be signed (signers are registered)
 * and with which key — refused up front when it must be and cannot be, so nobody answers for
 * nothing (docs/signing.md).
 */
export function prepareSigning(
  ctx: Context,
  repo: ConfiguredRepository,
  trust: SignerTrust,
  actor: string,
  key: string | undefined,
): Promise<DecideSigning> {
  return prepareDecisionSigning(ctx, repo, trust, repo.config.evidence.ledger, actor, key);
}

/**
 * Writes a person's decision (`decision.resolved`, `plan.approved`) to the evidence ledger,
 * signed when signers are registered; with `evidence.ledger: false` it writes nothing. The one
 * place `decide` appends. Throws an `AgentConfigError` (nothing written) when the ledger cannot
 * take it or the signature cannot be made.
 */
export async function recordDecision(
  ctx: Context,
  repo: ConfiguredRepository,
  entry: EvidenceEntry,
  sign: ((content: string) => Promise<string>) | null,
): Promise<void> {
  if (sign === null) await appendEvidence(ctx, repo.root, repo.config, entry);
  else await appendSignedEvidence(ctx, repo.root, repo.config, entry, sign);
}
