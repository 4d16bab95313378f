// Fenced code blocks, as CommonMark opens and closes them: ``` or ~~~ runs of three or more,
// closed by a run of the same character at least as long with nothing after it. Everything the
// scanner (and the archive's link finder) calls "inside a fence" is decided here.
const FENCE_OPEN = /^[ \t]*(`{3,}|~{3,})(.*)$/;
const FENCE_CLOSE = /^[ \t]*(`{3,}|~{3,})[ \t]*$/;

/** An open code fence: its character, run length and line. */
export interface Fence {
  char: string;
  length: number;
  line: number;
}

/** The fence a line opens (``` or ~~~ at any indent), or null. */
export function fenceOpener(line: string): Fence | null {
  let i = 0;
  while (line.charCodeAt(i) === 0x20 || line.charCodeAt(i) === 0x09) i++;
  const c = line.charCodeAt(i);
  if (c !== 0x60 && c !== 0x7e) return null;
  const m = FENCE_OPEN.exec(line);
  if (!m) return null;
  const run = m[1]!;
  // CommonMark: a backtick fence's info string may not contain a backtick.
  if (run[0] === '`' && m[2]!.includes('`')) return null;
  return { char: run[0]!, length: run.length, line: 0 };
}

/** True when a line closes the open fence (same character, at least as long, nothing after). */
export function closesFence(line: string, fence: Fence): boolean {
  const m = FENCE_CLOSE.exec(line);
  return m !== null && m[1]![0] === fence.char && m[1]!.length >= fence.length;
}
