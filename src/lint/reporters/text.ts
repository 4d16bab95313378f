import { docPage } from '../../core/doc-page.js';
import { sanitize } from '../../core/text/sanitize.js';
import type { LintReport } from '../report.js';

/** `path:line:col  severity  message  rule-id`, one finding a line, every string sanitized. */
export function formatText(report: LintReport): string {
  return report.diagnostics
    .map(
      (d) =>
        `${sanitize(`${d.file}:${d.line}:${d.column}  ${d.severity}  ${d.message}  ${d.code}`, { inline: true })}\n`,
    )
    .join('');
}

/** The closing line for stderr: how many files were checked and what was found. */
export function formatSummary(report: LintReport): string {
  const files = `${report.checked.length} file(s) checked`;
  const skipped =
    report.skipped.length > 0 ? `; ${report.skipped.length} path(s) outside every rule's scope` : '';
  if (report.diagnostics.length === 0) return `✅  agent-config lint: ${files}, no findings${skipped}.`;
  const withFindings = new Set(report.diagnostics.map((d) => d.file)).size;
  const mark = report.errors > 0 ? '❌' : '⚠️ ';
  return `${mark}  agent-config lint: ${report.errors} error(s), ${report.warnings} warning(s) in ${withFindings} of ${files}${skipped} — rules are explained in ${docPage('rules.md')}.`;
}
