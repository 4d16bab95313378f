/**
 * RFC 8785 (JSON Canonicalization Scheme) for the values JSON can hold: object keys sorted by
 * UTF-16 code units, no white space, numbers and strings as ECMAScript's `JSON.stringify`
 * writes them (which is what the RFC specifies). NaN, Infinity, lone surrogates and values JSON
 * cannot hold (undefined, functions, bigint, symbols) are refused with a `CanonicalJsonError`.
 */
export function canonicalize(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return canonicalString(value);
    case 'number':
      if (!Number.isFinite(value)) throw new CanonicalJsonError(`${value} has no JSON form`);
      return JSON.stringify(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object':
      if (value === null) return 'null';
      if (Array.isArray(value)) return `[${value.map(canonicalize).join(',')}]`;
      return canonicalObject(value as Record<string, unknown>);
    default:
      throw new CanonicalJsonError(`a ${typeof value} has no JSON form`);
  }
}

/** A value that RFC 8785 cannot represent. */
export class CanonicalJsonError extends Error {}

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** A string in canonical form; lone surrogates are refused (the RFC requires valid Unicode). */
export function canonicalString(value: string): string {
  if (LONE_SURROGATE.test(value)) throw new CanonicalJsonError('a string holds a lone surrogate');
  return JSON.stringify(value);
}

function canonicalObject(value: Record<string, unknown>): string {
  // The default sort compares UTF-16 code units, which is the order RFC 8785 §3.2.3 asks for.
  const keys = Object.keys(value).sort();
  let out = '{';
  for (const key of keys) {
    const item = value[key];
    if (item === undefined) continue;
    if (out.length > 1) out += ',';
    out += `${canonicalString(key)}:${canonicalize(item)}`;
  }
  return `${out}}`;
}
