import { renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONFIG_FILE, type Config } from '../core/config.js';
import { nodeCrypto } from '../core/crypto.js';
import { AgentConfigError, GitCommandError } from '../core/errors.js';
import type { GitObject, GitPort } from '../core/git-port.js';
import {
  type ConfigVersion,
  configuredKeywords,
  readConfigVersion,
  strictestConfig,
  unreadableVersion,
  type VersionSource,
} from '../guard/anchor.js';
import {
  ANCHOR_NOTE,
  type AnchorNote,
  readAnchorNote,
  readRegularFile,
  readRegularFileBytes,
} from './anchor-note.js';
import { ensureRuntimeDir } from './runtime-dir.js';

/**
 * The base: the remote's default branch as last fetched (`git clone` sets it; a person sets it
 * with `git remote set-head origin --auto`). Read by its full name, so a local branch called
 * `origin/main` cannot stand in for it.
 */
export const BASE_REF = 'refs/remotes/origin/HEAD';

/** Larger than any configuration: a file beyond it is not read. */
export const MAX_CONFIG_BYTES = 1024 * 1024;

/** A committed version asked for: its source, the revision and how messages name it. */
export interface Revision {
  source: VersionSource;
  rev: string;
  /** For messages: `HEAD`, `origin/HEAD`, `origin/main`. */
  label: string;
}

/** What a revision holds: its commit (null when it names none) and its version of the file. */
export interface CommittedVersion {
  commit: string | null;
  /** Null when the revision names no commit. */
  version: ConfigVersion | null;
}

function gitFailure(error: unknown): string {
  return error instanceof AgentConfigError ? error.oneLine() : String(error);
}

/** What a revision holds: its commit (null when it names none) and each file asked, as git read it. */
interface CommittedFiles {
  commit: string | null;
  /** In the order of the paths asked; null where the file is absent. */
  files: Array<GitObject | null>;
}

/**
 * The files at `paths` at each revision, read with one `git cat-file --batch`. Null outside a
 * repository (no revision names a commit); throws when git fails otherwise.
 */
async function readCommittedFiles(
  git: GitPort,
  revisions: readonly Revision[],
  paths: readonly string[],
): Promise<CommittedFiles[] | null> {
  let objects: Awaited<ReturnType<GitPort['readObjects']>>;
  try {
    objects = await git.readObjects(revisions.flatMap((r) => [r.rev, ...paths.map((p) => `${r.rev}:${p}`)]));
  } catch (error) {
    if (error instanceof GitCommandError && /not a git repository/i.test(error.stderr)) return null;
    throw error;
  }
  const per = paths.length + 1;
  return revisions.map((_, i) => {
    const commit = objects[per * i];
    if (commit?.type !== 'commit') return { commit: null, files: paths.map(() => null) };
    return { commit: commit.oid, files: paths.map((_, j) => objects[per * i + 1 + j] ?? null) };
  });
}

/**
 * The versions of `agent-config.yaml` at these revisions, read with one git process. `path` is
 * how git names the file: `./agent-config.yaml` (relative to the port's folder, in a work tree)
 * or a top-level path. Outside a repository no revision names a commit; when git fails
 * otherwise every revision's version is invalid (read as the defaults) with git's one line.
 * `also`: more files read in the same git process, each at every revision (their answers in
 * `files` of the result, null where git could not be read).
 */
export async function readCommittedVersions(
  git: GitPort,
  revisions: readonly Revision[],
  path: string,
  also: readonly string[] = [],
): Promise<Array<CommittedVersion & { files: Array<GitObject | null> | null }>> {
  let read: CommittedFiles[] | null;
  try {
    read = await readCommittedFiles(git, revisions, [path, ...also]);
  } catch (error) {
    const why = gitFailure(error);
    return revisions.map((r) => ({
      commit: null,
      version: unreadableVersion(
        r.source,
        `${r.label}:${CONFIG_FILE}`,
        `cannot read ${r.label}:${CONFIG_FILE} (${why})`,
      ),
      files: null,
    }));
  }
  if (read === null)
    return revisions.map(() => ({ commit: null, version: null, files: also.map(() => null) }));
  return revisions.map((r, i) => {
    const { commit, files } = read[i]!;
    const [file, ...rest] = files;
    if (commit === null) return { commit: null, version: null, files: rest };
    const name = `${r.label}:${CONFIG_FILE}`;
    if (file === null || file === undefined)
      return { commit, version: readConfigVersion(r.source, name, null), files: rest };
    if (file.type !== 'blob')
      return { commit, version: unreadableVersion(r.source, name, `${name}: is not a file`), files: rest };
    return { commit, version: readConfigVersion(r.source, name, file.bytes.toString('utf8')), files: rest };
  });
}

/** The working copy's `agent-config.yaml` at the root (a pipe or a device in its place is invalid, never waited on). */
export function readWorkingVersion(root: string): ConfigVersion {
  const text = readRegularFile(join(root, CONFIG_FILE), MAX_CONFIG_BYTES);
  if (text !== undefined) return readConfigVersion('working-copy', CONFIG_FILE, text);
  return unreadableVersion(
    'working-copy',
    CONFIG_FILE,
    `${CONFIG_FILE}: cannot be read as a file (not a regular file, unreadable or over 1 MiB)`,
  );
}

/**
 * Another file of the repository read with the rules, at the same three versions (the signers
 * file, docs/signing.md). A committed version is null where the file (or the revision) is
 * absent; the working copy's is undefined when it is not a regular file, cannot be read or is
 * over 1 MiB (never waited on: a pipe in its place cannot hold the hook).
 */
export interface AnchoredFile {
  working: Buffer | null | undefined;
  head: Buffer | null;
  base: Buffer | null;
  /** False when the repository has no base branch (then no version is read there). */
  hasBase: boolean;
  /** True when git could not read the committed versions: what they hold is unknown. */
  unknown: boolean;
}

/** The rules in force at a root and the versions they come from. */
export interface AnchoredConfig {
  /** The strictest of the versions: what the guard applies. */
  config: Config;
  /** The working copy's, HEAD's, and the base's when there is a base. */
  versions: ConfigVersion[];
  /** The commit HEAD names, or null (no commits, or not a repository). */
  head: string | null;
  /** The commit the base names, or null when there is no base (then HEAD is the anchor). */
  base: string | null;
  /** One line for each version that is invalid: said on every guarded call. */
  problems: string[];
  /** The files asked for with `also`, by their root-relative path. */
  files: Record<string, AnchoredFile>;
}

function blobOf(object: GitObject | null | undefined): Buffer | null {
  return object !== null && object !== undefined && object.type === 'blob' ? object.bytes : null;
}

/**
 * The rules in force at a root (docs/guard.md, "Which version of agent-config.yaml counts"):
 * the strictest of the working copy's `agent-config.yaml`, HEAD's and the base's, read with
 * one `git cat-file --batch` in the root. A version that is missing or invalid reads as an
 * empty file (the defaults): it adds no rule and switches nothing off. `also`: more
 * root-relative files (`/`) read at the same three versions in the same git process.
 */
export async function readAnchoredConfig(
  root: string,
  git: GitPort,
  options: { also?: readonly string[] } = {},
): Promise<AnchoredConfig> {
  const also = options.also ?? [];
  const working = readWorkingVersion(root);
  const [head, base] = await readCommittedVersions(
    git,
    [
      { source: 'HEAD', rev: 'HEAD', label: 'HEAD' },
      { source: 'base', rev: BASE_REF, label: 'origin/HEAD' },
    ],
    `./${CONFIG_FILE}`,
    also.map((rel) => `./${rel}`),
  );
  // No commit at HEAD (a new repository, or none at all): HEAD holds no file, so the defaults.
  const versions = [working, head!.version ?? readConfigVersion('HEAD', `HEAD:${CONFIG_FILE}`, null)];
  if (base!.version !== null) versions.push(base!.version);
  const files: Record<string, AnchoredFile> = {};
  also.forEach((rel, i) => {
    files[rel] = {
      working: readRegularFileBytes(join(root, rel), MAX_CONFIG_BYTES),
      head: blobOf(head!.files?.[i]),
      base: blobOf(base!.files?.[i]),
      hasBase: base!.commit !== null,
      unknown: head!.files === null || base!.files === null,
    };
  });
  return {
    config: strictestConfig(versions.map((v) => v.config)),
    versions,
    head: head!.commit,
    base: base!.commit,
    problems: versions.flatMap((v) => (v.problem === null ? [] : [v.problem])),
    files,
  };
}

/**
 * Leaves the hook's fast path its note (anchor-note.ts): the words of the rules at HEAD and on
 * the base, for the commits read. Written only when it changes, whole or not at all.
 */
export function writeAnchorNote(root: string, anchored: AnchoredConfig): void {
  const note: AnchorNote = {
    head: anchored.head,
    base: anchored.base,
    keywords: configuredKeywords(
      anchored.versions.filter((v) => v.source !== 'working-copy').map((v) => v.config),
    ),
  };
  const now = readAnchorNote(root);
  if (now !== null && JSON.stringify(now) === JSON.stringify(note)) return;
  ensureRuntimeDir(root);
  const path = join(root, ANCHOR_NOTE);
  const temp = `${path}.${nodeCrypto().randomBytes(6).toString('hex')}.tmp`;
  writeFileSync(temp, `${JSON.stringify(note)}\n`);
  renameSync(temp, path);
}
