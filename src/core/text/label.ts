import { sanitize } from './sanitize.js';

/** The longest label a message shows of a rejected string before it is cut. */
export const LABEL_MAX = 60;

/**
 * A short, one-line, terminal-safe label for any value a caller supplied, for messages that
 * name a rejected value. It never throws and never calls a value's own `toString` or
 * `toJSON` (an object can carry a hostile one): strings are quoted, escaped and cut, numbers
 * and the other primitives are written out, and objects and arrays are named by kind.
 */
export function safeLabel(value: unknown, max: number = LABEL_MAX): string {
  switch (typeof value) {
    case 'string':
      return quoted(value, max);
    case 'number':
      return Number.isFinite(value) ? numberText(value) : 'a non-finite number';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'bigint':
      return 'a big integer';
    case 'undefined':
      return 'nothing';
    case 'symbol':
      return 'a symbol';
    case 'function':
      return 'a function';
    default:
      if (value === null) return 'null';
      return isArray(value as object) ? 'an array' : 'an object';
  }
}

function isArray(value: object): boolean {
  try {
    return Array.isArray(value);
  } catch {
    // A revoked proxy throws even here.
    return false;
  }
}

function numberText(n: number): string {
  // Number formatting is the engine's, not the value's: a primitive has no own toString.
  const text = `${n}`;
  return text.length > 24 ? `${text.slice(0, 24)}…` : text;
}

/** A string in double quotes: control, bidi and invisible characters escaped, cut to `max`. */
function quoted(text: string, max: number): string {
  // Cut by code points (never inside a surrogate pair); look at no more than needed.
  const points = Array.from(text.slice(0, max * 2 + 2));
  const long = points.length > max;
  const shown = long ? points.slice(0, max).join('') : text;
  const escaped = sanitize(shown.replace(/\\/g, '\\\\').replace(/"/g, '\\"'), { inline: true });
  return long ? `"${escaped}…" (${text.length} characters)` : `"${escaped}"`;
}
