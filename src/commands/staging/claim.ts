import type { Context } from '../../core/context.js';
import { UsageError } from '../../core/errors.js';
import { openRepository } from '../../repo/open-repository.js';
import { decideClaim, selectForClaim } from '../../staging/decide.js';
import { policyAt } from '../../staging/status.js';
import { listStore, locateRecord } from '../../staging/store.js';
import { isSafeToken } from '../../staging/token.js';
import { type LoadedTrust, loadSignerTrust } from '../signing/trust.js';
import { decisionHonoured, recordClaim } from './staging-evidence.js';
import {
  decisionReport,
  outcomeReport,
  type StagingReport,
  type StoreSettings,
  settle,
  storeOf,
} from './staging-shared.js';

export interface ClaimOptions {
  root?: string;
  /** The settings already read (the hook's rules in force); otherwise read at the root. */
  store?: StoreSettings;
  /** The signers in force already read (the hook's, with its rules); otherwise read at the root. */
  signers?: () => Promise<LoadedTrust>;
  token?: string;
  action?: string;
  object?: string;
}

/**
 * `agent-config claim`: `execute` for exactly one caller, ever, of a live confirmed stage (one
 * atomic rename decides who); every other outcome leaves the store as it was.
 */
export async function runClaim(ctx: Context, options: ClaimOptions): Promise<StagingReport> {
  const byPair = options.action !== undefined || options.object !== undefined;
  if (byPair === (options.token !== undefined) || (byPair && (!options.action || !options.object))) {
    throw new UsageError(
      'claim needs a token, or both --action and --object',
      'agent-config claim',
      'pass TOKEN, or --action A --object O',
    );
  }
  if (options.token !== undefined && !isSafeToken(options.token)) {
    return outcomeReport('claim', 'invalid-token', null);
  }
  const store =
    options.store ?? storeOf(await openRepository(ctx, { root: options.root, config: 'read' }), ctx);
  let token = options.token;
  if (token === undefined) {
    const found = selectForClaim(
      listStore(store.root),
      options.action!,
      options.object!,
      policyAt(ctx.clock(), store),
    );
    if (found === null) return outcomeReport('claim', 'token-mismatch', null);
    token = found.token;
  }
  // A confirmation counts only when the ledger holds its record — signed by a trusted signer
  // once signers are registered (docs/signing.md); otherwise nothing is consumed.
  const peek = decideClaim(locateRecord(store.root, token), policyAt(ctx.clock(), store));
  if (peek.outcome === 'execute') {
    const { trust } = await (options.signers?.() ??
      loadSignerTrust({ root: store.root, git: ctx.git(store.root) }));
    const honour = decisionHonoured(store, trust, 'stage.confirmed', token, ctx.clock());
    if (!honour.ok) {
      const outcome = honour.code === 'unrecorded' ? 'unrecorded-confirmation' : honour.code;
      return {
        ...decisionReport('claim', token, { ...peek, transition: undefined }),
        outcome,
        exit: 1,
        ...(honour.code === 'unrecorded' ? {} : { problem: honour.detail }),
      };
    }
  }
  const decision = settle(store.root, token, (found) => decideClaim(found, policyAt(ctx.clock(), store)));
  // Record, then act: `execute` is answered only once `stage.claimed` is on disk.
  return recordClaim(ctx, store, decisionReport('claim', token, decision));
}
