/**
 * Every keyword of the default rules (a test keeps it equal to theirs). Written out here so the
 * command's fast path (dist/bin.js) carries this list and not the rules.
 */
export const DEFAULT_KEYWORDS: readonly string[] = [
  'push',
  'branch',
  'tag',
  'clean',
  'publish',
  'unpublish',
  'release',
  'repo',
  'merge',
  'apply',
  'destroy',
  'delete',
  'drop',
  // base-rules.ts: moving the base by hand
  'fetch',
  'pull',
  'remote',
  'update-ref',
  'symbolic-ref',
  'send-pack',
  'receive-pack',
];

/**
 * The text a pre-filter and the unreadable-command fallback look at: lower case, with the
 * shell's quoting characters removed, so `g\it`, `"g"it` and `'gi't` read as `git`.
 */
export function scanText(command: string): string {
  return command.toLowerCase().replace(/[\\'"]/g, '');
}

/**
 * Whether a command line may concern a guard rule: one of the rules' keywords appears in it
 * (as any part of a word), or it holds ANSI-C quoting (`$'\x67it'`), which can spell any word.
 * False means no rule can match, without parsing: the hook's fast path.
 */
export function mayConcernGuard(command: string, keywords: readonly string[]): boolean {
  const text = scanText(command);
  return text.includes("$'") || command.includes("$'") || keywords.some((k) => text.includes(k));
}
