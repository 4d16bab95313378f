import type { Context } from '../../core/context.js';
import type { Diagnostic } from '../../core/diagnostics.js';
import type { WindowView } from '../../guard/window.js';
import { openRepository } from '../../repo/open-repository.js';
import { type ReadProblem, scanRoadmapTree } from '../../repo/tree.js';
import {
  compareGateEntries,
  type GateEntry,
  gateEntriesOf,
  mayHoldBlockers,
} from '../../roadmap/gate-entries.js';
import { policyAt } from '../../staging/status.js';
import { windowStateAt } from '../guard/window.js';
import { signersListedHere } from '../signing/signers-listed.js';
import { type PendingReport, readPending } from '../staging/pending.js';

/** Options of `agent-config gates` that decide what is read (the view is the renderer's). */
export interface GatesOptions {
  /** Repository root; default: the current folder or the git top level. */
  root?: string;
  /**
   * Read the verdicts the evidence ledger holds for the staged actions (default true). Only the
   * JSON document shows them: the text and reply views pass false and skip that ledger read.
   */
  verdicts?: boolean;
}

/** What `gates` found; the CLI picks the view (text, `--all`, `--json`, `--reply`). */
export interface GatesReport {
  /** Absolute repository root. */
  root: string;
  /** Roadmap root relative to the repository (`agents/roadmaps`). */
  roadmapsDir: string;
  /** False when the roadmap folder does not exist: nothing to report. */
  hasRoadmaps: boolean;
  /** Every open blocker of every active roadmap, in `gates` order. */
  entries: GateEntry[];
  /** Files that could not be read: their blockers are missing from `entries`. */
  problems: ReadProblem[];
  /** Warnings about the tree itself (symbolic link loops, broken links). */
  warnings: Diagnostic[];
  /** The staged actions of `pending/` (SPEC §7): the views show the live ones beside the decisions. */
  pending: PendingReport;
  /** The open gate window, shown first (docs/guard.md); null when none is open. */
  window?: WindowView | null;
  /** The working copy lists a signer (docs/signing.md); the views say when decisions are not signed. */
  signersListed?: boolean;
}

/**
 * `agent-config gates`: reads every active roadmap and lists its open blockers, and the staged
 * actions that wait for a person. Never
 * refuses over an unreadable roadmap: it is a visibility aid, so the rest is still shown and
 * the unreadable files are named in `problems`.
 */
export async function runGates(ctx: Context, options: GatesOptions): Promise<GatesReport> {
  const repo = await openRepository(ctx, { root: options.root, config: 'roadmaps' });
  const { root, config } = repo;
  // Only a file that can hold a blocker is parsed: most roadmaps of a big tree have none.
  // and only its open blockers are kept, not the whole model.
  const entries: GateEntry[] = [];
  const tree = scanRoadmapTree(
    root,
    config,
    (roadmap) => {
      if (roadmap.phases.length > 0) entries.push(...gateEntriesOf(roadmap));
    },
    { select: mayHoldBlockers },
  );
  return {
    root,
    roadmapsDir: tree.roadmapsDir,
    hasRoadmaps: tree.exists,
    entries: entries.sort(compareGateEntries),
    problems: tree.problems,
    warnings: tree.warnings,
    pending: readPending(root, policyAt(ctx.clock(), config.staging), { verdicts: options.verdicts }),
    window: (await windowStateAt(repo, ctx.clock())).window,
    signersListed: signersListedHere(root),
  };
}
