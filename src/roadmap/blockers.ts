import type { Blocker, BlockerField, BlockerOption } from './model.js';

/** A line of a blocker entry's body; fenced lines arrive as empty text. */
export interface BodyLine {
  text: string;
  line: number;
}

// `- **Label:** value` on a trimmed line; the label is any run of non-`*` characters. The `s`
// flag lets the value hold a stray `\r` or U+2028, which would otherwise unmake the field and
// glue its value onto the field above (a hostile byte must never move text between fields).
const FIELD = /^-\s*\*\*([^*]+?):\*\*\s*(.*)$/s;
const COMMENT = /<!--.*?-->/g;

const KNOWN: Record<string, keyof Blocker> = {
  status: 'status',
  owner: 'owner',
  blocks: 'blocks',
  question: 'question',
  recommendation: 'recommendation',
  'if you do nothing': 'ifNothing',
  'resolved when': 'resolvedWhen',
  class: 'blockerClass',
  run: 'run',
  budget: 'budget',
};

function stripComments(text: string): string {
  return text.includes('<!--') ? text.replace(COMMENT, '') : text;
}

/** Continuation stops at a blank line, another bold-label bullet, or a heading line. */
function endsField(trimmed: string): boolean {
  return trimmed === '' || trimmed.startsWith('#') || FIELD.test(trimmed);
}

/**
 * A field's value: `first` (its inline text, comments stripped and trimmed) and the continuation
 * lines after `body[at]`, the non-empty pieces joined by one space. Most values are one line:
 * they cost no array.
 */
function readValue(body: BodyLine[], at: number, first: string): string {
  let value = first;
  for (let i = at + 1; i < body.length; i++) {
    const trimmed = body[i]!.text.trim();
    if (endsField(trimmed)) break;
    const piece = stripComments(trimmed).trim();
    if (piece !== '') value = value === '' ? piece : `${value} ${piece}`;
  }
  return value;
}

function readTodo(body: BodyLine[], at: number, first: string): string[] {
  const todo: string[] = [];
  if (first.length > 0) todo.push(first);
  for (let i = at + 1; i < body.length; i++) {
    const trimmed = body[i]!.text.trim();
    // Blank lines do not end `What to do` (upstream skips them), headings and labels do.
    if (trimmed === '') continue;
    if (trimmed.startsWith('#') || FIELD.test(trimmed)) break;
    todo.push(trimmed);
  }
  return todo;
}

// An item of the `Options` list: a bullet (`-`, `*`, `+`) or a number (`1.`, `1)`), then text.
const OPTION_ITEM = /^(?:[-*+]|\d{1,3}[.)])[ \t]+(.*)$/s;
// The mark of the recommended option: `(recommended)` at the end of the item, any case.
const RECOMMENDED = /\s*\(recommended\)\s*$/i;

// Most blockers list no options: they share this one empty list (never written to).
const NO_OPTIONS: BlockerOption[] = Object.freeze([]) as unknown as BlockerOption[];

function option(pieces: readonly string[], line: number): BlockerOption {
  // The mark may end the item's first line or its last: either reads as written.
  const recommended = pieces.some((p) => RECOMMENDED.test(p));
  const text = pieces
    .map((p) => (recommended ? p.replace(RECOMMENDED, '') : p))
    .filter((p) => p !== '')
    .join(' ');
  return { text, recommended, line };
}

/**
 * The items of an `Options` list: each list line below the field starts an option, a plain line
 * continues the one above; blank lines between items are skipped. The list ends at a heading,
 * another bold-label bullet, a plain line after a blank one, or a plain line before any item.
 */
function readOptions(body: BodyLine[], at: number): BlockerOption[] {
  const items: Array<{ pieces: string[]; line: number }> = [];
  let blank = false;
  for (let i = at + 1; i < body.length; i++) {
    const trimmed = body[i]!.text.trim();
    if (trimmed === '') {
      blank = true;
      continue;
    }
    if (trimmed.startsWith('#') || FIELD.test(trimmed)) break;
    const item = OPTION_ITEM.exec(trimmed);
    if (item !== null) {
      items.push({ pieces: [stripComments(item[1]!).trim()], line: body[i]!.line });
    } else {
      if (blank || items.length === 0) break;
      items[items.length - 1]!.pieces.push(stripComments(trimmed).trim());
    }
    blank = false;
  }
  return items.map((it) => option(it.pieces, it.line));
}

/** Builds one blocker from its `### blocker:` heading and body, as upstream's `parse_blockers`. */
export function parseBlockerEntry(id: string, line: number, body: BodyLine[]): Blocker {
  const blocker: Blocker = {
    id,
    status: 'open',
    owner: 'user',
    blocks: '(unspecified)',
    question: '',
    recommendation: '',
    ifNothing: '',
    todo: [],
    resolvedWhen: '(unspecified)',
    blockerClass: '',
    run: '',
    budget: '',
    options: NO_OPTIONS,
    line,
    end: body.length > 0 ? body[body.length - 1]!.line : line,
    legacy: false,
    fields: [],
  };
  const seen = new Set<string>();
  for (let i = 0; i < body.length; i++) {
    const { text, line: fieldLine } = body[i]!;
    const m = FIELD.exec(text.trim());
    if (!m) continue;
    const label = m[1]!.trim();
    const value = stripComments(m[2]!).trim();
    const field: BlockerField = {
      label,
      value,
      line: fieldLine,
      unindented: text.startsWith('-'),
    };
    blocker.fields.push(field);
    const key = label.toLowerCase();
    // The first line carrying a label wins; later repeats are only recorded in `fields`.
    if (seen.has(key)) continue;
    seen.add(key);
    if (key === 'what to do') {
      blocker.todo = readTodo(body, i, value);
      continue;
    }
    if (key === 'options') {
      blocker.options = readOptions(body, i);
      continue;
    }
    const prop = KNOWN[key];
    if (prop === undefined) continue;
    const full = readValue(body, i, value);
    if (full === '') continue;
    (blocker[prop] as string) = prop === 'status' ? full.toLowerCase() : full;
  }
  return blocker;
}

/** The synthetic blocker a legacy `> Blocked until …` note stands for (upstream §2.5). */
export function legacyBlocker(text: string, line: number): Blocker {
  return {
    id: 'legacy',
    status: 'open',
    owner: 'user',
    blocks: 'entire roadmap',
    question: '',
    recommendation: '',
    ifNothing: '',
    todo: [text],
    resolvedWhen: 'condition described above clears',
    blockerClass: '',
    run: '',
    budget: '',
    options: NO_OPTIONS,
    line,
    end: line,
    legacy: true,
    fields: [],
  };
}

/** Resolved iff the status starts with the word `resolved` (`RESOLVED 2026-08-17 — …` counts). */
export function isResolved(blocker: Pick<Blocker, 'status'>): boolean {
  return /^resolved\b/.test(blocker.status.trim().toLowerCase());
}

/** The owner needs the person iff it contains the whole word `user` (`superuser` does not). */
export function needsUser(owner: string): boolean {
  return /\buser\b/i.test(owner);
}

/** The class as written: the first word of the `Class` field (`2 — reversible` reads `2`). */
export function writtenClass(blocker: Pick<Blocker, 'blockerClass'>): string {
  return blocker.blockerClass.trim().split(/[\s\u2014\u2013-]+/)[0] ?? '';
}

/** The effective gate class: `0`, `1` or `2` as written, anything else (absent too) `3`. */
export function blockerClass(blocker: Pick<Blocker, 'blockerClass'>): '0' | '1' | '2' | '3' {
  const first = writtenClass(blocker);
  return first === '0' || first === '1' || first === '2' ? first : '3';
}
