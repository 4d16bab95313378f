import { normalize } from './paths.js';
import type { GuardRule, RuleMatch } from './rule-types.js';
import { ANY_WORD, hasFlag, NO_WORD, splitArgs, textOf } from './words.js';

/**
 * A path `rm -r` must never take, whatever the repository holds: `/` and its children (`/usr`,
 * `/*`), the home folder and its children (`~`, `~/`, `~/*`, `~/Documents`), another user's home.
 */
export function alwaysProtected(path: string): boolean {
  if (/^~[^/]/.test(path)) return true;
  const home = path === '~' || path.startsWith('~/');
  const rest = home ? path.slice(1) : path;
  if (!rest.startsWith('/') && !home) return false;
  const normal = normalize(`/${rest}`).replace(/\/+$/, '');
  const parts = normal.split('/').filter((p) => p !== '');
  return parts.length <= 1;
}

/**
 * `rm -r` (`-R`, `--recursive`, any prefix of it): held for a path that is always protected,
 * and a question for the others: held when the path holds tracked files, is the repository's
 * root or above it, or is the home folder (the hook answers it; see removal.ts).
 */
function removes(args: readonly string[]): RuleMatch {
  const { options, operands } = splitArgs(args, { withValue: [] });
  if (!hasFlag(options, ['--recursive'], 'rR', undefined, { abbreviated: true })) return false;
  const paths: string[] = [];
  for (const o of operands) {
    if (o === NO_WORD) continue;
    if (o === ANY_WORD) return true;
    const path = textOf(o) ?? '';
    if (path === '') continue;
    if (alwaysProtected(path)) return true;
    paths.push(path);
  }
  return paths.length === 0 ? false : { paths };
}

export const RM_RULE: GuardRule = {
  action: 'rm-recursive',
  window: 'allow',
  programs: ['rm'],
  keywords: ['rm'],
  summary:
    'rm -r of a path that holds tracked files, of the repository root or a folder above it, of / or ~ (and their direct children); ignored output such as node_modules or dist stays free',
  vocabulary: {
    subcommands: [],
    longOptions: ['--recursive'],
    shortOptions: 'rR',
    abbreviated: true,
    example: 'rm -rf ~',
  },
  matches: (c) => (c.program === 'rm' ? removes(c.args) : false),
};
