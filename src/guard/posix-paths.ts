// POSIX path arithmetic for the guard, which may not import node:path: the shell's paths are POSIX.

/** Splits an absolute or relative POSIX path into its segments, `.` and `..` resolved. */
export function normalSegments(path: string): string[] {
  const out: string[] = [];
  for (const s of path.split('/')) {
    if (s === '' || s === '.') continue;
    if (s === '..') out.pop();
    else out.push(s);
  }
  return out;
}

/** `base` joined with `path` as the shell would (an absolute `path` stands alone), normalised. */
export function resolvePosix(base: string, path: string): string {
  return `/${normalSegments(path.startsWith('/') ? path : `${base}/${path}`).join('/')}`;
}
