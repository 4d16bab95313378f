import { archivePath } from '../archive/select.js';
import type { LoggedCommit } from '../core/git-port.js';
import { textBytesProblem } from '../core/text-bytes.js';
import { EXCLUDED_DIRS, isRoadmapName, roadmapStem } from '../roadmap/names.js';
import { countSteps, percentDone } from '../roadmap/queries.js';
import { parseRoadmap } from '../roadmap/scanner.js';
import type {
  HistoryPoint,
  HistoryProblem,
  PhaseSummary,
  RoadmapHistory,
  RoadmapState,
  StepTotals,
} from './model.js';

/** Where a path sits: an active roadmap, an archived one, or neither. */
type Kind = 'active' | 'archived' | null;

/**
 * Classifies a repository path as the dashboard's discovery would: an active roadmap is a
 * roadmap name below the root with no excluded folder on the way; an archived one lives below
 * `archive/`. `prefix` is the roadmap root relative to the repository, with a trailing slash.
 */
export function kindOf(path: string, prefix: string): Kind {
  if (!path.startsWith(prefix)) return null;
  const parts = path.slice(prefix.length).split('/');
  if (!isRoadmapName(parts[parts.length - 1]!)) return null;
  if (parts.length > 1 && parts[0] === 'archive') return 'archived';
  for (let i = 0; i < parts.length - 1; i++) if (EXCLUDED_DIRS.has(parts[i]!)) return null;
  return 'active';
}

const ZERO: StepTotals = { done: 0, open: 0, deferred: 0, cancelled: 0 };

/** What one blob holds, parsed once whatever path or commit it appears at. */
type BlobSummary =
  | { problem: string }
  | {
      /** Not a draft and has a phase heading: the dashboard counts it. */
      counted: boolean;
      title: string;
      /** The title is the file name's stem (the file has no `# Title`). */
      titleFromName: boolean;
      totals: StepTotals;
      steps: number;
      phases: PhaseSummary[];
    };

function totalsOf(c: StepTotals): StepTotals {
  return { done: c.done, open: c.open, deferred: c.deferred, cancelled: c.cancelled };
}

function summarize(
  bytes: Buffer | null | undefined,
  mode: string,
  path: string,
  prefix: string,
): BlobSummary {
  if (mode === '120000') return { problem: 'is a symbolic link in git; its target is not read' };
  if (mode === '160000') return { problem: 'is a submodule, not a file' };
  if (bytes === null || bytes === undefined) return { problem: 'its blob is missing from the repository' };
  const bad = textBytesProblem(bytes, bytes.toString('latin1'));
  if (bad !== null) return { problem: bad.message };
  const roadmap = parseRoadmap(bytes.toString('utf8'), { rel: path.slice(prefix.length), file: path });
  return {
    counted: !roadmap.draft && roadmap.phases.length > 0,
    title: roadmap.title,
    titleFromName: roadmap.title === roadmapStem(path),
    totals: totalsOf(countSteps(roadmap.steps)),
    steps: roadmap.steps.length,
    phases: roadmap.phases.map((p) => {
      const c = countSteps(p.steps);
      return { id: p.id, name: p.name, ...totalsOf(c), percent: c.percent };
    }),
  };
}

/** A roadmap followed through the commits, across renames that keep its content. */
interface Track {
  paths: string[];
  blob: string;
  mode: string;
  kind: Kind;
  points: RoadmapHistory['history'];
  problems: HistoryProblem[];
  everCounted: boolean;
}

/** The first index of `commits` a history shows: the first one `shown` accepts (0 without it). */
export function firstShown(commits: readonly LoggedCommit[], shown?: (c: LoggedCommit) => boolean): number {
  if (shown === undefined) return 0;
  const i = commits.findIndex(shown);
  return i === -1 ? commits.length : i;
}

/**
 * The blobs a history from `start` needs: those of roadmaps present when it starts and every
 * one added after; blobs replaced before the start are never read.
 */
export function blobsToRead(commits: readonly LoggedCommit[], prefix: string, start: number): string[] {
  const state = new Map<string, string>();
  const needed = new Set<string>();
  commits.forEach((c, i) => {
    for (const change of c.changes) {
      if (kindOf(change.path, prefix) === null) continue;
      if (change.blob === null) state.delete(change.path);
      else {
        state.set(change.path, change.blob);
        if (i >= start) needed.add(change.blob);
      }
    }
    if (i === start - 1) for (const blob of state.values()) needed.add(blob);
  });
  return [...needed].sort();
}

/** What `buildHistory` returns: the totals per commit and the roadmaps followed through them. */
export interface History {
  history: HistoryPoint[];
  roadmaps: RoadmapHistory[];
}

const STATE_ORDER: Record<RoadmapState, number> = { active: 0, archived: 1, gone: 2 };

/**
 * Walks a first-parent history oldest to newest, keeping path → blob for every roadmap below
 * `roadmapsDir` (relative to the repository), and returns the dashboard's totals at each commit
 * from `start` on: active roadmaps by step state, archived ones counted apart. Each distinct
 * blob is parsed once; one that cannot be read is a problem of its roadmap and counts nothing.
 * A path deleted in the same commit that adds another path with the same blob is a rename, and
 * one deleted in the commit that adds its `archive/` path is `archive`'s move (which rewrites
 * its links): either way the roadmap keeps its history.
 */
export function buildHistory(
  commits: readonly LoggedCommit[],
  blobs: ReadonlyMap<string, Buffer | null>,
  roadmapsDir: string,
  start = 0,
): History {
  const prefix = `${roadmapsDir}/`;
  const summaries = new Map<string, BlobSummary>();
  const summaryOf = (t: Track, path: string): BlobSummary => {
    const key = `${t.mode} ${t.blob}`;
    let s = summaries.get(key);
    if (s === undefined) {
      s = summarize(blobs.get(t.blob), t.mode, path, prefix);
      summaries.set(key, s);
    }
    return s;
  };
  const byPath = new Map<string, Track>();
  const tracks: Track[] = [];
  const active = { ...ZERO };
  const archived = { roadmaps: 0, steps: 0 };
  const history: HistoryPoint[] = [];

  const counts = (t: Track): StepTotals => {
    const s = summaryOf(t, t.paths[t.paths.length - 1]!);
    return 'problem' in s || !s.counted || t.kind === null ? ZERO : s.totals;
  };
  const apply = (t: Track, sign: 1 | -1) => {
    const s = summaryOf(t, t.paths[t.paths.length - 1]!);
    if ('problem' in s || !s.counted) return;
    if (t.kind === 'active') {
      active.done += sign * s.totals.done;
      active.open += sign * s.totals.open;
      active.deferred += sign * s.totals.deferred;
      active.cancelled += sign * s.totals.cancelled;
    } else if (t.kind === 'archived') {
      archived.roadmaps += sign;
      archived.steps += sign * s.steps;
    }
  };
  const record = (t: Track, commit: string, shown: boolean) => {
    if (!shown) return;
    const path = t.paths[t.paths.length - 1]!;
    const s = summaryOf(t, path);
    // A file is named as unreadable, or marked counted, only while it is there.
    if (t.kind !== null) {
      if ('problem' in s) t.problems.push({ path, commit, problem: s.problem });
      else if (s.counted) t.everCounted = true;
    }
    const c = counts(t);
    const last = t.points[t.points.length - 1];
    const same =
      last !== undefined &&
      last.done === c.done &&
      last.open === c.open &&
      last.deferred === c.deferred &&
      last.cancelled === c.cancelled;
    if (!same) t.points.push({ commit, ...c });
  };

  commits.forEach((c, index) => {
    const shown = index >= start;
    const removed = new Map<string, Track[]>();
    const added: Array<{ path: string; blob: string; mode: string; kind: Kind }> = [];
    const changed: Track[] = [];
    for (const change of c.changes) {
      const kind = kindOf(change.path, prefix);
      if (kind === null) continue;
      const old = byPath.get(change.path);
      if (old !== undefined) {
        apply(old, -1);
        byPath.delete(change.path);
        if (change.blob === null) {
          const list = removed.get(old.blob) ?? [];
          list.push(old);
          removed.set(old.blob, list);
          continue;
        }
        old.blob = change.blob;
        old.mode = change.mode;
        byPath.set(change.path, old);
        apply(old, 1);
        changed.push(old);
      } else if (change.blob !== null) {
        added.push({ path: change.path, blob: change.blob, mode: change.mode, kind });
      }
    }
    // A move keeps its history: first a file with the same content elsewhere (a rename), then
    // `archive`'s own move, `<root>/<rel>` to `<root>/archive/<rel>` in one commit, whose link
    // rewrites change the content.
    const moves = added.map((a) => removed.get(a.blob)?.shift());
    const leftover = new Map<string, Track>();
    for (const list of removed.values()) {
      for (const t of list) {
        if (t.kind !== 'active') continue;
        const from = t.paths[t.paths.length - 1]!;
        leftover.set(archivePath(roadmapsDir, from.slice(prefix.length)), t);
      }
    }
    added.forEach((a, i) => {
      if (moves[i] !== undefined || a.kind !== 'archived') return;
      const t = leftover.get(a.path);
      if (t === undefined) return;
      leftover.delete(a.path);
      const list = removed.get(t.blob)!;
      list.splice(list.indexOf(t), 1);
      moves[i] = t;
    });
    for (const [i, a] of added.entries()) {
      const moved = moves[i];
      const t: Track = moved ?? {
        paths: [],
        blob: a.blob,
        mode: a.mode,
        kind: a.kind,
        points: [],
        problems: [],
        everCounted: false,
      };
      t.paths.push(a.path);
      t.mode = a.mode;
      t.kind = a.kind;
      if (moved === undefined) tracks.push(t);
      byPath.set(a.path, t);
      apply(t, 1);
      changed.push(t);
    }
    for (const gone of removed.values()) {
      for (const t of gone) {
        t.kind = null;
        changed.push(t);
      }
    }
    if (!shown) return;
    for (const t of index === start ? tracks : changed) {
      if (t.kind !== null || t.points.length > 0) record(t, c.commit, true);
    }
    history.push({ commit: c.commit, date: c.date, active: { ...active }, archived: { ...archived } });
  });

  const roadmaps = tracks
    .filter((t) => t.everCounted || t.problems.length > 0)
    .map((t) => roadmapAtHead(t, summaryOf(t, t.paths[t.paths.length - 1]!)))
    .sort((a, b) =>
      a.state === b.state
        ? a.path < b.path
          ? -1
          : a.path > b.path
            ? 1
            : 0
        : STATE_ORDER[a.state] - STATE_ORDER[b.state],
    );
  return { history, roadmaps };
}

function roadmapAtHead(t: Track, s: BlobSummary): RoadmapHistory {
  const path = t.paths[t.paths.length - 1]!;
  const readable = !('problem' in s);
  const counted = readable && s.counted && t.kind !== null;
  const state: RoadmapState = counted ? (t.kind as RoadmapState) : 'gone';
  const totals = counted ? s.totals : ZERO;
  return {
    path,
    formerPaths: t.paths.slice(0, -1),
    title: readable ? (s.titleFromName ? roadmapStem(path) : s.title) : roadmapStem(path),
    state,
    ...totals,
    percent: percentDone(totals.done, totals.done + totals.open),
    phases: counted ? s.phases : [],
    history: t.points,
    problems: t.problems,
  };
}
