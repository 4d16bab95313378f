/**
 * An exit code of the CLI: 0 ran clean, 1 found something, 2 could not run (SPEC §10);
 * `evidence verify` adds 3 (a torn tail) and 4 (I/O).
 */
export type ExitCode = 0 | 1 | 2 | 3 | 4;

/** What one outcome code of a verb means, and the exit code it gives. */
export interface Outcome<Exit extends ExitCode = ExitCode> {
  readonly exit: Exit;
  readonly meaning: string;
}

/**
 * A verb's frozen outcome codes, in the order its documentation lists them: each code with its
 * exit code and what it means. Scripts depend on the codes and their exit codes.
 */
export type Outcomes<Code extends string = string, Exit extends ExitCode = ExitCode> = {
  readonly [C in Code]: Outcome<Exit>;
};

/** An outcome table frozen, its rows included, with its codes and exit codes kept as literal types. */
export function outcomes<const Table extends Record<string, Outcome>>(table: Table): Readonly<Table> {
  for (const row of Object.values(table)) Object.freeze(row);
  return Object.freeze(table);
}
