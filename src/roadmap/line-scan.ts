import { type BodyLine, legacyBlocker, parseBlockerEntry } from './blockers.js';
import { closesFence, type Fence, fenceOpener } from './fences.js';
import type { BlockedByMarker, Blocker, BlockersSection, Phase, Step, StepState } from './model.js';
import { PHASE_ID } from './phase-id.js';

// The roadmap grammar (upstream reference §1–2), applied one line at a time. Deliberate
// differences from upstream are listed in docs/compatibility.md. The `s` flag lets `.` match
// a stray `\r` or U+2028, so such a character is shown escaped instead of unmaking a heading.
const TITLE = /^#\s+(?:Roadmap:)?\s*(.*)$/s;
// A phase heading: its level, its id, then the name after a run of white space, colons, hyphens
// and em dashes.
const PHASE = new RegExp(String.raw`^(#{2,3})\s+Phase\s+${PHASE_ID}(?:[\s:\u2014-]+(.*))?$`, 's');
const BLOCKERS_HEADING = /^##[ \t]+blockers[ \t]*$/i;
const ANY_H2 = /^##[ \t]\S/;
const BLOCKER_HEADING = /^###\s+blocker:(.*)$/is;
const H3 = /^###\s/;
const LEGACY = /^>\s*Blocked until:?\s*(.+)$/is;
const QUOTE = /^>\s?(.*)$/s;
const BLOCKED_BY = /<!--\s*blocked-by:\s*(.*?)\s*-->/g;
const INLINE_CODE = /`[^`]*`/g;
const DEFERRED_RESOLUTION =
  /<!--\s*deferred-resolution:\s*(carried-to|merged-into)\s*=\s*([A-Za-z0-9._-]+)\s*-->/;
const MERGE_GATED = /merge-gated/i;
const PR = /pr\s*[=#:]?\s*#?\s*(\d+)/gi;

/** `text[start, end)`, an indented line, has a backtick or a tilde after its spaces and tabs. */
function fenceCharAfterIndent(text: string, start: number, end: number): boolean {
  let i = start + 1;
  let c = text.charCodeAt(i);
  while (i < end && (c === 0x20 || c === 0x09)) c = text.charCodeAt(++i);
  return i < end && (c === 0x60 || c === 0x7e);
}

/** The state a checkbox's character stands for, or null (`[ ]`, `[x]`/`[X]`, `[~]`, `[-]`). */
function stateOf(c: number): StepState | null {
  switch (c) {
    case 0x20:
      return 'open';
    case 0x78:
    case 0x58:
      return 'done';
    case 0x7e:
      return 'deferred';
    case 0x2d:
      return 'cancelled';
    default:
      return null;
  }
}

// Shared by every step without PR numbers; frozen so an accidental push fails loudly.
export const NO_PRS: number[] = Object.freeze([]) as unknown as number[];

interface EntryDraft {
  id: string;
  line: number;
  body: BodyLine[];
}

// Upstream's step pattern, `^\s*[-*]\s+\[([ xX~-])\](\s|$)`, for a line inside the whole text:
// sticky at the line's start, and `\s` without the newline that ends the line.
const STEP = /[^\S\n]*[-*][^\S\n]+\[[ xX~-]\](?:[^\S\n]|(?![^\n]))/y;

/**
 * Matches the step pattern at `text[start, end)` (a line: `end` is its newline or the end of the
 * text) without slicing the line. Returns the offset just past the match, or -1. A match ends
 * with the `]` when nothing follows it on the line (the character before the offset is then `]`
 * and the mark is two before the offset); otherwise it ends with the one white-space character
 * after the `]`, and the mark is three before the offset.
 */
export function matchStep(text: string, start: number, end: number): number {
  STEP.lastIndex = start;
  return STEP.test(text) && STEP.lastIndex <= end ? STEP.lastIndex : -1;
}

/**
 * The state of one pass over a roadmap's lines. Each method handles one kind of line; a line
 * is a range of `text`, and is sliced into a string only when something needs its text.
 */
export class LineScan {
  title: string | null = null;
  readonly phases: Phase[] = [];
  readonly steps: Step[] = [];
  readonly orphanSteps: Step[] = [];
  readonly blockedBy: BlockedByMarker[] = [];
  readonly entries: EntryDraft[] = [];
  fence: Fence | null = null;
  /** The first `## Blockers` section; later ones are ignored, as upstream. */
  section: BlockersSection | null = null;
  inSection = false;
  entry: EntryDraft | null = null;
  legacy: { pieces: string[]; line: number; open: boolean } | null = null;
  /** The open step whose span (up to the next step or phase heading) may mark it merge-gated. */
  spanStep: Step | null = null;
  /** The step whose block (up to the next step or any heading) may carry a deferral resolution. */
  blockStep: Step | null = null;
  // Rare features are looked for per line only when the text has them at all: the common
  // roadmap pays for none of them (the scanner is the hot path of every command).
  readonly hasFences: boolean;
  readonly hasGated: boolean;
  readonly hasComments: boolean;
  /** Offset of the next `<!--` at or after the current line, or -1. */
  private nextComment: number;
  private sliced = -1;
  private slicedText = '';

  /** `text` has LF line ends (no BOM); lines are handed over as ranges of it. */
  constructor(private readonly text: string) {
    this.hasFences = text.includes('```') || text.includes('~~~');
    this.hasGated = MERGE_GATED.test(text);
    this.hasComments = text.includes('<!--');
    this.nextComment = this.hasComments ? text.indexOf('<!--') : -1;
  }

  /**
   * Whether an empty line at this point can change anything: only inside a fence, a blocker
   * entry or a `Blocked until` note. The caller skips the others without calling `line`
   * (a quarter of a roadmap's lines are empty).
   */
  blankLineMatters(): boolean {
    return this.fence !== null || this.entry !== null || this.legacy !== null;
  }

  /** Line `index` (0-based), which is `text[start, end)`. */
  line(start: number, end: number, index: number): void {
    const text = this.text;
    const lineNo = index + 1;
    if (this.fence !== null) {
      this.fencedLine(start, end, lineNo);
      return;
    }
    const lead = start < end ? text.charCodeAt(start) : Number.NaN;
    // Only a line whose first character after spaces and tabs is a backtick or a tilde can open
    // a fence: an indented step is not sliced and handed to the fence test.
    if (
      this.hasFences &&
      (lead === 0x60 ||
        lead === 0x7e ||
        ((lead === 0x20 || lead === 0x09) && fenceCharAfterIndent(text, start, end)))
    ) {
      const opener = fenceOpener(this.lineText(start, end));
      if (opener !== null) {
        opener.line = lineNo;
        this.fence = opener;
        this.fencedLine(start, end, lineNo);
        return;
      }
    }
    if (this.legacy?.open) this.continueLegacy(this.lineText(start, end));
    if (lead === 0x23 /* # */ && this.heading(this.lineText(start, end), lineNo)) return;
    // A quote line is rare enough to be tried as it comes: no search of the whole text first.
    if (lead === 0x3e /* > */ && this.legacy === null) {
      this.startLegacy(this.lineText(start, end), lineNo);
    }
    this.entry?.body.push({ text: this.lineText(start, end), line: lineNo });
    const step =
      lead === 0x2d || lead === 0x2a || lead <= 0x20 || lead === 0xa0 ? this.step(start, end, index) : null;
    if (this.hasGated && this.spanStep !== null) feedSpan(this.spanStep, this.lineText(start, end));
    if (this.hasComments && this.commentIn(start, end)) {
      this.comments(this.lineText(start, end), lineNo, step !== null);
    }
  }

  /** The line `text[start, end)` as a string, sliced at most once. */
  private lineText(start: number, end: number): string {
    if (this.sliced !== start) {
      this.sliced = start;
      this.slicedText = this.text.slice(start, end);
    }
    return this.slicedText;
  }

  /** The line `text[start, end)` holds a `<!--`. */
  private commentIn(start: number, end: number): boolean {
    if (this.nextComment !== -1 && this.nextComment < start) {
      this.nextComment = this.text.indexOf('<!--', start);
    }
    return this.nextComment !== -1 && this.nextComment + 4 <= end;
  }

  /** A fence line or a line inside a fence: nothing here is grammar, but spans and bodies go on. */
  fencedLine(start: number, end: number, lineNo: number): void {
    const text = this.text;
    if (this.hasGated && this.spanStep !== null) feedSpan(this.spanStep, text.slice(start, end));
    // Only a line after the opener can close the fence; a closer starts with its character.
    const fence = this.fence;
    if (fence !== null && fence.line !== lineNo) {
      let i = start;
      while (i < end && (text.charCodeAt(i) === 0x20 || text.charCodeAt(i) === 0x09)) i++;
      if (i < end && text[i] === fence.char && closesFence(text.slice(start, end), fence)) this.fence = null;
    }
    this.entry?.body.push({ text: '', line: lineNo });
    if (this.legacy?.open) this.legacy.open = false;
  }

  /** Handles a `#` line; returns true when the line is fully consumed (a phase or section heading). */
  heading(line: string, lineNo: number): boolean {
    this.blockStep = null;
    if (this.title === null) {
      const t = TITLE.exec(line);
      if (t && t[1]!.trim() !== '') this.title = t[1]!.trimEnd();
    }
    if (this.inSection && ANY_H2.test(line)) {
      this.inSection = false;
      this.entry = null;
    }
    const p = line.charCodeAt(1) === 0x23 ? PHASE.exec(line) : null;
    if (p) {
      this.spanStep = null;
      this.entry?.body.push({ text: line, line: lineNo });
      const name = (p[3] ?? '').trim();
      const id = p[2]!;
      this.phases.push({
        id,
        name: name === '' ? `Phase ${id}` : name,
        line: lineNo,
        level: p[1]!.length as 2 | 3,
        steps: [],
      });
      return true;
    }
    if (this.section === null && BLOCKERS_HEADING.test(line)) {
      this.inSection = true;
      this.section = { line: lineNo, blockers: [], strayHeadings: [] };
      return true;
    }
    return this.inSection && this.sectionHeading(line, lineNo);
  }

  /** A `###` heading inside `## Blockers`: a new entry, or a stray heading (kept in the body). */
  sectionHeading(line: string, lineNo: number): boolean {
    const b = BLOCKER_HEADING.exec(line);
    if (b) {
      this.entry = { id: b[1]!.trim(), line: lineNo, body: [] };
      this.entries.push(this.entry);
      return true;
    }
    if (H3.test(line)) this.section!.strayHeadings.push({ text: line.slice(3).trim(), line: lineNo });
    return false;
  }

  startLegacy(line: string, lineNo: number): void {
    const l = LEGACY.exec(line);
    if (l && l[1]!.trim() !== '') this.legacy = { pieces: [l[1]!.trim()], line: lineNo, open: true };
  }

  /** A `> Blocked until` note runs on over quoted lines until a non-quote or an empty quote. */
  continueLegacy(line: string): void {
    const q = QUOTE.exec(line);
    if (q && q[1]!.trim() !== '') this.legacy!.pieces.push(q[1]!.trim());
    else this.legacy!.open = false;
  }

  step(start: number, end: number, index: number): Step | null {
    const text = this.text;
    const after = matchStep(text, start, end);
    if (after === -1) return null;
    const bare = text.charCodeAt(after - 1) === 0x5d;
    // `- [x]` as the very last bytes of a file (no newline) is not a step upstream; kept for parity.
    if (bare && end === text.length) return null;
    const state = stateOf(text.charCodeAt(bare ? after - 2 : after - 3))!;
    const phase = this.phases.length - 1;
    const step: Step = {
      state,
      text: bare ? '' : text.slice(after, end).trim(),
      line: index + 1,
      phase,
      deferredResolution: null,
      mergeGated: false,
      prs: NO_PRS,
    };
    if (phase === -1) this.orphanSteps.push(step);
    else {
      this.phases[phase]!.steps.push(step);
      this.steps.push(step);
    }
    this.spanStep = state === 'open' ? step : null;
    this.blockStep = step;
    return step;
  }

  /** HTML-comment annotations: a deferral resolution in a step's block, blocked-by markers anywhere. */
  comments(line: string, lineNo: number, onStep: boolean): void {
    const block = this.blockStep;
    if (block !== null && block.deferredResolution === null) {
      const d = DEFERRED_RESOLUTION.exec(line);
      if (d)
        block.deferredResolution = { kind: d[1] as 'carried-to' | 'merged-into', slug: d[2]!, line: lineNo };
    }
    if (!line.includes('blocked-by')) return;
    // Markers inside inline code spans are examples, not markers: blank the spans first.
    const text = line.includes('`') ? line.replace(INLINE_CODE, (m) => ' '.repeat(m.length)) : line;
    for (const m of text.matchAll(BLOCKED_BY)) {
      this.blockedBy.push({
        raw: m[1]!,
        line: lineNo,
        column: m.index + 1,
        onStep,
      });
    }
  }

  /** The blockers: structured entries in order, then the legacy note's synthetic one. */
  blockers(): Blocker[] {
    const blockers: Blocker[] = [];
    for (const e of this.entries) blockers.push(parseBlockerEntry(e.id, e.line, e.body));
    // An empty section keeps the empty array it was made with: `slice` then only ever sees
    // arrays of blockers, and the optimized scanner is not thrown away at the first that has any.
    if (this.section !== null && blockers.length > 0) this.section.blockers = blockers.slice();
    if (this.legacy !== null) blockers.push(legacyBlocker(this.legacy.pieces.join(' '), this.legacy.line));
    return blockers;
  }
}

function feedSpan(step: Step, line: string): void {
  if (MERGE_GATED.test(line)) step.mergeGated = true;
  if (!/pr/i.test(line)) return;
  for (const m of line.matchAll(PR)) {
    if (step.prs === NO_PRS) step.prs = [];
    step.prs.push(Number(m[1]));
  }
}
