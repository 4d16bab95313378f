/** A verify report as its JSON document needs it (`src/commands/evidence.ts` builds it). */
export interface VerifyJsonInput {
  ok: boolean;
  exit: number;
  streams: readonly object[];
  problems: ReadonlyArray<{ code: string; file: string; seq?: number; key?: string }>;
  anomalies: readonly object[];
}

/**
 * `evidence verify --json`: `{ok, exit, streams, problems: [{code, file, seq?, key?}], anomalies}`
 * (a problem's `detail` is for people and stays out). The one renderer of that document: the
 * CLI prints it and the report embeds it.
 */
export function verifyJson(report: VerifyJsonInput): string {
  const { ok, exit, streams, problems, anomalies } = report;
  const bare = problems.map(({ code, file, seq, key }) => ({
    code,
    file,
    ...(seq === undefined ? {} : { seq }),
    ...(key === undefined ? {} : { key }),
  }));
  return `${JSON.stringify({ ok, exit, streams, problems: bare, anomalies }, null, 2)}\n`;
}

/** `evidence log --json`: `{records: [...]}`, the records in time order as the command gives them. */
export function logJson(report: { records: readonly object[] }): string {
  return `${JSON.stringify({ records: report.records }, null, 2)}\n`;
}
