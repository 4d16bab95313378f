import { ConfigError } from '../core/errors.js';
import type { ConfiguredRule, GuardSettings } from '../core/guard-config.js';
import { firstOperand, hasFlag, type OptionSpec, programName, splitArgs } from './words.js';

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

const GIT: OptionSpec = {
  withValue: ['-C', '-c', '--git-dir', '--work-tree', '--namespace', '--config-env', '--super-prefix'],
};
const PUSH: OptionSpec = {
  withValue: ['--repo', '-o', '--push-option', '--receive-pack', '--exec'],
  shortWithValue: 'o',
};

/** A git command's subcommand and the words after it, past git's own options. */
function gitSubcommand(c: CommandWords): { sub: string; args: readonly string[] } | null {
  if (c.program !== 'git') return null;
  const at = firstOperand(c.args, GIT);
  return at === -1 ? null : { sub: c.args[at]!, args: c.args.slice(at + 1) };
}

function push(c: CommandWords): { force: boolean; remove: boolean } | null {
  const g = gitSubcommand(c);
  if (g === null || g.sub !== 'push') return null;
  const { options, operands } = splitArgs(g.args, PUSH);
  const force =
    hasFlag(options, ['--force', '--force-with-lease', '--mirror'], 'f', PUSH) ||
    operands.some((o) => o.startsWith('+'));
  const remove =
    hasFlag(options, ['--delete', '--prune'], 'd', PUSH) || operands.some((o) => o.startsWith(':'));
  return { force, remove };
}

function gitWith(sub: string, test: (options: string[]) => boolean) {
  return (c: CommandWords) => {
    const g = gitSubcommand(c);
    return g !== null && g.sub === sub && test(splitArgs(g.args, { withValue: [] }).options);
  };
}

/** The subcommand words of a tool whose global options come first (`gh -R o/r pr merge`). */
function operandsOf(c: CommandWords, programs: readonly string[], spec: OptionSpec): string[] {
  return programs.includes(c.program) ? splitArgs(c.args, spec).operands : [];
}

const NPM: OptionSpec = {
  withValue: [
    '--registry',
    '--otp',
    '--tag',
    '-w',
    '--workspace',
    '--prefix',
    '-C',
    '--access',
    '--userconfig',
  ],
};
const GH: OptionSpec = { withValue: ['-R', '--repo', '--hostname'] };
const KUBECTL: OptionSpec = {
  withValue: [
    '-n',
    '--namespace',
    '--context',
    '--cluster',
    '--user',
    '-s',
    '--server',
    '--kubeconfig',
    '--token',
    '--as',
    '--as-group',
    '--request-timeout',
    '-v',
    '-l',
    '--selector',
    '-f',
    '--filename',
    '-o',
    '--output',
  ],
};
const TERRAFORM: OptionSpec = { withValue: [] };
const SQL_CLIENTS = ['psql', 'mysql', 'mariadb', 'sqlite3'];
const SQL_DROP = /\bdrop\s+(database|table|schema)\b/i;

const firstWords = (c: CommandWords, programs: readonly string[], spec: OptionSpec, ...want: string[]) => {
  const ops = operandsOf(c, programs, spec);
  return want.every((w, i) => ops[i] === w);
};

/** The default rule set (docs/guard.md lists it). Action names are frozen: windows name them. */
export const DEFAULT_RULES: readonly GuardRule[] = [
  {
    action: 'git-force-push',
    window: 'allow',
    programs: ['git'],
    keywords: ['push'],
    summary: 'git push --force / -f / --force-with-lease / --mirror / a +refspec',
    matches: (c) => push(c)?.force === true,
  },
  {
    action: 'git-push-delete',
    window: 'allow',
    programs: ['git'],
    keywords: ['push'],
    summary: 'git push --delete / -d / --prune / a :ref refspec (deletes remote branches or tags)',
    matches: (c) => push(c)?.remove === true,
  },
  {
    action: 'git-branch-delete',
    window: 'allow',
    programs: ['git'],
    keywords: ['branch'],
    summary: 'git branch -D (or --delete --force)',
    matches: gitWith(
      'branch',
      (o) => hasFlag(o, [], 'D') || (hasFlag(o, ['--delete'], 'd') && hasFlag(o, ['--force'], 'f')),
    ),
  },
  {
    action: 'git-tag-delete',
    window: 'allow',
    programs: ['git'],
    keywords: ['tag'],
    summary: 'git tag -d / --delete',
    matches: gitWith('tag', (o) => hasFlag(o, ['--delete'], 'd')),
  },
  {
    action: 'git-clean',
    window: 'allow',
    programs: ['git'],
    keywords: ['clean'],
    summary: 'git clean -f… (not with -n / --dry-run)',
    matches: gitWith('clean', (o) => hasFlag(o, ['--force'], 'f') && !hasFlag(o, ['--dry-run'], 'n')),
  },
  {
    action: 'npm-publish',
    window: 'never',
    programs: ['npm', 'pnpm', 'yarn'],
    keywords: ['publish'],
    summary: 'npm / pnpm / yarn publish (and yarn npm publish)',
    matches: (c) => {
      const ops = operandsOf(c, ['npm', 'pnpm', 'yarn'], NPM);
      return ops[0] === 'publish' || (c.program === 'yarn' && ops[0] === 'npm' && ops[1] === 'publish');
    },
  },
  {
    action: 'npm-unpublish',
    window: 'never',
    programs: ['npm', 'pnpm', 'yarn'],
    keywords: ['unpublish'],
    summary: 'npm unpublish',
    matches: (c) => operandsOf(c, ['npm', 'pnpm', 'yarn'], NPM)[0] === 'unpublish',
  },
  {
    action: 'gh-release',
    window: 'never',
    programs: ['gh'],
    keywords: ['release'],
    summary: 'gh release create / delete',
    matches: (c) =>
      firstWords(c, ['gh'], GH, 'release', 'create') || firstWords(c, ['gh'], GH, 'release', 'delete'),
  },
  {
    action: 'gh-repo-delete',
    window: 'never',
    programs: ['gh'],
    keywords: ['repo'],
    summary: 'gh repo delete',
    matches: (c) => firstWords(c, ['gh'], GH, 'repo', 'delete'),
  },
  {
    action: 'gh-pr-merge',
    window: 'allow',
    programs: ['gh'],
    keywords: ['merge'],
    summary: 'gh pr merge',
    matches: (c) => firstWords(c, ['gh'], GH, 'pr', 'merge'),
  },
  {
    action: 'terraform-apply',
    window: 'allow',
    programs: ['terraform', 'tofu'],
    keywords: ['apply'],
    summary: 'terraform / tofu apply (-chdir=… allowed before it)',
    matches: (c) =>
      firstWords(c, ['terraform', 'tofu'], TERRAFORM, 'apply') && !c.args.some((a) => /^--?destroy$/.test(a)),
  },
  {
    action: 'terraform-destroy',
    window: 'never',
    programs: ['terraform', 'tofu'],
    keywords: ['destroy'],
    summary: 'terraform / tofu destroy, and apply -destroy',
    matches: (c) =>
      firstWords(c, ['terraform', 'tofu'], TERRAFORM, 'destroy') ||
      (firstWords(c, ['terraform', 'tofu'], TERRAFORM, 'apply') &&
        c.args.some((a) => /^--?destroy$/.test(a))),
  },
  {
    action: 'kubectl-delete',
    window: 'allow',
    programs: ['kubectl', 'oc'],
    keywords: ['delete'],
    summary: 'kubectl delete (-n ns and other global options allowed before it)',
    matches: (c) => firstWords(c, ['kubectl', 'oc'], KUBECTL, 'delete'),
  },
  {
    action: 'sql-drop',
    window: 'never',
    programs: [...SQL_CLIENTS, 'dropdb', 'mysqladmin'],
    keywords: ['drop'],
    summary:
      'DROP DATABASE / TABLE / SCHEMA given to psql, mysql, mariadb or sqlite3 (argument, pipe or here-document); dropdb; mysqladmin drop',
    matches: (c) =>
      c.program === 'dropdb' ||
      (c.program === 'mysqladmin' && c.args.includes('drop')) ||
      (SQL_CLIENTS.includes(c.program) && (c.args.some((a) => SQL_DROP.test(a)) || SQL_DROP.test(c.input))),
  },
];

/** The action of a command line the guard could not read but that names a guarded word. */
export const UNREADABLE_ACTION = 'unreadable-command';

/** A repository's rule from `guard.rules`: the program, then its leading operands, then any-of. */
export function configuredRule(r: ConfiguredRule): GuardRule {
  const [program, ...lead] = r.command as [string, ...string[]];
  return {
    action: r.action,
    window: r.window,
    programs: [programName(program)],
    keywords: [programName(program), ...lead.map((w) => w.toLowerCase())],
    summary: [...r.command, ...(r.anyOf.length > 0 ? [`(${r.anyOf.join(' | ')})`] : [])].join(' '),
    matches: (c) => {
      if (c.program !== programName(program)) return false;
      const { options, operands } = splitArgs(c.args, { withValue: [] });
      if (!lead.every((w, i) => operands[i] === w)) return false;
      if (r.anyOf.length === 0) return true;
      const long = r.anyOf.filter((a) => a.startsWith('--'));
      const short = r.anyOf
        .filter((a) => /^-[^-]$/.test(a))
        .map((a) => a[1])
        .join('');
      return hasFlag(options, long, short) || r.anyOf.some((a) => c.args.includes(a));
    },
  };
}

/** The rules in force: the defaults less `disable`, with `never` applied, then the repository's. */
export function rulesFor(settings: GuardSettings): GuardRule[] {
  const known = new Set(DEFAULT_RULES.map((r) => r.action));
  const unknown = settings.disable.find((a) => !known.has(a));
  if (unknown !== undefined) {
    throw new ConfigError(
      `'guard.disable' names '${unknown}', which is not a default action`,
      'agent-config.yaml',
      `default actions: ${[...known].join(', ')}`,
    );
  }
  const never = new Set(settings.never);
  const defaults = DEFAULT_RULES.filter((r) => !settings.disable.includes(r.action)).map((r) =>
    never.has(r.action) ? { ...r, window: 'never' as const } : r,
  );
  return [
    ...defaults,
    ...settings.rules.map((r) => {
      const rule = configuredRule(r);
      return never.has(rule.action) ? { ...rule, window: 'never' as const } : rule;
    }),
  ];
}
