// Plain-text layout helpers shared by the `gates` views (upstream reference §4.4). Widths are
// counted in UTF-16 code units, as upstream's `String.length`, so output stays byte-identical.

/** Line width of the `gates` text views. */
export const WIDTH = 78;
/** Width of a field label column, after the two-space margin. */
export const LABEL_W = 19;
/** Indent of a field's continuation lines: margin plus label column. */
export const GUTTER = 2 + LABEL_W;

const SPACES = /\s+/;

/**
 * Greedy word wrap: whitespace runs separate words (leading and trailing whitespace vanish), a
 * word never breaks, a line may be exactly `width` long. Lines after the first get `indent`,
 * which does not count toward `width`. Empty text gives no lines.
 */
export function wrap(text: string, width: number, indent = ''): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(SPACES)) {
    if (word === '') continue;
    if (current === '') current = word;
    else if (current.length + 1 + word.length <= width) current += ` ${word}`;
    else {
      lines.push(current);
      current = word;
    }
  }
  if (current !== '') lines.push(current);
  return lines.map((line, i) => (i === 0 ? line : indent + line));
}

/**
 * A labelled field: `  Label:` padded to the gutter, the value wrapped to the rest of the
 * width, continuation lines under the value. An empty value gives no lines at all.
 */
export function field(label: string, value: string): string[] {
  const lines = wrap(value, WIDTH - GUTTER, ' '.repeat(GUTTER));
  if (lines.length > 0) lines[0] = `  ${label.padEnd(LABEL_W)}${lines[0]}`;
  return lines;
}

/** `1 step`, `2 steps`: a count with its noun, plural unless the count is one. */
export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/**
 * An entry header: `── {head} ───── {tail}`, the dash run sized so the line fills the width
 * (at least three dashes), right-trimmed when there is no tail.
 */
export function ruleHeader(head: string, tail: string): string {
  const dashes = Math.max(3, WIDTH - head.length - tail.length - 6);
  return `── ${head} ${'─'.repeat(dashes)} ${tail}`.trimEnd();
}
