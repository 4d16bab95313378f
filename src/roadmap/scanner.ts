import { isAscii as isAsciiBytes } from 'node:buffer';
import type { Diagnostic } from '../core/diagnostics.js';
import { type Utf8View, utf8View, viewReadsLikeText, viewText } from '../core/utf8-view.js';
import type { Fence } from './fences.js';
import { isDraft, parseFrontmatter } from './frontmatter.js';
import { LineScan, NO_PRS } from './line-scan.js';
import type { Roadmap, Step } from './model.js';

export { closesFence, type Fence, fenceOpener } from './fences.js';

/** Options for `parseRoadmap`. */
export interface ParseOptions {
  /** Path relative to the roadmap root (`agent-memory/x.md`). */
  rel: string;
  /** Path shown in diagnostics; defaults to `rel`. */
  file?: string;
}

/** Options for `parseRoadmapBytes`. */
export interface ParseBytesOptions extends ParseOptions {
  /**
   * Parse a UTF-8 view of the bytes where that reads exactly like the text (`viewReadsLikeText`),
   * and return its model as views (`encoding: 'utf8-view'`); otherwise the text is decoded.
   */
  views?: boolean;
  /** The bytes' UTF-8 view (`bytes.toString('latin1')`), when the caller has made it already. */
  bytesView?: Utf8View;
}

function stem(rel: string): string {
  const base = rel.slice(rel.lastIndexOf('/') + 1);
  return base.endsWith('.md') ? base.slice(0, -3) : base;
}

/** Where line `index` ends: the offset of its newline, or the end of the text. */
function lineEnd(text: string, start: number): number {
  const end = text.indexOf('\n', start);
  return end === -1 ? text.length : end;
}

/**
 * Reads YAML frontmatter at line 1. Returns its data and where the body starts: the offset and
 * index of the first line after the closing `---` (offset 0, index 0 when there is none).
 */
function readFrontmatter(text: string, file: string, diagnostics: Diagnostic[], view: boolean) {
  const none = { frontmatter: null, start: 0, index: 0 };
  const firstEnd = lineEnd(text, 0);
  if (firstEnd !== 3 || !text.startsWith('---')) return none;
  let index = 1;
  for (let at = firstEnd + 1; at < text.length; index++) {
    const end = lineEnd(text, at);
    if (text.startsWith('---', at) && CLOSER.test(text.slice(at, end))) {
      const body = text.slice(firstEnd + 1, Math.max(firstEnd + 1, at - 1));
      // YAML reads the text, so its values and findings are text in either encoding.
      const parsed = parseFrontmatter(view ? viewText(body) : body, file, 2);
      diagnostics.push(...parsed.diagnostics);
      return { frontmatter: parsed.data, start: end + 1, index: index + 1 };
    }
    at = end + 1;
  }
  diagnostics.push({
    file,
    line: 1,
    column: 1,
    severity: 'warning',
    code: 'frontmatter-unterminated',
    message: 'frontmatter opened with --- is never closed; add a closing --- line',
  });
  return none;
}

const CLOSER = /^---\s*$/;

function unterminatedFence(file: string, fence: Fence): Diagnostic {
  return {
    file,
    line: fence.line,
    column: 1,
    severity: 'warning',
    code: 'unterminated-fence',
    message: `code fence opened here is never closed; everything below it is read as code — close it with ${fence.char.repeat(fence.length)}`,
  };
}

/**
 * Parses one roadmap file into the model every command uses: a single pass over the lines,
 * aware of fenced code, frontmatter and the `## Blockers` section. Never throws on any text.
 */
export function parseRoadmap(text: string, options: ParseOptions): Roadmap {
  return parse(text, options, false);
}

/**
 * Parses a roadmap file from its bytes (valid UTF-8). Plain ASCII is read as it is; with
 * `views`, bytes whose UTF-8 view reads like their text are parsed as that view (the grammar is
 * ASCII, so every line, heading and step is found where the text has it) and give a model of
 * views; anything else is decoded and parsed as text.
 */
export function parseRoadmapBytes(bytes: Buffer, options: ParseBytesOptions): Roadmap {
  // Asked once: ASCII is its own view and its own text.
  if (isAsciiBytes(bytes)) return parse(options.bytesView ?? bytes.toString('latin1'), options, false);
  if (options.views === true) {
    const view = options.bytesView ?? bytes.toString('latin1');
    if (viewReadsLikeText(view)) return parse(view, options, true);
  }
  return parse(bytes.toString('utf8'), options, false);
}

function parse(text: string, options: ParseOptions, view: boolean): Roadmap {
  const file = options.file ?? options.rel;
  const unbommed = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  // CRLF reads like LF (a deliberate fix: upstream misreads CRLF frontmatter).
  const source = unbommed.includes('\r\n') ? unbommed.replace(/\r\n/g, '\n') : unbommed;
  const diagnostics: Diagnostic[] = [];
  const { frontmatter, start, index: first } = readFrontmatter(source, file, diagnostics, view);
  const scan = new LineScan(source, view);
  // Line k starts after the k-th newline; an empty text still has its one (empty) line.
  for (let at = start, index = first; at < source.length || index === 0; index++) {
    const end = lineEnd(source, at);
    if (end !== at || scan.blankLineMatters()) scan.line(at, end, index);
    at = end + 1;
  }
  if (scan.fence !== null) diagnostics.push(unterminatedFence(file, scan.fence));
  if (scan.hasGated) {
    for (const step of scan.steps) {
      // PR numbers only matter for merge-gated open steps; keep them unique in first-seen order.
      step.prs = step.mergeGated && step.prs.length > 0 ? [...new Set(step.prs)] : NO_PRS;
    }
  }
  const roadmap: Roadmap = {
    rel: options.rel,
    file,
    title: scan.title ?? (view ? utf8View(stem(options.rel)) : stem(options.rel)),
    frontmatter,
    draft: isDraft(frontmatter),
    phases: scan.phases,
    orphanSteps: scan.orphanSteps,
    steps: scan.steps,
    blockers: scan.blockers(),
    blockersSection: scan.section,
    blockedBy: scan.blockedBy,
    diagnostics,
  };
  if (view) roadmap.encoding = 'utf8-view';
  return roadmap;
}

/** The model of text a model of views stands for (a model of text is returned as it is). */
export function decodeRoadmap(roadmap: Roadmap): Roadmap {
  if (roadmap.encoding !== 'utf8-view') return roadmap;
  const t = viewText;
  const step = (s: Step): Step => ({ ...s, text: t(s.text) });
  const steps = new Map(roadmap.steps.map((s) => [s, step(s)]));
  const blockers = roadmap.blockers.map((b) => ({
    ...b,
    id: t(b.id),
    status: t(b.status),
    owner: t(b.owner),
    blocks: t(b.blocks),
    question: t(b.question),
    recommendation: t(b.recommendation),
    ifNothing: t(b.ifNothing),
    todo: b.todo.map(t),
    resolvedWhen: t(b.resolvedWhen),
    blockerClass: t(b.blockerClass),
    run: t(b.run),
    budget: t(b.budget),
    fields: b.fields.map((f) => ({ ...f, label: t(f.label), value: t(f.value) })),
  }));
  const section = roadmap.blockersSection;
  const { encoding: _, ...rest } = roadmap;
  return {
    ...rest,
    title: t(roadmap.title),
    phases: roadmap.phases.map((p) => ({ ...p, name: t(p.name), steps: p.steps.map((s) => steps.get(s)!) })),
    orphanSteps: roadmap.orphanSteps.map(step),
    steps: roadmap.steps.map((s) => steps.get(s)!),
    blockers,
    blockersSection:
      section === null
        ? null
        : {
            ...section,
            // The section lists the structured blockers, the first ones of `blockers`.
            blockers: blockers.slice(0, section.blockers.length),
            strayHeadings: section.strayHeadings.map((h) => ({ ...h, text: t(h.text) })),
          },
    blockedBy: roadmap.blockedBy.map((m) => ({ ...m, raw: t(m.raw) })),
  };
}
