import type { CommandWords, GuardRule } from './rule-types.js';
import { rule } from './tool-rules.js';
import {
  ANY_WORD,
  type CommandSpec,
  readCommandPath,
  splitArgs,
  switchedOn,
  textOf,
  wordIs,
} from './words.js';

const TERRAFORM: CommandSpec = { withValue: [] };
const TRUE_VALUES = ['1', 't', 'true'];

/** `-destroy`, `--destroy`, `-destroy=true` as Go's flag package reads them. */
const destroyFlag = (args: readonly string[]) =>
  args.some((a) => {
    if (a === ANY_WORD) return true;
    const m = /^--?destroy(?:=(.*))?$/.exec(a);
    return m !== null && (m[1] === undefined || TRUE_VALUES.includes(m[1].toLowerCase()));
  });

function terraform(c: CommandWords, sub: string): { args: readonly string[] } | null {
  if (c.program !== 'terraform' && c.program !== 'tofu') return null;
  const reading = readCommandPath(c.args, TERRAFORM, 1).find((r) => wordIs(r.path[0], sub));
  return reading === undefined ? null : { args: c.args.slice(reading.rest) };
}

/** Plan files written by `terraform plan -destroy -out …` earlier in the line. */
function destroyPlans(c: CommandWords): Set<string> {
  const plans = new Set<string>();
  for (const e of c.earlier) {
    const plan = terraform({ ...c, ...e }, 'plan');
    if (plan === null || !destroyFlag(plan.args)) continue;
    plan.args.forEach((a, i) => {
      const out =
        a === '-out' || a === '--out'
          ? plan.args[i + 1]
          : /^--?out=/.test(a)
            ? a.slice(a.indexOf('=') + 1)
            : undefined;
      if (out !== undefined) plans.add(out.replace(/^\.\//, ''));
    });
  }
  return plans;
}

function appliesDestroy(c: CommandWords): boolean | null {
  const apply = terraform(c, 'apply');
  if (apply === null) return null;
  if (destroyFlag(apply.args)) return true;
  const plans = destroyPlans(c);
  return splitArgs(apply.args, TERRAFORM).operands.some(
    (p) => p === ANY_WORD || plans.has(p.replace(/^\.\//, '')),
  );
}

const KUBECTL: CommandSpec = {
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
    '--cache-dir',
    '--certificate-authority',
    '--client-certificate',
    '--client-key',
    '--tls-server-name',
    '-l',
    '--selector',
    '-f',
    '--filename',
    '-o',
    '--output',
  ],
  flags: ['--insecure-skip-tls-verify', '--match-server-version', '--warnings-as-errors'],
  unknownTakesValue: true,
  interspersed: true,
};

const SQL_CLIENTS = ['psql', 'mysql', 'mariadb', 'sqlite3', 'duckdb'];
const SQL_DROP = /\bdrop\s+(database|table|schema)\b/i;

/** Whether SQL drops a database, table or schema, also with comments between the words or around them. */
export function sqlDrops(text: string): boolean {
  const without = text.replace(/\/\*[\s\S]*?(\*\/|$)/g, ' ').replace(/(--|#)[^\n]*/g, ' ');
  const markersOnly = text.replace(/\/\*!?\d*|\*\//g, ' ').replace(/(--|#)[^\n]*/g, ' ');
  return SQL_DROP.test(without) || SQL_DROP.test(markersOnly);
}

/** Infrastructure and databases: terraform, kubectl, SQL. */
export const INFRA_RULES: readonly GuardRule[] = [
  rule(
    'terraform-apply',
    'allow',
    ['terraform', 'tofu'],
    ['apply'],
    'terraform / tofu apply (-chdir=… allowed before it)',
    { subcommands: [['apply']], example: 'terraform apply' },
    (c) => appliesDestroy(c) === false,
  ),
  rule(
    'terraform-destroy',
    'never',
    ['terraform', 'tofu'],
    ['destroy', 'apply'],
    'terraform / tofu destroy, apply -destroy, and apply of a plan made with plan -destroy earlier in the line',
    { subcommands: [['destroy', 'apply']], longOptions: ['-destroy'], example: 'terraform destroy' },
    (c) => terraform(c, 'destroy') !== null || appliesDestroy(c) === true,
  ),
  rule(
    'kubectl-delete',
    'allow',
    ['kubectl', 'oc'],
    ['delete'],
    'kubectl / oc delete (global options before it; not with --dry-run)',
    { subcommands: [['delete']], example: 'kubectl -n prod delete pod web' },
    (c) =>
      (c.program === 'kubectl' || c.program === 'oc') &&
      readCommandPath(c.args, KUBECTL, 1).some((r) => wordIs(r.path[0], 'delete')) &&
      !switchedOn(c.args, '--dry-run', '', ['client', 'server']),
  ),
  rule(
    'sql-drop',
    'never',
    [...SQL_CLIENTS, 'dropdb', 'mysqladmin'],
    ['drop'],
    'DROP DATABASE / TABLE / SCHEMA (comments between the words too) given to psql, mysql, mariadb, sqlite3 or duckdb as an argument, through a pipe, a here-document or a here-string; dropdb; mysqladmin drop',
    { subcommands: [], example: 'psql -c "DROP TABLE users"' },
    (c) =>
      c.program === 'dropdb' ||
      (c.program === 'mysqladmin' && c.args.some((a) => wordIs(a, 'drop', 'DROP'))) ||
      (SQL_CLIENTS.includes(c.program) &&
        (c.args.some((a) => sqlDrops(textOf(a) ?? '')) || sqlDrops(c.input))),
  ),
];
