import type { Diagnostic } from '../core/diagnostics.js';
import { type BodyLine, legacyBlocker, parseBlockerEntry } from './blockers.js';
import { isDraft, parseFrontmatter } from './frontmatter.js';
import type { BlockedByMarker, Blocker, BlockersSection, Phase, Roadmap, Step, StepState } from './model.js';

// The roadmap grammar (upstream reference §1–2), applied one line at a time. Deliberate
// differences from upstream are listed in docs/compatibility.md.
const TITLE = /^#\s+(?:Roadmap:)?\s*(.*)$/s;
const PHASE = /^(#{2,3})\s+Phase\s+(\d+(?:\.\d+)*[a-z]?|[IVX]+|[A-Z]\d*)(?:[\s:—-]+(.*))?$/s;
const STEP = /^\s*[-*]\s+\[([ xX~-])\](\s|$)/;
const FENCE_OPEN = /^[ \t]*(`{3,}|~{3,})(.*)$/;
const FENCE_CLOSE = /^[ \t]*(`{3,}|~{3,})[ \t]*$/;
const BLOCKERS_HEADING = /^##[ \t]+blockers[ \t]*$/i;
const ANY_H2 = /^##[ \t]\S/;
const BLOCKER_HEADING = /^###\s+blocker:(.*)$/is;
const H3 = /^###\s/;
const LEGACY = /^>\s*Blocked until:?\s*(.+)$/is;
const LEGACY_ANYWHERE = /^>\s*Blocked until/im;
const QUOTE = /^>\s?(.*)$/s;
const BLOCKED_BY = /<!--\s*blocked-by:\s*(.*?)\s*-->/g;
const INLINE_CODE = /`[^`]*`/g;
const DEFERRED_RESOLUTION =
  /<!--\s*deferred-resolution:\s*(carried-to|merged-into)\s*=\s*([A-Za-z0-9._-]+)\s*-->/;
const MERGE_GATED = /merge-gated/i;
const PR = /pr\s*[=#:]?\s*#?\s*(\d+)/gi;

const STATE: Record<string, StepState> = {
  ' ': 'open',
  x: 'done',
  X: 'done',
  '~': 'deferred',
  '-': 'cancelled',
};

/** Options for `parseRoadmap`. */
export interface ParseOptions {
  /** Path relative to the roadmap root (`agent-memory/x.md`). */
  rel: string;
  /** Path shown in diagnostics; defaults to `rel`. */
  file?: string;
}

/** An open code fence: its character, run length and line. */
export interface Fence {
  char: string;
  length: number;
  line: number;
}

interface EntryDraft {
  id: string;
  line: number;
  body: BodyLine[];
}

function stem(rel: string): string {
  const base = rel.slice(rel.lastIndexOf('/') + 1);
  return base.endsWith('.md') ? base.slice(0, -3) : base;
}

/** Splits into lines; CRLF reads like LF (a deliberate fix: upstream misreads CRLF frontmatter). */
function splitLines(text: string): { lines: string[]; endsWithNewline: boolean } {
  const lines = text.includes('\r\n') ? text.split(/\r?\n/) : text.split('\n');
  const endsWithNewline = lines.length > 1 && lines[lines.length - 1] === '';
  if (endsWithNewline) lines.pop();
  return { lines, endsWithNewline };
}

/** The fence a line opens (``` or ~~~ at any indent), or null. */
export function fenceOpener(line: string): Fence | null {
  let i = 0;
  while (line.charCodeAt(i) === 0x20 || line.charCodeAt(i) === 0x09) i++;
  const c = line.charCodeAt(i);
  if (c !== 0x60 && c !== 0x7e) return null;
  const m = FENCE_OPEN.exec(line);
  if (!m) return null;
  const run = m[1]!;
  // CommonMark: a backtick fence's info string may not contain a backtick.
  if (run[0] === '`' && m[2]!.includes('`')) return null;
  return { char: run[0]!, length: run.length, line: 0 };
}

/** True when a line closes the open fence (same character, at least as long, nothing after). */
export function closesFence(line: string, fence: Fence): boolean {
  const m = FENCE_CLOSE.exec(line);
  return m !== null && m[1]![0] === fence.char && m[1]!.length >= fence.length;
}

function findMarkers(line: string, lineNo: number, onStep: boolean, into: BlockedByMarker[]): void {
  // Markers inside inline code spans are examples, not markers: blank the spans first.
  const text = line.includes('`') ? line.replace(INLINE_CODE, (s) => ' '.repeat(s.length)) : line;
  for (const m of text.matchAll(BLOCKED_BY)) {
    into.push({ raw: m[1]!, line: lineNo, column: m.index + 1, onStep });
  }
}

// Shared by every step without PR numbers; frozen so an accidental push fails loudly.
const NO_PRS: number[] = Object.freeze([]) as unknown as number[];

function feedSpan(step: Step, line: string): void {
  if (MERGE_GATED.test(line)) step.mergeGated = true;
  if (!/pr/i.test(line)) return;
  for (const m of line.matchAll(PR)) {
    if (step.prs === NO_PRS) step.prs = [];
    step.prs.push(Number(m[1]));
  }
}

/**
 * Parses one roadmap file into the model every command uses: a single pass over the lines,
 * aware of fenced code, frontmatter and the `## Blockers` section. Never throws on any text.
 */
export function parseRoadmap(text: string, options: ParseOptions): Roadmap {
  const file = options.file ?? options.rel;
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const { lines, endsWithNewline } = splitLines(source);
  const diagnostics: Diagnostic[] = [];
  let frontmatter: Record<string, unknown> | null = null;
  let start = 0;

  if (lines[0] === '---') {
    let close = -1;
    for (let i = 1; i < lines.length; i++) {
      if (/^---\s*$/.test(lines[i]!)) {
        close = i;
        break;
      }
    }
    if (close === -1) {
      diagnostics.push({
        file,
        line: 1,
        column: 1,
        severity: 'warning',
        code: 'frontmatter-unterminated',
        message: 'frontmatter opened with --- is never closed; add a closing --- line',
      });
    } else {
      const parsed = parseFrontmatter(lines.slice(1, close).join('\n'), file, 2);
      frontmatter = parsed.data;
      diagnostics.push(...parsed.diagnostics);
      start = close + 1;
    }
  }

  let title: string | null = null;
  const phases: Phase[] = [];
  const steps: Step[] = [];
  const orphanSteps: Step[] = [];
  const blockedBy: BlockedByMarker[] = [];
  let fence: Fence | null = null;
  // Blockers section state: 0 before it, 1 inside, 2 after (only the first section counts).
  let sectionState = 0;
  let section: BlockersSection | null = null;
  const entries: EntryDraft[] = [];
  let entry: EntryDraft | null = null;
  let legacy: { pieces: string[]; line: number; open: boolean } | null = null;
  // The open step whose span (up to the next step or phase heading) may mark it merge-gated.
  let spanStep: Step | null = null;
  // The step whose block (up to the next step or any heading) may carry a deferral resolution.
  let blockStep: Step | null = null;

  // Rare features are looked for per line only when the text has them at all: the common
  // roadmap pays for none of them (the scanner is the hot path of every command).
  const hasFences = source.includes('```') || source.includes('~~~');
  const hasGated = MERGE_GATED.test(source);
  const hasComments = source.includes('<!--');
  const hasLegacy = (source.startsWith('>') || source.includes('\n>')) && LEGACY_ANYWHERE.test(source);

  for (let i = start; i < lines.length; i++) {
    const line = lines[i]!;
    const lineNo = i + 1;

    if (fence !== null) {
      if (hasGated && spanStep !== null) feedSpan(spanStep, line);
      if (closesFence(line, fence)) fence = null;
      if (entry !== null) entry.body.push({ text: '', line: lineNo });
      if (legacy?.open) legacy.open = false;
      continue;
    }
    const lead = line.charCodeAt(0);
    // Only a line starting with a backtick, a tilde or indentation can open a fence.
    const opener =
      hasFences && (lead === 0x60 || lead === 0x7e || lead === 0x20 || lead === 0x09)
        ? fenceOpener(line)
        : null;
    if (opener !== null) {
      if (hasGated && spanStep !== null) feedSpan(spanStep, line);
      opener.line = lineNo;
      fence = opener;
      if (entry !== null) entry.body.push({ text: '', line: lineNo });
      if (legacy?.open) legacy.open = false;
      continue;
    }

    if (legacy?.open) {
      const q = QUOTE.exec(line);
      if (q && q[1]!.trim() !== '') legacy.pieces.push(q[1]!.trim());
      else legacy.open = false;
    }

    const first = lead;
    if (first === 0x23 /* # */) {
      blockStep = null;
      if (title === null) {
        const t = TITLE.exec(line);
        if (t && t[1]!.trim() !== '') title = t[1]!.trimEnd();
      }
      if (sectionState === 1 && ANY_H2.test(line)) {
        sectionState = 2;
        entry = null;
      }
      const p = PHASE.exec(line);
      if (p) {
        spanStep = null;
        if (entry !== null) entry.body.push({ text: line, line: lineNo });
        const name = (p[3] ?? '').trim();
        phases.push({
          id: p[2]!,
          name: name === '' ? `Phase ${p[2]}` : name,
          line: lineNo,
          level: p[1]!.length as 2 | 3,
          steps: [],
        });
        continue;
      }
      if (sectionState === 0 && BLOCKERS_HEADING.test(line)) {
        sectionState = 1;
        section = { line: lineNo, blockers: [], strayHeadings: [] };
        continue;
      }
      if (sectionState === 1) {
        const b = BLOCKER_HEADING.exec(line);
        if (b) {
          entry = { id: b[1]!.trim(), line: lineNo, body: [] };
          entries.push(entry);
          continue;
        }
        if (H3.test(line)) section!.strayHeadings.push({ text: line.slice(3).trim(), line: lineNo });
      }
    } else if (hasLegacy && first === 0x3e /* > */ && legacy === null) {
      const l = LEGACY.exec(line);
      if (l && l[1]!.trim() !== '') legacy = { pieces: [l[1]!.trim()], line: lineNo, open: true };
    }

    if (entry !== null) entry.body.push({ text: line, line: lineNo });

    const s = first === 0x2d || first === 0x2a || first <= 0x20 || first === 0xa0 ? STEP.exec(line) : null;
    // `- [x]` as the very last bytes of a file (no newline) is not a step upstream; kept for parity.
    if (s && !(s[2] === '' && i === lines.length - 1 && !endsWithNewline)) {
      const state = STATE[s[1]!]!;
      const step: Step = {
        state,
        text: line.slice(s[0].length).trim(),
        line: lineNo,
        phase: phases.length - 1,
        deferredResolution: null,
        mergeGated: false,
        prs: NO_PRS,
      };
      if (phases.length === 0) orphanSteps.push(step);
      else {
        phases[phases.length - 1]!.steps.push(step);
        steps.push(step);
      }
      spanStep = state === 'open' ? step : null;
      blockStep = step;
    }
    // An open step's span runs to the next step or phase heading (upstream's merge-gated rule).
    if (hasGated && spanStep !== null) feedSpan(spanStep, line);

    if (hasComments && line.includes('<!--')) {
      if (blockStep !== null && blockStep.deferredResolution === null) {
        const d = DEFERRED_RESOLUTION.exec(line);
        if (d)
          blockStep.deferredResolution = {
            kind: d[1] as 'carried-to' | 'merged-into',
            slug: d[2]!,
            line: lineNo,
          };
      }
      if (line.includes('blocked-by')) findMarkers(line, lineNo, s !== null, blockedBy);
    }
  }

  if (fence !== null) {
    diagnostics.push({
      file,
      line: fence.line,
      column: 1,
      severity: 'warning',
      code: 'unterminated-fence',
      message: `code fence opened here is never closed; everything below it is read as code — close it with ${fence.char.repeat(fence.length)}`,
    });
  }

  const blockers: Blocker[] = entries.map((e) => parseBlockerEntry(e.id, e.line, e.body));
  if (section !== null) section.blockers = blockers.slice();
  if (legacy !== null) blockers.push(legacyBlocker(legacy.pieces.join(' '), legacy.line));
  for (const step of steps) {
    // PR numbers only matter for merge-gated open steps; keep them unique in first-seen order.
    step.prs = step.mergeGated && step.prs.length > 0 ? [...new Set(step.prs)] : NO_PRS;
  }
  return {
    rel: options.rel,
    file,
    title: title ?? stem(options.rel),
    frontmatter,
    draft: isDraft(frontmatter),
    phases,
    orphanSteps,
    steps,
    blockers,
    blockersSection: section,
    blockedBy,
    diagnostics,
  };
}
