/** The program a word names: its last path segment, lower-cased (`/usr/bin/GIT` → `git`). */
export function programName(word: string): string {
  const slash = word.lastIndexOf('/');
  return (slash === -1 ? word : word.slice(slash + 1)).toLowerCase();
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
 * ends options; `--name=value` carries its value; a listed option takes the next word.
 */
export function splitArgs(
  args: readonly string[],
  spec: OptionSpec,
): { options: string[]; operands: string[] } {
  const options: string[] = [];
  const operands: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') {
      operands.push(...args.slice(i + 1));
      break;
    }
    if (a.startsWith('-') && a !== '-') {
      options.push(a);
      if (!a.includes('=') && spec.withValue.includes(a)) i++;
      continue;
    }
    operands.push(a);
  }
  return { options, operands };
}

/**
 * Whether an option list holds a flag: a long name exactly or with `=value`, or a short letter
 * alone or inside a cluster (`-fu`), stopping at a letter whose value is attached (`-ofoo`).
 */
export function hasFlag(
  options: readonly string[],
  long: readonly string[],
  short = '',
  spec?: OptionSpec,
): boolean {
  for (const o of options) {
    if (o.startsWith('--')) {
      const name = o.split('=')[0]!;
      if (long.includes(name)) return true;
      continue;
    }
    for (const letter of o.slice(1)) {
      if (short.includes(letter)) return true;
      if (spec?.shortWithValue?.includes(letter)) break;
    }
  }
  return false;
}

/** Index of the first operand, for a command whose leading options are its own (`git -C d push`). */
export function firstOperand(args: readonly string[], spec: OptionSpec): number {
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') return i + 1 < args.length ? i + 1 : -1;
    if (!a.startsWith('-') || a === '-') return i;
    if (!a.includes('=') && spec.withValue.includes(a)) i++;
  }
  return -1;
}
