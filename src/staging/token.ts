import { nodeCrypto } from '../core/crypto.js';

/** A token a path may be formed from: lower-case hex, 8 to 64 characters (upstream's guard). */
const TOKEN_PATTERN = /^[0-9a-f]{8,64}$/;

/** Length of a derived token, in hex characters. */
const TOKEN_LENGTH = 16;

/** True when `token` may name a file in the store; checked before any path is formed. */
export function isSafeToken(token: string): boolean {
  return TOKEN_PATTERN.test(token);
}

/**
 * The token of a stage: the first 16 hex characters of SHA-256(action NUL object NUL nonce NUL
 * worktree), `worktree` being the working tree that made it (`stageIdentity`). Changing any of
 * them changes the token, which is how a hand edit is detected, and why a stage copied into
 * another working tree cannot be made to name it. A record without `worktree` (written before
 * stages were bound, or by upstream's store) keeps the three-field form.
 */
export function deriveToken(action: string, object: string, nonce: string, worktree?: string): string {
  const bound = worktree === undefined ? '' : `\0${worktree}`;
  return nodeCrypto()
    .createHash('sha256')
    .update(`${action}\0${object}\0${nonce}${bound}`, 'utf8')
    .digest('hex')
    .slice(0, TOKEN_LENGTH);
}
