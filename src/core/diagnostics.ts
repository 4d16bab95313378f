/** How serious a finding is. `error` findings make lint exit 1. */
export type Severity = 'error' | 'warning' | 'info';

/**
 * A finding in a document: data, never an exception. `line` and `column` are 1-based;
 * `file` is the path as the command shows it (repository-relative where possible).
 */
export interface Diagnostic {
  file: string;
  line: number;
  column: number;
  severity: Severity;
  /** Stable code, e.g. `frontmatter-invalid-yaml` or a lint rule id. */
  code: string;
  message: string;
}

/** Orders diagnostics by file, line, column, then code: stable output across runs. */
export function compareDiagnostics(a: Diagnostic, b: Diagnostic): number {
  if (a.file !== b.file) return a.file < b.file ? -1 : 1;
  if (a.line !== b.line) return a.line - b.line;
  if (a.column !== b.column) return a.column - b.column;
  return a.code < b.code ? -1 : a.code > b.code ? 1 : 0;
}
