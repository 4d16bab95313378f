import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll } from 'vitest';
import { GIT_ENV } from './git-env.js';

export { GIT_ENV };

const made: string[] = [];

afterAll(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Runs git in a folder with the test environment; returns stdout. */
export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, env: { ...process.env, ...GIT_ENV }, encoding: 'utf8' });
}

/** A fresh temporary folder, removed after the test file. */
export function tempDir(prefix = 'agent-config-'): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), prefix)));
  made.push(dir);
  return dir;
}

/** Writes files (path → content) below a folder, creating parents. */
export function writeFiles(root: string, files: Record<string, string>): void {
  for (const [path, content] of Object.entries(files)) {
    const abs = join(root, path);
    mkdirSync(dirname(abs), { recursive: true });
    writeFileSync(abs, content);
  }
}

/**
 * A real temporary git repository with the files committed (when `commit` is true, the default).
 * Branch `main`, fixed dates, isolated configuration.
 */
export function makeRepo(files: Record<string, string> = {}, options: { commit?: boolean } = {}): string {
  const dir = tempDir();
  git(dir, 'init', '-q', '-b', 'main');
  writeFiles(dir, files);
  if (options.commit !== false && Object.keys(files).length > 0) {
    git(dir, 'add', '-A');
    git(dir, 'commit', '-q', '-m', 'initial');
  }
  return dir;
}

/**
 * A bare origin whose `main` holds `files` (committed from `upstream`, a person's clone), and a
 * fresh clone of it in `dir`: `refs/remotes/origin/HEAD` names `origin/main`, as after `git clone`.
 */
export function clonedRepo(files: Record<string, string> = {}): { dir: string; upstream: string } {
  const remote = tempDir();
  git(remote, 'init', '-q', '--bare', '-b', 'main');
  const upstream = makeRepo(files);
  git(upstream, 'remote', 'add', 'origin', remote);
  git(upstream, 'push', '-q', 'origin', 'main');
  const dir = tempDir();
  git(dir, 'clone', '-q', remote, '.');
  return { dir, upstream };
}

/** The path of something in test/fixtures. */
export function fixturePath(...parts: string[]): string {
  return join(import.meta.dirname, '..', 'fixtures', ...parts);
}

/** Copies a fixture folder (from test/fixtures) into a fresh temporary folder. */
export function copyFixture(name: string): string {
  const dir = tempDir();
  cpSync(fixturePath(name), dir, { recursive: true });
  return dir;
}

/** A complete, open, user-owned blocker entry with the id `go` (every field lint asks for). */
export const OPEN_BLOCKER_GO = `### blocker: go
- **Status:** open
- **Owner:** user
- **Blocks:** Phase 1
- **Recommendation:** go
- **If you do nothing:** nothing ships
- **What to do:** say go
- **Resolved when:** said
`;
