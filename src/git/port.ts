/** One entry of `git status --porcelain=v1 -z`: index and work-tree letters, and the path. */
export interface StatusEntry {
  index: string;
  worktree: string;
  path: string;
  /** The source path of a rename or copy. */
  from?: string;
}

/** One file of a commit's tree: its path (from the top level), mode and blob id. */
export interface TreeEntry {
  path: string;
  mode: string;
  oid: string;
}

/**
 * What the domain needs from git, shaped by the commands rather than by git's CLI.
 * Every path is relative to the repository's top level, POSIX separators.
 */
export interface GitPort {
  /** Absolute top level of the work tree containing the port's directory, or null outside git. */
  topLevel(): Promise<string | null>;
  /** True when HEAD points at a commit (false in a repository without commits). */
  hasCommits(): Promise<boolean>;
  /** The commit a revision names, or null when it does not resolve. */
  resolveRevision(rev: string): Promise<string | null>;
  /** Paths changed by commits in `base..HEAD`; throws `RepoStateError` when `base` does not resolve. */
  changedSince(base: string): Promise<string[]>;
  /** Tracked paths (`git ls-files`), optionally limited to pathspecs. */
  listTracked(pathspecs?: string[]): Promise<string[]>;
  /**
   * Tracked files containing any of the fixed strings (`git grep -l -F`). `untracked` also
   * searches untracked files that are not ignored; `binary` also lists binary files.
   */
  grepFixed(needles: string[], options?: { untracked?: boolean; binary?: boolean }): Promise<string[]>;
  /** Paths added, copied, modified or renamed in the index (`git diff --cached --diff-filter=ACMR`). */
  stagedPaths(): Promise<string[]>;
  /** Changes to tracked files, staged or not (`git status`; untracked files are not listed). */
  status(): Promise<StatusEntry[]>;
  /** `git mv` one path to another (parent folders must exist). */
  move(from: string, to: string): Promise<void>;
  /**
   * Stages exactly these files: their current content, or their removal when they are gone
   * (`git update-index --add --remove`; paths are never globs).
   */
  add(paths: string[]): Promise<void>;
  /** The absolute path git uses for a `.git`-relative path such as `hooks` (`git rev-parse --git-path`). */
  gitPath(name: string): Promise<string>;
  /**
   * Every file of a commit's tree (`git ls-tree -r --full-tree`), paths from the top level,
   * optionally limited to pathspecs; throws `RepoStateError` when `rev` names no commit.
   */
  treeFiles(rev: string, pathspecs?: string[]): Promise<TreeEntry[]>;
  /** Files of the index (`git ls-files -s`), paths from the top level, optionally limited to pathspecs. */
  indexFiles(pathspecs?: string[]): Promise<TreeEntry[]>;
  /** The bytes of blobs by id (`git cat-file --batch`); ids git does not know are left out. */
  readBlobs(oids: string[]): Promise<Map<string, Buffer>>;
}

/** Builds a port for a directory. Commands receive this factory through the Context. */
export type GitFactory = (dir: string) => GitPort;
