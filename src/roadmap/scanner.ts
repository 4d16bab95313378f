import type { Diagnostic } from '../core/diagnostics.js';
import type { Fence } from './fences.js';
import { isDraft, parseFrontmatter } from './frontmatter.js';
import { LineScan, NO_PRS } from './line-scan.js';
import type { Roadmap } from './model.js';
import { roadmapStem } from './names.js';

export { closesFence, type Fence, fenceOpener } from './fences.js';

/** Options for `parseRoadmap`. */
export interface ParseOptions {
  /** Path relative to the roadmap root (`agent-memory/x.md`). */
  rel: string;
  /** Path shown in diagnostics; defaults to `rel`. */
  file?: string;
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
function readFrontmatter(text: string, file: string, diagnostics: Diagnostic[]) {
  const none = { frontmatter: null, start: 0, index: 0 };
  const firstEnd = lineEnd(text, 0);
  if (firstEnd !== 3 || !text.startsWith('---')) return none;
  let index = 1;
  for (let at = firstEnd + 1; at < text.length; index++) {
    const end = lineEnd(text, at);
    if (text.startsWith('---', at) && CLOSER.test(text.slice(at, end))) {
      const body = text.slice(firstEnd + 1, Math.max(firstEnd + 1, at - 1));
      const parsed = parseFrontmatter(body, file, 2);
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
  const file = options.file ?? options.rel;
  const unbommed = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  // CRLF reads like LF (a deliberate fix: upstream misreads CRLF frontmatter).
  const source = unbommed.includes('\r\n') ? unbommed.replace(/\r\n/g, '\n') : unbommed;
  const diagnostics: Diagnostic[] = [];
  const { frontmatter, start, index: first } = readFrontmatter(source, file, diagnostics);
  const scan = new LineScan(source);
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
  return {
    rel: options.rel,
    file,
    title: scan.title ?? roadmapStem(options.rel),
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
}
