import { nodeCrypto } from '../core/crypto.js';
import type { Blocker, Roadmap } from './model.js';

// Where `decide` reads and writes a roadmap: the blocker entry's bytes (what the person saw),
// the one status line it rewrites, and the plan a `plan.approved` record is bound to. Pure:
// text in, text out. Lines are counted as the scanner counts them (LF; a CR before it stays
// part of the line), so a blocker's `line` and `end` index the raw text too.

/** The offsets of each line's start in `text`, and the text's length as the last entry. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  starts.push(text.length);
  return starts;
}

/**
 * The source of a blocker entry: its heading line through its last non-blank body line, each
 * line with its line end as written. `decide` hashes it to know that what was answered is what
 * was shown.
 */
export function blockerEntrySource(text: string, blocker: Pick<Blocker, 'line' | 'end'>): string {
  const starts = lineStarts(text);
  const lines = starts.length - 1;
  let last = Math.min(blocker.end, lines);
  const lineAt = (n: number) => text.slice(starts[n - 1]!, starts[n]!);
  while (last > blocker.line && lineAt(last).trim() === '') last--;
  return text.slice(starts[blocker.line - 1]!, starts[last]!);
}

/** SHA-256 of a text's UTF-8 bytes, 64 lower-case hex digits. */
export function sha256Text(text: string): string {
  return nodeCrypto().hash('sha256', text, 'hex');
}

/** The UTC calendar date of an instant, `YYYY-MM-DD`. */
export function utcDate(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** The status line `decide` writes: `- **Status:** resolved YYYY-MM-DD — <answer>`. */
export function resolvedStatus(date: string, answer: string): string {
  return `- **Status:** resolved ${date} — ${answer}`;
}

const RESOLVED_LINE = /^resolved\s+(\d{4}-\d{2}-\d{2})\s+\u2014\s+(.*)$/is;

/**
 * The date and answer a resolved status value carries when it has `decide`'s form
 * (`resolved 2026-12-01 — Postgres`), read from the entry's first Status field as written.
 * Null for any other status (a hand-written `resolved`, an open one).
 */
export function resolvedAnswer(blocker: Pick<Blocker, 'fields'>): { date: string; answer: string } | null {
  const status = blocker.fields.find((f) => f.label.toLowerCase() === 'status');
  if (status === undefined) return null;
  const m = RESOLVED_LINE.exec(status.value.trim());
  return m === null ? null : { date: m[1]!, answer: m[2]!.trim() };
}

/**
 * `text` with the blocker's status rewritten to `status` and nothing else changed: the first
 * Status field's line keeps its indentation and its line end; an entry without one gets the
 * line right below its heading. Only that one line changes: continuation lines of an old
 * value that ran over several lines stay (the status and its answer are read from the first).
 */
export function rewriteStatus(
  text: string,
  blocker: Pick<Blocker, 'line' | 'fields'>,
  status: string,
): string {
  const starts = lineStarts(text);
  const field = blocker.fields.find((f) => f.label.toLowerCase() === 'status');
  if (field === undefined) {
    const at = starts[blocker.line]!;
    const headingEnd = text.slice(starts[blocker.line - 1]!, at);
    const eol = headingEnd.endsWith('\r\n') ? '\r\n' : '\n';
    // A heading on the file's last line without a line end gets one before the new line.
    const lead = at === text.length && !text.endsWith('\n') ? eol : '';
    return `${text.slice(0, at)}${lead}${status}${at === text.length ? '' : eol}${text.slice(at)}`;
  }
  const start = starts[field.line - 1]!;
  const end = starts[field.line]!;
  const line = text.slice(start, end);
  const indent = /^[ \t]*/.exec(line)![0];
  const eol = line.endsWith('\r\n') ? '\r\n' : line.endsWith('\n') ? '\n' : '';
  return `${text.slice(0, start)}${indent}${status}${eol}${text.slice(end)}`;
}

/**
 * What a `plan.approved` record is bound to: each phase heading (its id and name) and each
 * step's text, in file order, without checkbox states — ticking a step is not a change of plan,
 * rewording, adding or removing one is.
 */
export function planText(roadmap: Pick<Roadmap, 'phases'>): string {
  const lines: string[] = [];
  for (const phase of roadmap.phases) {
    lines.push(`phase ${phase.id} ${phase.name}`);
    for (const step of phase.steps) lines.push(`step ${step.text}`);
  }
  return `${lines.join('\n')}\n`;
}

/** SHA-256 of `planText(roadmap)`. */
export function planSha256(roadmap: Pick<Roadmap, 'phases'>): string {
  return sha256Text(planText(roadmap));
}

/** The frontmatter says `approval: required`: the plan needs a person's approval. */
export function needsApproval(roadmap: Pick<Roadmap, 'frontmatter'>): boolean {
  const value = roadmap.frontmatter?.approval;
  return typeof value === 'string' && value.trim().toLowerCase() === 'required';
}

// `approval: required` in a frontmatter, looked for in the bytes before any parse (ASCII only,
// so it answers the same on the Latin-1 view); a cheap superset, never a parser.
const APPROVAL_AT = /^approval:[ \t]*['"]?required/im;

/** The file may ask for plan approval: `gates` parses it even without a blocker. */
export function mayNeedApproval(text: string): boolean {
  if (!text.startsWith('---')) return false;
  // Only the frontmatter is looked at: up to its closing line (a superset when it has none).
  const found = text.indexOf('\n---', 3);
  const end = found === -1 ? Math.min(text.length, 8192) : found;
  // Searched backwards from the frontmatter's end: the body is never scanned.
  return text.lastIndexOf('approval', end) >= 3 && APPROVAL_AT.test(text.slice(0, end));
}
