import type { Context } from '../../core/context.js';
import { fingerprint } from '../../evidence/ssh-key.js';
import { isTrusted, SIGNERS_FILE, type SignatureRefusal, type SignerTrust } from '../../evidence/trust.js';
import type { Repository } from '../../repo/open-repository.js';
import { signContent } from './sign.js';
import { findSigningKey, NAME_A_KEY } from './signing-key.js';

/** How a person's decision is signed: not at all (no signer registered), or by this function. */
export type DecisionSigning =
  | { sign: ((content: string) => Promise<string>) | null }
  | { refusal: SignatureRefusal; message: string };

/**
 * Before a person is asked anything: whether their decision must be signed, and with which key.
 * Refused up front when it must be and cannot be (no key named, the ledger off) or when the
 * key's public half is known and not trusted for `actor` — a decision that would never be
 * honoured is not asked for.
 */
export async function prepareDecisionSigning(
  ctx: Context,
  repo: Repository,
  trust: SignerTrust,
  ledgerOn: boolean,
  actor: string,
  keyOption: string | undefined,
): Promise<DecisionSigning> {
  if (!trust.required) return { sign: null };
  if (!ledgerOn)
    return {
      refusal: 'signature-required',
      message: `signers are registered (${SIGNERS_FILE}) and evidence.ledger is false: no record can carry a signature, so no decision can be honoured; turn the ledger on`,
    };
  const key = await findSigningKey(ctx, repo, keyOption);
  if (key === null)
    return {
      refusal: 'signature-required',
      message: `signers are registered, so this decision is signed: ${NAME_A_KEY}`,
    };
  if (key.publicKey !== null && !isTrusted(trust, key.publicKey, actor, [ctx.clock().getTime()]))
    return {
      refusal: 'signer-unknown',
      message: `the key ${fingerprint(key.publicKey)} is not trusted for ${actor} in the working copy, HEAD and the base branch of ${SIGNERS_FILE}`,
    };
  return { sign: async (content) => (await signContent(ctx, key, content, { trust, actor })).sig };
}
