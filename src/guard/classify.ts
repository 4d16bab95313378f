import { scanText } from './prefilter.js';
import { unwrap } from './prefixes.js';
import type { GuardRule } from './rule-types.js';
import { UNREADABLE_ACTION } from './rules.js';
import { readShell, type SimpleCommand } from './shell.js';
import { SHELLS as SHELL_NAMES } from './vocabulary.js';
import { firstOperand, programName } from './words.js';

/** What the guard makes of one command line. */
export interface Classification {
  /** The guarded actions it would perform, each once, in rule order; empty: not guarded. */
  actions: string[];
  /** The actions no gate window may let through. */
  never: string[];
  /** The parser met a syntax error or a nesting too deep to follow. */
  unreadable: boolean;
}

const SHELLS: readonly string[] = SHELL_NAMES;
const SHELL_SPEC = { withValue: ['-o', '+o', '-O', '+O', '--rcfile', '--init-file'] };
const MAX_DEPTH = 4;

/** The script a shell runs from `-c` (alone or in a cluster: `-lc`), or null for a script file. */
function shellScript(args: readonly string[]): string | null {
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--' || !/^[-+]/.test(a)) return null;
    if (a.startsWith('--')) continue;
    if (SHELL_SPEC.withValue.includes(a)) {
      i++;
      continue;
    }
    if (a.startsWith('-') && a.slice(1).includes('c')) {
      const rest = args.slice(i + 1);
      const at = firstOperand(rest, SHELL_SPEC);
      return at === -1 ? null : rest[at]!;
    }
  }
  return null;
}

/** Words of the text as the fallback reads them: split on anything that is not in a name. */
function looseWords(text: string): Set<string> {
  return new Set(
    scanText(text)
      .split(/[^a-z0-9_.+:/-]+/)
      .map(programName)
      .filter((w) => w !== ''),
  );
}

/** A rule's program (when `programKnown`) and one of its keywords both appear among the words. */
export function looselyNamed(text: string, rules: readonly GuardRule[], programKnown: boolean): boolean {
  const words = looseWords(text);
  return rules.some(
    (r) => (!programKnown || r.programs.some((p) => words.has(p))) && r.keywords.some((k) => words.has(k)),
  );
}

function visit(
  source: string,
  rules: readonly GuardRule[],
  depth: number,
  found: Set<string>,
): { unreadable: boolean } {
  const reading = depth > MAX_DEPTH ? { commands: [] as SimpleCommand[], errors: true } : readShell(source);
  let unreadable = reading.errors;
  for (const command of reading.commands) {
    if (command.opaqueProgram) {
      // `$GIT push -f`, `$(which git) push -f`: the program is unknown, its words are not.
      if (looselyNamed(command.words.slice(1).join(' '), rules, false)) found.add(UNREADABLE_ACTION);
      continue;
    }
    const words = unwrap(command.words);
    if (words === null) continue;
    const program = programName(words[0]!);
    const args = words.slice(1);
    const nested = SHELLS.includes(program) ? shellScript(args) : program === 'eval' ? args.join(' ') : null;
    if (nested !== null) {
      if (visit(nested, rules, depth + 1, found).unreadable) unreadable = true;
      continue;
    }
    for (const rule of rules) {
      if (rule.matches({ program, args, input: command.input })) found.add(rule.action);
    }
  }
  return { unreadable };
}

/**
 * Classifies a command line against the rules, on the words a real shell parser reads from it.
 * A line the parser cannot fully read is guarded as `unreadable-command` when no rule matched
 * what could be read but its text names a rule's program and keyword.
 */
export function classifyCommand(command: string, rules: readonly GuardRule[]): Classification {
  const found = new Set<string>();
  const { unreadable } = visit(command, rules, 0, found);
  if (unreadable && found.size === 0 && looselyNamed(command, rules, true)) found.add(UNREADABLE_ACTION);
  const order = [...rules.map((r) => r.action), UNREADABLE_ACTION];
  const actions = order.filter((a, i) => found.has(a) && order.indexOf(a) === i);
  const never = actions.filter(
    (a) => a === UNREADABLE_ACTION || rules.find((r) => r.action === a)?.window === 'never',
  );
  return { actions, never, unreadable };
}
