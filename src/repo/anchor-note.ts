import { closeSync, constants, existsSync, fstatSync, openSync, readSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

// The hook's fast path answers "no opinion" without loading the CLI or running git. The rules in
// force also come from the versions of agent-config.yaml at HEAD and on the base, which only git
// can read: the full decision leaves this note of their rules' words, for the commits it read
// them at, and the fast path trusts it only while HEAD and the base still name those commits —
// which it reads from git's ref files itself. Kept small: dist/bin.js carries this module.

/** The note, relative to the repository root (the runtime folder ignores itself in git). */
export const ANCHOR_NOTE = 'agents/runtime/guard-anchor.json';

/** The words of the committed versions' own rules, and the commits they were read at. */
export interface AnchorNote {
  head: string | null;
  base: string | null;
  keywords: string[];
}

const OID = /^([0-9a-f]{40}|[0-9a-f]{64})$/;

/**
 * A regular file's bytes (up to `max` bytes); null when there is none; undefined for anything
 * else (a pipe, a device, a folder, a larger file, an error): opened without blocking, so a
 * named pipe in its place cannot hold the hook.
 */
export function readRegularFileBytes(path: string, max: number): Buffer | null | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
    const { size } = fstatSync(fd);
    if (!fstatSync(fd).isFile() || size > max) return undefined;
    const bytes = Buffer.alloc(size);
    let at = 0;
    while (at < size) {
      const n = readSync(fd, bytes, at, size - at, at);
      if (n === 0) break;
      at += n;
    }
    return bytes.subarray(0, at);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT' || code === 'ENOTDIR' ? null : undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** A regular file's text: `readRegularFileBytes` as UTF-8. */
export function readRegularFile(path: string, max: number): string | null | undefined {
  const bytes = readRegularFileBytes(path, max);
  return bytes === null || bytes === undefined ? bytes : bytes.toString('utf8');
}

interface GitDirs {
  /** The work tree's top: the folder holding `.git`. */
  top: string;
  gitDir: string;
  commonDir: string;
}

/** git's folders for a work tree, found as git finds them (`.git` folder or `gitdir:` file); null outside git. */
function findGitDirs(start: string): GitDirs | null | undefined {
  for (let dir = resolve(start), up = ''; dir !== up; up = dir, dir = dirname(dir)) {
    const dotGit = join(dir, '.git');
    const asFile = readRegularFile(dotGit, 4096);
    let gitDir: string;
    if (asFile === null) continue;
    if (asFile === undefined) {
      if (!existsSync(join(dotGit, 'HEAD'))) return undefined;
      gitDir = dotGit;
    } else {
      const m = /^gitdir: (.+)$/m.exec(asFile);
      if (m === null) return undefined;
      gitDir = resolve(dir, m[1]!.trim());
    }
    const common = readRegularFile(join(gitDir, 'commondir'), 4096);
    if (common === undefined) return undefined;
    const commonDir = common === null ? gitDir : resolve(gitDir, common.trim());
    // The reftable format keeps refs in binary tables: left to git.
    if (existsSync(join(commonDir, 'reftable'))) return undefined;
    return { top: dir, gitDir, commonDir };
  }
  return null;
}

/** The commit a ref names (symbolic refs followed), null when it names none, undefined when unsure. */
function resolveRef(dirs: GitDirs, name: string, depth = 0): string | null | undefined {
  if (depth > 5 || name.split('/').includes('..')) return undefined;
  const loose = readRegularFile(join(name === 'HEAD' ? dirs.gitDir : dirs.commonDir, name), 4096);
  if (loose === undefined) return undefined;
  if (loose === null) {
    if (name === 'HEAD') return undefined;
    const packed = readRegularFile(join(dirs.commonDir, 'packed-refs'), 256 * 1024 * 1024);
    if (packed === null || packed === undefined) return packed;
    const line = packed.split('\n').find((l) => l.endsWith(` ${name}`) && !l.startsWith('#'));
    if (line === undefined) return null;
    const oid = line.slice(0, -name.length - 1);
    return OID.test(oid) ? oid : undefined;
  }
  const text = loose.trim();
  if (OID.test(text)) return text;
  const target = /^ref: (refs\/\S+)$/.exec(text)?.[1];
  return target === undefined ? undefined : resolveRef(dirs, target, depth + 1);
}

/** The note at a root, or null when it is missing or not a note. */
export function readAnchorNote(root: string): AnchorNote | null {
  const text = readRegularFile(join(root, ANCHOR_NOTE), 64 * 1024);
  if (typeof text !== 'string') return null;
  try {
    const n = JSON.parse(text) as Partial<AnchorNote>;
    const commit = (v: unknown) => v === null || (typeof v === 'string' && OID.test(v));
    if (!commit(n.head) || !commit(n.base) || !Array.isArray(n.keywords)) return null;
    if (!n.keywords.every((k) => typeof k === 'string' && k !== '')) return null;
    return { head: n.head!, base: n.base!, keywords: n.keywords };
  } catch {
    return null;
  }
}

/** Variables that make git look elsewhere than a walk up from the folder: the fast path steps aside. */
const GIT_PLACES = ['GIT_DIR', 'GIT_COMMON_DIR', 'GIT_WORK_TREE', 'GIT_CEILING_DIRECTORIES', 'GIT_NAMESPACE'];

/**
 * The words of the committed versions' own rules, for the fast path: [] outside git; null when
 * only the full decision can tell (no note, or one written for other commits than HEAD and the
 * base name now, or refs this module does not read). `start` is where the hook finds its root:
 * that folder when it holds `agents/` or `agent-config.yaml`, else its git top level.
 */
export function anchoredKeywords(
  start: string,
  env: Readonly<Record<string, string | undefined>>,
): readonly string[] | null {
  if (GIT_PLACES.some((v) => (env[v] ?? '') !== '')) return null;
  const dirs = findGitDirs(start);
  if (dirs === undefined) return null;
  if (dirs === null) return [];
  const marked = existsSync(join(start, 'agents')) || existsSync(join(start, 'agent-config.yaml'));
  // As openRepository finds the hook's root (`find: 'project-dir'`).
  const root = marked ? start : dirs.top;
  const head = resolveRef(dirs, 'HEAD');
  const base = resolveRef(dirs, 'refs/remotes/origin/HEAD');
  if (head === undefined || base === undefined) return null;
  const note = readAnchorNote(root);
  return note !== null && note.head === head && note.base === base ? note.keywords : null;
}
