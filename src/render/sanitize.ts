/** The kinds of hostile or confusing text the sanitizer reports. */
export type SanitizeWarningKind = 'control' | 'backspace' | 'bidi' | 'zero-width' | 'mixed-script';

export interface SanitizeWarning {
  kind: SanitizeWarningKind;
  /** How many characters (or, for mixed-script, tokens) of this kind were found. */
  count: number;
}

export interface SanitizeResult {
  text: string;
  warnings: SanitizeWarning[];
}

// C0 except tab (0x09) and newline (0x0A), DEL, C1; bidi controls; zero-width characters.
const SUSPECT =
  /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u061C\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF]/;
const BIDI = new Set([
  0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069,
]);
const ZERO_WIDTH = new Set([0x200b, 0x200c, 0x200d, 0x2060, 0x2061, 0x2062, 0x2063, 0x2064, 0xfeff]);
const LETTERS = /\p{L}/u;
const SCRIPTS: ReadonlyArray<[string, RegExp]> = [
  ['Latin', /\p{Script=Latin}/u],
  ['Cyrillic', /\p{Script=Cyrillic}/u],
  ['Greek', /\p{Script=Greek}/u],
  ['Armenian', /\p{Script=Armenian}/u],
  ['Cherokee', /\p{Script=Cherokee}/u],
];

function hex2(code: number): string {
  return code.toString(16).toUpperCase().padStart(2, '0');
}

/** What a suspect character is shown as, and which kind of warning it raises. */
function classify(code: number): [string, SanitizeWarningKind] | null {
  if (code === 0x08) return ['\\x08', 'backspace'];
  if (code <= 0x1f && code !== 0x09 && code !== 0x0a) return [`\\x${hex2(code)}`, 'control'];
  if (code >= 0x7f && code <= 0x9f) return [`\\x${hex2(code)}`, 'control'];
  if (BIDI.has(code)) return [`\\u{${code.toString(16).toUpperCase()}}`, 'bidi'];
  if (ZERO_WIDTH.has(code)) return [`\\u{${code.toString(16).toUpperCase()}}`, 'zero-width'];
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

function countMixedScriptTokens(text: string): number {
  // Only text with a non-ASCII letter can mix scripts; skip the split for plain ASCII.
  if (!/[^\u0000-\u007F]/.test(text)) return 0;
  let count = 0;
  for (const token of text.split(/[^\p{L}\p{M}\p{N}_-]+/u)) {
    if (token.length > 1 && isMixedScript(token)) count++;
  }
  return count;
}

/**
 * Makes text from a file or a caller safe to print on a terminal: control characters (but
 * tab and newline) become `\xNN`, bidi and zero-width characters `\u{NNNN}`; nothing is
 * removed silently. Mixed-script tokens are reported but left as they are.
 */
export function sanitizeTerminal(text: string): SanitizeResult {
  const counts = new Map<SanitizeWarningKind, number>();
  let out = text;
  if (SUSPECT.test(text)) {
    let built = '';
    for (const ch of text) {
      const shown = classify(ch.codePointAt(0)!);
      if (shown === null) {
        built += ch;
      } else {
        built += shown[0];
        counts.set(shown[1], (counts.get(shown[1]) ?? 0) + 1);
      }
    }
    out = built;
  }
  const mixed = countMixedScriptTokens(text);
  if (mixed > 0) counts.set('mixed-script', mixed);
  const order: SanitizeWarningKind[] = ['control', 'backspace', 'bidi', 'zero-width', 'mixed-script'];
  const warnings = order.filter((k) => counts.has(k)).map((kind) => ({ kind, count: counts.get(kind)! }));
  return { text: out, warnings };
}

/** `sanitizeTerminal(text).text`: the form renderers use for every string from a file or caller. */
export function sanitize(text: string): string {
  return SUSPECT.test(text) ? sanitizeTerminal(text).text : text;
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
  for (let i = 0; i < line.length; i++) {
    const shown = classify(line.charCodeAt(i));
    if (shown !== null) found.push({ column: i + 1, kind: shown[1], shown: shown[0] });
  }
  return found;
}
