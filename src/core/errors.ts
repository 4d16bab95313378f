/** Exit codes shared by every command (SPEC §10). */
export const EXIT_OK = 0;
/** Ran, and found something blocking (lint findings, stale dashboard, refused claim). */
export const EXIT_FINDINGS = 1;
/** Could not run: usage, configuration, repository state, unreadable input. */
export const EXIT_CANNOT_RUN = 2;

/**
 * A failure to run that is the caller's to fix. Printed as one line, never with a stack.
 * `where` names the file (and line) the problem is in; `fix` says what to do about it.
 */
export class AgentConfigError extends Error {
  readonly exitCode: number = EXIT_CANNOT_RUN;
  constructor(
    message: string,
    readonly where?: string,
    readonly fix?: string,
  ) {
    super(message);
    this.name = new.target.name;
  }

  /** The one line a person sees: `where: message — fix`. */
  oneLine(): string {
    const head = this.where ? `${this.where}: ${this.message}` : this.message;
    return this.fix ? `${head} — ${this.fix}` : head;
  }
}

/** Bad flags or arguments. */
export class UsageError extends AgentConfigError {}
/** `agent-config.yaml` is malformed or names an unknown key. */
export class ConfigError extends AgentConfigError {}
/** The repository is not in a state the command can work on (no repo, dirty tree, …). */
export class RepoStateError extends AgentConfigError {}
/** An input file could not be read faithfully (permissions, encoding, binary). */
export class InputError extends AgentConfigError {}

/**
 * A git command failed. Shown as one line: the git subcommand, its exit code and the first line
 * git wrote to stderr. `stderr` keeps all of it for callers that tell failures apart.
 */
export class GitCommandError extends AgentConfigError {
  constructor(
    readonly args: readonly string[],
    readonly stderr: string,
    readonly gitExitCode: number | null,
  ) {
    // The subcommand: the first word that is neither an option nor the value of `-c`/`-C`.
    const verb =
      args.find((a, i) => !a.startsWith('-') && args[i - 1] !== '-c' && args[i - 1] !== '-C') ?? '';
    const status = gitExitCode === null ? '' : ` (exit ${gitExitCode})`;
    const said = stderr === '' ? '' : `: ${stderr.split('\n')[0]}`;
    super(
      `git ${verb} failed${status}${said}`,
      undefined,
      'fix what git reports (run the git command yourself for its full output)',
    );
  }
}
