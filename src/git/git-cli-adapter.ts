import { isAbsolute, resolve } from 'node:path';
import { GitCommandError, RepoStateError } from '../core/errors.js';
import type {
  ChangedFile,
  GitObject,
  GitPort,
  LoggedCommit,
  StatusEntry,
  TreeEntry,
  WorktreeEntry,
} from '../core/git-port.js';
import { lazyRequire } from '../core/lazy-require.js';

type ChildProcessModule = typeof import('node:child_process');
let childProcess: ChildProcessModule | undefined;

/**
 * Runs git with arguments (never through a shell), `input` on its standard input, and resolves
 * with its stdout. Exit codes other than 0 reject with a GitCommandError carrying git's stderr.
 */
function runGit(cwd: string, args: string[], input?: string): Promise<string> {
  return execGit(cwd, args, input, 'utf8', 1024 * 1024 * 1024) as Promise<string>;
}

/** `runGit` for bytes: stdout as a Buffer (blob contents need not be text). */
function runGitBytes(cwd: string, args: string[], input: string): Promise<Buffer> {
  return execGit(cwd, args, input, 'buffer', 4 * 1024 * 1024 * 1024) as Promise<Buffer>;
}

/** Both runners: stdout decoded or as bytes; git's stderr in the error either way. */
function execGit(
  cwd: string,
  args: string[],
  input: string | undefined,
  encoding: 'utf8' | 'buffer',
  maxBuffer: number,
): Promise<string | Buffer> {
  // Loaded on first use: `child_process` (and the networking it pulls in) costs every command
  // ~7 ms at start, and most runs of `progress` and `gates` never call git. Loaded
  // synchronously, so git starts at once and runs while the caller goes on working.
  childProcess ??= lazyRequire<ChildProcessModule>('node:child_process');
  return new Promise((resolvePromise, reject) => {
    const child = childProcess!.execFile(
      'git',
      args,
      { cwd, encoding, maxBuffer },
      (error, stdout: string | Buffer, stderr: string | Buffer) => {
        if (error === null) {
          resolvePromise(stdout);
          return;
        }
        const code = typeof error.code === 'number' ? error.code : null;
        const said = stderr.toString().trim();
        reject(new GitCommandError(args, said || (code === null ? error.message : ''), code));
      },
    );
    // git may exit before it reads its input (outside a repository, for one): the write then
    // fails with EPIPE, which would crash the process unless handled; git's exit says it all.
    child.stdin?.on('error', () => {});
    if (input !== undefined) child.stdin?.end(input);
  });
}

const NO_BLOB = /^0+$/;

/**
 * Parses `git log --raw -z` with a `%x01%H %ct %cI` header: tokens between NULs are a header
 * (starting with \x01), a raw entry (`:old new oldId newId status`, after a header with a
 * newline first) and, always next to an entry, its path, which may hold any byte but NUL.
 */
export function parseRawLog(out: string): LoggedCommit[] {
  const commits: LoggedCommit[] = [];
  const tokens = out.split('\0');
  let current: LoggedCommit | undefined;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.startsWith('\x01')) {
      const [commit = '', time = '0', date = ''] = token.slice(1).split(' ');
      current = { commit, time: Number(time), date, changes: [] };
      commits.push(current);
      continue;
    }
    const meta = token.startsWith('\n') ? token.slice(1) : token;
    if (!meta.startsWith(':') || current === undefined) continue;
    const [, mode = '', , id = '', status = ''] = meta.slice(1).split(' ');
    const path = tokens[++i] ?? '';
    const deleted = status.startsWith('D') || NO_BLOB.test(id);
    current.changes.push({ path, blob: deleted ? null : id, mode });
  }
  return commits;
}

/** Parses `git cat-file --batch` output by byte offsets: `<id> <type> <size>\n<bytes>\n` or `<id> missing\n`. */
export function parseCatFileBatch(out: Buffer): Map<string, Buffer | null> {
  const blobs = new Map<string, Buffer | null>();
  let at = 0;
  while (at < out.length) {
    const eol = out.indexOf(0x0a, at);
    if (eol === -1) break;
    const [id = '', type = '', size = ''] = out.toString('latin1', at, eol).split(' ');
    at = eol + 1;
    if (size === '') {
      blobs.set(id, null);
      continue;
    }
    const length = Number(size);
    blobs.set(id, type === 'blob' ? out.subarray(at, at + length) : null);
    at += length + 1;
  }
  return blobs;
}

const OBJECT_HEADER = /^([0-9a-f]{40}|[0-9a-f]{64}) ([a-z]+) (\d+)$/;

/**
 * Parses `git cat-file --batch` output in the order of its input: `<oid> <type> <size>\n<bytes>\n`
 * for an object, one other line (`<name> missing`, `<name> ambiguous`) for a name that names none.
 */
export function parseCatFileOrdered(out: Buffer, count: number): Array<GitObject | null> {
  const objects: Array<GitObject | null> = [];
  let at = 0;
  while (objects.length < count && at < out.length) {
    const eol = out.indexOf(0x0a, at);
    if (eol === -1) break;
    const header = OBJECT_HEADER.exec(out.toString('latin1', at, eol));
    at = eol + 1;
    if (header === null) {
      objects.push(null);
      continue;
    }
    const size = Number(header[3]);
    objects.push({ oid: header[1]!, type: header[2]!, bytes: out.subarray(at, at + size) });
    at += size + 1;
  }
  while (objects.length < count) objects.push(null);
  return objects;
}

/**
 * Parses `git worktree list --porcelain -z`: attributes end in NUL, an empty one ends a working
 * tree; a path may hold any byte but NUL.
 */
export function parseWorktreeList(out: string): WorktreeEntry[] {
  const entries: WorktreeEntry[] = [];
  let current: WorktreeEntry | null = null;
  for (const attribute of out.split('\0')) {
    if (attribute === '') {
      if (current !== null) entries.push(current);
      current = null;
      continue;
    }
    const space = attribute.indexOf(' ');
    const key = space === -1 ? attribute : attribute.slice(0, space);
    const value = space === -1 ? '' : attribute.slice(space + 1);
    if (key === 'worktree') {
      if (current !== null) entries.push(current);
      current = { path: value, head: null, branch: null, bare: false, prunable: false };
    } else if (current !== null) {
      if (key === 'HEAD' && !/^0+$/.test(value)) current.head = value;
      else if (key === 'branch') current.branch = value;
      else if (key === 'bare') current.bare = true;
      else if (key === 'prunable') current.prunable = true;
    }
  }
  if (current !== null) entries.push(current);
  return entries;
}

function splitZ(out: string): string[] {
  return out.split('\0').filter((s) => s.length > 0);
}

function splitLines(out: string): string[] {
  return out
    .split('\n')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/**
 * Many ASCII needles as one PCRE alternation, or null when -F is the better (or only) choice:
 * few needles, non-ASCII text (PCRE's UTF mode depends on the locale), or an argument near
 * the kernel's 128 KB limit for one argument.
 */
function pcreAlternation(needles: string[]): string | null {
  if (needles.length < 8 || needles.some((n) => !/^[\x20-\x7e]+$/.test(n))) return null;
  const pattern = needles.map((n) => n.replace(/[\\^$.|?*+()[\]{}]/g, '\\$&')).join('|');
  return pattern.length < 100_000 ? pattern : null;
}

/** The one adapter between the domain and git: the git CLI, run with execFile. */
class GitCliAdapter implements GitPort {
  constructor(private readonly dir: string) {}

  private raw(args: string[]): Promise<string> {
    // core.quotepath=off: paths with non-ASCII characters come back as they are.
    return runGit(this.dir, ['-c', 'core.quotepath=off', ...args]);
  }

  async topLevel(): Promise<string | null> {
    try {
      const out = (await this.raw(['rev-parse', '--show-toplevel'])).trim();
      return out.length > 0 ? out : null;
    } catch {
      return null;
    }
  }

  async hasCommits(): Promise<boolean> {
    return (await this.resolveRevision('HEAD')) !== null;
  }

  async resolveRevision(rev: string): Promise<string | null> {
    if (rev.startsWith('-')) return null;
    try {
      const out = (await this.raw(['rev-parse', '--verify', '--quiet', `${rev}^{commit}`])).trim();
      return out.length > 0 ? out : null;
    } catch {
      return null;
    }
  }

  async changedSince(base: string): Promise<string[]> {
    const commit = await this.resolveRevision(base);
    if (commit === null) {
      throw new RepoStateError(`cannot resolve \`${base}\``, undefined, 'pass --base REV, or --all');
    }
    const out = await this.raw(['log', `${commit}..HEAD`, '--name-only', '--pretty=format:', '-z']);
    return [...new Set(splitZ(out).flatMap((s) => splitLines(s)))];
  }

  async listTracked(pathspecs: string[] = []): Promise<string[]> {
    const out = await this.raw(['ls-files', '-z', '--', ...pathspecs]);
    return splitZ(out);
  }

  async grepFixed(
    needles: string[],
    options: { untracked?: boolean; binary?: boolean } = {},
  ): Promise<string[]> {
    if (needles.length === 0) return [];
    const args = ['grep', '-l', '-z', '--no-color'];
    if (options.binary !== true) args.push('-I');
    if (options.untracked === true) args.push('--untracked');
    const alternation = pcreAlternation(needles);
    if (alternation !== null) {
      // git grep scans once per -F pattern; one PCRE alternation scans once for all of them.
      // Any failure (git built without PCRE, a pattern too large) falls back to -F.
      try {
        return await this.grep([...args, '-P', alternation]);
      } catch {}
    }
    return this.grep([...args, '-F', ...needles.flatMap((n) => ['-e', n])]);
  }

  private async grep(args: string[]): Promise<string[]> {
    try {
      return splitZ(await this.raw(args));
    } catch (error) {
      // git grep exits 1 when nothing matches.
      if (error instanceof GitCommandError && error.gitExitCode === 1 && error.stderr === '') return [];
      throw error;
    }
  }

  async stagedPaths(): Promise<string[]> {
    const out = await this.raw(['diff', '--cached', '--name-only', '-z', '--diff-filter=ACMR']);
    return splitZ(out);
  }

  async status(): Promise<StatusEntry[]> {
    // Untracked files are not asked for: listing them walks the whole work tree. No optional
    // locks: status never writes the index, so it can run beside other git commands.
    const parts = splitZ(
      await this.raw(['--no-optional-locks', 'status', '--porcelain=v1', '-z', '--untracked-files=no']),
    );
    const entries: StatusEntry[] = [];
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i]!;
      const entry: StatusEntry = { index: part[0]!, worktree: part[1]!, path: part.slice(3) };
      if (entry.index === 'R' || entry.index === 'C') entry.from = parts[++i];
      entries.push(entry);
    }
    return entries;
  }

  async add(paths: string[]): Promise<void> {
    if (paths.length === 0) return;
    // Exact paths on stdin, not pathspecs: nothing acts as a glob, and git does not match each
    // of hundreds of pathspecs against every index entry (`git add` took ~0.35 ms a path).
    await runGit(this.dir, ['update-index', '--add', '--remove', '-z', '--stdin'], `${paths.join('\0')}\0`);
  }

  async firstParentLog(pathspec: string): Promise<LoggedCommit[]> {
    if (!(await this.hasCommits())) return [];
    const out = await this.raw([
      'log',
      '--first-parent',
      '--reverse',
      '--no-renames',
      '--raw',
      '--no-abbrev',
      '-z',
      '--format=%x01%H %ct %cI',
      'HEAD',
      '--',
      pathspec,
    ]);
    return parseRawLog(out);
  }

  async changedBetween(from: string, to: string, pathspecs: string[]): Promise<ChangedFile[]> {
    const out = splitZ(
      await this.raw(['diff', '--name-status', '-M', '-z', '--no-ext-diff', from, to, '--', ...pathspecs]),
    );
    const changes: ChangedFile[] = [];
    for (let i = 0; i < out.length; ) {
      const status = out[i++]!.charAt(0);
      if (status === 'R' || status === 'C') {
        const before = out[i++]!;
        changes.push({ status, path: out[i++]!, from: before });
      } else changes.push({ status, path: out[i++]! });
    }
    return changes;
  }

  async firstParentSince(rev: string): Promise<string[]> {
    const commit = await this.resolveRevision(rev);
    if (commit === null)
      throw new RepoStateError(`cannot resolve \`${rev}\``, undefined, 'pass a commit, branch or tag');
    return splitLines(await this.raw(['rev-list', '--first-parent', `${commit}..HEAD`]));
  }

  async readBlobs(ids: readonly string[]): Promise<Map<string, Buffer | null>> {
    if (ids.length === 0) return new Map();
    const out = await runGitBytes(this.dir, ['cat-file', '--batch'], `${ids.join('\n')}\n`);
    return parseCatFileBatch(out);
  }

  async readObjects(names: readonly string[]): Promise<Array<GitObject | null>> {
    // A name with a line break would read as two: it is answered null, never sent.
    const sent = names.filter((n) => !/[\n\r\0]/.test(n));
    if (sent.length === 0) return names.map(() => null);
    const out = await runGitBytes(
      this.dir,
      ['--no-replace-objects', 'cat-file', '--batch'],
      `${sent.join('\n')}\n`,
    );
    const read = parseCatFileOrdered(out, sent.length);
    return names.map((n) => (/[\n\r\0]/.test(n) ? null : read.shift()!));
  }

  async userName(): Promise<string | null> {
    return this.configValue('user.name');
  }

  async configValue(name: string): Promise<string | null> {
    try {
      const out = (await this.raw(['config', '--get', name])).trim();
      return out.length > 0 ? out : null;
    } catch {
      return null;
    }
  }

  async worktrees(): Promise<WorktreeEntry[]> {
    return parseWorktreeList(await this.raw(['worktree', 'list', '--porcelain', '-z']));
  }

  async aliases(options: { gitDir?: string } = {}): Promise<Map<string, string>> {
    let out: string;
    const repository = options.gitDir === undefined ? [] : [`--git-dir=${options.gitDir}`];
    try {
      out = await this.raw([...repository, 'config', '-z', '--get-regexp', '^alias\\.']);
    } catch (error) {
      // Exit 1: no key matched.
      if (error instanceof GitCommandError && error.gitExitCode === 1) return new Map();
      throw error;
    }
    const aliases = new Map<string, string>();
    for (const entry of out.split('\0')) {
      if (entry === '') continue;
      const nl = entry.indexOf('\n');
      const key = nl === -1 ? entry : entry.slice(0, nl);
      // A key without a value (`[alias] x`) is git's boolean true: no command, git refuses it.
      if (nl !== -1) aliases.set(key.slice('alias.'.length).toLowerCase(), entry.slice(nl + 1));
    }
    return aliases;
  }

  async gitPath(name: string): Promise<string> {
    const out = (await this.raw(['rev-parse', '--git-path', name])).trim();
    return isAbsolute(out) ? out : resolve(this.dir, out);
  }

  async treeFiles(rev: string, pathspecs: string[] = []): Promise<TreeEntry[]> {
    const commit = await this.resolveRevision(rev);
    if (commit === null)
      throw new RepoStateError(`cannot resolve \`${rev}\``, undefined, 'pass a branch, tag or commit');
    const out = await this.raw(['ls-tree', '-r', '-z', '--full-tree', commit, '--', ...pathspecs]);
    const entries: TreeEntry[] = [];
    for (const item of splitZ(out)) {
      const tab = item.indexOf('\t');
      const [mode, type, oid] = item.slice(0, tab).split(' ');
      if (type === 'blob') entries.push({ path: item.slice(tab + 1), mode: mode!, oid: oid! });
    }
    return entries;
  }

  async indexFiles(pathspecs: string[] = []): Promise<TreeEntry[]> {
    const top = await this.topLevel();
    const out = await runGit(top ?? this.dir, [
      '-c',
      'core.quotepath=off',
      'ls-files',
      '-s',
      '-z',
      '--',
      ...pathspecs,
    ]);
    return splitZ(out).map((item) => {
      const tab = item.indexOf('\t');
      const [mode, oid] = item.slice(0, tab).split(' ');
      return { path: item.slice(tab + 1), mode: mode!, oid: oid! };
    });
  }
}

/** The GitFactory cli/main.ts puts into the Context. */
export function createGit(dir: string): GitPort {
  return new GitCliAdapter(dir);
}
