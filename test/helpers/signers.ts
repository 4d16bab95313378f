import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { GIT_ENV, git, makeRepo, tempDir } from './repo.js';

/**
 * A clone of a repository holding `files`, with its origin (a bare repository) and the base
 * branch as fetched (`refs/remotes/origin/HEAD` → `origin/main`), as a person's clone has it.
 */
export function clonedRepo(files: Record<string, string> = {}): { root: string; origin: string } {
  const first = makeRepo({ 'agents/README.md': 'agents\n', ...files });
  const origin = join(tempDir(), 'origin.git');
  git(first, 'clone', '-q', '--bare', first, origin);
  const root = join(tempDir(), 'work');
  execFileSync('git', ['clone', '-q', origin, root], { env: { ...process.env, ...GIT_ENV } });
  return { root, origin };
}

/** Commits everything and merges it onto the base branch: pushed to origin/main and fetched back. */
export function mergeToBase(root: string, message = 'change'): void {
  git(root, 'add', '-A');
  git(root, 'commit', '-q', '--allow-empty', '-m', message);
  git(root, 'push', '-q', 'origin', 'HEAD:main');
  git(root, 'fetch', '-q', 'origin');
}

/** Commits everything on the current branch only (HEAD moves, the base does not). */
export function commitOnly(root: string, message = 'local'): void {
  git(root, 'add', '-A');
  git(root, 'commit', '-q', '--allow-empty', '-m', message);
}

/** The environment a signing run needs: the real PATH and HOME, plus what the test adds. */
export function signingEnv(extra: Record<string, string> = {}): Record<string, string> {
  return { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/tmp', ...extra };
}
