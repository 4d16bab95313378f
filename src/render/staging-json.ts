import type { StageReport } from '../commands/staging/stage.js';
import type { StagingReport } from '../commands/staging/staging-shared.js';

/**
 * The `--json` document of `stage`, `confirm`, `decline` and `claim`: the outcome, then the
 * record. The CLI prints it and the MCP server returns it parsed as the tool's structured result.
 */
export function renderStagingJson(report: StagingReport): string {
  const { verb, outcome, exit, token, file, problem, record } = report;
  const extra = 'expiresAt' in report ? { expiresAt: (report as StageReport).expiresAt } : {};
  return `${JSON.stringify({ verb, outcome, exit, token, file, problem, ...extra, record }, null, 2)}\n`;
}
