import type { Context } from './context.js';
import { lazyRequire } from './lazy-require.js';

type CryptoModule = typeof import('node:crypto');

/**
 * Node's crypto module, loaded on first use: loading it costs a tenth of a bare `node`'s start,
 * and most runs (`gates`, `progress --check`) hash and draw nothing.
 */
export function nodeCrypto(): CryptoModule {
  return lazyRequire<CryptoModule>('node:crypto');
}

/** `bytes` random bytes as hex, from the Context's nonce source when it has one. */
export function randomHex(ctx: Pick<Context, 'nonce'>, bytes: number): string {
  return ctx.nonce?.(bytes) ?? nodeCrypto().randomBytes(bytes).toString('hex');
}
