import { markdownBlocks, type TextSpan } from '../roadmap/blocks.js';
import { findLinkDestinationsBatch, type LinkDestination, type LinkRequest } from './links.js';
import type { Edit } from './model.js';
import { NeedleSet } from './needles.js';
import {
  baseName,
  decodePath,
  dirOf,
  encodeLike,
  escapesRoot,
  isLocalDestination,
  relativeTo,
  resolveFrom,
  splitSuffix,
} from './paths.js';

/** What every file's references are checked against; build it once per plan with `referenceContext`. */
export interface ReferenceContext {
  /** Old path → new path of every roadmap moving in this run. */
  moves: ReadonlyMap<string, string>;
  /** Whether a repository path exists (decides whether a dangling link may be rewritten as text). */
  exists: (path: string) => boolean;
  /** The old paths. */
  paths: NeedleSet;
  /** The file names (as written or percent-encoded) a relative link to a moved roadmap must contain. */
  names: NeedleSet;
}

/** Builds the context every file of one plan is checked against. */
export function referenceContext(
  moves: ReadonlyMap<string, string>,
  exists: (path: string) => boolean,
): ReferenceContext {
  const names = [...moves.keys()].flatMap((from) => [baseName(from), encodeURI(baseName(from))]);
  return { moves, exists, paths: new NeedleSet(moves.keys()), names: new NeedleSet(names) };
}

/** The edits one file needs, and the references it keeps because they sit in fenced code. */
export interface FileReferences {
  edits: Edit[];
  inCode: Array<{ line: number; cites: string }>;
}

type Draft = Omit<Edit, 'line' | 'column'>;

/** True for files whose links are markdown links. */
export function isMarkdownPath(path: string): boolean {
  const lower = path.toLowerCase();
  return lower.endsWith('.md') || lower.endsWith('.markdown');
}

function inside(spans: readonly { start: number; end: number }[], start: number, end: number): boolean {
  return spans.some((s) => start < s.end && end > s.start);
}

/** Indexes of the chunks that may hold a link to a moved roadmap (all link-bearing ones in a moved file). */
function relevantChunks(
  text: string,
  chunks: readonly TextSpan[],
  moved: boolean,
  c: ReferenceContext,
): number[] {
  const hits = moved ? [] : c.names.find(text).map((h) => h.start);
  if (!moved && hits.length === 0) return [];
  const wanted: number[] = [];
  chunks.forEach((ch, i) => {
    const body = text.slice(ch.start, ch.end);
    if (!body.includes('](') && !body.includes(']:')) return;
    if (moved || hits.some((h) => h >= ch.start && h < ch.end)) wanted.push(i);
  });
  return wanted;
}

/** The edit a link needs, and whether the link is this module's to decide (not plain text). */
function planLink(path: string, d: LinkDestination, c: ReferenceContext): { owned: boolean; edit?: Draft } {
  const movedTo = c.moves.get(path);
  const url = splitSuffix(d.url);
  const decoded = decodePath(url.path);
  if (decoded === '') return { owned: true };
  const rootAbsolute = decoded.startsWith('/');
  const target = resolveFrom(rootAbsolute ? '' : dirOf(path), decoded);
  const targetMoved = c.moves.get(target);
  if (movedTo === undefined && targetMoved === undefined) {
    // A dangling link, or one that leaves the repository (often one `../` too many), is plain
    // text to the exact-path rule, as the same text in any other file (upstream rewrites it too).
    return { owned: !escapesRoot(target) && c.exists(target) };
  }
  const finalTarget = targetMoved ?? target;
  let next = rootAbsolute ? `/${finalTarget}` : relativeTo(dirOf(movedTo ?? path), finalTarget) || '.';
  if (decoded.endsWith('/') && !next.endsWith('/')) next += '/';
  const raw = splitSuffix(d.raw);
  const after = encodeLike(raw.path, next, d.angle) + raw.suffix;
  if (after === d.raw) return { owned: true };
  const kind = movedTo === undefined ? 'link' : 'rebase';
  const roadmap = movedTo === undefined ? target : path;
  return { owned: true, edit: { start: d.start, end: d.end, before: d.raw, after, kind, roadmap } };
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

function position(starts: number[], offset: number): { line: number; column: number } {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo + 1, column: offset - starts[lo]! + 1 };
}

function exactPathEdits(text: string, c: ReferenceContext): Draft[] {
  const kept: Draft[] = [];
  // Where two moved paths overlap, the longer (more specific) one wins: hits come longest first.
  for (const { start, needle } of c.paths.find(text)) {
    if (kept.length > 0 && start < kept[kept.length - 1]!.end) continue;
    const after = c.moves.get(needle)!;
    kept.push({ start, end: start + needle.length, before: needle, after, kind: 'path', roadmap: needle });
  }
  return kept;
}

/** A file's fence layout and the link request its planning needs (null outside markdown). */
export interface PreparedFile {
  path: string;
  text: string;
  fenced: TextSpan[];
  links: LinkRequest | null;
}

/** First half of planning one file: where its fences are and which chunks may hold links. */
function prepareFile(path: string, text: string, c: ReferenceContext): PreparedFile {
  if (!isMarkdownPath(path)) return { path, text, fenced: [], links: null };
  const blocks = markdownBlocks(text);
  const wanted = relevantChunks(text, blocks.chunks, c.moves.has(path), c);
  return { path, text, fenced: blocks.fenced, links: { text, chunks: blocks.chunks, wanted } };
}

/** Second half: the edits, given the link destinations found for the prepared file. */
function finishFile(
  file: PreparedFile,
  destinations: readonly LinkDestination[],
  c: ReferenceContext,
): FileReferences {
  const drafts: Draft[] = [];
  const inCodeOffsets: Array<{ offset: number; cites: string }> = [];
  const owned: Array<{ start: number; end: number }> = [];
  for (const d of destinations) {
    if (!isLocalDestination(d.url)) continue;
    const planned = planLink(file.path, d, c);
    if (planned.owned) owned.push(d);
    if (planned.edit) drafts.push(planned.edit);
  }
  for (const e of exactPathEdits(file.text, c)) {
    if (inside(file.fenced, e.start, e.end)) inCodeOffsets.push({ offset: e.start, cites: e.roadmap });
    else if (!inside(owned, e.start, e.end)) drafts.push(e);
  }
  if (drafts.length === 0 && inCodeOffsets.length === 0) return { edits: [], inCode: [] };
  const starts = lineStarts(file.text);
  drafts.sort((a, b) => a.start - b.start);
  return {
    edits: drafts.map((d) => ({ ...d, ...position(starts, d.start) })),
    inCode: inCodeOffsets.map((x) => ({ line: position(starts, x.offset).line, cites: x.cites })),
  };
}

/**
 * The reference edits files need when the given roadmaps move: the exact repository path
 * anywhere (outside fenced code in markdown), relative links and images that resolve to a moved
 * roadmap, and, when a file itself moves, every relative link in it re-based. Each file is
 * planned exactly as it would be alone: what other files are planned with it changes nothing.
 */
export async function planReferences(
  files: ReadonlyArray<{ path: string; text: string }>,
  c: ReferenceContext,
): Promise<FileReferences[]> {
  const prepared = files.map((f) => prepareFile(f.path, f.text, c));
  const requests = prepared.map((p) => p.links ?? { text: p.text, chunks: [], wanted: [] });
  const found = await findLinkDestinationsBatch(requests);
  return prepared.map((p, i) => finishFile(p, found[i]!, c));
}

/** `planReferences` for one file. */
export async function planFileReferences(
  path: string,
  text: string,
  c: ReferenceContext,
): Promise<FileReferences> {
  return (await planReferences([{ path, text }], c))[0]!;
}

/** Applies edits (sorted, non-overlapping) to the text they were planned on. */
export function spliceEdits(text: string, edits: readonly Pick<Edit, 'start' | 'end' | 'after'>[]): string {
  let out = '';
  let at = 0;
  for (const e of edits) {
    out += text.slice(at, e.start) + e.after;
    at = e.end;
  }
  return out + text.slice(at);
}
