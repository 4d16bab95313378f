import type { Severity } from '../../core/diagnostics.js';
import { documentText } from '../../core/document.js';
import type { LintReport } from '../report.js';

/** One finding of `lint --format json`. */
export interface LintFinding {
  file: string;
  line: number;
  column: number;
  severity: Severity;
  rule: string;
  message: string;
}

/** `lint --format json`: raw (unsanitized) values, for tools. */
export interface LintJsonDocument {
  version: 1;
  rules: string[];
  checked: string[];
  skipped: string[];
  summary: { errors: number; warnings: number; files: number };
  findings: LintFinding[];
}

/** The document of `lint --format json`: the CLI prints it, the MCP server answers it, the report embeds it. */
export function lintJsonDocument(report: LintReport): LintJsonDocument {
  return {
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
}

/** One JSON document with raw (unsanitized) values, for tools. */
export function formatJson(report: LintReport): string {
  return documentText(lintJsonDocument(report));
}
