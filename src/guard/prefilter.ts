/**
 * Every keyword of the default rules (a test keeps it equal to theirs). Written out here so the
 * command's fast path (dist/bin.js) carries this list and not the rules.
 */
export const DEFAULT_KEYWORDS: readonly string[] = [
  'push',
  'send-pack',
  'http-push',
  'branch',
  'update-ref',
  'tag',
  'clean',
  'publish',
  'pu',
  'unpublish',
  'unp',
  'release',
  'repo',
  'merge',
  'apply',
  'destroy',
  'delete',
  'drop',
  'reset',
  'checkout',
  'switch',
  'restore',
  'stash',
  'filter-branch',
  'filter-repo',
  'reflog',
  'gc',
  'prune',
  'rm',
  'upload',
  'register',
  'api',
];

/**
 * The text a pre-filter and the unreadable-command fallback look at: lower case, with the
 * shell's quoting characters removed, so `g\it`, `"g"it` and `'gi't` read as `git`.
 */
export function scanText(command: string): string {
  return command.toLowerCase().replace(/[\\'"]/g, '');
}

// What the parser resolves beyond the literal words (issue 28): words the shell assembles or
// cannot know (`$x`, backticks, globs, braces, `<(…)`), escapes a program decodes (`printf
// '\x67it'`), and programs that run other text (shells, eval, interpreters, xargs, …). A line
// with any of them is parsed; the keywords alone would say less than the parser.
const ASSEMBLED = /[$`*?[{]|<\(|\\[0-7xuUe]/;
// git settings the line cannot see into: any subcommand may then be an alias.
const OUTSIDE_CONFIG = /config-env|git_config|includeif|include\.path/;
const RUNS_TEXT =
  /(^|[\s;&|(){}`!/])(\.|(ba|z|da|k|mk|a|c|tc|ya|po|r)?sh|fish|busybox|toybox|eval|source|exec|trap|alias|python[0-9.]*|pypy[0-9]*|node(js)?|deno|bunx?|perl|ruby|php|luajit|lua|[gmn]?awk|xargs|parallel|find|watch|script|su|runuser|flock|entr|tmux|screen|at|batch|env|npx|uvx|pipx|nix-shell|psql|mysql|mariadb|sqlite3)(?=$|[\s;&|()<>])/;

/**
 * Whether a command line may concern a guard rule: one of the rules' keywords appears in it
 * (as any part of a word, line continuations removed), it holds ANSI-C quoting (`$'\x67it'`),
 * or something the parser resolves into other words (see above). False means no rule can
 * match, without parsing: the hook's fast path.
 */
export function mayConcernGuard(command: string, keywords: readonly string[]): boolean {
  const text = scanText(command.replace(/\\\r?\n/g, ''));
  return (
    ASSEMBLED.test(command) ||
    OUTSIDE_CONFIG.test(text) ||
    RUNS_TEXT.test(text) ||
    keywords.some((k) => text.includes(k))
  );
}
