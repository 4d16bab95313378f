import type { Context } from '../core/context.js';
import { confirmQuestion } from '../render/pending.js';
import { sanitize } from '../render/sanitize.js';
import { decideConfirm } from '../staging/decide.js';
import { formatInstant } from '../staging/record.js';
import { effectiveExpiry } from '../staging/status.js';
import { locateRecord } from '../staging/store.js';
import { isSafeToken } from '../staging/token.js';
import { decisionReport, openStore, outcomeReport, type StagingReport, settle } from './staging-shared.js';

export interface ConfirmOptions {
  root?: string;
  token: string;
  /** `human:<name>`; defaults to `AGENT_CONFIG_HUMAN`. Never read from a file in the repository. */
  as?: string;
  json?: boolean;
}

/** A decider is `human:` and a name without control, bidi or zero-width characters. */
function isHumanDecider(decider: string): boolean {
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
  const before = decideConfirm(locateRecord(store.root, token), ctx.clock(), store.maxTtlMs, decider);
  if (before.outcome !== 'confirmed' || before.record === null)
    return decisionReport('confirm', token, before);
  const expires = formatInstant(new Date(effectiveExpiry(before.record, store.maxTtlMs)));
  // Ctrl-C or Ctrl-D at the question rejects the prompt: that is a "no", not a crash.
  const answer = await ctx.prompt(confirmQuestion(before.record, expires, decider)).catch(() => null);
  if (answer === null || answer.trim().toLowerCase() !== token.slice(-4)) {
    return { ...decisionReport('confirm', token, before), outcome: 'answer-mismatch', exit: 1 };
  }
  // Read again after the person answered: the window may have closed, or someone decided first.
  const decision = settle(store.root, token, (found) =>
    decideConfirm(found, ctx.clock(), store.maxTtlMs, decider),
  );
  return decisionReport('confirm', token, decision);
}
