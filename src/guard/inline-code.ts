import { decodeEscapes } from './printed.js';

/** What inline code (`python3 -c`, `node -e`, `perl -e`, awk) may hand to a shell. */
export interface CodeReading {
  /** Each string literal, and each run of literals joined as a list or a concatenation would join them. */
  lines: string[];
  /** It calls something that runs a command (`os.system`, `subprocess`, `execSync`, backticks, …). */
  runsCommands: boolean;
}

interface Literal {
  start: number;
  end: number;
  value: string;
}

const RUNS =
  /\b(system|popen|exec[A-Za-z]*|spawn[A-Za-z]*|subprocess|check_output|check_call|call|run|Popen|getoutput|getstatusoutput|child_process|shell_exec|passthru|proc_open|Open3|startfile|Command|qx)\b|`|%x/;
const BRACKETS: Record<string, string> = { '(': ')', '[': ']', '{': '}', '<': '>' };
const MAX_LINES = 200;

/** The end of a literal opened at `i` by `quote` (which may be three characters long), or -1. */
function closing(code: string, i: number, quote: string): number {
  for (let j = i + quote.length; j < code.length; j++) {
    if (code[j] === '\\') j++;
    else if (code.startsWith(quote, j)) return j;
  }
  return -1;
}

/** String literals of code in most languages; `#` and `//` comments skipped when `comments`. */
function literals(code: string, comments: boolean): Literal[] {
  const out: Literal[] = [];
  for (let i = 0; i < code.length; i++) {
    const c = code[i]!;
    if (comments && (c === '#' || code.startsWith('//', i))) {
      const eol = code.indexOf('\n', i);
      if (eol === -1) break;
      i = eol;
      continue;
    }
    if (comments && code.startsWith('/*', i)) {
      const end = code.indexOf('*/', i + 2);
      if (end === -1) break;
      i = end + 1;
      continue;
    }
    // Perl and Ruby quote-like operators: q{…}, qq(…), qx[…], %x(…), %w{…}.
    const quoteLike = /^(?:qq|qx|qw|q|%[xqQwWi]?)([({[<|/!])/.exec(code.slice(i, i + 4));
    if (quoteLike !== null && !/\w/.test(code[i - 1] ?? '')) {
      const open = quoteLike[1]!;
      const close = BRACKETS[open] ?? open;
      const start = i + quoteLike[0].length;
      const end = code.indexOf(close, start);
      if (end !== -1) {
        out.push({ start: i, end: end + 1, value: code.slice(start, end) });
        i = end;
        continue;
      }
    }
    if (c !== '"' && c !== "'" && c !== '`') continue;
    const quote = code.startsWith(c.repeat(3), i) ? c.repeat(3) : c;
    const end = closing(code, i, quote);
    if (end === -1) {
      out.push({ start: i, end: code.length, value: code.slice(i + quote.length) });
      break;
    }
    out.push({ start: i, end: end + quote.length, value: decodeEscapes(code.slice(i + quote.length, end)) });
    i = end + quote.length - 1;
  }
  return out;
}

/** How two neighbouring literals combine: concatenated (`'gi' + 't'`), listed (`['git', 'push']`), or not at all. */
function joiner(between: string): string | null {
  if (/^\s*(\+|\.\.?)?\s*$/.test(between)) return '';
  if (between.includes(',') && /^[\s,[\](){}]*$/.test(between)) return ' ';
  return null;
}

/**
 * The shell command lines inline code may run: every string literal on its own, and every run
 * of neighbouring literals joined (`['git', 'push', '-f']` → `git push -f`, `'gi' + 't push'`),
 * read with and without comments (a quote inside a comment must not hide a literal).
 */
export function readInlineCode(code: string): CodeReading {
  const lines = new Set<string>();
  for (const comments of [true, false]) {
    const found = literals(code, comments);
    let group: string[] = [];
    for (let k = 0; k < found.length && lines.size < MAX_LINES; k++) {
      const lit = found[k]!;
      lines.add(lit.value);
      const join = k === 0 ? null : joiner(code.slice(found[k - 1]!.end, lit.start));
      if (join === null) group = [lit.value];
      else {
        group = [`${group.join('')}${join}${lit.value}`];
        lines.add(group[0]!);
      }
    }
  }
  return { lines: [...lines].filter((l) => l.trim() !== ''), runsCommands: RUNS.test(code) };
}
