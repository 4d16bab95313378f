/**
 * A word a POSIX shell reads back as exactly `text`: left bare when it holds only characters no
 * shell treats specially, else in single quotes (a `'` inside written as `'\''`).
 */
export function shellQuote(text: string): string {
  if (/^[A-Za-z0-9_./:@%+=,-]+$/.test(text)) return text;
  return `'${text.replace(/'/g, `'\\''`)}'`;
}
