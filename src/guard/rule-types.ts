/** The action of a command line the guard cannot read but that may perform a guarded action. */
export const UNREADABLE_ACTION = 'unreadable-command';

/**
 * A command as a rule sees it: the program's name and its arguments, wrappers removed. A word
 * the text cannot fix is `NO_WORD` or `ANY_WORD` (see words.ts): rules read words through
 * `wordIs`, `hasFlag`, `splitArgs`, `readCommandPath` and `textOf`, which know both.
 */
export interface CommandWords {
  program: string;
  args: readonly string[];
  /** Every word that may reach its stdin (earlier pipeline stages, here-documents), for a loose look. */
  input: string;
  /** Variables set for it (`A=1 git …`, `env A=1 …`, `export A=1; …`); unknown values as `unknown`. */
  env: ReadonlyMap<string, string>;
  /**
   * What stands for a value the text cannot fix in this reading (`NO_WORD` or `ANY_WORD`): for
   * values a rule takes from outside the words, such as a variable the line does not set.
   */
  unknown: string;
  /** The folders it may run in, relative to the call's folder (`cd` earlier in the line); null: unknown. */
  cwd: readonly (string | null)[];
  /** The commands before it in the same line, as rules see them (`terraform plan -destroy -out p`). */
  earlier: readonly { program: string; args: readonly string[] }[];
  /** Its redirections, with the target when the text fixes it (`> agent-config.yaml`). */
  redirects: readonly { operator: string; target: string | null }[];
  /**
   * The arguments as written where the text cannot fix them (`$D/agent-config.yaml`), else as
   * `args`, in the reading of what the known words do: for the watch on the guard's own files,
   * which matches a path's known end. Absent where the classifier has no words to give.
   */
  written?: readonly string[];
  /**
   * The aliases git's configuration defines where a git command runs (name in lower case →
   * value), when the hook has read them for this line (see `Classification.gitAliasPlaces`).
   */
  gitAliases?: GitAliasLookup;
}

/**
 * Where git reads its configuration: the folder it runs in (after `cd` and `-C`) and the
 * repository `--git-dir`/`GIT_DIR` names, each relative to the call's folder, absolute or `~/…`.
 */
export interface GitPlace {
  dir: string;
  gitDir: string | null;
}

/**
 * The aliases of git's configuration at a place (null: a place the text cannot fix): a map;
 * null when they cannot be known (the place, or git could not say); undefined: not read.
 */
export type GitAliasLookup = (place: GitPlace | null) => ReadonlyMap<string, string> | null | undefined;

/**
 * A question only the repository can answer: does removing (or checking out) these paths lose
 * tracked work? `under` is a folder the command moves to first (`git -C dir`), relative to its
 * own folder. The classifier turns it into a `PathCheck` with the command's folder.
 */
export interface TrackedQuestion {
  paths: readonly string[];
  under?: string;
}

/** What a rule makes of a command: it performs the action, it does not, or it does when these paths hold tracked files. */
export type RuleMatch = boolean | TrackedQuestion;

/**
 * The words a rule is about, so a property test can generate every spelling of its commands
 * (the fast path must never say less than the parser).
 */
export interface RuleVocabulary {
  /** Subcommand words in order, each level with every spelling the program accepts (aliases, abbreviations). */
  subcommands: readonly (readonly string[])[];
  /** Long options any of which (or, when `abbreviated`, any prefix of which) makes the command guarded. */
  longOptions: readonly string[];
  /** Short option letters with the same effect, alone or in a cluster. */
  shortOptions: string;
  /** The program accepts any prefix of a long option (git, getopt_long). */
  abbreviated: boolean;
  /** A command line the rule holds, as written by hand. */
  example: string;
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
  /** What it matches, for generated tests (absent for a repository's own rules). */
  vocabulary?: RuleVocabulary;
  matches(command: CommandWords): RuleMatch;
}
