import { Command, CommanderError } from 'commander';
import type { Context } from '../core/context.js';
import { AgentConfigError, EXIT_CANNOT_RUN, EXIT_OK } from '../core/errors.js';
import { sanitize } from '../core/text/sanitize.js';
import { VERSION } from '../core/version.js';
import { err } from './output.js';
import { registrations } from './registry.js';
import { type Act, exitCodeKeeper } from './verb.js';

/** Builds the commander program for one run, with every registered verb. */
function buildProgram(ctx: Context, act: Act): Command {
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
      outputError: (s, write) => write(usageLine('agent-config', s)),
    });
  for (const register of registrations) register(program, ctx, act);
  // Every command at every depth (`verdict check`, `window open`) names itself in its errors.
  const configure = (c: Command, path: string): void => {
    c.exitOverride();
    c.configureOutput({ ...output, outputError: (s, write) => write(usageLine(path, s)) });
    for (const sub of c.commands) configure(sub, `${path} ${sub.name()}`);
  };
  for (const c of program.commands) configure(c, `agent-config ${c.name()}`);
  return program;
}

/**
 * Commander's error as one sanitized line naming the command and the fix: its `(Did you mean
 * …?)` line becomes the fix, else the command's --help is named.
 */
export function usageLine(path: string, said: string): string {
  const [first = '', ...rest] = said
    .replace(/^error: /, '')
    .trim()
    .split('\n');
  const guess = /^\(Did you mean (.+)\?\)$/.exec(rest.join(' ').trim());
  const fix = guess ? `did you mean ${guess[1]}?` : `see ${path} --help`;
  return `${sanitize(`${path}: ${first} — ${fix}`, { inline: true })}\n`;
}

/**
 * Runs the CLI in process and returns the exit code: 0 ran clean, 1 found something blocking,
 * 2 could not run. Nothing here touches `process`; cli/main.ts does.
 */
export async function runCli(argv: string[], ctx: Context): Promise<number> {
  const { act, exitCode } = exitCodeKeeper();
  const program = buildProgram(ctx, act);
  const debug = argv.includes('--debug');
  try {
    if (argv.length === 0) {
      program.outputHelp();
      return EXIT_OK;
    }
    // `help <verb>` is `<verb> --help`: commander would print the verb's help without running
    // the hooks that fill it in (lint's rule ids come from the rule table, loaded on demand).
    const verb = argv[0] === 'help' && argv.length === 2 ? argv[1]! : undefined;
    const known = program.commands.some((c) => c.name() === verb || c.aliases().includes(verb ?? ''));
    const args = known ? [verb!, '--help'] : argv;
    await program.parseAsync(args, { from: 'user' });
    return exitCode();
  } catch (error) {
    if (error instanceof CommanderError) {
      // `commander.help` with a non-zero exit: a group (`window`) called without its subcommand;
      // its help went to stderr, and the call could not run.
      const asked =
        error.code === 'commander.helpDisplayed' ||
        error.code === 'commander.version' ||
        (error.code === 'commander.help' && error.exitCode === 0);
      return asked ? EXIT_OK : EXIT_CANNOT_RUN;
    }
    if (error instanceof AgentConfigError) {
      // A `where` that already names the command (`agent-config stage --object`) is not prefixed twice.
      const line = error.oneLine();
      err(ctx, sanitize(line.startsWith('agent-config ') ? line : `agent-config: ${line}`));
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
