/** A command as a rule sees it: the program's name and its arguments, wrappers removed. */
export interface CommandWords {
  program: string;
  args: readonly string[];
  /** Text that may reach its stdin (earlier pipeline stages, here-documents). */
  input: string;
}

/** One guard rule: an action name, whether windows may let it through, and its test. */
export interface GuardRule {
  action: string;
  window: 'allow' | 'never';
  /** Programs it concerns (names as `programName` gives them). */
  programs: readonly string[];
  /** Words one of which any matching command line contains (lower case): the cheap pre-filter. */
  keywords: readonly string[];
  /** One line for docs and for the reason shown to the agent. */
  summary: string;
  matches(command: CommandWords): boolean;
}
