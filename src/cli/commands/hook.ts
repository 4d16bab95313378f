import type { Command } from 'commander';
import type { Context } from '../../core/context.js';
import { docPage } from '../../core/doc-page.js';
import { EXIT_CANNOT_RUN, EXIT_OK, UsageError } from '../../core/errors.js';
import { HARNESSES, type Harness, renderHookOutput } from '../../guard/harness.js';
import { DEFAULT_KEYWORDS, mayConcernGuard } from '../../guard/prefilter.js';
import { sanitize } from '../../render/sanitize.js';
import { err } from '../output.js';
import type { CliState } from '../state.js';

/**
 * Runs the hook and answers in the harness's protocol. Every path ends in an answer with exit
 * 0 (or 2 with one stderr line, which every harness reads as a block): a harness lets a call
 * through when its hook crashes or exits 1, so nothing may escape from here.
 */
async function answer(ctx: Context, harness: Harness): Promise<number> {
  let text = '';
  try {
    text = ctx.readStdin?.() ?? '';
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    err(
      ctx,
      sanitize(`agent-config guard: cannot read stdin (${why}); the call is refused`, { inline: true }),
    );
    return EXIT_CANNOT_RUN;
  }
  try {
    const { runHook } = await import('../../commands/hook.js');
    const report = await runHook(ctx, { harness, input: text });
    if (report.block !== null) {
      err(ctx, sanitize(report.block, { inline: true }));
      return EXIT_CANNOT_RUN;
    }
    if (report.warning !== null) err(ctx, sanitize(report.warning, { inline: true }));
    ctx.io.stdout.write(renderHookOutput(harness, report.decision));
    return EXIT_OK;
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    if (!mayConcernGuard(text, DEFAULT_KEYWORDS)) {
      ctx.io.stdout.write(renderHookOutput(harness, { decision: 'none' }));
      return EXIT_OK;
    }
    const reason = `agent-config guard: the guard failed (${why}) on a command that may be guarded; it was not run. Ask a person to look.`;
    ctx.io.stdout.write(renderHookOutput(harness, { decision: 'deny', reason }));
    return EXIT_OK;
  }
}

/** `agent-config hook <harness>`: the agent harness hook (docs/guard.md). */
export function registerHook(program: Command, ctx: Context, state: CliState): void {
  program
    .command('hook')
    .description(
      `the agent harness hook: stage an agent's guarded shell commands for a person (${docPage('guard.md')})`,
    )
    .argument('<harness>', `the harness whose hook JSON is on stdin: ${HARNESSES.join(', ')}`)
    .action(async (harness: string) => {
      if (!HARNESSES.includes(harness as Harness)) {
        throw new UsageError(
          `unknown harness '${harness}'`,
          'agent-config hook',
          `use one of ${HARNESSES.join(', ')}`,
        );
      }
      state.exitCode = await answer(ctx, harness as Harness);
    });
}
