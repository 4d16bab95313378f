// The inline links of plain paragraphs, read without a markdown parser. It lives beside the
// scanner because it reads markdown; the archive uses it to find references. Most stretches
// that mention a moved roadmap are prose with a few `[text](path)` links; remark's first parse
// in a process costs a quarter of a second, so such stretches are read here. Anything this reader
// is not sure about — a block other than a paragraph, an escape, an entity, HTML, a reference
// definition, nested brackets, a bracket or parenthesis in code, a link that does not read
// cleanly — makes it answer null, and remark reads the stretch instead. A property test checks
// that wherever this answers, remark finds the same destinations.

/** Where a link, image or definition keeps its destination in the original text. */
export interface LinkDestination {
  /** `[start, end)` of the destination as written (inside `<…>` when angle-bracketed). */
  start: number;
  end: number;
  raw: string;
  angle: boolean;
  /** The destination as remark reads it (escapes removed, entities decoded). */
  url: string;
}

/** A character that may start a line of a stretch: nothing a block construct starts with. */
function safeLineStart(c: number): boolean {
  return (
    (c >= 0x41 && c <= 0x5a) || // A-Z
    (c >= 0x61 && c <= 0x7a) || // a-z
    c === 0x28 || // (
    c === 0x5b || // [
    c === 0x21 || // !
    c === 0x22 || // "
    c === 0x27 // '
  );
}

/** The code spans of the stretch as [start, end) pairs, or null when one is not plain. */
function codeSpans(text: string, start: number, end: number): Array<[number, number]> | null {
  const spans: Array<[number, number]> = [];
  let i = text.indexOf('`', start);
  while (i !== -1 && i < end) {
    let run = i;
    while (run < end && text.charCodeAt(run) === 0x60) run++;
    const length = run - i;
    // The closer is the next run of exactly the same length.
    let close = text.indexOf('`', run);
    let found = -1;
    while (close !== -1 && close < end) {
      let k = close;
      while (k < end && text.charCodeAt(k) === 0x60) k++;
      if (k - close === length) {
        found = close;
        break;
      }
      close = text.indexOf('`', k);
    }
    // An unclosed run is literal text in CommonMark; rare enough to leave to remark.
    if (found === -1) return null;
    const inner = text.slice(run, found);
    if (/[[\]()\n]/.test(inner)) return null;
    spans.push([i, found + length]);
    i = text.indexOf('`', found + length);
  }
  return spans;
}

const SPACE = (c: number) => c === 0x20 || c === 0x09;

/**
 * Reads `(destination "title")` starting at the `(`; returns the destination and the offset
 * after the `)`, or null when it is anything but that plain shape.
 */
function inlineTail(
  text: string,
  open: number,
  end: number,
): { start: number; stop: number; after: number } | null {
  let i = open + 1;
  while (i < end && SPACE(text.charCodeAt(i))) i++;
  const start = i;
  while (i < end) {
    const c = text.charCodeAt(i);
    if (c <= 0x20 || c === 0x29 /* ) */ || c === 0x7f) break;
    if (c === 0x28 /* ( */) return null;
    i++;
  }
  const stop = i;
  while (i < end && SPACE(text.charCodeAt(i))) i++;
  const q = text.charCodeAt(i);
  if (i > stop && (q === 0x22 || q === 0x27)) {
    // A title: "…" or '…' on the same line, then optional spaces.
    const close = text.indexOf(text[i]!, i + 1);
    if (close === -1 || close >= end || text.slice(i + 1, close).includes('\n')) return null;
    i = close + 1;
    while (i < end && SPACE(text.charCodeAt(i))) i++;
  }
  if (i >= end || text.charCodeAt(i) !== 0x29) return null;
  return { start, stop, after: i + 1 };
}

/**
 * The destinations of the links and images in `text[start, end)`, in order, when the stretch
 * is plain paragraphs; null when remark must read it.
 */
export function plainLinkDestinations(text: string, start: number, end: number): LinkDestination[] | null {
  const stretch = text.slice(start, end);
  if (/[\\&<\r]|\]:/.test(stretch)) return null;
  for (let at = start; at < end; ) {
    const nl = text.indexOf('\n', at);
    const lineEnd = nl === -1 || nl > end ? end : nl;
    if (lineEnd > at && !safeLineStart(text.charCodeAt(at))) {
      // A blank line (spaces only) separates paragraphs; anything else must start plainly.
      if (text.slice(at, lineEnd).trim() !== '') return null;
    }
    at = lineEnd + 1;
  }
  const code = codeSpans(text, start, end);
  if (code === null) return null;
  // Offsets only grow, so one pointer into the (ordered) code spans answers "inside code?".
  let span = 0;
  const inCode = (i: number) => {
    while (span < code.length && code[span]![1] <= i) span++;
    return span < code.length && code[span]![0] <= i;
  };
  const found: LinkDestination[] = [];
  let open = -1;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c !== 0x5b && c !== 0x5d) continue;
    if (inCode(i)) continue;
    if (c === 0x5b) {
      if (open !== -1) return null; // nested brackets
      open = i;
      continue;
    }
    if (open === -1) return null; // a stray `]`
    // Brackets in two paragraphs never pair.
    if (/\n[ \t]*\n/.test(text.slice(open, i))) return null;
    open = -1;
    const next = text.charCodeAt(i + 1);
    if (i + 1 >= end || next !== 0x28 /* ( */) {
      // `[text]` or `[text][label]`: a reference (its destination is in a definition) or text.
      continue;
    }
    const tail = inlineTail(text, i + 1, end);
    if (tail === null) return null;
    if (tail.stop > tail.start) {
      const raw = text.slice(tail.start, tail.stop);
      found.push({ start: tail.start, end: tail.stop, raw, angle: false, url: raw });
    }
    i = tail.after - 1;
  }
  return open === -1 ? found : null;
}
