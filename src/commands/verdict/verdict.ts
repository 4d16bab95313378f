import type { Context } from '../../core/context.js';
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

/** `agent-config verdict check [FILE|-]`: parses one verdict strictly (docs/verdicts.md). */
export async function runVerdictCheck(
  ctx: Context,
  options: VerdictCheckOptions,
): Promise<VerdictCheckReport> {
  const input = await readInput(ctx, options.file, 'agent-config verdict check');
  return { input: input.name, check: checkVerdict(input.text, input.invalidUtf8) };
}
