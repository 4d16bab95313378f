import type { Context } from '../../core/context.js';
import { EXIT_FINDINGS, EXIT_OK } from '../../core/errors.js';
import type { ExitCode } from '../../core/outcomes.js';
import { readInput } from '../../repo/read-input.js';
import { checkVerdict, type VerdictCheck } from '../../verdict/verdict.js';

export interface VerdictCheckOptions {
  /** A file, `-` or undefined for stdin. */
  file?: string;
}

/** What `verdict check` answers: the check, and the input it read. */
export interface VerdictCheckReport {
  /** The file as given, or `stdin`. */
  input: string;
  check: VerdictCheck;
}

/** Exit 0 valid, 1 invalid (2, could not read, is an InputError thrown by `readInput`). */
export function verdictCheckExit(report: VerdictCheckReport): ExitCode {
  return report.check.valid ? EXIT_OK : EXIT_FINDINGS;
}

/** `verdict check --json`: exactly the four keys docs/verdicts.md freezes. */
export interface VerdictCheckDocument {
  valid: boolean;
  code: VerdictCheck['code'];
  message: VerdictCheck['message'];
  verdict: VerdictCheck['verdict'];
}

/** The document of `verdict check --json`. */
export function verdictCheckDocument(report: VerdictCheckReport): VerdictCheckDocument {
  const { valid, code, message, verdict } = report.check;
  return { valid, code, message, verdict };
}

/** `agent-config verdict check [FILE|-]`: parses one verdict strictly (docs/verdicts.md). */
export async function runVerdictCheck(
  ctx: Context,
  options: VerdictCheckOptions,
): Promise<VerdictCheckReport> {
  const input = await readInput(ctx, options.file, 'agent-config verdict check');
  return { input: input.name, check: checkVerdict(input.text, input.invalidUtf8) };
}
