// The archive plan: plain data, computed before anything is written (SPEC §5), rendered by
// --dry-run, recorded in the journal and carried out by apply.ts.

/** One roadmap moving into the archive. Paths are relative to the repository root. */
export interface PlannedMove {
  /** `agents/roadmaps/x.md` */
  from: string;
  /** `agents/roadmaps/archive/x.md` */
  to: string;
  /** Path below the roadmap root (`x.md`, `topic/x.md`). */
  rel: string;
  /** Known to git: moved with the index updated and staged; untracked files are plainly renamed. */
  tracked: boolean;
}

/** Why a finished (or nearly finished) roadmap is not moved. */
export type RefusalReason =
  | 'deferrals'
  | 'blockers'
  | 'symlink'
  | 'destination-exists'
  | 'frozen'
  /** A `[~]` step is carried to (or merged into) a roadmap the same run archives. */
  | 'receiver-archived';

/** A roadmap that is not archived, with the reason and its details (problems or blocker ids). */
export interface Refusal {
  file: string;
  reason: RefusalReason;
  details: string[];
}

/** What kind of reference an edit changes. */
export type EditKind = 'path' | 'link' | 'rebase';

/** One splice of the original text: `[start, end)` becomes `after`. */
export interface Edit {
  start: number;
  end: number;
  line: number;
  column: number;
  before: string;
  after: string;
  /** `path`: the exact repository path; `link`: a relative link to a moved roadmap; `rebase`: a link inside a moved roadmap. */
  kind: EditKind;
  /** The moved roadmap cited (its old path); for `rebase`, the roadmap the link sits in. */
  roadmap: string;
}

/** A file whose references change. `writePath` differs from `path` for a moved roadmap. */
export interface FileRewrite {
  path: string;
  writePath: string;
  tracked: boolean;
  edits: Edit[];
}

/** Why a reference to a moved roadmap is not rewritten. */
export type LeftReason = 'frozen' | 'code-block' | 'binary' | 'symlink' | 'unreadable';

/** A reference (or a file that may hold one) left as it is, and why. `line` 0: the whole file. */
export interface LeftAlone {
  path: string;
  line: number;
  /** Old path of the moved roadmap cited; empty when unknown (a file that could not be read). */
  cites: string;
  reason: LeftReason;
}

/** Everything one archive run will do; nothing is written until it is complete. */
export interface ArchivePlan {
  scope: 'all' | 'changed';
  /** The base of the changed-only scope, null with --all. */
  base: string | null;
  /** Set when the base does not resolve: then nothing is archived. */
  baseProblem: string | null;
  moves: PlannedMove[];
  refusals: Refusal[];
  rewrites: FileRewrite[];
  /** References left alone: frozen records ("left as recorded"), code blocks, binary files. */
  leftAlone: LeftAlone[];
  /** The dashboard, regenerated after a real run instead of rewritten. */
  dashboard: string;
}
