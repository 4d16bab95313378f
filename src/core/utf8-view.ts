import { isAscii as isAsciiBytes } from 'node:buffer';

/**
 * Text held as its UTF-8 bytes, one character per byte: what `buffer.toString('latin1')` makes
 * of the bytes, and what `Buffer.from(view, 'latin1')` turns back into exactly those bytes.
 * Plain ASCII is its own view.
 *
 * `progress` reads and renders in this form (docs/decisions.md, "UTF-8 views for `progress`"):
 * V8 keeps such a string at one byte a character, where a text with a single em dash is two
 * bytes a character, and the dashboard's bytes are then a copy away instead of an encoding of
 * two million characters. The renderer marks views with this brand; a roadmap model of views
 * says so in its `encoding`.
 */
export type Utf8View = string & { readonly utf8View: true };

/**
 * UTF-8 bytes as text: plain ASCII through the cheaper one-byte decoder (or as `view`, the
 * bytes' view when the caller has made it: for ASCII the view is the text), the rest as UTF-8.
 */
export function decodeUtf8(bytes: Buffer, view?: Utf8View): string {
  return isAsciiBytes(bytes) ? (view ?? bytes.toString('latin1')) : bytes.toString('utf8');
}

// Any character above U+007F: in text, a lone surrogate included; in a view, any byte above 0x7F.
const NON_ASCII = /[\u0080-\uffff]/;

/** No character above U+007F: in a view, no byte above 0x7F. */
export function isAscii(text: string): boolean {
  return !NON_ASCII.test(text);
}

/** The UTF-8 view of `text`. A lone surrogate, which has no UTF-8 form, becomes U+FFFD. */
export function utf8View(text: string): Utf8View {
  return (NON_ASCII.test(text) ? Buffer.from(text, 'utf8').toString('latin1') : text) as Utf8View;
}

/** The bytes a view stands for. */
export function viewBytes(view: Utf8View): Buffer {
  return Buffer.from(view, 'latin1');
}

/** The text a view stands for. */
export function viewText(view: string): string {
  return NON_ASCII.test(view) ? Buffer.from(view, 'latin1').toString('utf8') : view;
}

/**
 * Whether the UTF-8 view of valid UTF-8 bytes reads exactly as their text reads to every
 * white-space test of the roadmap scanner (`\s`, `trim`, the step test, `.`): neither holds
 * U+00A0 or any other JavaScript white space or line terminator beyond ASCII, nor a byte 0xA0
 * (which the view would take for U+00A0). Conservative: any character whose UTF-8 form starts
 * with 0xE1, 0xE3 or 0xEF makes it false. Asked of the view (string searches are cheaper than
 * a buffer's, above all before the JIT has warmed up). The unit test checks it against `\s` on
 * every code point.
 */
export function viewReadsLikeText(view: string): boolean {
  // U+00A0 (C2 A0) and every character with an A0 byte; U+1680 (E1 9A 80); U+3000 (E3 80 80);
  // U+FEFF (EF BB BF).
  if (view.indexOf('\xa0') !== -1 || view.indexOf('\xe1') !== -1) return false;
  if (view.indexOf('\xe3') !== -1 || view.indexOf('\xef') !== -1) return false;
  // U+2000–U+200A, U+2028, U+2029, U+202F (E2 80 xx) and U+205F (E2 81 9F); the em dash
  // (E2 80 94) and the rest of the block are fine.
  for (let i = view.indexOf('\xe2'); i !== -1; i = view.indexOf('\xe2', i + 1)) {
    const b1 = view.charCodeAt(i + 1);
    const b2 = view.charCodeAt(i + 2);
    if (b1 === 0x80 && (b2 <= 0x8a || b2 === 0xa8 || b2 === 0xa9 || b2 === 0xaf)) return false;
    if (b1 === 0x81 && b2 === 0x9f) return false;
  }
  return true;
}
