import type { Config } from '../../core/config.js';
import type { Context } from '../../core/context.js';
import { RepoStateError } from '../../core/errors.js';
import type { ExitCode } from '../../core/outcomes.js';
import type { ConfiguredRepository } from '../../repo/open-repository.js';
import type { Decision } from '../../staging/decide.js';
import { type OutcomeCode, outcomeExit, type StagingVerb } from '../../staging/outcomes.js';
import type { Found, StagedAction } from '../../staging/record.js';
import { applyTransition, locateRecord, STORE_DIR, stageIdentity } from '../../staging/store.js';

/** The answer of a staging verb: its outcome code, the exit code, and the record concerned. */
export interface StagingReport {
  verb: StagingVerb;
  outcome: OutcomeCode;
  exit: 0 | 1 | 2;
  token: string | null;
  /** Repository-relative record file, when one was found. */
  file: string | null;
  /** Why a `malformed` record could not be read. */
  problem: string | null;
  /** For `execute`: the record exactly as the person confirmed it. */
  record: StagedAction | null;
}

/** A report for an outcome reached before (or without) reading the store. */
export function outcomeReport(verb: StagingVerb, outcome: OutcomeCode, token: string | null): StagingReport {
  return { verb, outcome, exit: outcomeExit(verb, outcome), token, file: null, problem: null, record: null };
}

/** A report for a decision taken on a record. */
export function decisionReport(verb: StagingVerb, token: string | null, d: Decision): StagingReport {
  return {
    verb,
    outcome: d.outcome,
    exit: outcomeExit(verb, d.outcome),
    token: d.record?.token ?? token,
    // After a move, the record lives in the folder it was moved to.
    file: d.transition ? `${STORE_DIR}/${d.transition.to}/${d.transition.write.token}.json` : d.file,
    problem: d.problem ?? null,
    record: d.record,
  };
}

/** The repository a staging verb works on, its stage lifetimes and its evidence settings. */
export interface StoreSettings {
  root: string;
  /** The working tree's identity (`stageIdentity` of the root): stages are bound to it. */
  worktree: string;
  ttlMs: number;
  maxTtlMs: number;
  evidence: Config['evidence'];
  /** Where a new stage is announced (docs/notify.md); absent: nowhere. */
  notify?: Config['notify'];
}

/** The identity of the working tree at `root` that stages are bound to: the context's, else its real path. */
export function identityOf(ctx: Pick<Context, 'worktreeIdentity'>, root: string): string {
  return ctx.worktreeIdentity?.(root) ?? stageIdentity(root);
}

/** The store settings of an opened repository: its stage lifetimes and its evidence settings. */
export function storeOf(
  { root, config }: Pick<ConfiguredRepository, 'root' | 'config'>,
  ctx: Pick<Context, 'worktreeIdentity'>,
): StoreSettings {
  return {
    root,
    worktree: identityOf(ctx, root),
    ttlMs: config.staging.ttlMs,
    maxTtlMs: config.staging.maxTtlMs,
    evidence: config.evidence,
    notify: config.notify,
  };
}

/**
 * Decides on a token's record and carries the decision out. When another process moved the
 * record first, the rename fails and the decision is taken again on what that process left,
 * so a lost race answers the recorded outcome instead of acting twice.
 */
export function settle(root: string, token: string, decide: (found: Found | null) => Decision): Decision {
  for (let attempt = 0; attempt < 5; attempt++) {
    const decision = decide(locateRecord(root, token));
    if (decision.transition === undefined || applyTransition(root, decision.transition)) return decision;
  }
  throw new RepoStateError(
    'the stage kept changing while it was being decided',
    `agents/runtime/staged-confirmations (token ${token})`,
    'run the command again',
  );
}

/** The exit code of a staging verb: its outcome's, from the verb's table in `OUTCOMES`. */
export function stagingExit(report: StagingReport): ExitCode {
  return report.exit;
}

/** The `--json` document of `stage`, `confirm`, `decline` and `claim`: the outcome, then the record. */
export interface StagingDocument extends StagingReport {
  /** `stage` only: the effective expiry, ISO-8601 (before `record`). */
  expiresAt?: string;
}

/** The document of a staging verb; the MCP server answers it as the `stage` and `claim` tools' result. */
export function stagingDocument(report: StagingReport & { expiresAt?: string }): StagingDocument {
  const { verb, outcome, exit, token, file, problem, record } = report;
  const extra = 'expiresAt' in report ? { expiresAt: report.expiresAt } : {};
  return { verb, outcome, exit, token, file, problem, ...extra, record };
}
