// Repository paths as segment lists. Written here instead of using node:path because
// posix.relative resolves relative inputs against the process's working folder, and links that
// escape the repository (`../../elsewhere.md`) must keep their leading `..` segments.

const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;

/** The folder part of a repository path (`a/b.md` → `a`, `b.md` → ``). */
export function dirOf(path: string): string {
  const i = path.lastIndexOf('/');
  return i === -1 ? '' : path.slice(0, i);
}

/** The last segment of a path. */
export function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** Resolves a relative path against a folder; leading `..` segments remain when it escapes the root. */
export function resolveFrom(dir: string, relative: string): string {
  const out: string[] = dir === '' ? [] : dir.split('/');
  for (const seg of relative.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..' && out.length > 0 && out[out.length - 1] !== '..') out.pop();
    else out.push(seg);
  }
  return out.join('/');
}

/** The relative path from a folder inside the repository to a path (which may escape it). */
export function relativeTo(fromDir: string, to: string): string {
  const from = fromDir === '' ? [] : fromDir.split('/');
  const target = to === '' ? [] : to.split('/');
  let common = 0;
  while (common < from.length && common < target.length && from[common] === target[common]) common++;
  const ups = from.slice(common).map(() => '..');
  return [...ups, ...target.slice(common)].join('/');
}

/** True when a path resolved by `resolveFrom` lies outside the repository. */
export function escapesRoot(path: string): boolean {
  return path === '..' || path.startsWith('../');
}

/** A link destination that names a file in this repository by a relative or root-absolute path. */
export function isLocalDestination(url: string): boolean {
  if (url === '' || url.startsWith('#') || url.startsWith('?') || url.startsWith('//')) return false;
  return !SCHEME.test(url);
}

/** Splits `path#anchor` or `path?query` into the path and the suffix kept as written. */
export function splitSuffix(raw: string): { path: string; suffix: string } {
  let cut = raw.length;
  for (const mark of ['#', '?']) {
    const i = raw.indexOf(mark);
    if (i !== -1 && i < cut) cut = i;
  }
  return { path: raw.slice(0, cut), suffix: raw.slice(cut) };
}

/** Percent-decodes a link path; text that is not valid percent-encoding is kept as written. */
export function decodePath(path: string): string {
  if (!path.includes('%')) return path;
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * Writes a new link path in the style of the old one: percent-encoded when the old one was,
 * spaces as `%20` outside `<…>` (CommonMark forbids bare spaces there), `./` kept.
 */
export function encodeLike(oldRawPath: string, newPath: string, angle: boolean): string {
  let out = newPath;
  if (oldRawPath.startsWith('./') && !out.startsWith('../') && !out.startsWith('/')) out = `./${out}`;
  if (angle) return out;
  if (oldRawPath.includes('%')) return encodeURI(out);
  return out.replace(/ /g, '%20');
}
