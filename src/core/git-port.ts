/** One entry of `git status --porcelain=v1 -z`: index and work-tree letters, and the path. */
export interface StatusEntry {
  index: string;
  worktree: string;
  path: string;
  /** The source path of a rename or copy. */
  from?: string;
}

/** One file a commit changed, as `git log --raw` lists it (renames are a deletion and an addition). */
export interface RawChange {
  /** Path relative to the repository's top level. */
  path: string;
  /** The file's blob after the commit, or null when the commit deleted it. */
  blob: string | null;
  /** Its mode after the commit (`100644`, `100755`, `120000` a symbolic link, `160000` a submodule). */
  mode: string;
}

/** A commit of a first-parent history and the files it changed against its first parent. */
export interface LoggedCommit {
  commit: string;
  /** Committer date, seconds since the epoch. */
  time: number;
  /** Committer date in strict ISO 8601, as git prints it (`%cI`). */
  date: string;
  changes: RawChange[];
}

/** One file that differs between two commits (`git diff --name-status -M`): a rename has `from`. */
export interface ChangedFile {
  /** `A`, `M`, `D`, `R` (a rename, the score dropped), `T` … */
  status: string;
  /** Path relative to the top level: the new one of a rename. */
  path: string;
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
  /**
   * Stages exactly these files: their current content, or their removal when they are gone
   * (`git update-index --add --remove`; paths are never globs).
   */
  add(paths: string[]): Promise<void>;
  /**
   * Every first-parent commit of HEAD that changed something under `pathspec`, oldest first,
   * with its changes against the first parent: one `git log --first-parent --raw -z`.
   * Empty in a repository without commits.
   */
  firstParentLog(pathspec: string): Promise<LoggedCommit[]>;
  /**
   * The files that differ between commits `from` and `to` under `pathspecs`, renames detected
   * (`git diff --name-status -M -z from to -- pathspecs`).
   */
  changedBetween(from: string, to: string, pathspecs: string[]): Promise<ChangedFile[]>;
  /** The first-parent commits of HEAD that `rev` cannot reach (`git rev-list --first-parent rev..HEAD`). */
  firstParentSince(rev: string): Promise<string[]>;
  /**
   * The contents of objects, read with one `git cat-file --batch`: each id maps to its bytes, or
   * to null when it is missing or not a blob.
   */
  readBlobs(ids: readonly string[]): Promise<Map<string, Buffer | null>>;
  /**
   * The objects these names resolve to (`HEAD`, `HEAD:./agent-config.yaml`,
   * `refs/remotes/origin/HEAD`), in the order given, read with one `git cat-file --batch` that
   * ignores replacement refs (`git replace` cannot change what a name reads as): null for a name
   * that resolves to nothing, or that holds a line break. Throws `GitCommandError` when git
   * cannot run here (outside a repository, for one).
   */
  readObjects(names: readonly string[]): Promise<Array<GitObject | null>>;
  /** The absolute path git uses for a `.git`-relative path such as `hooks` (`git rev-parse --git-path`). */
  gitPath(name: string): Promise<string>;
  /**
   * Every file of a commit's tree (`git ls-tree -r --full-tree`), paths from the top level,
   * optionally limited to pathspecs; throws `RepoStateError` when `rev` names no commit.
   */
  treeFiles(rev: string, pathspecs?: string[]): Promise<TreeEntry[]>;
  /** Files of the index (`git ls-files -s`), paths from the top level, optionally limited to pathspecs. */
  indexFiles(pathspecs?: string[]): Promise<TreeEntry[]>;
  /** git's `user.name` as the repository sees it, or null when it is not set. */
  userName(): Promise<string | null>;
  /**
   * The aliases git's configuration defines here, included files and the user's too (`git config
   * -z --get-regexp '^alias\.'`): name (lower case) → value. Empty when there are none; throws
   * `GitCommandError` when git cannot read its configuration. `gitDir`: the repository git is
   * told to use (`git --git-dir=…`), instead of the one it finds from here.
   */
  aliases(options?: { gitDir?: string }): Promise<Map<string, string>>;
  /** A configuration value as the repository sees it (`git config --get`), or null when unset. */
  configValue(name: string): Promise<string | null>;
  /** The repository's working trees, the main one first (`git worktree list --porcelain -z`). */
  worktrees(): Promise<WorktreeEntry[]>;
}

/** One working tree as `git worktree list --porcelain` names it. */
export interface WorktreeEntry {
  /** Absolute path of the working tree (of the repository itself when `bare`). */
  path: string;
  /** The commit HEAD names there, or null (no commits yet, or a bare repository). */
  head: string | null;
  /** `refs/heads/…`, or null when HEAD is detached. */
  branch: string | null;
  bare: boolean;
  /** git would prune it: its folder is gone. */
  prunable: boolean;
}

/** An object as `git cat-file --batch` gives it. */
export interface GitObject {
  oid: string;
  /** `blob`, `tree`, `commit` or `tag`. */
  type: string;
  bytes: Buffer;
}

/** Builds a port for a directory. Commands receive this factory through the Context. */
export type GitFactory = (dir: string) => GitPort;
