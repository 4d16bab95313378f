import type { CommandWords, GuardRule, RuleVocabulary } from './rule-types.js';
import {
  ANY_WORD,
  type CommandSpec,
  readCommandPath,
  splitArgs,
  switchedOn,
  textOf,
  wordIs,
} from './words.js';

// npm's own command table (npm 11, lib/utils/cmd-list.js): a command is found exactly, as an
// alias, or by a prefix that only one command or alias has (`npm publis`, `npm unpub`).
const NPM_COMMANDS =
  'access adduser approve-scripts audit bugs cache ci completion config dedupe deny-scripts deprecate diff dist-tag docs doctor edit exec explain explore find-dupes fund get help help-search init install install-ci-test install-scripts install-test link ll login logout ls org outdated owner pack ping pkg prefix profile prune publish query rebuild repo restart root run sbom search set shrinkwrap stage star stars start stop team test token trust undeprecate uninstall unpublish unstar update version view whoami'.split(
    ' ',
  );
const NPM_ALIASES =
  'author home issues info show find add unlink remove rm r un rb list ln create i it cit u up c s se tst t ddp v run-script clean-install clean-install-test x why la verison ic innit in ins inst insta instal isnt isnta isntal isntall install-clean isntall-clean hlep dist-tags upgrade udpate rum sit urn ogr add-user'.split(
    ' ',
  );
const NPM_NAMES = [...NPM_COMMANDS, ...NPM_ALIASES];

/** Every word npm reads as the command `name`: the name and each prefix no other command or alias has. */
export function npmSpellings(name: string): string[] {
  const out = [name];
  for (let n = 1; n < name.length; n++) {
    const prefix = name.slice(0, n);
    if (!NPM_NAMES.includes(prefix) && NPM_NAMES.filter((c) => c.startsWith(prefix)).length === 1)
      out.push(prefix);
  }
  return out;
}

const PUBLISH = npmSpellings('publish');
const UNPUBLISH = npmSpellings('unpublish');

// The options whose value is the next word are listed only where certain (a wrong entry would
// hide the subcommand); any other option is read both with and without a value.
const SPECS: Record<string, CommandSpec> = {
  npm: {
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
      '--cache',
      '--loglevel',
    ],
    flags: [
      '-g',
      '--global',
      '-s',
      '--silent',
      '-q',
      '--quiet',
      '-d',
      '-y',
      '--yes',
      '--json',
      '-ws',
      '--workspaces',
    ],
    unknownTakesValue: true,
  },
  pnpm: {
    withValue: [
      '--filter',
      '-F',
      '--dir',
      '-C',
      '--reporter',
      '--loglevel',
      '--registry',
      '--otp',
      '--tag',
      '--access',
    ],
    flags: ['-r', '--recursive', '-w', '--workspace-root', '-s', '--silent', '--json'],
    unknownTakesValue: true,
  },
  yarn: { withValue: ['--cwd'], flags: ['-s', '--silent', '--json'], unknownTakesValue: true },
  bun: { withValue: ['--cwd', '-c', '--config'], unknownTakesValue: true },
};
const PACKAGE_MANAGERS = ['npm', 'pnpm', 'yarn', 'bun'];

function firstCommand(c: CommandWords): string[] {
  const spec = SPECS[c.program];
  return spec === undefined ? [] : readCommandPath(c.args, spec, 1).map((r) => r.path[0] ?? '');
}

function publishes(c: CommandWords): boolean {
  if (!PACKAGE_MANAGERS.includes(c.program) || switchedOn(c.args, '--dry-run')) return false;
  if (c.program === 'npm') return firstCommand(c).some((w) => wordIs(w, ...PUBLISH));
  if (c.program !== 'yarn') return firstCommand(c).some((w) => wordIs(w, 'publish'));
  // yarn publish, yarn npm publish, yarn workspace NAME (npm) publish, yarn workspaces foreach … npm publish.
  const ops = splitArgs(c.args, SPECS.yarn!).operands;
  return ops.some(
    (w, i) =>
      wordIs(w, 'publish') &&
      (i === 0 || wordIs(ops[i - 1], 'npm') || wordIs(ops[0], 'workspace', 'workspaces')),
  );
}

const GH: CommandSpec = {
  withValue: ['-R', '--repo', '--hostname'],
  unknownTakesValue: true,
  interspersed: true,
};
const ghPath = (c: CommandWords, ...levels: (readonly string[])[]) =>
  c.program === 'gh' &&
  readCommandPath(c.args, GH, levels.length).some((r) =>
    levels.every((names, i) => wordIs(r.path[i], ...names)),
  );

/** `gh api` with an HTTP method (`-X DELETE`, `--method=put`); ANY_WORD when the line cannot fix it. */
function ghApi(c: CommandWords): { method: string; endpoint: string[] } | null {
  if (!ghPath(c, ['api'])) return null;
  let method = 'GET';
  c.args.forEach((a, i) => {
    if (a === '-X' || a === '--method') method = c.args[i + 1] ?? method;
    else if (/^(-X|--method=)./.test(a)) method = a.replace(/^(-X|--method=)/, '');
    else if (a === ANY_WORD) method = ANY_WORD;
  });
  const endpoint = splitArgs(c.args, {
    withValue: [
      '-X',
      '--method',
      '-f',
      '-F',
      '-H',
      '--header',
      '--input',
      '-q',
      '--jq',
      '-t',
      '--template',
      '--hostname',
      '--cache',
      '--field',
      '--raw-field',
    ],
  }).operands;
  return { method: textOf(method)?.toUpperCase() ?? method, endpoint };
}

/** A default rule, its vocabulary's unlisted parts empty. */
export function rule(
  action: string,
  window: 'allow' | 'never',
  programs: string[],
  keywords: string[],
  summary: string,
  vocabulary: Partial<RuleVocabulary> & { example: string; subcommands: string[][] },
  matches: GuardRule['matches'],
): GuardRule {
  return {
    action,
    window,
    programs,
    keywords,
    summary,
    vocabulary: { longOptions: [], shortOptions: '', abbreviated: false, ...vocabulary },
    matches,
  };
}

/** Publishing npm packages, GitHub releases and repositories. */
export const TOOL_RULES: readonly GuardRule[] = [
  rule(
    'npm-publish',
    'never',
    PACKAGE_MANAGERS,
    ['publish', 'pu'],
    "npm / pnpm / yarn / bun publish (npm's abbreviations such as `npm publis`; yarn npm publish; not with --dry-run)",
    { subcommands: [PUBLISH], example: 'npm publish' },
    publishes,
  ),
  rule(
    'npm-unpublish',
    'never',
    ['npm', 'pnpm'],
    ['unpublish', 'unp'],
    'npm unpublish (and its abbreviations such as `npm unpub`)',
    { subcommands: [UNPUBLISH], example: 'npm unpublish pkg@1.0.0' },
    (c) =>
      c.program === 'npm'
        ? firstCommand(c).some((w) => wordIs(w, ...UNPUBLISH))
        : c.program === 'pnpm' && firstCommand(c).some((w) => wordIs(w, 'unpublish')),
  ),
  rule(
    'gh-release',
    'never',
    ['gh'],
    ['release'],
    'gh release create (alias new) / delete',
    { subcommands: [['release'], ['create', 'new', 'delete']], example: 'gh release create v1.0.0' },
    (c) => ghPath(c, ['release'], ['create', 'new', 'delete']),
  ),
  rule(
    'gh-repo-delete',
    'never',
    ['gh'],
    ['repo'],
    'gh repo delete',
    { subcommands: [['repo'], ['delete']], example: 'gh repo delete owner/repo --yes' },
    (c) => ghPath(c, ['repo'], ['delete']),
  ),
  rule(
    'gh-pr-merge',
    'allow',
    ['gh'],
    ['merge'],
    'gh pr merge; gh api -X PUT …/pulls/N/merge',
    { subcommands: [['pr'], ['merge']], example: 'gh pr merge 12 --squash' },
    (c) => {
      if (ghPath(c, ['pr'], ['merge'])) return true;
      const api = ghApi(c);
      return (
        api !== null &&
        wordIs(api.method, 'PUT') &&
        api.endpoint.some((e) => e === ANY_WORD || /pulls\/[^/]+\/merge\/?$/.test(e))
      );
    },
  ),
  rule(
    'gh-api-delete',
    'never',
    ['gh'],
    ['api'],
    'gh api -X DELETE / --method DELETE (deletes whatever the endpoint names)',
    {
      subcommands: [['api']],
      longOptions: ['--method'],
      shortOptions: 'X',
      example: 'gh api -X DELETE repos/owner/repo',
    },
    (c) => {
      const api = ghApi(c);
      return api !== null && wordIs(api.method, 'DELETE');
    },
  ),
];
