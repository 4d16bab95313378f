import { PROSE_LINES } from './dashboard.js';

/**
 * A way another generator writes the dashboard that states nothing ours does not: upstream's
 * Python generator (no blockers, banners or parked section, no `later/` link, no `Blocker`
 * column) and its TypeScript generators (other prose, later additions) word the same numbers
 * differently. In the order the hint names them.
 */
export const GENERATOR_FORMS = [
  /** A line of the generator's own prose (provenance, banner paragraph, parked note) worded otherwise. */
  'prose',
  /** The header's `later/` link. */
  'later-link',
  /** `open blockers in the active tree` (upstream's later wording). */
  'active-tree',
  /** The open-roadmaps table without its `Blocker` column (the Python layout). */
  'blocker-column',
  /** Blockers the Python layout does not show (header count, blocks in the breakdown). */
  'blockers',
  /** The Iron Law 3, merge-gated and completed sections the Python layout does not write. */
  'banners',
  /** The Parked (`later/`) section the Python layout does not write. */
  'parked',
  /** The Parked table's `Open blockers` column (upstream's later addition). */
  'parked-blockers-column',
  /** `<!-- ref-ignore -->` after the Parked rows (upstream's later addition). */
  'ref-ignore',
  /** The Ticket bundles section, which this tool does not write. */
  'ticket-bundles',
  /** Blank lines, `>` spacer lines and `---` rules. */
  'spacing',
] as const;

export type GeneratorForm = (typeof GENERATOR_FORMS)[number];

/** Where a dashboard on disk first differs from a fresh render, and whether only the generator's form differs. */
export interface StaleDetail {
  /** 1-based line and column (UTF-16 units) of the first difference. */
  line: number;
  column: number;
  /** The expected and found line around the difference (cut to about 100 characters); null past the end. */
  expected: string | null;
  found: string | null;
  /**
   * Every difference is the generator's own form: the file names the same roadmaps with the same
   * numbers, bars, phases and blockers as a fresh render, as far as its layout shows them.
   */
  generatorOnly: boolean;
  /** When `generatorOnly`: the forms that differ, in `GENERATOR_FORMS` order; else empty. */
  forms: GeneratorForm[];
  /** When `generatorOnly`: the file's prose lines (1-based) that are not ours; else empty. */
  proseLines: number[];
}

const WIDTH = 100;
/** Characters shown before the first difference when a line must be cut. */
const LEAD = 30;

/** A window of a long line around `column`, `…` marking what was cut; never splits a surrogate pair. */
function excerpt(line: string, column: number): string {
  if (line.length <= WIDTH) return line;
  let start = Math.min(Math.max(0, column - 1 - LEAD), line.length - (WIDTH - 1));
  if (start > 0 && /[\uDC00-\uDFFF]/.test(line[start]!)) start++;
  const head = start > 0 ? '…' : '';
  const room = WIDTH - head.length;
  if (start + room >= line.length) return head + line.slice(start);
  let end = start + room - 1;
  if (/[\uD800-\uDBFF]/.test(line[end - 1]!)) end--;
  return `${head}${line.slice(start, end)}…`;
}

function firstColumn(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i + 1;
}

/** The lines of a text; the newline ending the last one opens no line of its own. */
function linesOf(text: string): string[] {
  const lines = text.split('\n');
  if (text.endsWith('\n')) lines.pop();
  return lines;
}

// The open-roadmaps table's header and separator: ours, and upstream's Python generator's
// (no Blocker column), which marks a dashboard in the Python layout.
const HEADER = '| # | Roadmap | Phases | Steps | Open | Done | Deferred | Cancelled | Blocker | Progress |';
const SEPARATOR = '|---|---|---:|---:|---:|---:|---:|---:|---:|---|';
const PY_HEADER = '| # | Roadmap | Phases | Steps | Open | Done | Deferred | Cancelled | Progress |';
const PY_SEPARATOR = '|---|---|---:|---:|---:|---:|---:|---:|---|';
/** An open-roadmaps row's Blocker cell (`0` or `[k](#anchor)`) before its Progress cell. */
const BLOCKER_CELL = / \| (?:0|\[\d+\]\(#[a-z0-9-]*\)) \| ([^|]*) \|$/;
/** The Parked table's header when it has upstream's later `Open blockers` column. */
const PARKED_BLOCKERS_HEADER = '| Roadmap | Resume when | Open blockers |';
const REF_IGNORE = ' <!-- ref-ignore -->';
/**
 * The header's meta line: the roadmap count, the folder links (the `later/` one optional), the
 * open blockers (upstream's later generator adds `in the active tree`; the `→` names a command,
 * which is prose) and whatever follows.
 */
const META =
  /^> (\d+) open roadmaps? \u00b7 \[roadmaps\/\]\(([^)]*)\) \u00b7 \[archive\/\]\(([^)]*)\) \u00b7 \[skipped\/\]\(([^)]*)\)( \u00b7 \[later\/\]\([^)]*\))?(?: \u00b7 \*\*(\d+)\*\* open blockers?( in the active tree)?(?:, \*\*(\d+)\*\* need you(?: \u2192 `[^`]*`)?)?)?(.*)$/s;

/** The banner headings' starts (Iron Law 3, merge-gated, completed). */
const BANNERS = ['## ⚠️ Iron Law 3 — ', '## ⏳ Merge-gated — ', '## ✅ Completed — '];

type Section = 'head' | 'body' | 'banner' | 'open' | 'parked' | 'breakdown' | 'bundles';

function sectionOf(heading: string): Section {
  if (BANNERS.some((b) => heading.startsWith(b))) return 'banner';
  if (heading === '## Open roadmaps') return 'open';
  if (heading.startsWith('## Parked — `later/`')) return 'parked';
  if (heading === '## Per-roadmap phase breakdown') return 'breakdown';
  if (heading === '## Ticket bundles') return 'bundles';
  return 'body';
}

/** What a dashboard states, apart from its generator's own form. */
interface Reading {
  /** Every line that states something (numbers, names, bars, blockers), in order, made comparable. */
  facts: string[];
  /** The generator's prose lines and where they are (1-based). */
  prose: string[];
  proseAt: number[];
  /** The header's `later/` link as written, or null. */
  later: string | null;
  /** Forms seen in this file that the other side never has. */
  forms: Set<GeneratorForm>;
}

/**
 * Reads a dashboard by its structure: a heading opens a section; in the header, the paragraph
 * before a banner's table and the quote lines of the Parked section are the generator's prose;
 * blank lines, `>` spacers and `---` rules state nothing; every other line is a fact.
 * `python` reads our own render as upstream's Python generator would have laid it out: without
 * the `Blocker` column, the blocker count and blocks, the banners and the Parked section.
 */
function read(text: string, python: boolean): Reading {
  const reading: Reading = { facts: [], prose: [], proseAt: [], later: null, forms: new Set() };
  const { facts, forms } = reading;
  const prose = (line: string, i: number) => {
    reading.prose.push(line);
    reading.proseAt.push(i + 1);
  };
  let section: Section = 'head';
  let tableSeen = false;
  let parkedColumn = false;
  const lines = linesOf(text);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.startsWith('## ')) {
      section = sectionOf(line);
      tableSeen = false;
      if (section === 'bundles') {
        forms.add('ticket-bundles');
        break;
      }
      if (python && section === 'banner') forms.add('banners');
      if (python && section === 'parked') forms.add('parked');
      if (!(python && (section === 'banner' || section === 'parked'))) facts.push(line);
      continue;
    }
    if (line.trim() === '' || line === '---' || (section === 'head' && /^>\s*$/.test(line))) continue;
    if (python && (section === 'banner' || section === 'parked')) continue;
    const isRow = line.startsWith('|');
    switch (section) {
      case 'head': {
        const meta = META.exec(line);
        if (meta !== null) {
          if (meta[5] !== undefined) reading.later = meta[5];
          if (meta[7] !== undefined) forms.add('active-tree');
          let blockers = `${meta[6] ?? 0}/${meta[8] ?? 0}`;
          if (python && blockers !== '0/0') {
            forms.add('blockers');
            blockers = '0/0';
          }
          facts.push(`> ${meta[1]} open · ${meta[2]} · ${meta[3]} · ${meta[4]} · ${blockers}${meta[9]}`);
        } else if (line.startsWith('>')) prose(line, i);
        else facts.push(line);
        break;
      }
      case 'banner':
        if (isRow) tableSeen = true;
        if (tableSeen) facts.push(line);
        else prose(line, i);
        break;
      case 'open':
        if (python && line === HEADER) facts.push(PY_HEADER);
        else if (python && line === SEPARATOR) facts.push(PY_SEPARATOR);
        else if (python && isRow) facts.push(line.replace(BLOCKER_CELL, ' | $1 |'));
        else facts.push(line);
        break;
      case 'parked': {
        if (line.startsWith('>')) {
          prose(line, i);
          break;
        }
        let row = line;
        if (isRow && row.endsWith(REF_IGNORE)) {
          forms.add('ref-ignore');
          row = row.slice(0, -REF_IGNORE.length);
        }
        if (row === PARKED_BLOCKERS_HEADER) {
          forms.add('parked-blockers-column');
          parkedColumn = true;
        }
        if (isRow && parkedColumn) row = row.replace(/[^|]*\|$/, '');
        facts.push(row);
        break;
      }
      case 'breakdown':
        // In a roadmap's block, what follows its phase table is its blockers.
        if (line.startsWith('### ')) tableSeen = false;
        else if (isRow) tableSeen = true;
        else if (python && tableSeen) {
          forms.add('blockers');
          break;
        }
        facts.push(line);
        break;
      default:
        facts.push(line);
    }
  }
  return reading;
}

function sameLines(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((line, i) => line === b[i]);
}

/**
 * Whether a dashboard differs from a fresh render only in its generator's form: read both by
 * their structure (our render in the found file's layout) and compare what they state.
 */
function generatorForms(
  expected: string,
  found: string,
): { forms: GeneratorForm[]; proseLines: number[] } | null {
  const python = linesOf(found).includes(PY_HEADER);
  const ours = read(expected, python);
  const theirs = read(found, false);
  if (!sameLines(ours.facts, theirs.facts)) return null;
  const forms = new Set<GeneratorForm>([...ours.forms, ...theirs.forms]);
  if (!sameLines(ours.prose, theirs.prose)) forms.add('prose');
  if (ours.later !== theirs.later) forms.add('later-link');
  if (python) forms.add('blocker-column');
  if (forms.size === 0) forms.add('spacing');
  const proseLines = theirs.proseAt.filter((_, i) => !PROSE_LINES.has(theirs.prose[i]!));
  return { forms: GENERATOR_FORMS.filter((f) => forms.has(f)), proseLines };
}

/**
 * Compares a fresh render with the dashboard on disk (texts that differ): the first differing
 * line, expected against found, and whether every difference is the generator's own form
 * (another generator, such as upstream's, wrote the file from the same roadmaps).
 */
export function staleDetail(expected: string, found: string): StaleDetail {
  const want = linesOf(expected);
  const have = linesOf(found);
  let first = 0;
  while (first < want.length && first < have.length && want[first] === have[first]) first++;
  if (first === want.length && first === have.length) first = Math.max(0, first - 1);
  const e = want[first];
  const f = have[first];
  const column = firstColumn(e ?? '', f ?? '');
  const generator = generatorForms(expected, found);
  return {
    line: first + 1,
    column,
    expected: e === undefined ? null : excerpt(e, column),
    found: f === undefined ? null : excerpt(f, column),
    generatorOnly: generator !== null,
    forms: generator?.forms ?? [],
    proseLines: generator?.proseLines ?? [],
  };
}
