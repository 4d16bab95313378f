import { GIT_COMMANDS } from './git-commands.js';
import { normalize } from './paths.js';
import type { CommandWords, GitAliasLookup, GitPlace } from './rule-types.js';
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
  /**
   * Where git reads its configuration, one per folder the command may run in (`cd` earlier in
   * the line): null for one the text cannot fix (`-C "$d"`, `cd "$d"`).
   */
  at: readonly (GitPlace | null)[];
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
  // A configuration file the line names, or one the line cannot see into. (A repository `GIT_DIR`
  // names is read like `-C`'s: its aliases where it is, see `gitPlace`.)
  if (['GIT_CONFIG', 'GIT_CONFIG_GLOBAL', 'GIT_CONFIG_SYSTEM'].some((v) => get(v) !== undefined))
    unknown = true;
  const gitDir = get('GIT_DIR');
  if (gitDir !== undefined && isUnknown(gitDir)) unknown = true;
  return unknown && c.unknown === ANY_WORD;
}

/** `to` from the folder `from`: an absolute or `~` path stays, a relative one is joined. */
function within(from: string, to: string): string {
  return to.startsWith('/') || to.startsWith('~') ? normalize(to) : normalize(`${from}/${to}`);
}

/**
 * Where git reads its configuration for a command in folder `cwd` (relative to the call's) after
 * its `-C` folders, with the repository `--git-dir`/`GIT_DIR` names; null when the text cannot
 * fix it. `--work-tree` moves no configuration: git finds the repository as without it.
 */
export function gitPlace(
  cwd: string | null,
  dirs: readonly string[],
  gitDir: string | null,
): GitPlace | null {
  if (cwd === null || dirs.some(isUnknown) || (gitDir !== null && isUnknown(gitDir))) return null;
  // `-C ''` leaves git where it is; each `-C` is relative to the one before.
  const dir = dirs.reduce((d, next) => (next === '' ? d : within(d, next)), cwd === '' ? '.' : cwd);
  return { dir, gitDir: gitDir === null ? null : within(dir, gitDir) };
}

/** A key that names one place, for reading each place's aliases once. */
export function placeKey(place: GitPlace | null): string {
  return place === null ? '' : JSON.stringify([place.dir, place.gitDir]);
}

/**
 * The aliases of git's configuration `word` may be at these places (never one that shadows
 * git's own command): each place's value; `c.unknown` where the place's aliases cannot be known;
 * undefined where it is no alias, or the aliases were not read.
 */
function repositoryAliases(
  c: CommandWords,
  word: string,
  at: readonly (GitPlace | null)[],
): (string | undefined)[] {
  const lookup: GitAliasLookup | undefined = c.gitAliases;
  if (GIT_COMMANDS.has(word) || lookup === undefined) return [undefined];
  const values = at.map((place) => {
    const aliases = lookup(place);
    return aliases === null ? c.unknown : aliases?.get(word.toLowerCase());
  });
  return [...new Set(values)];
}

/** A word on a git subcommand's place that may be an alias of the configuration at `place`. */
export interface AliasCandidate {
  word: string;
  place: GitPlace | null;
}

/**
 * The words on a git subcommand's place that git may read as an alias of its configuration, at
 * places whose aliases were not given: not one of git's own commands, and not defined on the
 * line (`-c alias.x=…`).
 */
export function aliasCandidates(c: CommandWords): AliasCandidate[] {
  const out: AliasCandidate[] = [];
  for (const v of gitViews(c)) {
    const sub = v.sub;
    if (isUnknown(sub) || v.config.has(`alias.${sub.toLowerCase()}`)) continue;
    if (sub.startsWith('-') || GIT_COMMANDS.has(sub)) continue;
    for (const place of v.at) if (c.gitAliases?.(place) === undefined) out.push({ word: sub, place });
  }
  return out;
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
  const cwds = c.cwd.length === 0 ? [''] : c.cwd;
  const placesOf = (dirs: readonly string[], gitDir: string | null) => [
    ...new Map(cwds.map((cwd) => gitPlace(cwd, dirs, gitDir)).map((p) => [placeKey(p), p])).values(),
  ];
  const walk = (
    args: readonly string[],
    i: number,
    config: Map<string, string>,
    dirs: string[],
    any: boolean,
    depth: number,
    gitDir: string | null = c.env.get('GIT_DIR') ?? null,
  ): void => {
    if (out.length >= MAX_VIEWS) return;
    const a = args[i];
    if (a === undefined) return;
    const view = (sub: string, rest: readonly string[], anyConfig: boolean): GitView => ({
      sub,
      args: rest,
      config,
      dirs,
      at: placesOf(dirs, gitDir),
      anyConfig,
    });
    if (a === ANY_WORD || (isUnknown(a) && a !== NO_WORD)) {
      out.push(view(ANY_WORD, args.slice(i + 1), true));
      walk(args, i + 1, config, dirs, true, depth, gitDir);
      walk(args, i + 2, config, dirs, true, depth, gitDir);
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
      walk(args, i + (a.includes('=') ? 1 : 2), next, dirs, anyNext, depth, gitDir);
      return;
    }
    if (a === '-C') {
      walk(args, i + 2, config, [...dirs, args[i + 1] ?? ''], any, depth, gitDir);
      return;
    }
    if (a === '--git-dir' || a.startsWith('--git-dir=')) {
      // git keeps the last one given, relative to the folder the `-C`s lead to.
      const next = a === '--git-dir' ? (args[i + 1] ?? null) : a.slice('--git-dir='.length);
      walk(args, i + (a === '--git-dir' ? 2 : 1), config, dirs, any, depth, next);
      return;
    }
    if (a.startsWith('-') && a !== '-') {
      walk(args, i + (!a.includes('=') && WITH_VALUE.includes(a) ? 2 : 1), config, dirs, any, depth, gitDir);
      return;
    }
    const rest = args.slice(i + 1);
    const inline = config.get(`alias.${a.toLowerCase()}`);
    const aliases = inline === undefined ? repositoryAliases(c, a, placesOf(dirs, gitDir)) : [inline];
    // Each place may read the word differently (`cd a || cd b; git st`): every reading counts.
    let plain = false;
    for (const alias of aliases) {
      if (alias === undefined || depth >= 8) plain = true;
      else if (alias === ANY_WORD) {
        out.push(view(ANY_WORD, rest, true));
        plain = true;
      } else if (!isUnknown(alias) && !alias.startsWith('!')) {
        walk([...splitAlias(alias), ...rest], 0, config, dirs, any, depth + 1, gitDir);
      } else plain = true;
    }
    if (!plain) return;
    out.push(view(a, rest, any));
    // Settings the line cannot fix may define this word as an alias of anything.
    if (any && !isUnknown(a)) out.push(view(ANY_WORD, [ANY_WORD, ...rest], true));
  };
  walk(c.args, 0, base, [], anyEnv, 0);
  return out;
}

/** A setting's value for any remote (`remote.*.push`), each as given. */
export function remoteSettings(config: ReadonlyMap<string, string>, name: string): string[] {
  return [...config].filter(([k]) => k.startsWith('remote.') && k.endsWith(`.${name}`)).map(([, v]) => v);
}

/** Shell text git runs, and where: `dir` for a `!` alias of the configuration at that folder. */
export interface GitScript {
  text: string;
  /** The folder (relative to the call's) the alias came from; absent: the command's own. */
  dir?: string;
}

/**
 * Shell text a git command line runs: `!` aliases (with the words after them), every `-c`
 * value (a pager, an ssh command, a credential helper…), `rebase --exec`, `submodule foreach`
 * and `bisect run`.
 */
export function gitScripts(c: CommandWords): GitScript[] {
  const out: GitScript[] = [];
  const push = (text: string, dir?: string) => out.push(dir === undefined ? { text } : { text, dir });
  for (const view of gitViews(c)) {
    for (const [, value] of view.config) if (!isUnknown(value)) push(value.replace(/^!/, ''));
    const words = view.args.map((a) => textOf(a) ?? '"$UNKNOWN"');
    const sub = textOf(view.sub) ?? '';
    const inline = view.config.get(`alias.${sub.toLowerCase()}`);
    if (inline?.startsWith('!')) push([inline.slice(1), ...words].join(' '));
    if (inline === undefined) {
      // git runs a `!` alias at the top of the repository it found: the same configuration.
      for (const place of view.at) {
        const alias = repositoryAliases(c, sub, [place])[0];
        if (alias?.startsWith('!')) push([alias.slice(1), ...words].join(' '), place?.dir);
      }
    }
    if (view.sub === 'rebase') {
      view.args.forEach((a, k) => {
        if (a === '-x' || a === '--exec') push(textOf(view.args[k + 1] ?? '') ?? '');
        else if (a.startsWith('--exec=')) push(a.slice(7));
      });
    }
    if (view.sub === 'submodule' && view.args.includes('foreach')) {
      push(
        words
          .slice(words.indexOf('foreach') + 1)
          .filter((w) => !/^--(recursive)?$|^-q$|^--quiet$/.test(w))
          .join(' '),
      );
    }
    if (view.sub === 'bisect' && view.args[0] === 'run') push(words.slice(1).join(' '));
  }
  return out.filter((t) => t.text.trim() !== '');
}
