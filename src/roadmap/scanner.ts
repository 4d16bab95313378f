import type { Diagnostic } from '../core/diagnostics.js';
import type { Fence } from './fences.js';
import { isDraft, parseFrontmatter } from './frontmatter.js';
import { LineScan, NO_PRS } from './line-scan.js';
import type { Roadmap } from './model.js';

export { closesFence, type Fence, fenceOpener } from './fences.js';

/** Options for `parseRoadmap`. */
export interface ParseOptions {
  /** Path relative to the roadmap root (`agent-memory/x.md`). */
  rel: string;
  /** Path shown in diagnostics; defaults to `rel`. */
  file?: string;
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

/** Reads YAML frontmatter at line 1; returns its data and the index of the first body line. */
function readFrontmatter(lines: string[], file: string, diagnostics: Diagnostic[]) {
  if (lines[0] !== '---') return { frontmatter: null, start: 0 };
  const close = lines.findIndex((l, i) => i > 0 && /^---\s*$/.test(l));
  if (close === -1) {
    diagnostics.push({
      file,
      line: 1,
      column: 1,
      severity: 'warning',
      code: 'frontmatter-unterminated',
      message: 'frontmatter opened with --- is never closed; add a closing --- line',
    });
    return { frontmatter: null, start: 0 };
  }
  const parsed = parseFrontmatter(lines.slice(1, close).join('\n'), file, 2);
  diagnostics.push(...parsed.diagnostics);
  return { frontmatter: parsed.data, start: close + 1 };
}

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
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const { lines, endsWithNewline } = splitLines(source);
  const diagnostics: Diagnostic[] = [];
  const { frontmatter, start } = readFrontmatter(lines, file, diagnostics);
  const scan = new LineScan(source, lines.length - 1, endsWithNewline);
  for (let i = start; i < lines.length; i++) scan.line(lines[i]!, i);
  if (scan.fence !== null) diagnostics.push(unterminatedFence(file, scan.fence));
  for (const step of scan.steps) {
    // PR numbers only matter for merge-gated open steps; keep them unique in first-seen order.
    step.prs = step.mergeGated && step.prs.length > 0 ? [...new Set(step.prs)] : NO_PRS;
  }
  return {
    rel: options.rel,
    file,
    title: scan.title ?? stem(options.rel),
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
