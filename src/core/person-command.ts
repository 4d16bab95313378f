/**
 * The command line a person is told to run, e.g. `npx --no agent-config confirm 7F3K`.
 *
 * Always `npx --no`: plain `npx` fetches a package from the registry without asking when stdin
 * is not a terminal, so a printed `npx agent-config …` would run whatever code holds that name
 * there. `--no` runs only a local install (node_modules/.bin) and fails otherwise.
 * Every line the tool prints for a person goes through this one helper.
 */
export function personCommand(args: string): string {
  return args === '' ? PERSON_COMMAND_PREFIX : `${PERSON_COMMAND_PREFIX} ${args}`;
}

/** The prefix every printed command starts with. */
export const PERSON_COMMAND_PREFIX = 'npx --no agent-config';
