import { BASE_RULES } from './base-rules.js';
import type { CommandWords, GuardRule } from './rule-types.js';
import { firstOperand, hasFlag, type OptionSpec, splitArgs } from './words.js';

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
  ...BASE_RULES,
];
