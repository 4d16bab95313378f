import type { Context, Prompt } from '../../core/context.js';
import { confirmQuestion, deciderQuestion } from '../../render/pending.js';
import { openRepository } from '../../repo/open-repository.js';
import { changedWhileAsked } from '../../staging/asked.js';
import { decideConfirm } from '../../staging/decide.js';
import { parseDecider } from '../../staging/deciders.js';
import { formatExpiry, policyAt, standing } from '../../staging/status.js';
import { locateRecord } from '../../staging/store.js';
import { isSafeToken } from '../../staging/token.js';
import { prepareDecisionSigning } from '../signing/decision-signing.js';
import { personPrompt } from '../signing/person-terminal.js';
import { loadSignerTrust } from '../signing/trust.js';
import { decisionHonoured, recordDecision } from './staging-evidence.js';
import { decisionReport, outcomeReport, type StagingReport, settle, storeOf } from './staging-shared.js';

export interface ConfirmOptions {
  root?: string;
  token: string;
  /** `human:<name>`; defaults to `AGENT_CONFIG_HUMAN`. Never read from a file in the repository. */
  as?: string;
  json?: boolean;
  /** The key that signs the decision when signers are registered (docs/signing.md). */
  key?: string;
}

/** A decider is `human:` and a name without control, bidi or zero-width characters. */
export function isHumanDecider(decider: string): boolean {
  return parseDecider(decider)?.kind === 'human';
}

/**
 * The decider the person at the terminal names, asked only when none is set: `human:` and what
 * they typed (or git's user.name on an empty answer). Null when they cancelled (Ctrl-C, Ctrl-D);
 * an answer that names nobody valid comes back as it is and fails `isHumanDecider`.
 */
export async function askDecider(ctx: Context, root: string, prompt: Prompt) {
  const name = await ctx.git(root).userName();
  const suggested = name !== null && isHumanDecider(`human:${name}`) ? name : null;
  const answer = await prompt(deciderQuestion(suggested)).catch(() => null);
  if (answer === null) return null;
  const typed = answer.trim() === '' ? (suggested ?? '') : answer.trim();
  return typed.startsWith('human:') ? typed : `human:${typed}`;
}

/**
 * `agent-config confirm`: a person at a terminal reads the sanitized action and object and types
 * the token's last four characters. There is no non-interactive path: piped stdin or `--json`
 * is refused, and no flag skips the question. Without `--as` or AGENT_CONFIG_HUMAN, the person
 * is asked for their name first, so the line the guard prints runs as shown.
 */
export async function runConfirm(ctx: Context, options: ConfirmOptions): Promise<StagingReport> {
  if (!isSafeToken(options.token)) return outcomeReport('confirm', 'invalid-token', null);
  const token = options.token;
  const prompt = personPrompt(ctx);
  if (options.json === true || prompt === null) {
    return outcomeReport('confirm', 'stdin-not-tty', token);
  }
  // An empty AGENT_CONFIG_HUMAN names nobody, as if it were not set.
  const named = options.as ?? (ctx.env.AGENT_CONFIG_HUMAN || undefined);
  if (named !== undefined && !isHumanDecider(named))
    return outcomeReport('confirm', 'decider-required', token);
  const repo = await openRepository(ctx, { root: options.root, config: 'read' });
  const store = storeOf(repo, ctx);
  const { trust } = await loadSignerTrust(repo);
  const found = locateRecord(store.root, token);
  const policy = policyAt(ctx.clock(), store);
  const stands = standing(found, policy);
  // A live confirmation the ledger lacks, or holds without a signature that counts (its append
  // or its signing failed, or it was made by hand): confirming again records it, signed.
  const missing =
    stands === 'confirmed' && !decisionHonoured(store, trust, 'stage.confirmed', token, ctx.clock()).ok;
  let decider = named;
  if (decider === undefined && (stands === 'awaiting' || missing)) {
    decider = (await askDecider(ctx, store.root, prompt)) ?? undefined;
    if (decider === undefined) return outcomeReport('confirm', 'answer-mismatch', token);
    if (!isHumanDecider(decider)) return outcomeReport('confirm', 'decider-required', token);
  }
  // Without a decider the stage is not awaiting one: the decision below never reads it.
  const before = decideConfirm(found, policy, decider ?? '');
  if ((before.outcome !== 'confirmed' && !missing) || before.record === null || decider === undefined)
    return decisionReport('confirm', token, before);
  // With signers registered the decision is signed: refused before the question when it could
  // not be, so nobody answers for nothing.
  const signing = await prepareDecisionSigning(ctx, repo, trust, store.evidence.ledger, decider, options.key);
  if ('refusal' in signing) {
    const refused = outcomeReport('confirm', signing.refusal, token);
    return { ...refused, file: before.file, record: before.record, problem: signing.message };
  }
  const expires = formatExpiry(before.record, policy);
  // Ctrl-C or Ctrl-D at the question rejects the prompt: that is a "no", not a crash.
  const answer = await prompt(confirmQuestion(before.record, expires, decider)).catch(() => null);
  if (answer === null || answer.trim().toLowerCase() !== token.slice(-4)) {
    return { ...decisionReport('confirm', token, before), outcome: 'answer-mismatch', exit: 1 };
  }
  if (missing) {
    const again = {
      ...decisionReport('confirm', token, before),
      outcome: 'confirmed' as const,
      exit: 0 as const,
    };
    return recordDecision(ctx, store, again, decider, null, signing.sign);
  }
  // Read again after the person answered: the window may have closed, someone decided first, or
  // what the question showed changed while it was on screen (then the answer counts for nothing).
  const shown = before.record;
  const decision = settle(
    store.root,
    token,
    (found) =>
      changedWhileAsked(found, shown, policy) ?? decideConfirm(found, policyAt(ctx.clock(), store), decider),
  );
  const report = decisionReport('confirm', token, decision);
  // The confirmation counts for claim once its record is written (record, then act).
  return decision.outcome === 'confirmed'
    ? recordDecision(ctx, store, report, decider, null, signing.sign)
    : report;
}
