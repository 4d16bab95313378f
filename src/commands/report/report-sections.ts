import type { Context } from '../../core/context.js';
import { AgentConfigError } from '../../core/errors.js';
import { formatJson } from '../../lint/reporters/json.js';
import { logJson, verifyJson } from '../../render/evidence.js';
import { renderGatesJsonOutput } from '../../render/gates.js';
import { renderPendingJson } from '../../render/pending.js';
import { windowJson } from '../../render/window.js';
import { runEvidenceLog, runEvidenceVerify } from '../evidence/evidence.js';
import { runGates } from '../gates/gates.js';
import { runWindowStatus } from '../guard/window.js';
import { runLint } from '../lint/lint.js';
import { runPending } from '../staging/pending.js';

/**
 * The documents of other commands the report embeds, each exactly as that command prints it
 * with `--json`: made in process by the command's own run and render functions, then parsed.
 * A command that cannot run here (an unreadable staging store, say) gives null.
 */
export type Section = (ctx: Context, root: string) => Promise<unknown>;

/** The JSON a command prints, parsed; null when the command refuses to run here. */
async function printed(print: () => Promise<string>): Promise<unknown> {
  try {
    return JSON.parse(await print());
  } catch (error) {
    if (error instanceof AgentConfigError) return null;
    throw error;
  }
}

/** `gates --all --json`. */
export const gatesDocument: Section = (ctx, root) =>
  printed(async () => {
    return renderGatesJsonOutput(await runGates(ctx, { root }), true);
  });

/** `pending --json`. */
export const pendingDocument: Section = (ctx, root) =>
  printed(async () => {
    const report = await runPending(ctx, { root });
    return renderPendingJson(report.rows, report.unreadable);
  });

/** `lint --format json`. */
export const lintDocument: Section = (ctx, root) =>
  printed(async () => formatJson(await runLint(ctx, { root, args: [], staged: false })));

/** `window status --json`. */
export const windowDocument: Section = (ctx, root) =>
  printed(async () => windowJson(await runWindowStatus(ctx, { root })));

/** `evidence verify --json`. */
export const evidenceDocument: Section = (ctx, root) =>
  printed(async () => verifyJson(await runEvidenceVerify(ctx, { root, staged: false })));

/** How many of the ledger's latest records the report carries. */
export const LATEST_RECORDS = 10;

/**
 * The latest records of `evidence log --json` (its last `LATEST_RECORDS`, newest last), in that
 * document's shape: `{records: [...]}`.
 */
export const evidenceLogDocument: Section = (ctx, root) =>
  printed(async () => {
    const { records } = await runEvidenceLog(ctx, { root });
    return logJson({ records: records.slice(-LATEST_RECORDS) });
  });
