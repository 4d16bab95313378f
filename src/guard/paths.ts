// POSIX path arithmetic on strings, for the pure guard (which imports no node: module): the
// folders a command line `cd`s into and the paths an `rm -r` names are `/`-separated text.

/** `a/./b/../c//` → `a/c`; `..` kept where it climbs above the start; `.` for nothing. */
export function normalize(path: string): string {
  const absolute = path.startsWith('/');
  const out: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..' && out.length > 0 && out.at(-1) !== '..') out.pop();
    else if (part !== '..' || !absolute) out.push(part);
  }
  const joined = out.join('/');
  return absolute ? `/${joined}` : joined === '' ? '.' : joined;
}

export function join(...parts: readonly string[]): string {
  return normalize(parts.filter((p) => p !== '').join('/'));
}

/** `to` from the folder `from` (absolute): absolute `to` stays, relative `to` is joined. */
export function resolve(from: string, to: string): string {
  return normalize(to.startsWith('/') ? to : `${from}/${to}`);
}

export function dirname(path: string): string {
  const normal = normalize(path);
  const slash = normal.lastIndexOf('/');
  return slash === -1 ? '.' : slash === 0 ? '/' : normal.slice(0, slash);
}

/** The path of absolute `to` from absolute `from` (`''` when they are the same). */
export function relative(from: string, to: string): string {
  const a = normalize(from)
    .split('/')
    .filter((p) => p !== '');
  const b = normalize(to)
    .split('/')
    .filter((p) => p !== '');
  let common = 0;
  while (common < a.length && common < b.length && a[common] === b[common]) common++;
  return [...a.slice(common).map(() => '..'), ...b.slice(common)].join('/');
}
