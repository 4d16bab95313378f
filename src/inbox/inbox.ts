// PURE: one person's view of what waits across working trees and repositories (docs/inbox.md).
// The readers hand in what each working tree holds; this file groups, orders, counts and words it.

/** What a working tree's evidence ledger is: every stream clean, one ending in a torn line, one corrupt, or none at all. */
export type LedgerIntegrity = 'clean' | 'torn' | 'corrupt' | 'none';

/** Why a root (or part of a working tree) could not be read. Frozen: scripts match on them. */
export const ROOT_PROBLEMS = Object.freeze([
  'not-a-repository',
  'unreadable',
  'broken-config',
  'corrupt-ledger',
] as const);

export type RootProblemKind = (typeof ROOT_PROBLEMS)[number];

/** A root, or a file of a working tree, that could not be read, and why. */
export interface RootProblem {
  /** The root as given, or the working tree's absolute path. */
  root: string;
  kind: RootProblemKind;
  /** One line: what could not be read and how to fix it. */
  detail: string;
}

/** An open decision that needs a person (a blocker `gates` lists as theirs). */
export interface InboxDecision {
  id: string;
  /** Root-relative roadmap file. */
  roadmap: string;
  line: number;
  question: string;
  recommendation: string;
}

/** A live stage waiting for a person, with the one command that confirms it where it lives. */
export interface InboxStage {
  token: string;
  action: string;
  object: string;
  source: string;
  stagedAt: string;
  expiresAt: string;
  /** `cd PATH && npx --no agent-config confirm TOKEN`, PATH shell-quoted. */
  confirm: string;
}

/** An open gate window: until when, by whom, for what. */
export interface InboxWindow {
  until: string;
  openedBy: string;
  reason: string;
}

/** One working tree as read. */
export interface InboxWorktree {
  /** Absolute path. */
  path: string;
  /** `refs/heads/…` shortened to the branch name, or null when detached. */
  branch: string | null;
  /** True when decisions there must be signed (a signer is registered in a version in force). */
  signed: boolean;
  ledger: LedgerIntegrity;
  window: InboxWindow | null;
  decisions: InboxDecision[];
  /** Newest first. */
  stages: InboxStage[];
  /** Stages that expired unconfirmed: counted, never listed (the action never ran). */
  expiredStages: number;
  problems: RootProblem[];
}

/** One repository: its main working tree's path and every working tree of it that was read. */
export interface InboxRepository {
  /** The main working tree's absolute path. */
  path: string;
  worktrees: InboxWorktree[];
}

/** Everything one inbox run read. */
export interface Inbox {
  repositories: InboxRepository[];
  /** Roots that did not lead to a repository at all (not a repository, unreadable). */
  problems: RootProblem[];
}

/** What the headline counts. */
export interface InboxCounts {
  decisions: number;
  stages: number;
  windows: number;
  /** Repositories where something needs the person. */
  repositoriesNeedingYou: number;
  repositories: number;
  worktrees: number;
}

function needsYou(w: InboxWorktree): boolean {
  return w.decisions.length > 0 || w.stages.length > 0;
}

/** The counts across every repository read. */
export function inboxCounts(inbox: Inbox): InboxCounts {
  const all = inbox.repositories.flatMap((r) => r.worktrees);
  return {
    decisions: all.reduce((n, w) => n + w.decisions.length, 0),
    stages: all.reduce((n, w) => n + w.stages.length, 0),
    windows: all.filter((w) => w.window !== null).length,
    repositoriesNeedingYou: inbox.repositories.filter((r) => r.worktrees.some(needsYou)).length,
    repositories: inbox.repositories.length,
    worktrees: all.length,
  };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "4 decisions and 2 staged actions need you, in 3 of 12 repositories". */
export function headline(counts: InboxCounts): string {
  const where = `${counts.repositoriesNeedingYou} of ${plural(counts.repositories, 'repository', 'repositories')}`;
  if (counts.decisions + counts.stages === 0)
    return `Nothing needs you, in ${plural(counts.repositories, 'repository', 'repositories')}`;
  const what = `${plural(counts.decisions, 'decision', 'decisions')} and ${plural(counts.stages, 'staged action', 'staged actions')}`;
  const verb = counts.decisions + counts.stages === 1 ? 'needs' : 'need';
  return `${what} ${verb} you, in ${where}`;
}

/** Every problem of the run: the roots that led nowhere, then each working tree's. */
export function allProblems(inbox: Inbox): RootProblem[] {
  return [...inbox.problems, ...inbox.repositories.flatMap((r) => r.worktrees.flatMap((w) => w.problems))];
}

const PROBLEM_WORDS: Readonly<Record<RootProblemKind, string>> = {
  'not-a-repository': 'not a repository',
  unreadable: 'unreadable',
  'broken-config': 'a broken config',
  'corrupt-ledger': 'a corrupt ledger',
};

/** How many places were read in full, out of how many. */
export function completeness(inbox: Inbox): { read: number; total: number; complete: boolean } {
  const worktrees = inbox.repositories.flatMap((r) => r.worktrees);
  const read = worktrees.filter((w) => w.problems.length === 0).length;
  const total = worktrees.length + inbox.problems.length;
  return { read, total, complete: read === total };
}

/**
 * The line every run ends with: how many roots were read, and each that could not be, with
 * why. An inbox that silently skips a repository would be a bug, so it is never left out.
 */
export function completenessLine(inbox: Inbox): string {
  const { read, total, complete } = completeness(inbox);
  const roots = plural(total, 'working tree or root', 'working trees and roots');
  if (complete) return `Complete: read all ${roots}.`;
  const named = allProblems(inbox).map((p) => `${p.root} (${PROBLEM_WORDS[p.kind]}: ${p.detail})`);
  return `Incomplete: read ${read} of ${roots} in full; could not read ${named.join('; ')}.`;
}

function newestStage(w: InboxWorktree): string {
  return w.stages[0]?.stagedAt ?? '';
}

function byNeedThenNewest<T extends { path: string }>(newest: (t: T) => string, needs: (t: T) => boolean) {
  return (a: T, b: T): number => {
    if (needs(a) !== needs(b)) return needs(a) ? -1 : 1;
    const na = newest(a);
    const nb = newest(b);
    if (na !== nb) return na < nb ? 1 : -1;
    return a.path < b.path ? -1 : a.path > b.path ? 1 : 0;
  };
}

/**
 * The inbox in its order: in each working tree the newest stage first; working trees and
 * repositories that need the person first, the one with the newest stage first, then by path.
 */
export function orderInbox(inbox: Inbox): Inbox {
  const repositories = inbox.repositories.map((r) => ({
    ...r,
    worktrees: r.worktrees
      .map((w) => ({
        ...w,
        stages: [...w.stages].sort((a, b) =>
          a.stagedAt === b.stagedAt ? (a.token < b.token ? -1 : 1) : a.stagedAt < b.stagedAt ? 1 : -1,
        ),
      }))
      .sort(byNeedThenNewest(newestStage, needsYou)),
  }));
  const newestOf = (r: InboxRepository) => r.worktrees.map(newestStage).sort().pop() ?? '';
  repositories.sort(byNeedThenNewest(newestOf, (r) => r.worktrees.some(needsYou)));
  return { repositories, problems: [...inbox.problems].sort((a, b) => (a.root < b.root ? -1 : 1)) };
}

/** The `inbox --json` document (docs/inbox.md); frozen by a test. */
export interface InboxDocument {
  headline: string;
  needsYou: { decisions: number; stages: number; repositories: number };
  counts: { repositories: number; worktrees: number; windows: number };
  repositories: InboxRepository[];
  completeness: { read: number; total: number; complete: boolean; line: string; problems: RootProblem[] };
}

/** The document of `inbox --json`, the MCP tool `inbox` and `report --inbox`. */
export function inboxDocument(inbox: Inbox): InboxDocument {
  const counts = inboxCounts(inbox);
  return {
    headline: headline(counts),
    needsYou: {
      decisions: counts.decisions,
      stages: counts.stages,
      repositories: counts.repositoriesNeedingYou,
    },
    counts: { repositories: counts.repositories, worktrees: counts.worktrees, windows: counts.windows },
    repositories: inbox.repositories,
    completeness: { ...completeness(inbox), line: completenessLine(inbox), problems: allProblems(inbox) },
  };
}
