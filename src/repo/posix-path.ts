import { sep } from 'node:path';

/** A path of this platform with `/` separators, as every repository path in the domain is written. */
export function toPosix(path: string): string {
  return sep === '/' ? path : path.split(sep).join('/');
}
