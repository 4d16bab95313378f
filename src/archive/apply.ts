import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { RepoStateError } from '../core/errors.js';
import type { GitPort } from '../git/port.js';
import { atomicTempTarget, writeFileAtomic } from '../repo/atomic-write.js';
import { fingerprint, type Journal, removeJournal, writeJournal } from './journal-store.js';
import { spliceEdits } from './references.js';

/** Test seam: called before every change to the disk or the index, with a label naming it. */
export interface ApplyHooks {
  beforeStep?: (label: string) => void | Promise<void>;
}

/** What applying needs besides the journal. */
export interface ApplyDeps {
  root: string;
  git: GitPort;
  journalPath: string;
  /** Regenerates the dashboard after the moves. */
  regenerate: () => Promise<void>;
  /**
   * Records the run in the evidence ledger before the first move (once, however often the run
   * is resumed) and answers the ledger file to stage with the moves, or null.
   */
  record?: () => Promise<string | null>;
  hooks?: ApplyHooks;
}

/** What applying did. */
export interface ApplyResult {
  staged: string[];
}

function present(abs: string): boolean {
  try {
    lstatSync(abs);
    return true;
  } catch {
    return false;
  }
}

function conflict(what: string, where: string, journalPath: string): RepoStateError {
  return new RepoStateError(
    what,
    where,
    `the interrupted archive run cannot continue; restore the file, or delete ${journalPath} to abandon it`,
  );
}

/** Removes temporary files an interrupted atomic write left beside the targets (one listing per folder). */
function removeStaleTemps(targets: string[]): void {
  const byDir = new Map<string, Set<string>>();
  for (const abs of targets) {
    const names = byDir.get(dirname(abs)) ?? new Set<string>();
    names.add(basename(abs));
    byDir.set(dirname(abs), names);
  }
  for (const [dir, targetNames] of byDir) {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      continue;
    }
    for (const name of names) {
      const target = atomicTempTarget(name);
      if (target !== null && targetNames.has(target)) rmSync(join(dir, name), { force: true });
    }
  }
}

async function applyMoves(journal: Journal, deps: ApplyDeps): Promise<void> {
  for (const move of journal.plan.moves) {
    const from = join(deps.root, move.from);
    const to = join(deps.root, move.to);
    const hasFrom = present(from);
    const hasTo = present(to);
    if (!hasFrom && hasTo) continue;
    if (hasFrom && hasTo) throw conflict(`${move.to} already exists`, move.from, deps.journalPath);
    if (!hasFrom) throw conflict('has disappeared', move.from, deps.journalPath);
    await deps.hooks?.beforeStep?.(`move ${move.from}`);
    mkdirSync(dirname(to), { recursive: true });
    // One rename: the roadmap is at its old place or its new one, never half-way.
    renameSync(from, to);
  }
}

async function applyRewrites(journal: Journal, deps: ApplyDeps): Promise<void> {
  for (const rewrite of journal.plan.rewrites) {
    const abs = join(deps.root, rewrite.writePath);
    const text = readFileSync(abs, 'utf8');
    const hash = fingerprint(text);
    const expected = journal.hashes[rewrite.writePath]!;
    if (hash === expected.after) continue;
    if (hash !== expected.before) {
      throw conflict('changed since the archive run was planned', rewrite.writePath, deps.journalPath);
    }
    await deps.hooks?.beforeStep?.(`write ${rewrite.writePath}`);
    writeFileAtomic(abs, spliceEdits(text, rewrite.edits));
  }
}

async function stage(
  journal: Journal,
  deps: ApplyDeps,
  fresh: boolean,
  ledger: string | null,
): Promise<string[]> {
  let paths = ledger === null ? journal.stage : [...new Set([...journal.stage, ledger])].sort();
  if (!fresh) {
    // A resumed run may have staged some paths already: an old path that is gone from both the
    // index and the disk would make `git add` fail, so only paths git or the disk still knows go.
    const known = new Set(await deps.git.listTracked());
    paths = paths.filter((p) => known.has(p) || existsSync(join(deps.root, p)));
  }
  await deps.hooks?.beforeStep?.('stage');
  // One call: the paths go to git on its standard input, so no argument list limits them.
  await deps.git.add(paths);
  return paths;
}

/**
 * Carries out a journal: moves, then rewrites, then the dashboard, then `git add`, then the
 * journal is removed. Every step checks whether it is already done, so running the same
 * journal again after an interruption (even `kill -9`) completes the job; a file changed by
 * someone else in between stops the run instead of being overwritten.
 */
export async function applyJournal(journal: Journal, deps: ApplyDeps, fresh: boolean): Promise<ApplyResult> {
  if (fresh) {
    await deps.hooks?.beforeStep?.('journal');
    writeJournal(deps.journalPath, journal);
  } else {
    // Only a run that was interrupted can have left temporary files behind.
    const targets = [...journal.plan.rewrites.map((r) => r.writePath), journal.plan.dashboard];
    removeStaleTemps(targets.map((p) => join(deps.root, p)));
  }
  await deps.hooks?.beforeStep?.('evidence');
  const ledger = (await deps.record?.()) ?? null;
  await applyMoves(journal, deps);
  await applyRewrites(journal, deps);
  await deps.hooks?.beforeStep?.('dashboard');
  await deps.regenerate();
  const staged = await stage(journal, deps, fresh, ledger);
  await deps.hooks?.beforeStep?.('done');
  removeJournal(deps.journalPath);
  return { staged };
}
