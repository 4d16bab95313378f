import type { Diagnostic } from '../core/diagnostics.js';

/** `[ ]` open, `[x]`/`[X]` done, `[~]` deferred, `[-]` cancelled. */
export type StepState = 'open' | 'done' | 'deferred' | 'cancelled';

/** A `<!-- deferred-resolution: carried-to=<slug> -->` or `merged-into=<slug>` annotation. */
export interface DeferredResolution {
  kind: 'carried-to' | 'merged-into';
  slug: string;
  line: number;
}

/** One checkbox. `line` is 1-based; `text` is what follows the checkbox on its line. */
export interface Step {
  state: StepState;
  text: string;
  line: number;
  /** Index into `Roadmap.phases`, or -1 for a step before the first phase heading. */
  phase: number;
  /** Annotation found in the step's block (its line and following lines up to the next step or heading). */
  deferredResolution: DeferredResolution | null;
  /** The block mentions `merge-gated` (only meaningful for open steps). */
  mergeGated: boolean;
  /** PR numbers cited in the step's span (`PR #12`, `pr=365`, `pr:7`). */
  prs: number[];
}

/** A `## Phase <id>` or `### Phase <id>` heading and the steps below it. */
export interface Phase {
  id: string;
  /** The name after the separator, or `Phase <id>` when the heading has none. */
  name: string;
  line: number;
  level: 2 | 3;
  steps: Step[];
}

/** A `- **Label:** value` field of a blocker entry, as written. */
export interface BlockerField {
  label: string;
  value: string;
  line: number;
  /** The bullet starts at column 1 (upstream's lint only counts unindented fields). */
  unindented: boolean;
}

/** One item of a blocker's `- **Options:**` list, numbered from 1 in file order. */
export interface BlockerOption {
  /** The item's text, its list marker and its `(recommended)` mark removed, continuation lines joined. */
  text: string;
  /** The item ends with `(recommended)` (any case). */
  recommended: boolean;
  line: number;
}

/** A `### blocker: <id>` entry (or the synthetic `legacy` one from a `> Blocked until` note). */
export interface Blocker {
  id: string;
  /** Lower-cased status; `open` when absent. */
  status: string;
  /** `user` when absent: an unowned blocker waits on the person. */
  owner: string;
  blocks: string;
  question: string;
  recommendation: string;
  ifNothing: string;
  /** The raw lines of `What to do`, not regrouped. */
  todo: string[];
  resolvedWhen: string;
  /** The Class value as written (`''` when absent); see `blockerClass()` for the effective class. */
  blockerClass: string;
  run: string;
  budget: string;
  /** The `- **Options:**` list, in order; empty when the entry has none. */
  options: BlockerOption[];
  /** Line of the `### blocker:` heading (of the quote, for the legacy note). */
  line: number;
  /** Last line of the entry's body (the heading's line when it has none); trailing blank lines included. */
  end: number;
  legacy: boolean;
  /** Every bold-label bullet in the entry's body, known labels or not, in order. */
  fields: BlockerField[];
}

/** A `<!-- blocked-by: … -->` marker anywhere outside fences and inline code. */
export interface BlockedByMarker {
  /** The text after `blocked-by:` up to `-->`, trimmed. */
  raw: string;
  line: number;
  column: number;
  /** The marker sits on a step line. */
  onStep: boolean;
}

/** A `###` heading inside `## Blockers` that is not a `### blocker:` entry. */
export interface StrayHeading {
  text: string;
  line: number;
}

/** The `## Blockers` section. */
export interface BlockersSection {
  line: number;
  blockers: Blocker[];
  strayHeadings: StrayHeading[];
}

/** The whole model of one roadmap file, as every command sees it. */
export interface Roadmap {
  /** Path relative to the roadmap root, POSIX separators (`agent-memory/x.md`). */
  rel: string;
  /** Path as shown in diagnostics (repository-relative). */
  file: string;
  title: string;
  /** Parsed YAML frontmatter, or null when there is none or it is invalid. */
  frontmatter: Record<string, unknown> | null;
  /** `status: draft` in the frontmatter: hidden everywhere. */
  draft: boolean;
  phases: Phase[];
  /** Steps before the first phase heading: never counted, reported by the trackable lint. */
  orphanSteps: Step[];
  /** Every counted step, in file order. */
  steps: Step[];
  /** Structured blockers, then the legacy note's synthetic blocker if any. */
  blockers: Blocker[];
  blockersSection: BlockersSection | null;
  blockedBy: BlockedByMarker[];
  diagnostics: Diagnostic[];
}
