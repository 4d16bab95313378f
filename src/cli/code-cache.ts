import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { Script } from 'node:vm';

/** What the CLI bundle (dist/cli.cjs, built from src/cli/bundle-entry.ts) exports. */
export type CliBundle = typeof import('./bundle-entry.js');

/** The bundle and its code cache, side by side in dist/. */
export const BUNDLE_FILE = 'cli.cjs';
export const CACHE_FILE = 'cli.cache';

/** The bundle's first line, `// agent-config build <stamp>`: the stamp ties a cache to its bundle. */
export const STAMP_PREFIX = '// agent-config build ';
export const STAMP_LENGTH = 16;

export interface LoadedCli {
  cli: CliBundle;
  /** The compiled bundle; the build's training run asks it for the code cache. */
  script: Script;
  /** A cache for this very bundle was found and V8 accepted it. */
  cacheUsed: boolean;
}

/** The build stamp on the bundle's first line, or null. */
export function bundleStamp(source: string): string | null {
  if (!source.startsWith(STAMP_PREFIX)) return null;
  const stamp = source.slice(STAMP_PREFIX.length, STAMP_PREFIX.length + STAMP_LENGTH);
  return stamp.length === STAMP_LENGTH ? stamp : null;
}

/**
 * The V8 code cache for the bundle with `stamp`, or undefined. The file is the stamp followed
 * by V8's data: V8 itself checks only its version, its flags and the source's length, so a
 * cache left from another build of the same length would otherwise be taken for this one.
 */
function readCache(dir: string, stamp: string | null): Buffer | undefined {
  if (stamp === null) return undefined;
  let bytes: Buffer;
  try {
    bytes = readFileSync(join(dir, CACHE_FILE));
  } catch {
    return undefined;
  }
  if (bytes.length <= STAMP_LENGTH || bytes.toString('latin1', 0, STAMP_LENGTH) !== stamp) return undefined;
  return bytes.subarray(STAMP_LENGTH);
}

/**
 * Whether this V8 checks a code cache's checksum before it uses it. Release builds of V8 do so
 * only with `--verify-snapshot-checksum` (the flag of every V8 from 10 to 14; set for the
 * process before anything is compiled, by the build's training run as by the command, so the
 * flags V8 records in a cache match). Without the check a damaged cache is not refused but
 * crashes the process, so a V8 without the flag gets no cache at all.
 */
function verifyCacheChecksums(): boolean {
  if (!/^1[0-4]\./.test(process.versions.v8)) return false;
  setFlagsFromString('--verify-snapshot-checksum');
  return true;
}

/**
 * Loads the CLI bundle in `dir` with the code cache the build made for it (see
 * docs/decisions.md, "Start-up: a code cache"): V8 then neither parses the bundle nor compiles
 * the functions a command runs. A missing, stale or rejected cache only costs that time back.
 */
export function loadCli(dir: string, options: { cache?: boolean } = {}): LoadedCli {
  const file = join(dir, BUNDLE_FILE);
  const source = readFileSync(file, 'utf8');
  const checked = verifyCacheChecksums();
  const cachedData = options.cache === false || !checked ? undefined : readCache(dir, bundleStamp(source));
  // The CommonJS wrapper, as Node's own loader applies it (without importing node:module).
  const script = new Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
    filename: file,
    cachedData,
  });
  const module = { exports: {} as CliBundle };
  // This file is itself bundled into dist/, beside the bundle: its `require` resolves the
  // bundle's few run-time dependencies (yaml) from the same place.
  script.runInThisContext()(module.exports, require, module, file, dir);
  return { cli: module.exports, script, cacheUsed: cachedData !== undefined && !script.cachedDataRejected };
}
