/**
 * The program a word names: its last path segment, lower-cased, without `.exe`
 * (`/usr/bin/GIT` → `git`).
 */
export function programName(word: string): string {
  const slash = Math.max(word.lastIndexOf('/'), word.lastIndexOf('\\'));
  const name = (slash === -1 ? word : word.slice(slash + 1)).toLowerCase();
  return name.endsWith('.exe') ? name.slice(0, -4) : name;
}

// A rule sees a command twice (see classify.ts): once with every word the text cannot fix
// replaced by NO_WORD, which matches nothing (what the known words alone do), and once with it
// replaced by ANY_WORD, which matches anything (what the command could do). NUL never occurs in
// a real argument, so neither can be spelled by a command line.
/** Stands for a word the text cannot fix, in the reading of what the known words alone do. */
export const NO_WORD = '\u0000';
/** Stands for a word the text cannot fix, in the reading of what the command could do. */
export const ANY_WORD = '\u0000*';
const GLOB = '\u0000glob:';

/** A glob pattern the shell expands to file names, as a rule sees it in the "could do" reading. */
export function globWord(pattern: string): string {
  return GLOB + pattern;
}

/** Whether a word stands for something the text cannot fix (unknown or a glob pattern). */
export function isUnknown(word: string): boolean {
  return word.startsWith(NO_WORD);
}

/** The text of a word: a glob's pattern; null for a word the text cannot fix. */
export function textOf(word: string): string | null {
  if (word.startsWith(GLOB)) return word.slice(GLOB.length);
  return word === NO_WORD || word === ANY_WORD ? null : word;
}

const patterns = new Map<string, RegExp>();

/** A shell glob (`*`, `?`, `[…]`) as a regular expression over one whole word. */
function globRegExp(pattern: string): RegExp {
  let re = patterns.get(pattern);
  if (re === undefined) {
    let source = '';
    for (let i = 0; i < pattern.length; i++) {
      const c = pattern[i]!;
      if (c === '*') source += '.*';
      else if (c === '?') source += '.';
      else if (c === '[') {
        const close = pattern.indexOf(']', i + 2);
        if (close === -1) source += '\\[';
        else {
          const set = pattern
            .slice(i + 1, close)
            .replace(/^!/, '^')
            .replace(/\\/g, '\\\\');
          source += `[${set}]`;
          i = close;
        }
      } else source += c.replace(/[.+^${}()|\\/-]/g, '\\$&');
    }
    try {
      re = new RegExp(`^${source}$`, 's');
    } catch {
      re = /^/;
    }
    patterns.set(pattern, re);
  }
  return re;
}

/** Whether a word is, or could be, one of the names (`ANY_WORD` and a matching glob could). */
export function wordIs(word: string | undefined, ...names: readonly string[]): boolean {
  if (word === undefined || word === NO_WORD) return false;
  if (word === ANY_WORD) return true;
  if (word.startsWith(GLOB)) return names.some((n) => globRegExp(word.slice(GLOB.length)).test(n));
  return names.includes(word);
}

/** Whether a word starts, or could start, with one of the characters (`+main`, `:old`). */
export function startsWithAny(word: string, chars: string): boolean {
  if (word === NO_WORD) return false;
  if (word === ANY_WORD) return true;
  if (word.startsWith(GLOB)) return [...chars].some((c) => globRegExp(word.slice(GLOB.length)).test(`${c}x`));
  return chars.includes(word[0] ?? '');
}

/** Whether a word is, or could be, an option (starts with `-`). */
function mayBeOption(word: string): boolean {
  return word === ANY_WORD || (word.startsWith(GLOB) ? startsWithAny(word, '-') : word.startsWith('-'));
}

/** Options of one program: which take their value as the next word. */
export interface OptionSpec {
  /** Options whose value is the next word when not attached (`-C dir`, `--git-dir dir`). */
  withValue: readonly string[];
  /** Short options whose value may be attached to a cluster (`-ofoo`): letters. */
  shortWithValue?: string;
}

/**
 * The words of a command line split into options and operands, as getopt reads them: `--`
 * ends options; `--name=value` carries its value; a listed option takes the next word. A word
 * that could be either (unknown, or a glob that could start with `-`) is both.
 */
export function splitArgs(
  args: readonly string[],
  spec: OptionSpec,
): { options: string[]; operands: string[]; afterDashes: string[] } {
  const options: string[] = [];
  const operands: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') {
      const rest = args.slice(i + 1);
      operands.push(...rest);
      return { options, operands, afterDashes: rest };
    }
    if (mayBeOption(a) && a !== '-') {
      options.push(a);
      if (isUnknown(a)) operands.push(a);
      else if (!a.includes('=') && spec.withValue.includes(a)) i++;
      continue;
    }
    operands.push(a);
  }
  return { options, operands, afterDashes: [] };
}

/** How long options may be spelled: git and getopt_long accept any unique prefix (`--forc`). */
export interface FlagSpelling {
  /** Accept any prefix of a long option (`--del` for `--delete`): a superset of the unique ones. */
  abbreviated?: boolean;
  /** The values of `--opt=value` that mean "off" (`--dry-run=false`): the option is not present. */
  off?: readonly string[];
}

function longMatches(option: string, long: string, spelling: FlagSpelling): boolean {
  const eq = option.indexOf('=');
  const name = eq === -1 ? option : option.slice(0, eq);
  if (eq !== -1 && spelling.off?.includes(option.slice(eq + 1).toLowerCase())) return false;
  if (name === long) return true;
  return spelling.abbreviated === true && name.length > 2 && long.startsWith(name);
}

/**
 * Whether an option list holds, or could hold, a flag: a long name exactly, with `=value`, or
 * (when abbreviations count) any prefix of it; a short letter alone or inside a cluster (`-fu`),
 * stopping at a letter whose value is attached (`-ofoo`). An unknown word could be any flag.
 */
export function hasFlag(
  options: readonly string[],
  long: readonly string[],
  short = '',
  spec?: OptionSpec,
  spelling: FlagSpelling = {},
): boolean {
  for (const o of options) {
    if (o === NO_WORD) continue;
    if (o === ANY_WORD) return true;
    if (o.startsWith(GLOB)) {
      if (wordIs(o, ...long, ...[...short].map((s) => `-${s}`))) return true;
      continue;
    }
    if (o.startsWith('--')) {
      if (long.some((l) => longMatches(o, l, spelling))) return true;
      continue;
    }
    for (const letter of o.slice(1)) {
      if (short.includes(letter)) return true;
      if (spec?.shortWithValue?.includes(letter)) break;
    }
  }
  return false;
}

/** Whether an option list certainly holds a flag, spelled out (`--dry-run`, `--dry-run=true`, `-n`). */
export function hasExactFlag(options: readonly string[], long: readonly string[], short = ''): boolean {
  return options.some(
    (o) =>
      !isUnknown(o) &&
      (long.some((l) => o === l || o === `${l}=true`) || (/^-[^-]$/.test(o) && short.includes(o[1]!))),
  );
}

/** Index of the first operand, for a command whose leading options are its own (`git -C d push`). */
export function firstOperand(args: readonly string[], spec: OptionSpec): number {
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') return i + 1 < args.length ? i + 1 : -1;
    if (!mayBeOption(a) || a === '-' || isUnknown(a)) return i;
    if (!a.includes('=') && spec.withValue.includes(a)) i++;
  }
  return -1;
}

/** A program's leading options, for reading its subcommand words. */
export interface CommandSpec extends OptionSpec {
  /** Options known to take no value. */
  flags?: readonly string[];
  /**
   * Whether an option this spec does not know may take the next word as its value (npm's
   * abbreviated `--logl warn`, cobra's flags): then both readings are followed.
   */
  unknownTakesValue?: boolean;
  /** Whether options may also stand between subcommand words (cobra: `gh release -R x create`). */
  interspersed?: boolean;
}

/** One reading of a command's subcommand words: the words and the index after the last one. */
export interface CommandPath {
  path: string[];
  rest: number;
}

const MAX_READINGS = 32;

/**
 * Every way the words could name a subcommand path of up to `depth` words, past the program's
 * options: an option the spec does not know may take a value (`npm --loglevel warn publish`), and
 * an unknown word could be an option, an option with its value, or a subcommand word.
 */
export function readCommandPath(args: readonly string[], spec: CommandSpec, depth: number): CommandPath[] {
  const out: CommandPath[] = [];
  const walk = (i: number, path: string[], optionsDone: boolean): void => {
    if (out.length >= MAX_READINGS) return;
    if (path.length === depth || i >= args.length) {
      out.push({ path, rest: i });
      return;
    }
    const a = args[i]!;
    const optionsOpen = !optionsDone && (path.length === 0 || spec.interspersed === true);
    if (optionsOpen && a === '--') {
      walk(i + 1, path, true);
      return;
    }
    if (optionsOpen && a !== NO_WORD && isUnknown(a)) {
      walk(i + 1, [...path, a], optionsDone);
      walk(i + 1, path, optionsDone);
      walk(i + 2, path, optionsDone);
      return;
    }
    if (optionsOpen && a.startsWith('-') && a !== '-') {
      const attached = a.includes('=');
      const takes = !attached && spec.withValue.includes(a);
      const maybe = !takes && !attached && !spec.flags?.includes(a) && spec.unknownTakesValue === true;
      walk(i + (takes ? 2 : 1), path, optionsDone);
      if (maybe) walk(i + 2, path, optionsDone);
      return;
    }
    walk(i + 1, [...path, a], optionsDone);
  };
  walk(0, [], false);
  return out;
}

/**
 * Whether a switch is certainly on once the options are read, last one winning as getopt,
 * parse-options, nopt and pflag all do: `-n` / `--dry-run` / `--dry-run=true` turn it on; a
 * negation (`--no-dry-run`, any prefix of it), another value or an unknown word leaves it
 * possibly off. Exemptions (`--dry-run`) must be certain.
 */
export function switchedOn(
  options: readonly string[],
  long: string,
  short = '',
  on: readonly string[] = ['true'],
): boolean {
  let state = false;
  const negation = `--no-${long.slice(2)}`;
  for (const o of options) {
    if (isUnknown(o)) state = false;
    else if (o === long) state = true;
    else if (o.startsWith(`${long}=`)) state = on.includes(o.slice(long.length + 1).toLowerCase());
    else if (o.length > 4 && negation.startsWith(o.split('=')[0]!)) state = false;
    else if (short !== '' && /^-[A-Za-z]+$/.test(o) && o.includes(short)) state = true;
  }
  return state;
}
