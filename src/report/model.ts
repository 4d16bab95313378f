import type { Payload } from '../evidence/record.js';
import type { StreamStatus } from '../evidence/verify.js';
import type { WindowView } from '../guard/window.js';
import type { LintJsonDocument } from '../lint/reporters/json.js';

/** Steps of the active roadmaps at one commit, by state. */
export interface StepTotals {
  done: number;
  open: number;
  deferred: number;
  cancelled: number;
}

/** The dashboard's totals at one first-parent commit that changed the roadmap root. */
export interface HistoryPoint {
  /** Full commit id. */
  commit: string;
  /** Committer date, ISO 8601. */
  date: string;
  /** Steps over the active roadmaps, as the dashboard would have counted them. */
  active: StepTotals;
  /** Roadmaps archived by then, and every step they hold, whatever its state. */
  archived: { roadmaps: number; steps: number };
}

/** A roadmap that could not be read at a commit: counted as no steps there. */
export interface HistoryProblem {
  path: string;
  commit: string;
  problem: string;
}

/** A phase of a roadmap as it stands at HEAD. */
export interface PhaseSummary extends StepTotals {
  id: string;
  name: string;
  percent: number;
}

/** Where a roadmap stands at HEAD: active, archived, or gone (deleted, moved out, a draft, unreadable). */
export type RoadmapState = 'active' | 'archived' | 'gone';

/** One roadmap's history, followed through renames that keep its content. */
export interface RoadmapHistory extends StepTotals {
  /** Its path at HEAD (or its last path), relative to the repository. */
  path: string;
  /** Earlier paths, oldest first (renames, archiving). */
  formerPaths: string[];
  title: string;
  state: RoadmapState;
  /** Done among done + open at HEAD, banker's rounding. */
  percent: number;
  phases: PhaseSummary[];
  /** Its counts at the first point of the history and at every commit that changed it. */
  history: Array<StepTotals & { commit: string }>;
  problems: HistoryProblem[];
}

/** What the page shows of an open blocker: a member of `gates --all --json`'s `blockers`. */
export interface DecisionShown {
  id: string;
  roadmap: string;
  owner: string;
  needsYou: boolean;
  unblocksSteps: number;
  blocks: string;
  question: string;
  recommendation: string;
  todo: readonly string[];
  ifNothing: string;
  resolvedWhen: string;
}

/** What the page shows of `gates --all --json`. */
export interface GatesShown {
  needsYou: number;
  other: number;
  blockers: readonly DecisionShown[];
}

/** What the page shows of `pending --json`. */
export interface PendingShown {
  awaitingYou: number;
  expired: number;
  staged: ReadonlyArray<{ token: string; action: string; object: string; status: string; expiresAt: string }>;
}

/** What the page shows of `window status --json`. */
export interface WindowShown {
  open: boolean;
  window: Omit<WindowView, 'id'> | null;
}

/** What the page shows of `evidence verify --json`. */
export interface EvidenceShown {
  ok: boolean;
  exit: number;
  streams: ReadonlyArray<{ file: string; status: StreamStatus; records: number; head: string | null }>;
  problems: ReadonlyArray<{ code: string; file: string; seq?: number }>;
}

/** What the page shows of the `evidence log --json` records it carries. */
export interface EvidenceLogShown {
  records: ReadonlyArray<{
    stream: string;
    seq: number;
    ts: string;
    event: string;
    actor: string;
    payload: Payload;
    verified: boolean;
  }>;
}

/** One decision a person made, as the report lists it. */
export interface DecisionMade {
  /** When it was recorded (the ledger record's time, ISO 8601). */
  ts: string;
  /** Who: the record's `human:` actor. */
  actor: string;
  /** `resolved` (a blocker answered) or `approved` (a plan approved). */
  kind: 'resolved' | 'approved';
  /** Repository-relative roadmap path. */
  roadmap: string;
  /** The blocker's id; null for a plan. */
  blocker: string | null;
  /** The option chosen (its text); null for an answer in words or a plan. */
  option: string | null;
  /** The answer recorded; null for a plan. */
  answer: string | null;
}

/** What the page shows of the decisions people made with `decide`, oldest first. */
export interface DecisionsShown {
  decisions: ReadonlyArray<DecisionMade>;
}

/**
 * What the page draws: the history from git, and what it shows of the documents of other verbs
 * (null where that verb cannot run here). The `report --json` document, whose members are those
 * verbs' own document types, is one of these; the page embeds it whole.
 */
export interface ReportPage {
  head: string | null;
  generatedAt: string;
  history: HistoryPoint[];
  roadmaps: RoadmapHistory[];
  gates: GatesShown | null;
  pending: PendingShown | null;
  window: WindowShown | null;
  evidence: EvidenceShown | null;
  evidenceLog: EvidenceLogShown | null;
  lint: Pick<LintJsonDocument, 'summary' | 'findings'> | null;
  /** The decisions people made with `decide` (null where the ledger cannot be read). */
  decisions?: DecisionsShown | null;
}
