import { rmSync } from 'node:fs';
import { nodeCrypto } from '../core/crypto.js';
import { InputError } from '../core/errors.js';
import { writeFileAtomic } from '../repo/atomic-write.js';
import { readUtf8 } from '../repo/read-text.js';
import type { ArchivePlan } from './model.js';
import { spliceEdits } from './references.js';

/** File name of the journal, inside the git folder (never in the work tree, never committed). */
export const JOURNAL_NAME = 'agent-config-archive.json';

/**
 * The record of an archive run in progress: the plan, the fingerprint of every file before and
 * after its rewrite, and the paths to stage. Written before the first change and removed after
 * the last, so an interrupted run can be completed exactly as planned.
 */
export interface Journal {
  version: 1;
  plan: ArchivePlan;
  /** writePath → SHA-256 of the text before and after the rewrite. */
  hashes: Record<string, { before: string; after: string }>;
  /** Repository paths to `git add` at the end (tracked moves, tracked rewrites, the dashboard). */
  stage: string[];
}

/** SHA-256 of a text, hex. */
export function fingerprint(text: string): string {
  return nodeCrypto().createHash('sha256').update(text, 'utf8').digest('hex');
}

/** Builds the journal of a plan from the texts it was planned on. */
export function createJournal(
  plan: ArchivePlan,
  texts: ReadonlyMap<string, string>,
  stage: string[],
): Journal {
  const hashes: Journal['hashes'] = {};
  for (const r of plan.rewrites) {
    const before = texts.get(r.path);
    if (before === undefined) throw new Error(`no text for ${r.path}`);
    hashes[r.writePath] = { before: fingerprint(before), after: fingerprint(spliceEdits(before, r.edits)) };
  }
  return { version: 1, plan, hashes, stage };
}

/** Reads the journal, or null when no run is in progress. */
export function readJournal(path: string): Journal | null {
  const read = readUtf8(path);
  if ('errorCode' in read) return null;
  try {
    const journal = JSON.parse(read.text) as Journal;
    if (journal.version !== 1 || !Array.isArray(journal.plan?.moves)) throw new Error('bad shape');
    return journal;
  } catch {
    throw new InputError(
      'is not a journal this version can read',
      path,
      'finish the interrupted archive run by hand (git status shows it), then delete this file',
    );
  }
}

/** Writes the journal atomically. */
export function writeJournal(path: string, journal: Journal): void {
  writeFileAtomic(path, `${JSON.stringify(journal)}\n`);
}

/** Removes the journal: the run is complete. */
export function removeJournal(path: string): void {
  rmSync(path, { force: true });
}
