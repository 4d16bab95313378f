import { type Dirent, readdirSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import type { Context } from '../core/context.js';
import { UsageError } from '../core/errors.js';
import type { RootProblem } from '../inbox/inbox.js';
import { pathKind } from './discover.js';
import { readInput } from './read-input.js';

// Where `inbox` looks: a file of paths, or a folder scanned for git repositories (docs/inbox.md).

/** A root to read: as given (for messages) and absolute. */
export interface InboxRoot {
  given: string;
  abs: string;
}

/**
 * The roots a file lists: one path per line; blank lines and lines starting with `#` are
 * skipped; a relative path is relative to the file's folder. A file that cannot be read, or
 * that is not UTF-8 text, is one line and exit 2.
 */
export async function readRootsFile(ctx: Context, file: string): Promise<InboxRoot[]> {
  const input = await readInput(ctx, file, 'agent-config inbox --roots');
  if (input.invalidUtf8 || input.text.includes('\0'))
    throw new UsageError('is not UTF-8 text', `--roots ${file}`, 'list one folder per line');
  const base = input.name === 'stdin' ? ctx.cwd : dirname(resolve(ctx.cwd, file));
  return input.text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => ({ given: line, abs: isAbsolute(line) ? line : resolve(base, line) }));
}

/** Folders a scan never enters: hidden ones (`.git`, `.cache`) and installed packages. */
const SKIPPED = new Set(['node_modules']);

/**
 * The git repositories below `dir`, at most `depth` folders down (`dir` itself is depth 0): a
 * folder holding `.git` (a folder, or the file of a linked worktree or submodule) is a
 * repository and is not entered further. Symbolic links are never followed, so a scan cannot
 * leave `dir`. A folder that cannot be listed is a problem, never skipped in silence.
 */
export function scanRepositories(
  ctx: Context,
  dir: string,
  depth: number,
): { roots: InboxRoot[]; problems: RootProblem[] } {
  const top = resolve(ctx.cwd, dir);
  if (pathKind(top) !== 'dir')
    throw new UsageError('is not a folder', `--scan ${dir}`, 'pass the folder that holds your repositories');
  const roots: InboxRoot[] = [];
  const problems: RootProblem[] = [];
  const visit = (folder: string, level: number) => {
    let entries: Dirent[];
    try {
      entries = readdirSync(folder, { withFileTypes: true });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'error';
      problems.push({ root: folder, kind: 'unreadable', detail: `cannot be listed (${code})` });
      return;
    }
    if (entries.some((e) => e.name === '.git' && (e.isDirectory() || e.isFile()))) {
      roots.push({ given: folder, abs: folder });
      return;
    }
    if (level >= depth) return;
    const names = entries
      .filter((e) => e.isDirectory() && !e.name.startsWith('.') && !SKIPPED.has(e.name))
      .map((e) => e.name)
      .sort();
    for (const name of names) visit(join(folder, name), level + 1);
  };
  visit(top, 0);
  return { roots, problems };
}
