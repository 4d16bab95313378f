import { closesFence, type Fence, fenceOpener } from './fences.js';

/** A stretch of a text: `[start, end)` UTF-16 offsets and the 1-based line it starts on. */
export interface TextSpan {
  start: number;
  end: number;
  line: number;
}

/** The block layout of a markdown text, as far as reference rewriting needs it. */
export interface MarkdownBlocks {
  /** Fenced code blocks (``` or ~~~), opener to closer inclusive; an unclosed fence runs to the end. */
  fenced: TextSpan[];
  /** Maximal runs of non-blank lines outside fenced code: the units inline links live in. */
  chunks: TextSpan[];
}

/**
 * Splits markdown into fenced code blocks and the runs of non-blank lines between them, with
 * the same fence test the roadmap scanner uses, so "inside a fence" means one thing everywhere.
 */
export function markdownBlocks(text: string): MarkdownBlocks {
  const fenced: TextSpan[] = [];
  const chunks: TextSpan[] = [];
  const hasFences = text.includes('```') || text.includes('~~~');
  let fence: (Fence & { start: number }) | null = null;
  let chunk: TextSpan | null = null;
  let lineNo = 0;
  for (let start = 0; start < text.length; ) {
    lineNo++;
    const nl = text.indexOf('\n', start);
    const end = nl === -1 ? text.length : nl + 1;
    const raw = text.slice(start, nl === -1 ? text.length : nl);
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (fence !== null) {
      if (closesFence(line, fence)) {
        fenced.push({ start: fence.start, end, line: fence.line });
        fence = null;
      }
    } else {
      const opener = hasFences ? fenceOpener(line) : null;
      if (opener !== null || line.trim() === '') {
        if (chunk !== null) chunks.push(chunk);
        chunk = null;
        if (opener !== null) fence = { ...opener, line: lineNo, start };
      } else if (chunk === null) {
        chunk = { start, end, line: lineNo };
      } else {
        chunk.end = end;
      }
    }
    start = end;
  }
  if (fence !== null) fenced.push({ start: fence.start, end: text.length, line: fence.line });
  if (chunk !== null) chunks.push(chunk);
  return { fenced, chunks };
}
