import { interpreterOf, interpreterRuns } from './interpreters.js';
import { type LaunchRun, type Positional, unknownRest } from './prefixes.js';
import { decodeEscapes } from './printed.js';
import type { Field } from './resolve.js';
import { fileContent, type Stdin } from './shell.js';
import { programName } from './words.js';

export const SHELLS = new Set([
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
