import { Command, CommanderError } from 'commander';
import type { Context } from '../core/context.js';
import { AgentConfigError, EXIT_CANNOT_RUN, EXIT_OK } from '../core/errors.js';
import { VERSION } from '../core/version.js';
import { sanitize } from '../render/sanitize.js';
import { err } from './output.js';
import { registrations } from './registry.js';
import type { CliState } from './state.js';

/** Builds the commander program for one run, with every registered verb. */
function buildProgram(ctx: Context, state: CliState): Command {
  // The help's width is asked for only when help is printed: the terminal's size costs a start.
  const helpWidth = () => Math.min(ctx.io.columns || 80, 100);
  const output = {
    writeOut: (s: string) => ctx.io.stdout.write(s),
    writeErr: (s: string) => ctx.io.stderr.write(s),
    getOutHelpWidth: helpWidth,
    getErrHelpWidth: helpWidth,
  };
  const program = new Command('agent-config');
  program
    .description(
      'Git-native roadmap and evidence tooling for repositories where AI agents and people plan work together.',
    )
    .version(VERSION, '-V, --version', 'print the version')
    .option('--debug', 'print stack traces for every error')
    .helpOption('-h, --help', 'show help')
    .showSuggestionAfterError(true)
    .exitOverride()
    .configureOutput({
      ...output,
      outputError: (s, write) => write(`agent-config: ${s.replace(/^error: /, '')}`),
    });
  for (const register of registrations) register(program, ctx, state);
  program.commands.forEach((c) => {
    c.exitOverride();
    c.configureOutput({
      ...output,
      outputError: (s, write) => write(`agent-config ${c.name()}: ${s.replace(/^error: /, '')}`),
    });
  });
  return program;
}

/**
 * Runs the CLI in process and returns the exit code: 0 ran clean, 1 found something blocking,
 * 2 could not run. Nothing here touches `process`; cli/main.ts does.
 */
export async function runCli(argv: string[], ctx: Context): Promise<number> {
  const state: CliState = { exitCode: EXIT_OK };
  const program = buildProgram(ctx, state);
  const debug = argv.includes('--debug');
  try {
    if (argv.length === 0) {
      program.outputHelp();
      return EXIT_OK;
    }
    await program.parseAsync(argv, { from: 'user' });
    return state.exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      if (
        error.code === 'commander.helpDisplayed' ||
        error.code === 'commander.version' ||
        error.code === 'commander.help'
      ) {
        return EXIT_OK;
      }
      return EXIT_CANNOT_RUN;
    }
    if (error instanceof AgentConfigError) {
      err(ctx, sanitize(`agent-config: ${error.oneLine()}`));
      if (debug && error.stack) err(ctx, error.stack);
      return error.exitCode;
    }
    const e = error instanceof Error ? error : new Error(String(error));
    err(ctx, `agent-config: internal error: ${sanitize(e.message)}`);
    err(ctx, e.stack ?? '');
    err(ctx, 'This is a bug in agent-config; please report it with the command you ran.');
    return EXIT_CANNOT_RUN;
  }
}
