import type { Config } from '../../core/config.js';
import type { Context } from '../../core/context.js';
import { UsageError } from '../../core/errors.js';
import type { ExitCode } from '../../core/outcomes.js';
import { appendEvidence, readEvidence } from '../../evidence/api.js';
import { openRepository } from '../../repo/open-repository.js';
import { readInput } from '../../repo/read-input.js';
import { parseDecider } from '../../staging/deciders.js';
import { formatExpiry, policyAt, standing } from '../../staging/status.js';
import { locateRecord } from '../../staging/store.js';
import { isSafeToken } from '../../staging/token.js';
import {
  sameVerdict,
  VERDICT_RECORD_OUTCOMES,
  type VerdictPayload,
  type VerdictRecordOutcome,
  verdictPayload,
  verdictsByToken,
} from '../../verdict/recorded.js';
import { checkVerdict, type Verdict, type VerdictCode } from '../../verdict/verdict.js';
import { announce, handOff, stageFields } from '../notify/announce.js';
import { runDecline } from '../staging/decline.js';
import { type StoreSettings, storeOf } from '../staging/staging-shared.js';

export interface VerdictRecordOptions {
  root?: string;
  token: string;
  /** A file, `-` or undefined for stdin. */
  file?: string;
  /** The reviewer's id (`gpt-review`), or `reviewer:<id>`. */
  reviewer: string;
}

/** What `verdict record` answers. */
export interface VerdictRecordReport {
  outcome: VerdictRecordOutcome;
  exit: 0 | 1 | 2;
  token: string | null;
  /** `reviewer:<id>`. */
  reviewer: string;
  /** The verdict given, normalised; null when it failed the check. */
  verdict: Verdict | null;
  /** The verdict the ledger holds for the stage (for a conflict: the other one). */
  recorded: VerdictPayload | null;
  /** For `verdict-invalid`: the check's code and message. */
  code: VerdictCode | null;
  message: string | null;
  /** For a deny: what declining the stage answered (`declined`, `already-declined`, …). */
  stage: string | null;
}

function reviewerOf(id: string): string {
  // `human:ada` is another kind of decider, not a reviewer named so.
  const reviewer = id.startsWith('reviewer:') || /^[a-z]+:/.test(id) ? id : `reviewer:${id}`;
  if (parseDecider(reviewer)?.kind !== 'reviewer') {
    throw new UsageError(
      'is not a reviewer id',
      `agent-config verdict record --reviewer`,
      'use a name of 1 to 100 visible characters, e.g. --reviewer gpt-review',
    );
  }
  return reviewer;
}

/** The verdict the ledger holds for a token: the first verified `verdict.recorded` of it. */
export function recordedVerdict(root: string, token: string): VerdictPayload | null {
  const read = readEvidence(root, { collect: true, containing: token });
  const entries = read.records.map((r) => ({
    event: r.record.event,
    payload: r.record.payload as Record<string, unknown>,
    verified: r.verified,
  }));
  return verdictsByToken(entries).get(token) ?? null;
}

/**
 * `agent-config verdict record TOKEN [FILE|-] --reviewer ID`: checks the verdict, records
 * `verdict.recorded` in the ledger, then acts — a deny declines the stage as `reviewer:<id>`
 * (its reason kept for the agent), an ask leaves it to a person, an allow never confirms.
 * Record, then act: nothing is declined unless the record is on disk.
 */
export async function runVerdictRecord(
  ctx: Context,
  options: VerdictRecordOptions,
): Promise<VerdictRecordReport> {
  const reviewer = reviewerOf(options.reviewer);
  const report = (
    outcome: VerdictRecordOutcome,
    more: Partial<VerdictRecordReport> = {},
  ): VerdictRecordReport => ({
    outcome,
    exit: VERDICT_RECORD_OUTCOMES[outcome].exit,
    token: isSafeToken(options.token) ? options.token : null,
    reviewer,
    verdict: null,
    recorded: null,
    code: null,
    message: null,
    stage: null,
    ...more,
  });
  if (!isSafeToken(options.token)) return report('invalid-token');
  const token = options.token;
  const input = await readInput(ctx, options.file, 'agent-config verdict record');
  const check = checkVerdict(input.text, input.invalidUtf8);
  if (!check.valid) return report('verdict-invalid', { code: check.code, message: check.message });
  const verdict = check.verdict;
  const repo = await openRepository(ctx, { root: options.root, config: 'read' });
  const store = storeOf(repo, ctx);
  const { config } = repo;
  if (!config.evidence.ledger) {
    throw new UsageError(
      'a verdict is kept only in the evidence ledger, which is switched off',
      'agent-config.yaml (evidence.ledger: false)',
      'set evidence.ledger: true',
    );
  }
  const payload = verdictPayload(token, reviewer, verdict);
  // A replay answers the recorded verdict; a different one never replaces it.
  const before = recordedVerdict(store.root, token);
  if (before !== null && !sameVerdict(before, payload))
    return report('verdict-conflict', { verdict, recorded: before });
  if (before !== null) {
    // Replaying a deny finishes what an interrupted run left (the decline, or its ledger record).
    const stage =
      before.decision === 'deny' ? await declineAs(ctx, store.root, token, reviewer, verdict.reason) : null;
    return report(stage === 'unrecorded' ? 'decline-unrecorded' : 'already-recorded', {
      verdict,
      recorded: before,
      stage,
    });
  }
  const s = standing(locateRecord(store.root, token), policyAt(ctx.clock(), store));
  const refused: Partial<Record<typeof s, VerdictRecordOutcome>> = {
    absent: 'token-mismatch',
    malformed: 'malformed',
    tampered: 'tampered',
    expired: 'expired',
    'confirmed-expired': 'stage-decided',
    confirmed: 'stage-decided',
    claimed: 'stage-decided',
    declined: 'stage-decided',
  };
  if (refused[s] !== undefined) return report(refused[s]!, { verdict });
  await appendEvidence(ctx, store.root, config, { event: 'verdict.recorded', actor: reviewer, payload });
  // Two reviewers recording at once: the first record in the ledger is the one that counts.
  const first = recordedVerdict(store.root, token);
  if (first !== null && !sameVerdict(first, payload))
    return report('verdict-conflict', { verdict, recorded: first });
  if (verdict.decision === 'ask') askPerson(ctx, store, config, token, reviewer);
  if (verdict.decision !== 'deny') return report('recorded', { verdict, recorded: payload });
  const stage = await declineAs(ctx, store.root, token, reviewer, verdict.reason);
  const outcome: VerdictRecordOutcome =
    stage === 'declined' || stage === 'already-declined'
      ? 'recorded'
      : stage === 'unrecorded'
        ? 'decline-unrecorded'
        : 'stage-decided';
  return report(outcome, { verdict, recorded: payload, stage });
}

/** A reviewer's `ask` is announced where the person is (docs/notify.md): the stage it concerns waits. */
function askPerson(
  ctx: Context,
  store: StoreSettings,
  config: Config,
  token: string,
  reviewer: string,
): void {
  const root = store.root;
  const found = locateRecord(root, token);
  if (found === null || !('record' in found)) return;
  const fields = stageFields(found.record, formatExpiry(found.record, policyAt(ctx.clock(), store)));
  if (announce(ctx, root, config, { ...fields, kind: 'ask', askedBy: reviewer }) !== null) handOff(ctx, root);
}

/** Declines the stage as the reviewer, through the same path as `agent-config decline`. */
async function declineAs(
  ctx: Context,
  root: string,
  token: string,
  reviewer: string,
  reason: string | undefined,
): Promise<string> {
  return (await runDecline(ctx, { root, token, as: reviewer, reason })).outcome;
}

/** The exit code of `verdict record`: its outcome's, from `VERDICT_RECORD_OUTCOMES`. */
export function verdictRecordExit(report: VerdictRecordReport): ExitCode {
  return report.exit;
}

/** `verdict record --json`: the report itself, every member. */
export type VerdictRecordDocument = VerdictRecordReport;

/** The document of `verdict record --json`. */
export function verdictRecordDocument(report: VerdictRecordReport): VerdictRecordDocument {
  return report;
}
