import { type LaunchRun, unknownRest } from './prefixes.js';
import type { Field } from './resolve.js';
import { fileContent, type Stdin } from './shell.js';

// Interpreters whose inline code (or code on stdin, or a script file written earlier in the
// line) may run a command: the code itself is read by inline-code.ts.

/** Inline code and its options: `-c` / `-e` / `--eval` take the code, the others a value or nothing. */
interface Interpreter {
  code: readonly string[];
  withValue: readonly string[];
  /** The letters whose value may be attached to a cluster (`-Ic CODE`, `-le 'CODE'`). */
  codeLetters: string;
  /** `-m module args` runs a module as a program (`python3 -m twine upload`). */
  module?: string;
  /** The first operand is the program text (awk) unless `-f` names a file. */
  programOperand?: boolean;
}

const PYTHON: Interpreter = {
  code: ['-c'],
  withValue: ['-W', '-X', '--check-hash-based-pycs'],
  codeLetters: 'c',
  module: 'm',
};
const NODE: Interpreter = {
  code: ['-e', '--eval', '-p', '--print'],
  withValue: [
    '-r',
    '--require',
    '--import',
    '-C',
    '--conditions',
    '--loader',
    '--experimental-loader',
    '--input-type',
    '--env-file',
    '--title',
  ],
  codeLetters: 'ep',
};
const PERL: Interpreter = { code: ['-e', '-E'], withValue: ['-I', '-M', '-m', '-x'], codeLetters: 'eE' };
const RUBY: Interpreter = {
  code: ['-e'],
  withValue: ['-I', '-r', '-C', '-E', '--encoding'],
  codeLetters: 'e',
};
const AWK: Interpreter = {
  code: ['-e', '--source'],
  withValue: ['-F', '-v', '--assign', '--field-separator', '-i', '--include', '-l', '--load'],
  codeLetters: 'e',
  programOperand: true,
};
export const INTERPRETERS: Record<string, Interpreter> = {
  node: NODE,
  nodejs: NODE,
  bun: { ...NODE, code: ['-e', '--eval', '-p', '--print'] },
  perl: PERL,
  ruby: RUBY,
  php: { code: ['-r'], withValue: ['-c', '-d', '-f', '-z'], codeLetters: 'r' },
  lua: { code: ['-e'], withValue: ['-l'], codeLetters: 'e' },
  luajit: { code: ['-e'], withValue: ['-l'], codeLetters: 'e' },
  awk: AWK,
  gawk: AWK,
  mawk: AWK,
  nawk: AWK,
};

export function interpreterOf(program: string): Interpreter | undefined {
  if (/^(python|pypy)[0-9.]*$/.test(program)) return PYTHON;
  return INTERPRETERS[program];
}

/** `python3 -c CODE`, `node -e CODE`, `perl -le CODE`, `awk 'PROGRAM'`, `python3 -m twine …`, or code on stdin. */
export function interpreterRuns(
  spec: Interpreter,
  args: readonly Field[],
  files: ReadonlyMap<string, Stdin>,
): LaunchRun[] {
  const out: LaunchRun[] = [];
  let fromFile = false;
  let i = 0;
  for (; i < args.length; i++) {
    const f = args[i]!;
    const v = f.value;
    if (v === null) {
      out.push(unknownRest(args, i));
      continue;
    }
    if (v === '--') {
      i++;
      break;
    }
    if (v === '-' || !v.startsWith('-')) break;
    const eq = v.indexOf('=');
    const name = eq === -1 ? v : v.slice(0, eq);
    if (spec.code.includes(name)) {
      const text = eq === -1 ? args[++i]?.text : v.slice(eq + 1);
      if (text !== undefined) out.push({ kind: 'code', text });
      continue;
    }
    if (v === '-f' && spec.programOperand === true) fromFile = true;
    if (spec.withValue.includes(name)) {
      if (eq === -1 && !(name.length === 2 && v.length > 2)) i++;
      continue;
    }
    if (v.startsWith('--')) continue;
    // A short cluster: the code (or module) letter takes the rest of the word or the next word.
    for (let k = 1; k < v.length; k++) {
      const letter = v[k]!;
      const attached = v.slice(k + 1);
      if (spec.codeLetters.includes(letter) || letter === spec.module) {
        const value = attached !== '' ? attached : args[++i]?.text;
        if (value === undefined) break;
        if (letter === spec.module) {
          const module =
            attached !== '' ? { value: attached, glob: false, multi: false, text: attached } : args[i]!;
          return [...out, { kind: 'command', words: [module, ...args.slice(i + 1)], env: new Map() }];
        }
        out.push({ kind: 'code', text: value });
        break;
      }
      if (spec.withValue.includes(`-${letter}`)) {
        if (attached === '') i++;
        break;
      }
    }
  }
  if (out.some((r) => r.kind === 'code')) return out;
  const operand = args[i];
  if (spec.programOperand === true && !fromFile)
    return operand === undefined ? out : [...out, { kind: 'code', text: operand.text }];
  if (operand === undefined || operand.value === '-') return [...out, { kind: 'stdin-code' }];
  // A script file the line wrote (`echo '…' > x.py; python3 x.py`).
  const content = operand.value === null ? undefined : fileContent(operand.value, files);
  if (content?.texts === null) return [...out, { kind: 'unknown-script', loose: content.loose }];
  return [...out, ...(content?.texts ?? []).map((text) => ({ kind: 'code' as const, text }))];
}
