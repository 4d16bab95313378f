import type { Context } from '../core/context.js';
import { AgentConfigError } from '../core/errors.js';

/**
 * The documents of other commands the report embeds, each exactly as that command prints it
 * with `--json`, produced in process with the command's own run and render functions. A
 * command that cannot run here (no staging store, say) gives null, and so does one that does
 * not exist yet.
 */

async function parsedOrNull(produce: () => Promise<string>): Promise<unknown> {
  try {
    return JSON.parse(await produce());
  } catch (error) {
    if (error instanceof AgentConfigError) return null;
    throw error;
  }
}

/** `gates --all --json`. */
export function gatesDocument(ctx: Context, root: string): Promise<unknown> {
  return parsedOrNull(async () => {
    const { runGates } = await import('./gates.js');
    const { renderGatesJson, renderNoRoadmaps } = await import('../render/gates.js');
    const report = await runGates(ctx, { root });
    return report.hasRoadmaps ? renderGatesJson(report.entries, { all: true }) : renderNoRoadmaps('json');
  });
}

/** `pending --json`. */
export function pendingDocument(ctx: Context, root: string): Promise<unknown> {
  return parsedOrNull(async () => {
    const { runPending } = await import('./pending.js');
    const { renderPendingJson } = await import('../render/pending.js');
    const report = await runPending(ctx, { root });
    return renderPendingJson(report.rows, report.unreadable);
  });
}

/** `lint --format json`. */
export function lintDocument(ctx: Context, root: string): Promise<unknown> {
  return parsedOrNull(async () => {
    const { runLint } = await import('./lint.js');
    const { formatJson } = await import('../lint/reporters/json.js');
    return formatJson(await runLint(ctx, { root, args: [], staged: false }));
  });
}

/** `window status --json`: that command does not exist yet. */
export async function windowDocument(_ctx: Context, _root: string): Promise<unknown> {
  return null;
}

/** `evidence verify --json`: that command does not exist yet. */
export async function evidenceDocument(_ctx: Context, _root: string): Promise<unknown> {
  return null;
}
