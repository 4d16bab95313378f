import type { Diagnostic } from '../core/diagnostics.js';

/** What `agent-config lint` found; the CLI renders it in the chosen format. */
export interface LintReport {
  /** Absolute repository root. */
  root: string;
  /** Ids of the rules that ran. */
  rules: string[];
  /** Repository-relative paths of the files that were linted. */
  checked: string[];
  /** Paths given (or staged) that no rule applies to. */
  skipped: string[];
  /** Findings, sorted by file, line, column and rule. */
  diagnostics: Diagnostic[];
  errors: number;
  warnings: number;
}

/** Counts errors and warnings of a finished list of findings. */
export function countSeverities(diagnostics: readonly Diagnostic[]): { errors: number; warnings: number } {
  let errors = 0;
  let warnings = 0;
  for (const d of diagnostics) {
    if (d.severity === 'error') errors++;
    else if (d.severity === 'warning') warnings++;
  }
  return { errors, warnings };
}
