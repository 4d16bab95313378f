import type { Nodes, Root } from 'mdast';
import type { TextSpan } from '../roadmap/blocks.js';

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

/** The whitespace prefix every line of a chunk shares (list continuations are indented). */
function commonIndent(lines: string[]): string {
  let prefix: string | null = null;
  for (const line of lines) {
    let i = 0;
    while (line[i] === ' ' || line[i] === '\t') i++;
    const own = line.slice(0, i);
    if (prefix === null) prefix = own;
    else {
      let k = 0;
      while (k < prefix.length && k < own.length && prefix[k] === own[k]) k++;
      prefix = prefix.slice(0, k);
    }
  }
  return prefix ?? '';
}

/** Offsets of the local (dedented, concatenated) text mapped back to the original, per line. */
interface LineMap {
  local: number[];
  original: number[];
}

function addChunk(
  text: string,
  chunk: TextSpan,
  into: { parts: string[]; map: LineMap; length: number },
): void {
  const lines = text.slice(chunk.start, chunk.end).replace(/\n$/, '').split('\n');
  const cut = commonIndent(lines).length;
  let original = chunk.start;
  for (const line of lines) {
    const drop = Math.min(cut, line.length);
    into.map.local.push(into.length);
    into.map.original.push(original + drop);
    into.parts.push(line.slice(drop));
    into.length += line.length - drop + 1;
    original += line.length + 1;
  }
  // A blank line between chunks keeps them separate blocks, as they were in the file.
  into.parts.push('');
  into.length += 1;
}

function toOriginal(map: LineMap, offset: number): number {
  let lo = 0;
  let hi = map.local.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (map.local[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return map.original[lo]! + (offset - map.local[lo]!);
}

/**
 * Finds the destinations of links, images and definitions in the given chunks of a markdown
 * text (runs of non-blank lines outside fences). The chunks are parsed together as one small
 * document, each dedented so a list continuation is not read as indented code; offsets map
 * back to `text`.
 */
export async function findLinkDestinations(text: string, chunks: TextSpan[]): Promise<LinkDestination[]> {
  if (chunks.length === 0) return [];
  const parse = await loadParser();
  const local = { parts: [] as string[], map: { local: [], original: [] } as LineMap, length: 0 };
  for (const chunk of chunks) addChunk(text, chunk, local);
  const joined = local.parts.join('\n');
  const found: LinkDestination[] = [];
  collect(parse(joined), joined, found);
  return found.map((d) => ({
    ...d,
    start: toOriginal(local.map, d.start),
    end: toOriginal(local.map, d.end),
  }));
}
