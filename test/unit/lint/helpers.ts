import type { Diagnostic } from '../../../src/core/diagnostics.js';
import { lintExample } from '../../../src/lint/examples.js';
import type { LintRule } from '../../../src/lint/types.js';

/** Lints one document with one rule (and other roadmaps it may refer to); returns `line:col message`. */
export async function findings(
  rule: LintRule,
  file: string,
  text: string,
  others: Array<{ file: string; text: string }> = [],
): Promise<string[]> {
  const found: Diagnostic[] = await lintExample(rule, { file, text, others });
  return found.map((d) => `${d.line}:${d.column} ${d.message}`);
}
