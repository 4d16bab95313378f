import type { Config } from '../../core/config.js';
import type { Context } from '../../core/context.js';
import type { Diagnostic } from '../../core/diagnostics.js';
import { EXIT_OK } from '../../core/errors.js';
import type { ExitCode } from '../../core/outcomes.js';
import { personCommand } from '../../core/person-command.js';
import { latestApproval } from '../../evidence/decision-records.js';
import type { WindowView } from '../../guard/window.js';
import { readDecisionLedger } from '../../repo/decision-ledger.js';
import { openRepository, type Repository } from '../../repo/open-repository.js';
import { type ReadProblem, scanRoadmapTree } from '../../repo/tree.js';
import { blockerClass } from '../../roadmap/blockers.js';
import { mayNeedApproval, needsApproval, planSha256 } from '../../roadmap/decision-entry.js';
import {
  approvePlanArgs,
  compareGateEntries,
  decideArgs,
  type GateEntry,
  gateEntriesOf,
  mayHoldBlockers,
  type PlanEntry,
} from '../../roadmap/gate-entries.js';
import { regroupTodo } from '../../roadmap/todo.js';
import { policyAt } from '../../staging/status.js';
import { type OpenWindowDocument, openWindowDocument, windowSource, windowStateAt } from '../guard/window.js';
import { signersListedHere } from '../signing/signers-listed.js';
import { loadSignerTrust } from '../signing/trust.js';
import {
  type PendingDocument,
  type PendingReport,
  pendingDocument,
  readPending,
} from '../staging/pending.js';
import { identityOf } from '../staging/staging-shared.js';

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
  /** Plans that wait for a person's approval (`approval: required`, unapproved or changed since). */
  plans?: PlanEntry[];
  /** The working copy lists a signer (docs/signing.md); the views say when decisions are not signed. */
  signersListed?: boolean;
}

/** The plans among `candidates` that no approval on record covers, in path order. */
async function plansWaiting(
  ctx: Context,
  repo: Repository,
  candidates: Array<{ rel: string; file: string; sha: string }>,
): Promise<PlanEntry[]> {
  if (candidates.length === 0) return [];
  // Where signers are registered only a signed approval counts: the signers in force are read
  // only when some plan asks for approval.
  const { trust } = await loadSignerTrust(repo);
  const ledger = readDecisionLedger(repo.root, trust, ctx.clock());
  const out: PlanEntry[] = [];
  for (const c of candidates) {
    const latest = latestApproval(ledger, c.file);
    if (latest?.planSha256 === c.sha) continue;
    out.push({
      roadmap: c.rel,
      file: c.file,
      state: latest === undefined ? 'unapproved' : 'drifted',
      approvedBy: latest?.actor ?? null,
      approvedAt: latest?.ts ?? null,
    });
  }
  return out;
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
  const { approvals, ...decisions } = readDecisions(root, config);
  return {
    root,
    ...decisions,
    pending: readPending(
      root,
      policyAt(ctx.clock(), { ...config.staging, worktree: identityOf(ctx, root) }),
      {
        verdicts: options.verdicts,
      },
    ),
    window: (await windowStateAt(windowSource(repo), ctx.clock())).window,
    plans: await plansWaiting(ctx, repo, approvals),
    signersListed: signersListedHere(root),
  };
}

/** The open blockers of a root's active roadmaps, as `gates` lists them (the inbox reads them too). */
export function readDecisions(
  root: string,
  config: Config,
): Pick<GatesReport, 'roadmapsDir' | 'hasRoadmaps' | 'entries' | 'problems' | 'warnings'> & {
  /** The plans that ask for approval (`approval: required`), with the SHA-256 of each plan. */
  approvals: Array<{ rel: string; file: string; sha: string }>;
} {
  // Only a file that can hold a blocker is parsed: most roadmaps of a big tree have none.
  // and only its open blockers are kept, not the whole model.
  const entries: GateEntry[] = [];
  const approvals: Array<{ rel: string; file: string; sha: string }> = [];
  const tree = scanRoadmapTree(
    root,
    config,
    (roadmap) => {
      if (roadmap.phases.length === 0) return;
      entries.push(...gateEntriesOf(roadmap));
      if (needsApproval(roadmap))
        approvals.push({ rel: roadmap.rel, file: roadmap.file, sha: planSha256(roadmap) });
    },
    { select: (text) => mayHoldBlockers(text) || mayNeedApproval(text) },
  );
  return {
    roadmapsDir: tree.roadmapsDir,
    hasRoadmaps: tree.exists,
    entries: entries.sort(compareGateEntries),
    problems: tree.problems,
    warnings: tree.warnings,
    approvals,
  };
}

/** `gates` exits 0 whatever it lists: a visibility aid, not a gate. */
export function gatesExit(): ExitCode {
  return EXIT_OK;
}

/** One open blocker in `gates --json`: upstream's keys in upstream's order, then ours; raw values. */
export interface GatesBlockerDocument {
  id: string;
  roadmap: string;
  owner: string;
  needsYou: boolean;
  blocks: string;
  unblocksSteps: number;
  /** The `What to do` lines regrouped into steps. */
  todo: string[];
  resolvedWhen: string;
  class: ReturnType<typeof blockerClass>;
  question: string;
  recommendation: string;
  ifNothing: string;
  /** The `- **Options:**` list, numbered from 1 as `decide --option N` takes them; empty without one. */
  options: GatesOptionDocument[];
  /** The command a person runs to answer it (`npx --no agent-config decide …`); null when none does. */
  decide: string | null;
  line: number;
}

/** One option of a blocker: its number for `decide --option`, its text, and whether it is the recommended one. */
export interface GatesOptionDocument {
  n: number;
  text: string;
  recommended: boolean;
}

/** `gates --json` (and `gates --all --json`). */
export interface GatesDocument {
  /** The open gate window, first; absent while none is open. */
  window?: OpenWindowDocument;
  /** Counts over every open blocker. */
  needsYou: number;
  other: number;
  /** The person's open blockers, or every one with `--all`. */
  blockers: GatesBlockerDocument[];
  /** What `pending --json` prints, when a stage record exists (expired or unreadable included). */
  pending?: PendingDocument;
  /** Plans waiting for a person's approval, when any does (`decide --approve-plan`). */
  plans?: GatesPlanDocument[];
}

/** A plan waiting for approval in `gates --json`. */
export interface GatesPlanDocument extends PlanEntry {
  /** The command a person runs to approve it. */
  decide: string;
}

function blockerDocument(entry: GateEntry): GatesBlockerDocument {
  const { blocker: b, roadmap, needsYou, openSteps } = entry;
  const decide = decideArgs(entry);
  return {
    id: b.id,
    roadmap,
    owner: b.owner,
    needsYou,
    blocks: b.blocks,
    unblocksSteps: openSteps,
    todo: regroupTodo(b.todo),
    resolvedWhen: b.resolvedWhen,
    class: blockerClass(b),
    question: b.question,
    recommendation: b.recommendation,
    ifNothing: b.ifNothing,
    options: b.options.map((o, i) => ({ n: i + 1, text: o.text, recommended: o.recommended })),
    decide: decide === null ? null : personCommand(decide),
    line: b.line,
  };
}

/** Whether a stage record exists, expired or unreadable ones included: then `pending` joins the document. */
function anyStageRecord(report: GatesReport): boolean {
  return report.pending.rows.length > 0 || report.pending.unreadable.length > 0;
}

/**
 * The document of `gates --json`: the CLI prints it and the report embeds it (`all`). Without
 * a roadmap folder or a stage record it is upstream's `{needsYou: 0, other: 0, blockers: []}`.
 */
export function gatesDocument(report: GatesReport, all: boolean): GatesDocument {
  const mine = report.entries.filter((e) => e.needsYou).length;
  const shown = all ? report.entries : report.entries.filter((e) => e.needsYou);
  const window = report.window ?? null;
  return {
    ...(window === null ? {} : { window: openWindowDocument(window) }),
    needsYou: mine,
    other: report.entries.length - mine,
    blockers: shown.map(blockerDocument),
    ...(anyStageRecord(report) ? { pending: pendingDocument(report.pending) } : {}),
    ...((report.plans ?? []).length > 0
      ? { plans: (report.plans ?? []).map((p) => ({ ...p, decide: personCommand(approvePlanArgs(p)) })) }
      : {}),
  };
}

/** Upstream printed the document on one line when there was no roadmap folder; so does `gates` then, unless a stage record exists. */
export function gatesDocumentCompact(report: GatesReport): boolean {
  return !report.hasRoadmaps && !anyStageRecord(report);
}
