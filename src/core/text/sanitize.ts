/** The kinds of hostile or confusing text the sanitizer reports. */
export type SanitizeWarningKind = 'control' | 'backspace' | 'bidi' | 'zero-width' | 'mixed-script';

export interface SanitizeWarning {
  kind: SanitizeWarningKind;
  /** How many characters (or, for mixed-script, tokens) of this kind were found. */
  count: number;
}

/** How text will be shown. */
export interface SanitizeOptions {
  /**
   * The text must stay on one line (a header, a path, an id): a newline is shown as `\x0A`
   * too, so a file name or caller string can never start a forged line of output.
   */
  inline?: boolean;
}

export interface SanitizeResult {
  text: string;
  warnings: SanitizeWarning[];
}

// C0 except tab (0x09) and newline (0x0A), DEL, C1; line/paragraph separators; bidi
// controls; invisible characters (zero-width, Hangul fillers, tag characters that can smuggle
// hidden text to an agent); lone surrogates. The fast path of sanitize() tests this first.
const SUSPECT_BMP =
  '\\u0000-\\u0008\\u000B-\\u001F\\u007F-\\u009F\\u061C\\u115F\\u1160\\u180E\\u200B-\\u200F\\u2028-\\u202E\\u2060-\\u2069\\u3164\\uFEFF\\uFFA0';
const SUSPECT = new RegExp(`[${SUSPECT_BMP}\\uD800-\\uDFFF]`);
const BIDI = new Set([
  0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069,
]);
const ZERO_WIDTH = new Set([
  0x115f, 0x1160, 0x180e, 0x200b, 0x200c, 0x200d, 0x2060, 0x2061, 0x2062, 0x2063, 0x2064, 0x2065, 0x3164,
  0xfeff, 0xffa0,
]);
const LETTERS = /\p{L}/u;
const SCRIPTS: ReadonlyArray<[string, RegExp]> = [
  ['Latin', /\p{Script=Latin}/u],
  ['Cyrillic', /\p{Script=Cyrillic}/u],
  ['Greek', /\p{Script=Greek}/u],
  ['Armenian', /\p{Script=Armenian}/u],
  ['Cherokee', /\p{Script=Cherokee}/u],
];

const NEWLINE: [string, SanitizeWarningKind] = ['\\x0A', 'control'];

function hex2(code: number): string {
  return code.toString(16).toUpperCase().padStart(2, '0');
}

function unicodeEscape(code: number): string {
  return `\\u{${code.toString(16).toUpperCase()}}`;
}

/** What a suspect code point is shown as, and which kind of warning it raises. */
function classify(code: number): [string, SanitizeWarningKind] | null {
  if (code === 0x08) return ['\\x08', 'backspace'];
  if (code <= 0x1f && code !== 0x09 && code !== 0x0a) return [`\\x${hex2(code)}`, 'control'];
  if (code >= 0x7f && code <= 0x9f) return [`\\x${hex2(code)}`, 'control'];
  if (code < 0x61c) return null;
  if (BIDI.has(code)) return [unicodeEscape(code), 'bidi'];
  if (ZERO_WIDTH.has(code) || (code >= 0xe0000 && code <= 0xe007f))
    return [unicodeEscape(code), 'zero-width'];
  // Line and paragraph separators break lines in some terminals; a lone surrogate cannot be
  // printed faithfully (it would become U+FFFD), so it is shown rather than replaced.
  if (code === 0x2028 || code === 0x2029 || (code >= 0xd800 && code <= 0xdfff)) {
    return [unicodeEscape(code), 'control'];
  }
  return null;
}

/** True when a token mixes letters of two or more confusable scripts (`pаypal` with a Cyrillic а). */
export function isMixedScript(token: string): boolean {
  if (!LETTERS.test(token)) return false;
  let seen = 0;
  for (const [, re] of SCRIPTS) {
    if (re.test(token)) seen++;
    if (seen > 1) return true;
  }
  return false;
}

// A letter of any script but Latin that isMixedScript knows: without one, no token can mix two.
const NON_LATIN_SCRIPT = /[\p{Script=Cyrillic}\p{Script=Greek}\p{Script=Armenian}\p{Script=Cherokee}]/u;

/** The words of a text (letters, marks, digits, `_` and `-`) that mix confusable scripts. */
export function mixedScriptTokens(text: string): string[] {
  // Only a text with a Cyrillic, Greek, Armenian or Cherokee letter can mix scripts: skip the
  // split for everything else (plain ASCII, or Latin text with dashes and accents).
  if (!NON_LATIN_SCRIPT.test(text)) return [];
  return text.split(/[^\p{L}\p{M}\p{N}_-]+/u).filter((token) => token.length > 1 && isMixedScript(token));
}

/**
 * Makes text from a file or a caller safe to print on a terminal: control characters (but
 * tab and newline) become `\xNN`; bidi, invisible and line-separator characters and lone
 * surrogates `\u{NNNN}`; nothing is removed silently. Mixed-script tokens are reported but
 * left as they are. Never throws; the result holds no raw control character.
 */
export function sanitizeTerminal(text: string, options: SanitizeOptions = {}): SanitizeResult {
  const inline = options.inline === true && text.includes('\n');
  const counts = new Map<SanitizeWarningKind, number>();
  let out = text;
  if (inline || SUSPECT.test(text)) {
    let built = '';
    for (const ch of text) {
      const shown = inline && ch === '\n' ? NEWLINE : classify(ch.codePointAt(0)!);
      if (shown === null) {
        built += ch;
      } else {
        built += shown[0];
        counts.set(shown[1], (counts.get(shown[1]) ?? 0) + 1);
      }
    }
    out = built;
  }
  const mixed = mixedScriptTokens(text).length;
  if (mixed > 0) counts.set('mixed-script', mixed);
  const order: SanitizeWarningKind[] = ['control', 'backspace', 'bidi', 'zero-width', 'mixed-script'];
  const warnings = order.filter((k) => counts.has(k)).map((kind) => ({ kind, count: counts.get(kind)! }));
  return { text: out, warnings };
}

/** `sanitizeTerminal(text).text`: the form renderers use for every string from a file or caller. */
export function sanitize(text: string, options: SanitizeOptions = {}): string {
  const inline = options.inline === true && text.includes('\n');
  return inline || SUSPECT.test(text) ? sanitizeTerminal(text, options).text : text;
}

/**
 * Classifies each hidden character with its position, for the `hidden-unicode` lint rule.
 * Columns are 1-based UTF-16 offsets within the line.
 */
export function findHiddenCharacters(
  line: string,
): Array<{ column: number; kind: SanitizeWarningKind; shown: string }> {
  const found: Array<{ column: number; kind: SanitizeWarningKind; shown: string }> = [];
  if (!SUSPECT.test(line)) return found;
  // Walk code points (tag characters are astral) but report UTF-16 columns, as editors count.
  for (let i = 0; i < line.length; ) {
    const code = line.codePointAt(i)!;
    const shown = classify(code);
    if (shown !== null) found.push({ column: i + 1, kind: shown[1], shown: shown[0] });
    i += code > 0xffff ? 2 : 1;
  }
  return found;
}
