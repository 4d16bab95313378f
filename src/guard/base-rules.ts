import type { CommandWords, GuardRule } from './rule-types.js';
import { firstOperand, hasFlag, type OptionSpec, splitArgs } from './words.js';

// The rules in force are anchored on the base branch as last fetched (docs/guard.md, "Which
// version of agent-config.yaml counts"): `refs/remotes/origin/HEAD` and the remote-tracking ref
// it names. These are the commands that move or remove that anchor by hand, instead of a plain
// fetch of what the remote holds. (Writing files under .git/ is held by the protected-files rules.)

const GIT: OptionSpec = {
  withValue: ['-C', '-c', '--git-dir', '--work-tree', '--namespace', '--config-env', '--super-prefix'],
};
const FETCH: OptionSpec = {
  withValue: [
    '--depth',
    '--deepen',
    '--shallow-since',
    '--shallow-exclude',
    '-j',
    '--jobs',
    '--upload-pack',
    '--negotiation-tip',
    '--server-option',
    '-o',
    '--filter',
  ],
  shortWithValue: 'jo',
};
const PUSH: OptionSpec = {
  withValue: ['--repo', '-o', '--push-option', '--receive-pack', '--exec'],
  shortWithValue: 'o',
};
const UPDATE_REF: OptionSpec = { withValue: ['-m'], shortWithValue: 'm' };
const CONFIG: OptionSpec = {
  withValue: ['-f', '--file', '--blob', '--type', '--default', '--comment', '--value'],
  shortWithValue: 'f',
};

const REMOTE_SUBCOMMANDS = ['set-head', 'set-url', 'rename', 'remove', 'rm'];
const CONFIG_SUBCOMMANDS = ['set', 'unset', 'rename-section', 'remove-section'];
const CONFIG_WRITES = [
  '--add',
  '--replace-all',
  '--unset',
  '--unset-all',
  '--rename-section',
  '--remove-section',
];

/** git's subcommand, its words, and git's own options before it (`-c k=v`). */
function gitParts(
  c: CommandWords,
): { sub: string; args: readonly string[]; globals: readonly string[] } | null {
  if (c.program !== 'git') return null;
  const at = firstOperand(c.args, GIT);
  return at === -1 ? null : { sub: c.args[at]!, args: c.args.slice(at + 1), globals: c.args.slice(0, at) };
}

/** A long option spelled in full or as a prefix git accepts (`--refm` for `--refmap`), at least `min` long. */
function longOption(option: string, name: string, min: number): string | null {
  const [given = '', ...value] = option.split('=');
  if (given.length < min || !name.startsWith(given)) return null;
  return value.join('=');
}

/** Whether a ref name (a refspec's destination, a ref argument) is, or may expand to, a remote-tracking ref. */
export function namesRemoteTracking(ref: string): boolean {
  const name = ref.startsWith('+') ? ref.slice(1) : ref;
  if (/^(refs\/)?remotes\//.test(name)) return true;
  // A glob (`refs/*`, `*`) may expand into refs/remotes/.
  const star = name.indexOf('*');
  if (star === -1) return false;
  const prefix = name.slice(0, star);
  return 'refs/remotes/'.startsWith(prefix) || 'remotes/'.startsWith(prefix);
}

/** The destination of a `src:dst` refspec, or null for a word that has none. */
function destination(word: string): string | null {
  const colon = word.lastIndexOf(':');
  return colon === -1 ? null : word.slice(colon + 1);
}

/** `-c remote.x.url=…` or `--config-env=remote.x.url=…` among git's own options. */
function setsRemoteConfig(globals: readonly string[]): boolean {
  return globals.some((g, i) => {
    const value = g === '-c' || g === '--config-env' ? globals[i + 1] : g.replace(/^(-c|--config-env=)/, '');
    return value !== undefined && value !== g && /^remote\./i.test(value);
  });
}

function fetchMovesBase(args: readonly string[]): boolean {
  for (let i = 0; i < args.length && args[i] !== '--'; i++) {
    const a = args[i]!;
    // `--refmap=<refspec>` or `--refmap <refspec>`; an empty one only switches the mapping off.
    const value = longOption(a, '--refmap', 6);
    if (value !== null && (a.includes('=') ? value : (args[i + 1] ?? '')) !== '') return true;
  }
  return splitArgs(args, FETCH).operands.some((w) => {
    const dst = destination(w);
    return dst !== null && namesRemoteTracking(dst);
  });
}

const LOCAL_REPOSITORY = /^(\.|\.\.|~|\/|file:|\.\/|\.\.\/)/;

function pushMovesBase(args: readonly string[]): boolean {
  const { operands } = splitArgs(args, PUSH);
  const toSelf = LOCAL_REPOSITORY.test(operands[0] ?? '');
  return operands.some((w) => {
    const dst = destination(w);
    if (dst === null) return false;
    // Into this repository, `x:origin/main` finds refs/remotes/origin/main by git's short names.
    return namesRemoteTracking(dst) || (toSelf && !dst.startsWith('refs/') && dst.includes('/'));
  });
}

function configWritesRemote(args: readonly string[]): boolean {
  const { options, operands } = splitArgs(args, CONFIG);
  const sub = CONFIG_SUBCOMMANDS.includes(operands[0] ?? '');
  const name = (sub ? operands[1] : operands[0]) ?? '';
  const writes =
    sub ||
    operands.length >= 2 ||
    options.some((o) => CONFIG_WRITES.some((w) => longOption(o, w, 5) !== null));
  return writes && /^remote\./i.test(name);
}

/** Whether a command moves or removes the base by hand. */
function movesBase(c: CommandWords): boolean {
  const g = gitParts(c);
  if (g === null) return false;
  const { sub, args } = g;
  if ((sub === 'fetch' || sub === 'pull' || sub === 'remote') && setsRemoteConfig(g.globals)) return true;
  switch (sub) {
    case 'fetch':
    case 'pull':
      return fetchMovesBase(args);
    case 'push':
    case 'send-pack':
      return pushMovesBase(args);
    case 'receive-pack':
      return true;
    case 'remote': {
      const { options, operands } = splitArgs(args, { withValue: ['-t', '-m'] });
      if (REMOTE_SUBCOMMANDS.includes(operands[0] ?? '')) return true;
      // `remote add --mirror=fetch` maps the other repository's refs, refs/remotes/ included, onto ours.
      return operands[0] === 'add' && options.some((o) => longOption(o, '--mirror', 5) !== null);
    }
    case 'update-ref': {
      const { options, operands } = splitArgs(args, UPDATE_REF);
      return options.some((o) => longOption(o, '--stdin', 5) !== null) || operands.some(namesRemoteTracking);
    }
    case 'symbolic-ref':
      return splitArgs(args, { withValue: ['-m'] }).operands.some(namesRemoteTracking);
    case 'branch': {
      const { options } = splitArgs(args, { withValue: [] });
      const remotes =
        hasFlag(options, [], 'r') || options.some((o) => longOption(o, '--remotes', 5) !== null);
      const remove = hasFlag(options, [], 'dD') || options.some((o) => longOption(o, '--delete', 4) !== null);
      return remotes && remove;
    }
    case 'config':
      return configWritesRemote(args);
    default:
      return false;
  }
}

/**
 * Commands that move the base (`refs/remotes/origin/HEAD` or the ref it names) by hand: a fetch,
 * pull or push whose refspec (or `--refmap`) writes a remote-tracking ref, `git remote
 * set-head|set-url|rename|remove`, `remote add --mirror`, `update-ref` / `symbolic-ref` of a
 * remote-tracking ref (or `update-ref --stdin`), `branch -r -d`, `receive-pack`, a write of a
 * `remote.*` setting, and `fetch`/`pull`/`remote` under `-c remote.*=…`.
 */
export const BASE_RULES: readonly GuardRule[] = [
  {
    action: 'git-base-move',
    window: 'never',
    programs: ['git'],
    keywords: [
      'fetch',
      'pull',
      'push',
      'remote',
      'update-ref',
      'symbolic-ref',
      'branch',
      'send-pack',
      'receive-pack',
    ],
    summary:
      'moving the base by hand: a fetch / pull / push refspec into refs/remotes/, git remote set-head / set-url / rename / remove, update-ref or symbolic-ref of a remote-tracking ref, branch -r -d, a remote.* setting',
    vocabulary: {
      subcommands: [['remote'], ['set-head', 'set-url', 'rename', 'remove', 'rm']],
      longOptions: [],
      shortOptions: '',
      abbreviated: true,
      example: 'git remote set-head origin main',
    },
    matches: movesBase,
  },
];
