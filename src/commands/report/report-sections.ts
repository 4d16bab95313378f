import type { Context } from '../../core/context.js';
import { AgentConfigError } from '../../core/errors.js';
import { type LintJsonDocument, lintJsonDocument } from '../../lint/reporters/json.js';
import { openRepository } from '../../repo/open-repository.js';
import { type DecisionsDocument, decisionHistory } from '../decide/history.js';
import {
  type LogDocument,
  logDocument,
  runEvidenceLog,
  runEvidenceVerify,
  type VerifyDocument,
  verifyDocument,
} from '../evidence/evidence.js';
import { type GatesDocument, gatesDocument, runGates } from '../gates/gates.js';
import { runWindowStatus, type WindowDocument, windowDocument } from '../guard/window.js';
import { runLint } from '../lint/lint.js';
import { type PendingDocument, pendingDocument, runPending } from '../staging/pending.js';

/**
 * The documents of other verbs the report embeds, each exactly as that verb prints it with
 * `--json`: made in process by the verb's own run and document functions. A verb that cannot
 * run here (an unreadable staging store, say) gives null.
 */
export interface ReportSections {
  /** `gates --all --json`. */
  gates: GatesDocument | null;
  /** `pending --json`. */
  pending: PendingDocument | null;
  /** `window status --json`. */
  window: WindowDocument | null;
  /** `evidence verify --json`. */
  evidence: VerifyDocument | null;
  /** The latest records of `evidence log --json` (its last `LATEST_RECORDS`, newest last), in its shape. */
  evidenceLog: LogDocument | null;
  /** `lint --format json`. */
  lint: LintJsonDocument | null;
  /** The decisions people made with `decide`, from the ledger, oldest first. */
  decisions: DecisionsDocument | null;
}

/** How many of the ledger's latest records the report carries. */
export const LATEST_RECORDS = 10;

/** A verb's document, or null when the verb refuses to run here. */
async function section<Document>(make: () => Promise<Document>): Promise<Document | null> {
  try {
    return await make();
  } catch (error) {
    if (error instanceof AgentConfigError) return null;
    throw error;
  }
}

/** Runs each verb the report embeds, in the order the document lists them. */
export async function reportSections(ctx: Context, root: string): Promise<ReportSections> {
  return {
    gates: await section(async () => gatesDocument(await runGates(ctx, { root }), true)),
    pending: await section(async () => pendingDocument(await runPending(ctx, { root }))),
    window: await section(async () => windowDocument(await runWindowStatus(ctx, { root }))),
    evidence: await section(async () =>
      verifyDocument(await runEvidenceVerify(ctx, { root, staged: false })),
    ),
    evidenceLog: await section(async () => {
      const { records } = await runEvidenceLog(ctx, { root });
      return logDocument({ records: records.slice(-LATEST_RECORDS) });
    }),
    lint: await section(async () => lintJsonDocument(await runLint(ctx, { root, args: [], staged: false }))),
    decisions: await section(async () => decisionHistory(ctx, await openRepository(ctx, { root }))),
  };
}
