import type { Context } from '../core/context.js';
import { confirmQuestion } from '../render/pending.js';
import { sanitize } from '../render/sanitize.js';
import { decideConfirm, standing } from '../staging/decide.js';
import { formatInstant } from '../staging/record.js';
import { effectiveExpiry } from '../staging/status.js';
import { locateRecord } from '../staging/store.js';
import { isSafeToken } from '../staging/token.js';
import { decisionOnRecord, recordDecision } from './staging-evidence.js';
import { decisionReport, openStore, outcomeReport, type StagingReport, settle } from './staging-shared.js';

export interface ConfirmOptions {
  root?: string;
  token: string;
  /** `human:<name>`; defaults to `AGENT_CONFIG_HUMAN`. Never read from a file in the repository. */
  as?: string;
  json?: boolean;
}

/** A decider is `human:` and a name without control, bidi or zero-width characters. */
export function isHumanDecider(decider: string): boolean {
  const name = decider.slice('human:'.length);
  return decider.startsWith('human:') && name.trim() !== '' && name.length <= 100 && sanitize(name) === name;
}

/**
 * `agent-config confirm`: a person at a terminal reads the sanitized action and object and types
 * the token's last four characters. There is no non-interactive path: piped stdin or `--json`
 * is refused, and no flag skips the question.
 */
export async function runConfirm(ctx: Context, options: ConfirmOptions): Promise<StagingReport> {
  if (!isSafeToken(options.token)) return outcomeReport('confirm', 'invalid-token', null);
  const token = options.token;
  if (options.json === true || !ctx.io.stdinIsTTY || ctx.prompt === undefined) {
    return outcomeReport('confirm', 'stdin-not-tty', token);
  }
  const decider = options.as ?? ctx.env.AGENT_CONFIG_HUMAN;
  if (decider === undefined || !isHumanDecider(decider))
    return outcomeReport('confirm', 'decider-required', token);
  const store = await openStore(ctx, options.root);
  const found = locateRecord(store.root, token);
  const before = decideConfirm(found, ctx.clock(), store.maxTtlMs, decider);
  // A live confirmation the ledger lacks (its append failed): confirming again records it.
  const missing =
    standing(found, ctx.clock(), store.maxTtlMs) === 'confirmed' &&
    !decisionOnRecord(store, 'stage.confirmed', token);
  if ((before.outcome !== 'confirmed' && !missing) || before.record === null)
    return decisionReport('confirm', token, before);
  const expires = formatInstant(new Date(effectiveExpiry(before.record, store.maxTtlMs)));
  // Ctrl-C or Ctrl-D at the question rejects the prompt: that is a "no", not a crash.
  const answer = await ctx.prompt(confirmQuestion(before.record, expires, decider)).catch(() => null);
  if (answer === null || answer.trim().toLowerCase() !== token.slice(-4)) {
    return { ...decisionReport('confirm', token, before), outcome: 'answer-mismatch', exit: 1 };
  }
  if (missing) {
    const again = {
      ...decisionReport('confirm', token, before),
      outcome: 'confirmed' as const,
      exit: 0 as const,
    };
    return recordDecision(ctx, store, again, decider);
  }
  // Read again after the person answered: the window may have closed, or someone decided first.
  const decision = settle(store.root, token, (latest) =>
    decideConfirm(latest, ctx.clock(), store.maxTtlMs, decider),
  );
  const report = decisionReport('confirm', token, decision);
  // The confirmation counts for claim once its record is written (record, then act).
  return decision.outcome === 'confirmed' ? recordDecision(ctx, store, report, decider) : report;
}
