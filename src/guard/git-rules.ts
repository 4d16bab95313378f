import { type GitView, gitViews, remoteSettings } from './git-view.js';
import type { CommandWords, GuardRule, RuleMatch, RuleVocabulary } from './rule-types.js';
import { rule } from './tool-rules.js';
import {
  ANY_WORD,
  type FlagSpelling,
  hasExactFlag,
  hasFlag,
  NO_WORD,
  type OptionSpec,
  readCommandPath,
  splitArgs,
  startsWithAny,
  switchedOn,
  textOf,
  wordIs,
} from './words.js';

// git's parse-options accepts any unique prefix of a long option (`--forc`, `--del`); every
// prefix is taken, so the ambiguous ones (which git refuses) are held too.
const ABBREV: FlagSpelling = { abbreviated: true };
const PUSH: OptionSpec = {
  withValue: ['--repo', '-o', '--push-option', '--receive-pack', '--exec'],
  shortWithValue: 'o',
};
const PLAIN: OptionSpec = { withValue: [] };

/** The views of a command whose subcommand is, or could be, one of the names. */
function viewsOf(c: CommandWords, ...subs: string[]): GitView[] {
  return gitViews(c).filter((v) => wordIs(v.sub, ...subs));
}

/** A git boolean setting that is, or could be, true (`remote.x.mirror=yes`). */
function truthy(value: string): boolean {
  if (value === NO_WORD) return false;
  return value === ANY_WORD || !['false', 'no', 'off', '0'].includes(value.toLowerCase());
}

function pushes(c: CommandWords): { force: boolean; remove: boolean } {
  let force = false;
  let remove = false;
  for (const v of viewsOf(c, 'push', 'send-pack', 'http-push')) {
    const { options, operands } = splitArgs(v.args, PUSH);
    if (switchedOn(options, '--dry-run', 'n')) continue;
    const pushSettings = remoteSettings(v.config, 'push');
    force ||=
      v.anyConfig ||
      hasFlag(options, ['--force', '--force-with-lease', '--mirror'], 'f', PUSH, ABBREV) ||
      operands.some((o) => startsWithAny(o, '+')) ||
      pushSettings.some((s) => startsWithAny(s, '+')) ||
      remoteSettings(v.config, 'mirror').some(truthy);
    remove ||=
      v.anyConfig ||
      hasFlag(options, ['--delete', '--prune'], 'd', PUSH, ABBREV) ||
      operands.some((o) => startsWithAny(o, ':') || /^\+:/.test(o)) ||
      pushSettings.some((s) => startsWithAny(s, ':') || /^\+:/.test(s));
  }
  return { force, remove };
}

/** Some view of the subcommand satisfies the test on its options and operands. */
function gitWith(
  subs: readonly string[],
  spec: OptionSpec,
  test: (o: string[], ops: string[], v: GitView) => RuleMatch,
) {
  return (c: CommandWords): RuleMatch => {
    let question: RuleMatch = false;
    for (const v of viewsOf(c, ...subs)) {
      const { options, operands, afterDashes } = splitArgs(v.args, spec);
      const m = test(options, [...operands.filter((o) => !afterDashes.includes(o)), ...afterDashes], v);
      if (m === true) return true;
      if (m !== false) question = m;
    }
    return question;
  };
}

const CHECKOUT: OptionSpec = { withValue: ['-b', '-B', '--orphan', '--pathspec-from-file', '--conflict'] };
const SWITCH: OptionSpec = {
  withValue: ['-c', '-C', '--create', '--force-create', '--orphan', '--conflict'],
};

/** An operand that can only be a path (`.`, `./x`, `src/`, `:/`, a glob), never a branch. */
function pathLike(word: string): boolean {
  const text = textOf(word);
  if (text === null || text !== word) return word !== NO_WORD;
  return /^(\.\.?(\/|$)|\/|:[/(!^])|\/$|[*?[]/.test(text);
}

/** `git checkout` that overwrites the worktree: `-f`, `-p`, a pathspec (`-- x`, `.`, `a b`), else a question. */
function checkoutDiscards(options: string[], operands: string[], v: GitView, spec = CHECKOUT): RuleMatch {
  if (hasFlag(options, ['--force', '--patch', '--pathspec-from-file'], 'fp', spec, ABBREV)) return true;
  const dashes = v.args.indexOf('--');
  if (dashes !== -1 && dashes < v.args.length - 1) return true;
  const ops = operands.filter((o) => o !== NO_WORD && o !== '-');
  const creating = hasFlag(options, ['--orphan'], 'bB', spec);
  if (ops.length >= 2) return true;
  if (ops.length === 0 || creating) return false;
  const op = ops[0]!;
  if (pathLike(op)) return true;
  // One word: a branch, or a path whose changes it discards. Only the repository knows.
  return { paths: [op], under: dirOf(v) };
}

function dirOf(v: GitView): string | undefined {
  const dirs = v.dirs.map((d) => textOf(d));
  if (dirs.length === 0) return undefined;
  return dirs.some((d) => d === null) ? '\u0000' : dirs.join('/');
}

const restoreDiscards = (options: string[]): boolean => {
  const staged = options.some((o) => o === '--staged' || /^-[A-Za-z]*S/.test(o));
  return !staged || hasFlag(options, ['--worktree'], 'W', PLAIN, ABBREV);
};

function gitRule(
  action: string,
  keywords: string[],
  summary: string,
  vocabulary: Partial<RuleVocabulary> & { subcommands: string[][]; example: string },
  matches: (c: CommandWords) => RuleMatch,
): GuardRule {
  return rule(action, 'allow', ['git'], keywords, summary, { abbreviated: true, ...vocabulary }, matches);
}

/** The default rules for git: rewriting or deleting what others have, and losing work not yet pushed. */
export const GIT_RULES: readonly GuardRule[] = [
  gitRule(
    'git-force-push',
    ['push', 'send-pack', 'http-push'],
    'git push --force / -f / --force-with-lease / --mirror / a +refspec (also as -c remote.*.push=+… or remote.*.mirror, and send-pack)',
    {
      subcommands: [['push', 'send-pack']],
      longOptions: ['--force', '--force-with-lease', '--mirror'],
      shortOptions: 'f',
      example: 'git push --force origin main',
    },
    (c) => pushes(c).force,
  ),
  gitRule(
    'git-push-delete',
    ['push', 'send-pack', 'http-push'],
    'git push --delete / -d / --prune / a :ref refspec (deletes remote branches or tags)',
    {
      subcommands: [['push']],
      longOptions: ['--delete', '--prune'],
      shortOptions: 'd',
      example: 'git push --delete origin old',
    },
    (c) => pushes(c).remove,
  ),
  gitRule(
    'git-branch-delete',
    ['branch', 'update-ref'],
    'git branch -D (or --delete --force); git update-ref -d',
    { subcommands: [['branch']], longOptions: [], shortOptions: 'D', example: 'git branch -D feature' },
    (c) =>
      gitWith(
        ['branch'],
        PLAIN,
        (o) =>
          hasFlag(o, [], 'D') ||
          (hasFlag(o, ['--delete'], 'd', PLAIN, ABBREV) && hasFlag(o, ['--force'], 'f', PLAIN, ABBREV)),
      )(c) === true ||
      gitWith(
        ['update-ref'],
        { withValue: ['-m'] },
        (o) =>
          hasFlag(o, ['--delete'], 'd') || (hasFlag(o, ['--stdin'], '') && /^\s*delete\s/m.test(c.input)),
      )(c) === true,
  ),
  gitRule(
    'git-tag-delete',
    ['tag'],
    'git tag -d / --delete',
    { subcommands: [['tag']], longOptions: ['--delete'], shortOptions: 'd', example: 'git tag -d v1.0.0' },
    gitWith(['tag'], PLAIN, (o) => hasFlag(o, ['--delete'], 'd', PLAIN, ABBREV)),
  ),
  gitRule(
    'git-clean',
    ['clean'],
    'git clean -f… (not with -n / --dry-run; also without -f under -c clean.requireForce=false)',
    { subcommands: [['clean']], longOptions: ['--force'], shortOptions: 'f', example: 'git clean -fdx' },
    gitWith(['clean'], { withValue: ['-e', '--exclude'] }, (o, _ops, v) => {
      const required = v.config.get('clean.requireforce');
      const force =
        hasFlag(o, ['--force'], 'f', PLAIN, ABBREV) ||
        v.anyConfig ||
        (required !== undefined && !truthy(required));
      return force && !switchedOn(o, '--dry-run', 'n');
    }),
  ),
  gitRule(
    'git-reset-hard',
    ['reset'],
    'git reset --hard (discards uncommitted changes and moves the branch; not --soft / --mixed)',
    { subcommands: [['reset']], longOptions: ['--hard'], example: 'git reset --hard HEAD~1' },
    gitWith(['reset'], { withValue: ['--pathspec-from-file'] }, (o) =>
      hasFlag(o, ['--hard'], '', PLAIN, ABBREV),
    ),
  ),
  gitRule(
    'git-discard-changes',
    ['checkout', 'switch', 'restore'],
    'git checkout -- <paths> / checkout . / checkout -f, git switch -f / --discard-changes, git restore of the worktree (not --staged alone)',
    {
      subcommands: [['checkout', 'restore']],
      longOptions: ['--force'],
      shortOptions: 'f',
      example: 'git checkout -- .',
    },
    (c) => {
      const checkout = gitWith(['checkout'], CHECKOUT, checkoutDiscards)(c);
      if (checkout === true) return true;
      const other =
        gitWith(['switch'], SWITCH, (o) => hasFlag(o, ['--force', '--discard-changes'], 'f', SWITCH, ABBREV))(
          c,
        ) === true ||
        gitWith(
          ['restore'],
          { withValue: ['-s', '--source', '--pathspec-from-file'] },
          restoreDiscards,
        )(c) === true;
      return other || checkout;
    },
  ),
  gitRule(
    'git-stash-drop',
    ['stash'],
    'git stash drop / clear',
    { subcommands: [['stash'], ['drop', 'clear']], example: 'git stash drop' },
    (c) =>
      viewsOf(c, 'stash').some((v) =>
        readCommandPath(v.args, PLAIN, 1).some((r) => wordIs(r.path[0], 'drop', 'clear')),
      ),
  ),
  gitRule(
    'git-filter-branch',
    ['filter-branch', 'filter-repo'],
    'git filter-branch, git filter-repo (rewrites every commit)',
    {
      subcommands: [['filter-branch', 'filter-repo']],
      example: 'git filter-branch --tree-filter "rm -f x" HEAD',
    },
    gitWith(
      ['filter-branch', 'filter-repo'],
      PLAIN,
      (o) => !hasExactFlag(o, ['--help', '--analyze', '--dry-run'], 'h'),
    ),
  ),
  gitRule(
    'git-reflog-expire',
    ['reflog', 'gc', 'prune'],
    'git reflog expire / delete, git gc --prune=<date> (or gc.pruneExpire / gc.reflogExpire set on the line), git prune',
    { subcommands: [['reflog'], ['expire', 'delete']], example: 'git reflog expire --expire=now --all' },
    (c) =>
      viewsOf(c, 'reflog').some((v) =>
        readCommandPath(v.args, PLAIN, 1).some((r) => wordIs(r.path[0], 'expire', 'delete')),
      ) ||
      gitWith(['prune'], { withValue: ['--expire'] }, (o) => !hasExactFlag(o, ['--dry-run'], 'n'))(c) ===
        true ||
      gitWith(['gc'], PLAIN, (o, _ops, v) => {
        const prune = o.some((x) => {
          const eq = x.indexOf('=');
          return eq > 3 && '--prune'.startsWith(x.slice(0, eq)) && x.slice(eq + 1) !== 'never';
        });
        const settings = [...v.config].some(
          ([k, value]) => /^gc\.(pruneexpire|reflogexpire(unreachable)?)$/.test(k) && value !== 'never',
        );
        return prune || settings || v.anyConfig || o.includes(ANY_WORD);
      })(c) === true,
  ),
];
