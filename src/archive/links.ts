import type { Nodes, Root } from 'mdast';
import type { TextSpan } from '../roadmap/blocks.js';
import { type LinkDestination, plainLinkDestinations } from '../roadmap/plain-links.js';

export type { LinkDestination } from '../roadmap/plain-links.js';

type Parse = (text: string) => Root;
let parser: Promise<Parse> | undefined;

/**
 * remark is loaded on first use: only files that may link to a moved roadmap pay for it.
 * Plain CommonMark: GFM adds nothing to relative links but triples the cost of each parse.
 */
function loadParser(): Promise<Parse> {
  parser ??= Promise.all([import('unified'), import('remark-parse')]).then(
    ([{ unified }, { default: remarkParse }]) => {
      const processor = unified().use(remarkParse);
      return (text: string) => processor.parse(text) as Root;
    },
  );
  return parser;
}

/** Index just past the `]` closing the bracket opened at `open`, honouring backslash escapes. */
function closeBracket(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') i++;
    else if (c === '[') depth++;
    else if (c === ']' && --depth === 0) return i + 1;
  }
  return -1;
}

/** Reads a destination starting at `at` (CommonMark link destination rules), or null. */
function readDestination(text: string, at: number): Omit<LinkDestination, 'url'> | null {
  let i = at;
  while (text[i] === ' ' || text[i] === '\t') i++;
  if (text[i] === '\n') i++;
  while (text[i] === ' ' || text[i] === '\t') i++;
  if (text[i] === '<') {
    for (let j = i + 1; j < text.length; j++) {
      if (text[j] === '\\') j++;
      else if (text[j] === '>') return { start: i + 1, end: j, raw: text.slice(i + 1, j), angle: true };
      else if (text[j] === '\n' || text[j] === '<') return null;
    }
    return null;
  }
  let depth = 0;
  let j = i;
  for (; j < text.length; j++) {
    const c = text[j]!;
    if (c === '\\') j++;
    else if (c === '(') depth++;
    else if (c === ')' && depth-- === 0) break;
    else if (c <= ' ') break;
  }
  return j > i ? { start: i, end: j, raw: text.slice(i, j), angle: false } : null;
}

function locate(node: Nodes, text: string): Omit<LinkDestination, 'url'> | null {
  const start = node.position?.start.offset;
  if (start === undefined) return null;
  if (node.type === 'definition') {
    const close = closeBracket(text, start);
    return close !== -1 && text[close] === ':' ? readDestination(text, close + 1) : null;
  }
  let close: number;
  if (node.type === 'link') {
    // The link text's children end right before `](`; their positions skip nested brackets.
    const last = node.children[node.children.length - 1]?.position?.end.offset;
    close = last === undefined ? closeBracket(text, start) : text.indexOf(']', last) + 1;
  } else {
    close = closeBracket(text, start + 1);
  }
  return close > 0 && text[close] === '(' ? readDestination(text, close + 1) : null;
}

function unescapeBackslashes(raw: string): string {
  return raw.replace(/\\([!-/:-@[-`{-~])/g, '$1');
}

function collect(node: Nodes, text: string, into: LinkDestination[]): void {
  if (node.type === 'link' || node.type === 'image' || node.type === 'definition') {
    const found = locate(node, text);
    // Only trust a location whose text reads back as the URL remark saw (entities aside).
    if (found && (unescapeBackslashes(found.raw) === node.url || found.raw.includes('&'))) {
      into.push({ ...found, url: node.url });
    }
  }
  if ('children' in node) for (const child of node.children) collect(child as Nodes, text, into);
}

/** Where one parsed stretch sits in the concatenated text, and where it came from. */
interface Unit {
  local: number;
  original: number;
}

/** One markdown text and the chunks of it (from `markdownBlocks`) whose links are wanted. */
export interface LinkRequest {
  text: string;
  chunks: readonly TextSpan[];
  wanted: readonly number[];
}

/**
 * The stretch of text a wanted chunk must be parsed with: back to the nearest chunk that starts
 * in column 0 (after a blank line such a line opens a top-level block, so block structure from
 * there is the same as in the whole file) — or to the start of the file.
 */
function unitOf(text: string, chunks: readonly TextSpan[], index: number): { start: number; end: number } {
  let j = index;
  const topLevel = (c: TextSpan) => text[c.start] !== ' ' && text[c.start] !== '\t';
  while (j > 0 && !topLevel(chunks[j]!)) j--;
  return { start: topLevel(chunks[j]!) ? chunks[j]!.start : 0, end: chunks[index]!.end };
}

function stretches(request: LinkRequest): Array<{ start: number; end: number }> {
  const spans = [...request.wanted].sort((a, b) => a - b).map((i) => unitOf(request.text, request.chunks, i));
  const merged: Array<{ start: number; end: number }> = [];
  for (const span of spans) {
    const last = merged[merged.length - 1];
    if (last && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else merged.push({ ...span });
  }
  return merged;
}

function unitAt(units: Unit[], offset: number): Unit {
  let lo = 0;
  let hi = units.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (units[mid]!.local <= offset) lo = mid;
    else hi = mid - 1;
  }
  return units[lo]!;
}

/**
 * Finds the destinations of links, images and definitions in the wanted chunks of markdown
 * texts. Only the stretches that hold them are parsed, verbatim: a fraction of the cost of
 * parsing whole files, with the same block structure. Each text is parsed on its own, so its
 * result is the same whatever else is asked with it (in one document, a list, an HTML block or
 * a definition of one file reached into the next). Offsets are those of each request's text.
 */
export async function findLinkDestinationsBatch(
  requests: readonly LinkRequest[],
  /** `plain: false` sends every stretch to remark (the property test's reference). */
  options: { plain?: boolean } = {},
): Promise<LinkDestination[][]> {
  const results: LinkDestination[][] = requests.map(() => []);
  // Stretches of plain prose are read without remark; only the rest pays for loading it.
  const rest: number[] = [];
  requests.forEach((request, index) => {
    if (request.wanted.length === 0) return;
    const plain = options.plain === false ? null : plainStretches(request);
    if (plain === null) rest.push(index);
    else results[index] = plain;
  });
  if (rest.length === 0) return results;
  const parse = await loadParser();
  for (const index of rest) results[index] = parseStretches(parse, requests[index]!);
  return results;
}

/** Every stretch of a request read by `plainLinkDestinations`, or null when one needs remark. */
function plainStretches(request: LinkRequest): LinkDestination[] | null {
  const found: LinkDestination[] = [];
  for (const span of stretches(request)) {
    const plain = plainLinkDestinations(request.text, span.start, span.end);
    if (plain === null) return null;
    found.push(...plain);
  }
  return found;
}

/** Parses the stretches of one request as one document (each followed by a blank line). */
function parseStretches(parse: Parse, request: LinkRequest): LinkDestination[] {
  const units: Unit[] = [];
  const parts: string[] = [];
  let length = 0;
  for (const m of stretches(request)) {
    units.push({ local: length, original: m.start });
    const part = request.text.slice(m.start, m.end).replace(/\n?$/, '\n');
    parts.push(part, '\n');
    length += part.length + 1;
  }
  if (units.length === 0) return [];
  const joined = parts.join('');
  const found: LinkDestination[] = [];
  collect(parse(joined), joined, found);
  return found.map((d) => {
    const unit = unitAt(units, d.start);
    const shift = unit.original - unit.local;
    return { ...d, start: d.start + shift, end: d.end + shift };
  });
}

/** `findLinkDestinationsBatch` for one text. */
export async function findLinkDestinations(
  text: string,
  chunks: readonly TextSpan[],
  wanted: readonly number[],
  options: { plain?: boolean } = {},
): Promise<LinkDestination[]> {
  return (await findLinkDestinationsBatch([{ text, chunks, wanted }], options))[0]!;
}
