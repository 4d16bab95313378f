import { compareDiagnostics, type Diagnostic } from '../core/diagnostics.js';
import type { LintDocument, LintRule, Workspace } from './types.js';

export interface LintRunOptions {
  /** Also report what the roadmap parser found (invalid frontmatter, unclosed fences). */
  parserDiagnostics: boolean;
}

/** Runs each rule on the documents in its scope; findings come back sorted by file, line, column, rule. */
export async function lintDocuments(
  docs: readonly LintDocument[],
  workspace: Workspace,
  rules: readonly LintRule[],
  options: LintRunOptions,
): Promise<Diagnostic[]> {
  const out: Diagnostic[] = [];
  for (const doc of docs) {
    for (const rule of rules) {
      if (!rule.meta.scopes.some((s) => doc.scopes.has(s))) continue;
      for (const f of await rule.check(doc, workspace)) {
        out.push({
          file: doc.file,
          line: f.line,
          column: f.column,
          severity: f.severity ?? rule.meta.severity,
          code: rule.meta.id,
          message: f.message,
        });
      }
    }
    if (options.parserDiagnostics && doc.roadmap !== null) out.push(...doc.roadmap.diagnostics);
  }
  return out.sort(compareDiagnostics);
}
