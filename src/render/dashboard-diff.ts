import { PROSE_LINES } from './dashboard.js';

/** Where a dashboard on disk first differs from a fresh render, and whether only prose differs. */
export interface StaleDetail {
  /** 1-based line and column (UTF-16 units) of the first difference. */
  line: number;
  column: number;
  /** The expected and found line around the difference (cut to about 100 characters); null past the end. */
  expected: string | null;
  found: string | null;
  /** Every differing line is one of the generator's prose lines, in the same place. */
  proseOnly: boolean;
  /** The differing prose lines (1-based), when `proseOnly`. */
  proseLines: number[];
}

const WIDTH = 100;
/** Characters shown before the first difference when a line must be cut. */
const LEAD = 30;

/** A window of a long line around `column`, `…` marking what was cut; never splits a surrogate pair. */
function excerpt(line: string, column: number): string {
  if (line.length <= WIDTH) return line;
  let start = Math.min(Math.max(0, column - 1 - LEAD), line.length - (WIDTH - 1));
  if (start > 0 && /[\uDC00-\uDFFF]/.test(line[start]!)) start++;
  const head = start > 0 ? '…' : '';
  const room = WIDTH - head.length;
  if (start + room >= line.length) return head + line.slice(start);
  let end = start + room - 1;
  if (/[\uD800-\uDBFF]/.test(line[end - 1]!)) end--;
  return `${head}${line.slice(start, end)}…`;
}

function firstColumn(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i + 1;
}

/** A prose line of ours replaced, in place, by a line of the same shape (a quote stays a quote). */
function isProseSwap(expected: string | undefined, found: string | undefined): boolean {
  if (expected === undefined || found === undefined || found.trim() === '') return false;
  return PROSE_LINES.has(expected) && expected.startsWith('> ') === found.startsWith('> ');
}

/** The lines of a text; the newline ending the last one opens no line of its own. */
function linesOf(text: string): string[] {
  const lines = text.split('\n');
  if (text.endsWith('\n')) lines.pop();
  return lines;
}

/**
 * Compares a fresh render with the dashboard on disk (texts that differ): the first differing
 * line, expected against found, and whether every difference is a prose line another generator
 * words differently (upstream names its own scripts there).
 */
export function staleDetail(expected: string, found: string): StaleDetail {
  const want = linesOf(expected);
  const have = linesOf(found);
  let first = -1;
  let proseOnly = true;
  const proseLines: number[] = [];
  for (let i = 0; i < Math.max(want.length, have.length); i++) {
    if (want[i] === have[i]) continue;
    if (first === -1) first = i;
    if (!isProseSwap(want[i], have[i])) {
      proseOnly = false;
      break;
    }
    proseLines.push(i + 1);
  }
  if (first === -1) first = Math.min(want.length, have.length) - 1;
  const e = want[first];
  const f = have[first];
  const column = firstColumn(e ?? '', f ?? '');
  return {
    line: first + 1,
    column,
    expected: e === undefined ? null : excerpt(e, column),
    found: f === undefined ? null : excerpt(f, column),
    proseOnly,
    proseLines: proseOnly ? proseLines : [],
  };
}
