import type { EvidenceVerifyReport } from '../commands/evidence.js';

/**
 * The `evidence verify --json` document (its shape is frozen, docs/evidence.md). The CLI
 * prints it and the MCP tool `evidence_verify` returns it parsed.
 */
export function renderEvidenceVerifyJson(report: EvidenceVerifyReport): string {
  const { ok, exit, streams, problems, anomalies } = report;
  const bare = problems.map(({ code, file, seq }) =>
    seq === undefined ? { code, file } : { code, file, seq },
  );
  return `${JSON.stringify({ ok, exit, streams, problems: bare, anomalies }, null, 2)}\n`;
}
