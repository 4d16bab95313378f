import type { Context } from '../core/context.js';
import { AgentConfigError } from '../core/errors.js';
import { formatJson } from '../lint/reporters/json.js';
import { renderGatesJson, renderNoRoadmaps } from '../render/gates.js';
import { renderPendingJson } from '../render/pending.js';
import { runGates } from './gates.js';
import { runLint } from './lint.js';
import { runPending } from './pending.js';

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

/** A command that does not exist yet: its place in the document is null. */
const notYet: Section = async () => null;

/** `gates --all --json`. */
export const gatesDocument: Section = (ctx, root) =>
  printed(async () => {
    const report = await runGates(ctx, { root });
    return report.hasRoadmaps ? renderGatesJson(report.entries, { all: true }) : renderNoRoadmaps('json');
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

/**
 * `window status --json`. When that command lands, this line becomes
 * `(ctx, root) => printed(async () => <its JSON renderer>(await <its run function>(ctx, { root })))`.
 */
export const windowDocument: Section = notYet;

/** `evidence verify --json`; plugged in the same way as `windowDocument`. */
export const evidenceDocument: Section = notYet;
