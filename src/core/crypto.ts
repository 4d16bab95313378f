import { lazyRequire } from './lazy-require.js';

type CryptoModule = typeof import('node:crypto');

/**
 * Node's crypto module, loaded on first use: loading it costs a tenth of a bare `node`'s start,
 * and most runs (`gates`, `progress --check`) hash and draw nothing.
 */
export function nodeCrypto(): CryptoModule {
  return lazyRequire<CryptoModule>('node:crypto');
}
