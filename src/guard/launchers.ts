import type { Positional, Run } from './prefixes.js';
import { decodeEscapes } from './printed.js';
import type { Field } from './resolve.js';
import { fileKey, type Stdin } from './shell.js';
import { programName } from './words.js';

/** Shell text whose content the text of the line cannot fix: looked at loosely. */
export type LaunchRun = Run | { kind: 'unknown-script'; loose: string };

const SHELLS = new Set([
  'sh',
  'bash',
  'zsh',
  'dash',
  'ksh',
  'ksh93',
  'mksh',
  'pdksh',
  'oksh',
  'ash',
  'yash',
  'posh',
  'rbash',
  'fish',
  'csh',
  'tcsh',
]);
const STDIN_PATHS = new Set(['-', '/dev/stdin', '/proc/self/fd/0', '/dev/fd/0']);
const SHELL_SCRIPT_OPTIONS = /^--(command|init-command)(=|$)/;

const params = (fields: readonly Field[], zero?: Field): Positional => ({
  params: fields.map((f) => f.value),
  ...(zero === undefined ? {} : { zero: zero.value }),
});

/** The content of a file the line wrote or a `<(…)`, as script runs; null for a file it cannot see. */
export function fileContent(path: string, files: ReadonlyMap<string, Stdin>): Stdin | undefined {
  return files.get(fileKey(path));
}

/** What a script file names: `<(…)` contents, standard input, or a file the line cannot see. */
function scriptFile(
  file: Field,
  rest: readonly Field[],
  files: ReadonlyMap<string, Stdin>,
  same: boolean,
): LaunchRun[] {
  if (file.value === null) return [{ kind: 'unknown-script', loose: file.text }];
  if (STDIN_PATHS.has(file.value)) return [{ kind: 'stdin-script', positional: params(rest) }];
  const content = fileContent(file.value, files);
  if (content !== undefined) {
    return content.texts === null
      ? [{ kind: 'unknown-script', loose: content.loose }]
      : content.texts.map((text) => ({ kind: 'script', text, same, positional: params(rest, file) }));
  }
  // `bash ./scripts/deploy.sh production` runs what `./scripts/deploy.sh production` runs.
  return [{ kind: 'command', words: [file, ...rest], env: new Map() }];
}

/** The words from `i` on, as a script the text cannot fix. */
const unknownRest = (args: readonly Field[], i: number): LaunchRun => ({
  kind: 'unknown-script',
  loose: args
    .slice(i)
    .map((a) => a.text)
    .join(' '),
});

/** `sh -c TEXT`, `bash -s`, `bash FILE ARGS`, `fish --command TEXT`, `zsh` reading stdin. */
function shellRuns(args: readonly Field[], files: ReadonlyMap<string, Stdin>): LaunchRun[] {
  const out: LaunchRun[] = [];
  let command = false;
  let stdin = false;
  let i = 0;
  for (; i < args.length; i++) {
    const v = args[i]!.value;
    if (v === null) {
      // An option the text cannot fix could be `-c`: the words after it could be a script.
      out.push(unknownRest(args, i));
      continue;
    }
    if (v === '--' || v === '-') {
      if (v === '-') stdin = true;
      i++;
      break;
    }
    const script = SHELL_SCRIPT_OPTIONS.exec(v);
    if (script !== null) {
      const text = script[2] === '=' ? v.slice(v.indexOf('=') + 1) : args[++i]?.text;
      if (text !== undefined) out.push({ kind: 'script', text, same: false });
      if (script[1] === 'command') command = true;
      continue;
    }
    if (v === '--rcfile' || v === '--init-file') {
      i++;
      continue;
    }
    if (v.startsWith('--')) continue;
    if (!/^[-+]./.test(v)) break;
    const letters = v.slice(1);
    if (letters.includes('c')) command = true;
    if (letters.includes('s')) stdin = true;
    // fish's -C (init command) takes the next word; -o/-O (bash) take an option name.
    if (/[oO]$/.test(letters) || (letters.endsWith('C') && !letters.includes('c'))) {
      if (letters.endsWith('C')) out.push({ kind: 'script', text: args[i + 1]?.text ?? '', same: false });
      i++;
    }
  }
  const operands = args.slice(i);
  if (command) {
    if (operands[0] !== undefined && !out.some((r) => r.kind === 'script')) {
      out.push({
        kind: 'script',
        text: operands[0].text,
        same: false,
        positional: params(operands.slice(2), operands[1]),
      });
    }
    return out;
  }
  if (stdin || operands.length === 0) return [...out, { kind: 'stdin-script', positional: params(operands) }];
  return [...out, ...scriptFile(operands[0]!, operands.slice(1), files, false)];
}

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
const INTERPRETERS: Record<string, Interpreter> = {
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

function interpreterOf(program: string): Interpreter | undefined {
  if (/^(python|pypy)[0-9.]*$/.test(program)) return PYTHON;
  return INTERPRETERS[program];
}

/** `python3 -c CODE`, `node -e CODE`, `perl -le CODE`, `awk 'PROGRAM'`, `python3 -m twine …`, or code on stdin. */
function interpreterRuns(
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

/** Shell commands inside a SQL client's input: psql's `\!`, mysql's `system`, sqlite3's `.shell`. */
function sqlShellRuns(program: string, args: readonly Field[], stdin: Stdin): LaunchRun[] {
  const pattern =
    program === 'sqlite3'
      ? /^\s*\.(?:shell|system)\s+(.*)$/gm
      : program === 'psql'
        ? /^\s*\\!\s*(.*)$/gm
        : /^\s*(?:\\!|system)\s+(.*)$/gim;
  const texts = [...args.map((a) => a.text), ...(stdin.texts ?? [stdin.loose])];
  return texts.flatMap((t) =>
    [...t.matchAll(pattern)].map((m) => ({ kind: 'script' as const, text: m[1]!, same: false })),
  );
}

/**
 * What a command runs besides itself: the script of a shell (`sh -c`, stdin, a file), of `eval`,
 * `source`, `trap` and `alias`; an interpreter's inline code; keys typed into tmux or screen; a
 * job for `at`. Empty for any other program.
 */
export function launches(
  words: readonly Field[],
  stdin: Stdin,
  files: ReadonlyMap<string, Stdin>,
): LaunchRun[] {
  const name = words[0]?.value;
  if (name === null || name === undefined) return [];
  const program = programName(name);
  const args = words.slice(1);
  if (SHELLS.has(program)) return shellRuns(args, files);
  if (program === 'eval') return [{ kind: 'script', text: args.map((a) => a.text).join(' '), same: true }];
  if (program === 'source' || program === '.')
    return args[0] === undefined ? [] : scriptFile(args[0], args.slice(1), files, true);
  // A program given by path that the line wrote (`./x.sh` after `echo … > x.sh`).
  if (name.includes('/') && fileContent(name, files) !== undefined)
    return scriptFile(words[0]!, args, files, false);
  if (program === 'trap') {
    const ops = args[0]?.value === '--' ? args.slice(1) : args;
    if (ops.length < 2 || ops[0]!.value === '-' || /^-[lp]$/.test(ops[0]!.value ?? '')) return [];
    return [{ kind: 'script', text: ops[0]!.text, same: true }];
  }
  if (program === 'alias')
    return args.flatMap((a) =>
      a.text.includes('=')
        ? [{ kind: 'script' as const, text: a.text.slice(a.text.indexOf('=') + 1), same: true }]
        : [],
    );
  if (program === 'deno' && args[0]?.value === 'eval' && args[1] !== undefined)
    return [{ kind: 'code', text: args[1].text }];
  const interpreter = interpreterOf(program);
  if (interpreter !== undefined) return interpreterRuns(interpreter, args, files);
  if (program === 'psql' || program === 'mysql' || program === 'mariadb' || program === 'sqlite3')
    return sqlShellRuns(program, args, stdin);
  if (program === 'tmux') {
    // Keys it types into a shell, or the command of a new window: each word, and all of them.
    const words = args.slice(1).filter((a) => !(a.value ?? '').startsWith('-'));
    return [...words, { text: words.map((a) => a.text).join(' ') }].map((a) => ({
      kind: 'script',
      text: a.text,
      same: false,
    }));
  }
  if (program === 'screen') {
    const stuff = args.findIndex((a) => a.value === 'stuff');
    // screen's `stuff` types its text with escapes decoded (`\n` is Enter).
    return stuff === -1 || args[stuff + 1] === undefined
      ? []
      : [{ kind: 'script', text: decodeEscapes(args[stuff + 1]!.text), same: false }];
  }
  if ((program === 'at' || program === 'batch') && !args.some((a) => /^-[flrdc]/.test(a.value ?? '')))
    return [{ kind: 'stdin-script' }];
  return [];
}
