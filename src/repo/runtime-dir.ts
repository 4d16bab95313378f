import { existsSync, linkSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { nodeCrypto } from '../core/crypto.js';

/** The tool's machine-local folder, relative to the repository root. */
export const RUNTIME_DIR = 'agents/runtime';

/** What the folder's own `.gitignore` says: ignore everything here, this file included. */
export const RUNTIME_IGNORE = '# machine-local state of agent-config: never committed\n*\n';

/** True when an absolute path lies below `<root>/agents/runtime/`. */
export function isInRuntimeDir(root: string, path: string): boolean {
  const rel = relative(resolve(root, RUNTIME_DIR), resolve(path));
  return rel !== '' && rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel);
}

/**
 * The one way the tool makes a folder under `<root>/agents/runtime/`: makes `folder` (relative
 * to the root, the runtime folder itself by default) and makes sure the runtime folder ignores
 * itself — a `.gitignore` of `*` inside it, written when missing and never changed once there.
 * Every writer under the folder calls this first, so nothing the tool writes there is committed
 * by `git add -A`, whatever the repository's own `.gitignore` says. Returns the absolute folder.
 */
export function ensureRuntimeDir(root: string, folder: string = RUNTIME_DIR): string {
  const dir = join(root, RUNTIME_DIR);
  const target = join(root, folder);
  if (target !== dir && !isInRuntimeDir(root, target)) {
    throw new Error(`${folder} is not below ${RUNTIME_DIR}`);
  }
  mkdirSync(target, { recursive: true });
  const ignore = join(dir, '.gitignore');
  if (existsSync(ignore)) return target;
  // Written aside, then linked into place: the file appears whole or not at all, and of two
  // runs racing here the first to land wins.
  const temp = join(dir, `.gitignore.${nodeCrypto().randomBytes(6).toString('hex')}.tmp`);
  try {
    writeFileSync(temp, RUNTIME_IGNORE, { flag: 'wx' });
    linkSync(temp, ignore);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    rmSync(temp, { force: true });
  }
  return target;
}
