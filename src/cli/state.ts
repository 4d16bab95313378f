/** Mutable result of one CLI run: the exit code a command's action chose. */
export interface CliState {
  exitCode: number;
}
