import type { Context } from '../../core/context.js';
import { AgentConfigError } from '../../core/errors.js';
import type { SshPublicKey } from '../../evidence/ssh-key.js';
import { verifySshSignature } from '../../evidence/sshsig.js';
import { isTrusted, SIGNATURE_NAMESPACE, SIGNERS_FILE, type SignerTrust } from '../../evidence/trust.js';
import { sshKeygenSign } from '../../git/ssh-keygen.js';
import type { SigningKey } from './signing-key.js';

/** The signature ssh-keygen made does not hold, or holds for a key the decision cannot count on. */
export class SignatureError extends AgentConfigError {
  constructor(
    readonly code: 'signature-invalid' | 'signer-unknown',
    message: string,
  ) {
    super(`${message} (${code})`, SIGNERS_FILE, 'sign with a key listed there for you, in every version');
  }
}

/**
 * Signs `content` with `ssh-keygen -Y sign` (namespace `agent-config`) and checks the result in
 * process before anyone records it: it must verify over the content, and — with `mustTrust` —
 * its key must be trusted for `actor` now. Resolves with the armored signature and its key.
 */
export async function signContent(
  ctx: Pick<Context, 'env' | 'clock'>,
  key: SigningKey,
  content: string,
  check?: { trust: SignerTrust; actor: string },
): Promise<{ sig: string; key: SshPublicKey }> {
  const sig = await sshKeygenSign(content, {
    keyFile: key.file,
    agentKey: key.agentKey,
    namespace: SIGNATURE_NAMESPACE,
    env: ctx.env,
  });
  const verified = verifySshSignature(sig, Buffer.from(content, 'utf8'), SIGNATURE_NAMESPACE);
  if (!verified.ok)
    throw new SignatureError(
      'signature-invalid',
      `ssh-keygen's signature does not verify (${verified.detail})`,
    );
  if (check !== undefined && !isTrusted(check.trust, verified.key, check.actor, [ctx.clock().getTime()]))
    throw new SignatureError(
      'signer-unknown',
      `the key that signed is not trusted for ${check.actor} in the working copy, HEAD and the base branch`,
    );
  return { sig, key: verified.key };
}
