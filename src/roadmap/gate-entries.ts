import { collateEnglish } from '../core/collate.js';
import { needsUser } from './blockers.js';
import type { Blocker, Roadmap } from './model.js';
import { openBlockers, roadmapCounts } from './queries.js';

/** One open blocker as `gates` lists it, with the weight of the roadmap it holds up. */
export interface GateEntry {
  /** Roadmap path relative to the roadmap root (`agent-memory/x.md`). */
  roadmap: string;
  /** Roadmap path as diagnostics show it (repository-relative). */
  file: string;
  /** Open steps of the roadmap: how much deciding this blocker unblocks. */
  openSteps: number;
  /** The owner is the person (`user` as a whole word, or no owner at all). */
  needsYou: boolean;
  blocker: Blocker;
}

// A superset of what the scanner needs to find a blocker, looked for only at line starts (as
// the scanner does): a `## Blockers` heading, or a `> … Blocked until` note (same
// case-insensitivity, no `u` flag, as the scanner's patterns). Each is tried only where a line
// starts with `##` or `>`, found by a plain search: one expression over the whole text cost
// `gates` more than all of this.
const BLOCKERS_AT = /##[ \t]+blockers/iy;
const BLOCKED_UNTIL_AT = />[^\n]*?blocked until/iy;

/** Some line of `text` starts with `mark` and matches the sticky `at` there. */
function someLineAt(text: string, mark: string, at: RegExp): boolean {
  // The first line starts after a byte-order mark: one character in text, three in the view.
  const first = text.startsWith('\uFEFF') ? 1 : text.startsWith('\xEF\xBB\xBF') ? 3 : 0;
  at.lastIndex = first;
  if (text.startsWith(mark, first) && at.test(text)) return true;
  const needle = `\n${mark}`;
  for (let i = text.indexOf(needle); i !== -1; i = text.indexOf(needle, i + 1)) {
    at.lastIndex = i + 1;
    if (at.test(text)) return true;
  }
  return false;
}

/**
 * False only when the text cannot hold a blocker (no `## Blockers` section, no `> Blocked
 * until` note), so `gates` can skip parsing it. A cheap pre-filter, never a parser. ASCII
 * only and without the `u` flag, so it answers the same on the file's bytes read as Latin-1
 * (`ByteViewTest`): `gates` runs it before decoding.
 */
export function mayHoldBlockers(text: string): boolean {
  return someLineAt(text, '##', BLOCKERS_AT) || someLineAt(text, '>', BLOCKED_UNTIL_AT);
}

function byCodePoint(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Orders entries as upstream: most open steps first, then roadmap path, then blocker id
 * (English collation, pinned: two runs on one tree print the same bytes under any LANG).
 * Code-point order and the heading line break the ties collation leaves
 * (ignorable characters, duplicate ids), so the order is total.
 */
export function compareGateEntries(a: GateEntry, b: GateEntry): number {
  return (
    b.openSteps - a.openSteps ||
    collateEnglish(a.roadmap, b.roadmap) ||
    byCodePoint(a.roadmap, b.roadmap) ||
    collateEnglish(a.blocker.id, b.blocker.id) ||
    byCodePoint(a.blocker.id, b.blocker.id) ||
    a.blocker.line - b.blocker.line
  );
}

/** The open blockers of one roadmap (structured and legacy) as entries, in file order. */
export function gateEntriesOf(roadmap: Roadmap): GateEntry[] {
  const open = openBlockers(roadmap);
  if (open.length === 0) return [];
  const openSteps = roadmapCounts(roadmap).open;
  return open.map((blocker) => ({
    roadmap: roadmap.rel,
    file: roadmap.file,
    openSteps,
    needsYou: needsUser(blocker.owner),
    blocker,
  }));
}

// A word the shell reads as itself: anything else is single-quoted.
const SHELL_WORD = /^[A-Za-z0-9._/:@%+=,-]+$/;

/** `text` as one shell word: as it is when that is safe, else single-quoted. */
export function shellWord(text: string): string {
  return SHELL_WORD.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}

/**
 * The arguments of the `decide` command that answers this entry (after `agent-config`), or
 * null when no person decides it with the tool: a legacy `> Blocked until` note, or a blocker
 * owned by someone else. `--option N` when the entry lists options, `--answer '…'` otherwise.
 */
export function decideArgs(entry: GateEntry): string | null {
  if (entry.blocker.legacy || !entry.needsYou) return null;
  const choice = entry.blocker.options.length > 0 ? '--option N' : "--answer '…'";
  return `decide ${shellWord(entry.blocker.id)} --roadmap ${shellWord(entry.file)} ${choice}`;
}

/** A roadmap whose plan needs a person's approval, and why. */
export interface PlanEntry {
  /** Path relative to the roadmap root. */
  roadmap: string;
  /** Repository-relative path. */
  file: string;
  /** `unapproved`: never approved; `drifted`: its phases or steps changed since the latest approval. */
  state: 'unapproved' | 'drifted';
  /** Who approved the plan last, and when (ISO-8601); null when never. */
  approvedBy: string | null;
  approvedAt: string | null;
}

/** The arguments of the `decide` command that approves a plan (after `agent-config`). */
export function approvePlanArgs(plan: Pick<PlanEntry, 'file'>): string {
  return `decide --approve-plan ${shellWord(plan.file)}`;
}

/** Every open blocker of the given roadmaps (structured and legacy), in `gates` order. */
export function collectGateEntries(roadmaps: readonly Roadmap[]): GateEntry[] {
  return roadmaps.flatMap(gateEntriesOf).sort(compareGateEntries);
}
