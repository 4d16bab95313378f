import { lstatSync, readlinkSync } from 'node:fs';

/** As the kernel gives up on a path with more links than this (ELOOP). */
const MAX_LINKS = 40;

/**
 * The path a write to the absolute POSIX path `abs` lands on: every symbolic link along it is
 * followed, a dangling one too (`x → ../agent-config.yaml` writes that file even while it does
 * not exist); below the first missing folder, and from the first glob segment on, the rest is
 * kept as written. Only `lstat` and `readlink`: nothing is opened, so nothing can block on a
 * named pipe. Throws after 40 links, as the kernel would.
 */
export function resolveLinks(abs: string): string {
  let pending = abs.split('/');
  const done: string[] = [];
  let links = 0;
  let known = true;
  while (pending.length > 0) {
    const segment = pending.shift()!;
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      done.pop();
      continue;
    }
    if (!known || /[*?[]/.test(segment)) {
      known = false;
      done.push(segment);
      continue;
    }
    const here = `/${[...done, segment].join('/')}`;
    let target: string | null = null;
    try {
      if (lstatSync(here).isSymbolicLink()) target = readlinkSync(here);
    } catch {
      known = false;
    }
    if (target === null) {
      done.push(segment);
      continue;
    }
    if (++links > MAX_LINKS) throw new Error(`${abs}: too many levels of symbolic links`);
    if (target.startsWith('/')) done.length = 0;
    pending = [...target.split('/'), ...pending];
  }
  return `/${done.join('/')}`;
}
