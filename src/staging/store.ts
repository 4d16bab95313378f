import { existsSync, readdirSync, realpathSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { InputError, RepoStateError } from '../core/errors.js';
import { writeFileAtomic } from '../repo/atomic-write.js';
import { notRegularKind, readRegularFile } from '../repo/read-regular.js';
import { ensureRuntimeDir, RUNTIME_DIR } from '../repo/runtime-dir.js';
import type { Transition } from './decide.js';
import { deciderFits } from './deciders.js';
import { type Folder, type Found, parseRecord, type StagedAction, serializeRecord } from './record.js';
import { type StagePolicy, standing } from './status.js';
import { isSafeToken } from './token.js';

// The adapter half of staging: every file operation of the store, nothing that decides.

/** The store, relative to the repository root: in the runtime folder, which ignores itself. */
export const STORE_DIR = `${RUNTIME_DIR}/staged-confirmations`;

/** The folders in the order a record moves through them. */
const FOLDERS: readonly Folder[] = ['pending', 'confirmed', 'resolved'];

/**
 * The identity of the working tree a store belongs to: the real path of its root (symbolic links
 * resolved). A stage records it and hashes it into its token, so a stage copied or replayed into
 * another working tree or repository is refused there (`wrong-worktree`). A root that cannot be
 * resolved keeps its path as given.
 */
export function stageIdentity(root: string): string {
  try {
    return realpathSync(root);
  } catch {
    return root;
  }
}

function relFile(folder: Folder, name: string): string {
  return `${STORE_DIR}/${folder}/${name}`;
}

function recordName(token: string): string {
  // Defence in depth: every verb checks the token first, but no path is ever formed without it.
  if (!isSafeToken(token)) throw new Error(`refusing to form a store path from an unsafe token`);
  return `${token}.json`;
}

function errnoOf(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? 'error';
}

function readEntry(root: string, folder: Folder, name: string): Found | null {
  const token = name.slice(0, -'.json'.length);
  const file = relFile(folder, name);
  let text: string;
  try {
    // Only a regular file is opened: a named pipe here would hang every reader, the hook too.
    text = readRegularFile(join(root, file)).toString('utf8');
  } catch (error) {
    const kind = notRegularKind(error);
    if (kind !== null)
      return { folder, token, file, problem: `is ${kind}, not a stage record; a person removes it` };
    if (errnoOf(error) === 'ENOENT') return null;
    return { folder, token, file, problem: `cannot be read (${errnoOf(error)})` };
  }
  if (!isSafeToken(token)) return { folder, token, file, problem: 'the file name is not a token' };
  const parsed = parseRecord(text);
  return 'problem' in parsed
    ? { folder, token, file, problem: parsed.problem }
    : { folder, token, file, record: parsed.record };
}

/**
 * Finds a token's record, looking in the order records move (pending, confirmed, resolved), so
 * a record moving on while we look is found in its next folder. Null when there is none.
 */
export function locateRecord(root: string, token: string): Found | null {
  const name = recordName(token);
  for (const folder of FOLDERS) {
    const found = readEntry(root, folder, name);
    if (found !== null) return found;
  }
  return null;
}

/** Every `*.json` file of one folder, names sorted; a missing folder is empty. */
export function listFolder(root: string, folder: Folder): Found[] {
  let names: string[];
  try {
    names = readdirSync(join(root, STORE_DIR, folder));
  } catch (error) {
    if (errnoOf(error) === 'ENOENT') return [];
    throw new InputError(
      `cannot list (${errnoOf(error)})`,
      `${STORE_DIR}/${folder}`,
      'check its permissions',
    );
  }
  return names
    .filter((n) => n.endsWith('.json') && !n.startsWith('.'))
    .sort()
    .map((n) => readEntry(root, folder, n))
    .filter((f): f is Found => f !== null);
}

/** Every record of the store, folder by folder. */
export function listStore(root: string): Found[] {
  return FOLDERS.flatMap((folder) => listFolder(root, folder));
}

function writeRecord(root: string, folder: Folder, record: StagedAction): void {
  const file = relFile(folder, recordName(record.token));
  // Who decides is checked where a record is written as well as where it is read: a record
  // whose decider does not fit its state is never written (the decisions refuse it first).
  if (!deciderFits(record.state, record.decided_by)) {
    throw new Error(`refusing to write ${file}: '${record.decided_by}' cannot leave a stage ${record.state}`);
  }
  try {
    ensureRuntimeDir(root, `${STORE_DIR}/${folder}`);
    writeFileAtomic(join(root, file), serializeRecord(record));
  } catch (error) {
    throw new RepoStateError(`cannot write (${errnoOf(error)})`, file, 'check the permissions of the store');
  }
}

/**
 * Writes a new stage to `pending/` through a temporary file and a rename. The runtime folder
 * ignores itself for git, so machine-local state is never committed even where `.gitignore`
 * forgot it.
 */
export function putPending(root: string, record: StagedAction): string {
  writeRecord(root, 'pending', record);
  return relFile('pending', recordName(record.token));
}

/**
 * Carries out a decision: one rename moves the record (whoever renames first wins; the rest
 * find the source gone and get false), then the new content replaces it atomically.
 */
export function applyTransition(root: string, transition: Transition): boolean {
  const name = recordName(transition.write.token);
  if (transition.from !== transition.to) {
    ensureRuntimeDir(root, `${STORE_DIR}/${transition.to}`);
    try {
      renameSync(join(root, relFile(transition.from, name)), join(root, relFile(transition.to, name)));
    } catch (error) {
      if (errnoOf(error) === 'ENOENT') return false;
      throw new RepoStateError(
        `cannot move (${errnoOf(error)})`,
        relFile(transition.from, name),
        'check the permissions of the store',
      );
    }
  }
  writeRecord(root, transition.to, transition.write);
  return true;
}

/**
 * Moves every expired stage of `pending/` to `resolved/` under the file name it was found by,
 * without rewriting it (a later claim still answers `expired`). Unreadable and tampered records
 * stay where they are; a record is never moved over another. Returns the files moved.
 */
export function pruneExpired(root: string, policy: StagePolicy): string[] {
  const moved: string[] = [];
  for (const found of listFolder(root, 'pending')) {
    if (standing(found, policy) !== 'expired') continue;
    const name = found.file.slice(found.file.lastIndexOf('/') + 1);
    const target = join(root, relFile('resolved', name));
    if (existsSync(target)) continue;
    ensureRuntimeDir(root, `${STORE_DIR}/resolved`);
    try {
      renameSync(join(root, found.file), target);
      moved.push(found.file);
    } catch (error) {
      if (errnoOf(error) !== 'ENOENT') throw error;
    }
  }
  return moved;
}
