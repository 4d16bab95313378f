import { programName } from './words.js';

const SIMPLE: Record<string, string> = {
  a: '\x07',
  b: '\b',
  e: '\x1b',
  E: '\x1b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
  '\\': '\\',
  '"': '"',
  "'": "'",
};

/** Backslash escapes as `printf` formats, `%b` and `echo -e` decode them (`\x67it` → `git`). */
export function decodeEscapes(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c !== '\\' || i + 1 >= text.length) {
      out += c;
      continue;
    }
    const n = text[++i]!;
    const rest = text.slice(i);
    const hex = /^x([0-9a-fA-F]{1,2})/.exec(rest);
    const unicode = /^(?:u([0-9a-fA-F]{1,4})|U([0-9a-fA-F]{1,8}))/.exec(rest);
    const octal = /^0?([0-7]{1,3})/.exec(rest);
    if (n in SIMPLE) out += SIMPLE[n];
    else if (n === 'c') return out;
    else if (hex !== null) {
      out += String.fromCharCode(Number.parseInt(hex[1]!, 16));
      i += hex[0].length - 1;
    } else if (unicode !== null) {
      const code = Number.parseInt(unicode[1] ?? unicode[2]!, 16);
      out += code <= 0x10ffff ? String.fromCodePoint(code) : '';
      i += unicode[0].length - 1;
    } else if (octal !== null) {
      out += String.fromCharCode(Number.parseInt(octal[1]!, 8) & 0xff);
      i += octal[0].length - 1;
    } else out += `\\${n}`;
  }
  return out;
}

/** What `printf FORMAT ARGS…` prints: the format reused while arguments remain. */
export function printfOutput(format: string, args: readonly string[]): string {
  const directive = /%([-+ #0]*[0-9*]*(?:\.[0-9*]*)?)([a-zA-Z%])/g;
  let out = '';
  let next = 0;
  for (let round = 0; round < 64; round++) {
    const before = next;
    out += format.replace(directive, (_all, _flags, conv: string) => {
      if (conv === '%') return '%';
      const arg = args[next++] ?? '';
      if (conv === 'b') return decodeEscapes(arg);
      if (conv === 'c') return arg.slice(0, 1);
      return arg;
    });
    if (next >= args.length || next === before) break;
  }
  return decodeEscapes(out);
}

/** The texts `echo` may print: bash prints escapes as written, dash and `echo -e` decode them. */
export function echoOutputs(args: readonly string[]): string[] {
  let i = 0;
  let newline = true;
  while (i < args.length && /^-[neE]+$/.test(args[i]!)) {
    if (args[i]!.includes('n')) newline = false;
    i++;
  }
  const raw = args.slice(i).join(' ') + (newline ? '\n' : '');
  const decoded = decodeEscapes(raw);
  return decoded === raw ? [raw] : [raw, decoded];
}

function base64Encode(text: string): string {
  const bytes = new TextEncoder().encode(text);
  return `${btoa(String.fromCharCode(...bytes))}\n`;
}

function base64Decode(text: string): string | null {
  try {
    return atob(text.replace(/\s+/g, ''));
  } catch {
    return null;
  }
}

/**
 * What a command prints, when its words and input fix it: `echo`, `printf`, `cat`/`tee` of its
 * input, `base64 -d` and `rev` of a known input. Null when it cannot be known.
 */
export function printedBy(words: readonly string[], stdin: readonly string[] | null): string[] | null {
  if (words.length === 0) return null;
  const program = programName(words[0]!);
  const args = words.slice(1);
  switch (program) {
    case 'echo':
      return echoOutputs(args);
    case 'printf':
      if (args[0] === '-v') return [''];
      return args.length === 0
        ? null
        : [printfOutput(args[0] === '--' ? (args[1] ?? '') : args[0]!, args.slice(args[0] === '--' ? 2 : 1))];
    case 'cat':
    case 'tee':
      return args.every((a) => a === '-' || (program === 'tee' && a.startsWith('-'))) && stdin !== null
        ? [...stdin]
        : null;
    case 'base64':
      if (stdin === null || args.some((a) => !a.startsWith('-'))) return null;
      if (!args.some((a) => a === '-d' || a === '--decode' || a === '-D')) return stdin.map(base64Encode);
      return stdin.map(base64Decode).filter((t): t is string => t !== null);
    case 'mktemp':
      // A new, empty file or folder: nothing of the repository's is in it.
      return ['/tmp/tmp.mktemp\n'];
    case 'rev':
      return (
        stdin?.map((t) =>
          t
            .split('\n')
            .map((l) => [...l].reverse().join(''))
            .join('\n'),
        ) ?? null
      );
    default:
      return null;
  }
}
