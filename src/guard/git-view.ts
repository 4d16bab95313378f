import type { CommandWords } from './rule-types.js';
import { ANY_WORD, isUnknown, NO_WORD, textOf } from './words.js';

/** A git command as git itself reads it: global options, `-c` settings and aliases resolved. */
export interface GitView {
  /** The subcommand word (may stand for an unknown word). */
  sub: string;
  /** The words after it. */
  args: readonly string[];
  /** Settings given on the line (`-c`, `--config-env`, `GIT_CONFIG_*`), keys lower-cased. */
  config: ReadonlyMap<string, string>;
  /** Folders given with `-C`, in order. */
  dirs: readonly string[];
  /** Settings the line cannot fix may be in force (`-c "$x"`, `GIT_CONFIG_GLOBAL=…`): anything may be set. */
  anyConfig: boolean;
}

const WITH_VALUE = [
  '-C',
  '-c',
  '--git-dir',
  '--work-tree',
  '--namespace',
  '--super-prefix',
  '--config-env',
  '--attr-source',
];
const MAX_VIEWS = 16;

/** An alias's value as git splits it: blanks separate words, quotes and backslashes group them. */
export function splitAlias(value: string): string[] {
  const words: string[] = [];
  let cur = '';
  let has = false;
  let quote = '';
  for (let i = 0; i < value.length; i++) {
    const c = value[i]!;
    if (quote === '' && /\s/.test(c)) {
      if (has) words.push(cur);
      cur = '';
      has = false;
    } else if (c === '\\' && quote !== "'" && i + 1 < value.length) {
      cur += value[++i];
      has = true;
    } else if ((c === '"' || c === "'") && (quote === '' || quote === c)) {
      quote = quote === '' ? c : '';
      has = true;
    } else {
      cur += c;
      has = true;
    }
  }
  if (has) words.push(cur);
  return words;
}

/** `key=value` of a `-c` word: keys lower-cased (git compares them so), a bare key means true. */
function setting(word: string): [string, string] | null {
  const text = textOf(word);
  if (text === null) return null;
  const eq = text.indexOf('=');
  return eq === -1 ? [text.toLowerCase(), 'true'] : [text.slice(0, eq).toLowerCase(), text.slice(eq + 1)];
}

/** Settings from the environment: `GIT_CONFIG_COUNT` with its keys and values, `GIT_CONFIG_PARAMETERS`. */
function environmentConfig(c: CommandWords, config: Map<string, string>): boolean {
  let unknown = false;
  const get = (name: string) => c.env.get(name);
  const count = get('GIT_CONFIG_COUNT');
  if (count !== undefined) {
    const n = Number(count);
    if (!Number.isInteger(n) || isUnknown(count)) unknown = true;
    for (let k = 0; k < Math.min(Number.isInteger(n) ? n : 0, 32); k++) {
      const key = get(`GIT_CONFIG_KEY_${k}`);
      const value = get(`GIT_CONFIG_VALUE_${k}`) ?? c.unknown;
      if (key === undefined || isUnknown(key)) unknown = true;
      else config.set(key.toLowerCase(), value);
    }
  }
  const parameters = get('GIT_CONFIG_PARAMETERS');
  if (parameters !== undefined) {
    if (isUnknown(parameters)) unknown = true;
    for (const p of splitAlias(parameters)) {
      const s = setting(p);
      if (s !== null) config.set(...s);
    }
  }
  // A configuration file the line names, or one the line cannot see into.
  if (['GIT_CONFIG', 'GIT_CONFIG_GLOBAL', 'GIT_CONFIG_SYSTEM', 'GIT_DIR'].some((v) => get(v) !== undefined))
    unknown = true;
  return unknown && c.unknown === ANY_WORD;
}

/**
 * Every way git could read a command line: past its global options (`-C d`, `-c k=v`,
 * `--git-dir=…`), with `-c alias.x=…` aliases expanded (not `!shell` ones: those are scripts).
 * An unknown word before the subcommand could be an option or the subcommand itself.
 */
export function gitViews(c: CommandWords): GitView[] {
  if (c.program !== 'git') return [];
  const out: GitView[] = [];
  const base = new Map<string, string>();
  const anyEnv = environmentConfig(c, base);
  const walk = (
    args: readonly string[],
    i: number,
    config: Map<string, string>,
    dirs: string[],
    any: boolean,
    depth: number,
  ): void => {
    if (out.length >= MAX_VIEWS) return;
    const a = args[i];
    if (a === undefined) return;
    if (a === ANY_WORD || (isUnknown(a) && a !== NO_WORD)) {
      out.push({ sub: ANY_WORD, args: args.slice(i + 1), config, dirs, anyConfig: true });
      walk(args, i + 1, config, dirs, true, depth);
      walk(args, i + 2, config, dirs, true, depth);
      return;
    }
    if (a === '-c' || a === '--config-env' || a.startsWith('--config-env=')) {
      const word = a.startsWith('--config-env=') ? a.slice(13) : args[i + 1];
      const next = new Map(config);
      let anyNext = any;
      if (word === ANY_WORD) anyNext = true;
      const s = word === undefined ? null : setting(word);
      if (s !== null && a !== '-c') s[1] = c.env.get(s[1]) ?? c.unknown;
      if (s !== null) next.set(...s);
      if (s !== null && /^include(if\..*)?\.path$/.test(s[0]) && c.unknown === ANY_WORD) anyNext = true;
      walk(args, i + (a.includes('=') ? 1 : 2), next, dirs, anyNext, depth);
      return;
    }
    if (a === '-C') {
      walk(args, i + 2, config, [...dirs, args[i + 1] ?? ''], any, depth);
      return;
    }
    if (a.startsWith('-') && a !== '-') {
      walk(args, i + (!a.includes('=') && WITH_VALUE.includes(a) ? 2 : 1), config, dirs, any, depth);
      return;
    }
    const rest = args.slice(i + 1);
    const alias = config.get(`alias.${a.toLowerCase()}`);
    if (alias !== undefined && depth < 8) {
      if (alias === ANY_WORD) out.push({ sub: ANY_WORD, args: rest, config, dirs, anyConfig: true });
      else if (!isUnknown(alias) && !alias.startsWith('!')) {
        walk([...splitAlias(alias), ...rest], 0, config, dirs, any, depth + 1);
        return;
      }
    }
    out.push({ sub: a, args: rest, config, dirs, anyConfig: any });
    // Settings the line cannot fix may define this word as an alias of anything.
    if (any && !isUnknown(a))
      out.push({ sub: ANY_WORD, args: [ANY_WORD, ...rest], config, dirs, anyConfig: true });
  };
  walk(c.args, 0, base, [], anyEnv, 0);
  return out;
}

/** A setting's value for any remote (`remote.*.push`), each as given. */
export function remoteSettings(config: ReadonlyMap<string, string>, name: string): string[] {
  return [...config].filter(([k]) => k.startsWith('remote.') && k.endsWith(`.${name}`)).map(([, v]) => v);
}

/**
 * Shell text a git command line runs: `!` aliases (with the words after them), every `-c`
 * value (a pager, an ssh command, a credential helper…), `rebase --exec`, `submodule foreach`
 * and `bisect run`.
 */
export function gitScripts(c: CommandWords): string[] {
  const out: string[] = [];
  for (const view of gitViews(c)) {
    for (const [, value] of view.config) if (!isUnknown(value)) out.push(value.replace(/^!/, ''));
    const words = view.args.map((a) => textOf(a) ?? '"$UNKNOWN"');
    const alias = view.config.get(`alias.${(textOf(view.sub) ?? '').toLowerCase()}`);
    if (alias?.startsWith('!')) out.push([alias.slice(1), ...words].join(' '));
    if (view.sub === 'rebase') {
      view.args.forEach((a, k) => {
        if (a === '-x' || a === '--exec') out.push(textOf(view.args[k + 1] ?? '') ?? '');
        else if (a.startsWith('--exec=')) out.push(a.slice(7));
      });
    }
    if (view.sub === 'submodule' && view.args.includes('foreach')) {
      out.push(
        words
          .slice(words.indexOf('foreach') + 1)
          .filter((w) => !/^--(recursive)?$|^-q$|^--quiet$/.test(w))
          .join(' '),
      );
    }
    if (view.sub === 'bisect' && view.args[0] === 'run') out.push(words.slice(1).join(' '));
  }
  return out.filter((t) => t.trim() !== '');
}
