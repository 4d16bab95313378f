import type { LintReport } from '../report.js';

/** One JSON document with raw (unsanitized) values, for tools. */
export function formatJson(report: LintReport): string {
  const doc = {
    version: 1,
    rules: report.rules,
    checked: report.checked,
    skipped: report.skipped,
    summary: { errors: report.errors, warnings: report.warnings, files: report.checked.length },
    findings: report.diagnostics.map((d) => ({
      file: d.file,
      line: d.line,
      column: d.column,
      severity: d.severity,
      rule: d.code,
      message: d.message,
    })),
  };
  return `${JSON.stringify(doc, null, 2)}\n`;
}
