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

/** The `report --json` document; the page embeds exactly this. */
export interface ReportDocument {
  head: string | null;
  generatedAt: string;
  history: HistoryPoint[];
  roadmaps: RoadmapHistory[];
  /** What `gates --all --json` prints. */
  gates: unknown;
  /** What `pending --json` prints, or null when the staging store cannot be read. */
  pending: unknown;
  /** What `window status --json` prints; null when the ledger cannot be read here. */
  window: unknown;
  /** What `evidence verify --json` prints; null when it cannot run here. */
  evidence: unknown;
  /** The latest records of `evidence log --json` in its shape (`{records}`); null when it cannot run here. */
  evidenceLog: unknown;
  /** What `lint --format json` prints. */
  lint: unknown;
}
