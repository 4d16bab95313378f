import { lazyRequire } from '../lazy-require.js';
import { safeLabel } from './label.js';

type Momoa = typeof import('@humanwhocodes/momoa');
let momoa: Momoa | undefined;

/**
 * `@humanwhocodes/momoa`, ESLint's JSON parser, loaded on first use: it keeps every member of
 * an object with its position, where `JSON.parse` silently keeps the last of two equal keys.
 * Only the verdict checks need it, so no other command pays for loading it.
 */
function parser(): Momoa {
  momoa ??= lazyRequire<Momoa>('@humanwhocodes/momoa');
  return momoa;
}

/** Why a text is not exactly one JSON object. Frozen: these names are verdict codes. */
export type StrictJsonCode =
  | 'verdict-bom'
  | 'verdict-empty'
  | 'verdict-too-deep'
  | 'verdict-not-json'
  | 'verdict-trailing-comma'
  | 'verdict-trailing-text'
  | 'verdict-not-object'
  | 'verdict-duplicate-key';

/** One member of the object, in source order, with the line and column of its key. */
export interface JsonMember {
  key: string;
  value: unknown;
  line: number;
  column: number;
}

export type StrictJsonResult =
  | { ok: true; members: JsonMember[] }
  | { ok: false; code: StrictJsonCode; message: string; line: number; column: number };

const fail = (code: StrictJsonCode, message: string, line = 1, column = 1): StrictJsonResult => ({
  ok: false,
  code,
  message,
  line,
  column,
});

/** 1-based line and column of an offset. */
function position(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}

/**
 * Where the first JSON value of `text` ends (the offset after it), found by bracket depth
 * outside strings, or null when it never closes. Used only to tell trailing text apart from
 * other syntax errors.
 */
function firstValueEnd(text: string): number | null {
  let i = text.search(/\S/);
  if (i < 0) return null;
  const open = text[i];
  if (open !== '{' && open !== '[') {
    const m = /^("(?:[^"\\\n]|\\.)*"|[^\s,{}[\]]+)/.exec(text.slice(i));
    return m === null ? null : i + m[0].length;
  }
  let depth = 0;
  for (; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === '\\') i++;
    } else if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return null;
}

/** How deep a verdict's JSON may nest: a verdict is one level deep, the limit keeps every parser's recursion far from the stack's end. */
export const MAX_DEPTH = 64;

/**
 * Whether `text` opens more than MAX_DEPTH arrays or objects at once, counted by brackets outside
 * strings (a loop: no recursion, so any depth is safe to ask about).
 */
function tooDeep(text: string): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === '\\') i++;
    } else if (c === '{' || c === '[') {
      if (++depth > MAX_DEPTH) return true;
    } else if (c === '}' || c === ']') depth--;
  }
  return false;
}

function parses(text: string, allowTrailingCommas = false): boolean {
  try {
    parser().parse(text, { mode: 'json', allowTrailingCommas });
    return true;
  } catch {
    return false;
  }
}

/** Names a syntax error precisely: a trailing comma, text after the value, or plain bad JSON. */
function syntaxProblem(text: string, error: unknown): StrictJsonResult {
  const end = firstValueEnd(text);
  // The first value may have a trailing comma of its own: text after it is still the first
  // problem in the documented order (trailing text before trailing comma).
  if (end !== null && text.slice(end).trim() !== '' && parses(text.slice(0, end), true)) {
    const at = end + text.slice(end).search(/\S/);
    const { line, column } = position(text, at);
    const second = parses(text.slice(at));
    return fail(
      'verdict-trailing-text',
      second
        ? `a second JSON value follows the first at ${line}:${column}; a verdict is exactly one object`
        : `text follows the JSON object at ${line}:${column}`,
      line,
      column,
    );
  }
  if (parses(text, true)) {
    const m = /,(\s*)[}\]]/.exec(text);
    const { line, column } = position(text, m?.index ?? 0);
    return fail('verdict-trailing-comma', `a trailing comma at ${line}:${column} is not JSON`, line, column);
  }
  const e = error as { message?: unknown; line?: unknown; column?: unknown };
  const line = typeof e.line === 'number' ? e.line : 1;
  const column = typeof e.column === 'number' ? e.column : 1;
  const reason = typeof e.message === 'string' ? e.message.replace(/\s*\(\d+:\d+\)\s*$/, '') : 'not JSON';
  return fail('verdict-not-json', `not JSON at ${line}:${column}: ${reason}`, line, column);
}

const KIND: Record<string, string> = {
  Array: 'an array',
  String: 'a string',
  Number: 'a number',
  Boolean: 'a boolean',
  Null: 'null',
};

/**
 * Parses text that must be exactly one JSON object, strictly (RFC 8259): no byte-order mark,
 * no trailing comma, nothing after the object, no key twice. Pure: strings in, data out.
 */
export function parseStrictObject(text: string): StrictJsonResult {
  if (text.startsWith('\uFEFF'))
    return fail('verdict-bom', 'the text starts with a byte-order mark (U+FEFF)');
  if (text.trim() === '') return fail('verdict-empty', 'the text is empty: expected one JSON object');
  // Before any parser: momoa and its evaluation recurse once a level, and a few thousand levels
  // end the stack (a RangeError, not an answer).
  if (tooDeep(text)) {
    return fail(
      'verdict-too-deep',
      `the JSON nests deeper than ${MAX_DEPTH} levels; a verdict is one flat object`,
    );
  }
  let doc: ReturnType<Momoa['parse']>;
  try {
    doc = parser().parse(text, { mode: 'json' });
  } catch (error) {
    return syntaxProblem(text, error);
  }
  try {
    // momoa accepts raw control characters inside strings; RFC 8259 (and JSON.parse) do not.
    JSON.parse(text);
  } catch {
    const at = text.search(/[\u0000-\u001f]/);
    const { line, column } = position(text, Math.max(at, 0));
    return fail('verdict-not-json', `not JSON at ${line}:${column}: a raw control character`, line, column);
  }
  const body = doc.body;
  if (body.type !== 'Object') {
    const { line, column } = body.loc.start;
    return fail(
      'verdict-not-object',
      `expected one JSON object, found ${KIND[body.type] ?? 'a value'}`,
      line,
      column,
    );
  }
  const seen = new Set<string>();
  const members: JsonMember[] = [];
  for (const m of body.members) {
    const key = m.name.type === 'String' ? m.name.value : m.name.name;
    const { line, column } = m.name.loc.start;
    if (seen.has(key)) {
      return fail(
        'verdict-duplicate-key',
        `key ${safeLabel(key)} appears twice (at ${line}:${column}); JSON.parse would silently keep the last`,
        line,
        column,
      );
    }
    seen.add(key);
    members.push({ key, value: parser().evaluate(m.value), line, column });
  }
  return { ok: true, members };
}
