import type { Command } from 'commander';
import { EXIT_OK } from '../core/errors.js';

/** A verb's run as the CLI performs it: the report, and the exit code the verb's own exit function gives it. */
export interface Ran<Report> {
  report: Report;
  exit: number;
}

/**
 * Makes a commander action of a verb: `run` computes the report and its exit code (the verb's
 * module is loaded there, lazily), then `render` prints the report. The exit code is the run's
 * whatever was printed; commands neither print in `run` nor pick an exit code in `render`.
 */
export type Act = <Args extends unknown[], Report>(
  run: (...args: Args) => Promise<Ran<Report>>,
  render?: (report: Report, ...args: Args) => void | Promise<void>,
) => (...args: Args) => Promise<void>;

/** The exit code of one CLI run and the `act` that sets it: the run's only mutable state. */
export function exitCodeKeeper(): { act: Act; exitCode: () => number } {
  let exitCode: number = EXIT_OK;
  const act: Act =
    (run, render) =>
    async (...args) => {
      const ran = await run(...args);
      exitCode = ran.exit;
      await render?.(ran.report, ...args);
    };
  return { act, exitCode: () => exitCode };
}

/**
 * Adds `--root <dir>` to a verb, the one declaration of it. `from` says where the root is when
 * the option is absent, for the verbs that do not look for it as most do.
 */
export function rootOption(command: Command, from = 'the current folder or the git top level'): Command {
  return command.option('--root <dir>', `repository root (default: ${from})`);
}
