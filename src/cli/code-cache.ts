import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Script } from 'node:vm';

/** What the CLI bundle (dist/cli.cjs, built from src/cli/bundle-entry.ts) exports. */
export type CliBundle = typeof import('./bundle-entry.js');

/** The bundle and its code cache, side by side in dist/. */
export const BUNDLE_FILE = 'cli.cjs';
export const CACHE_FILE = 'cli.cache';

/** The guard's shell parser (src/guard/shell-parser.ts) and its code cache, also in dist/. */
export const PARSER_FILE = 'shell-parser.cjs';
export const PARSER_CACHE_FILE = 'shell-parser.cache';

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

/** Length of the checksum after the stamp: eight hex digits. */
export const CHECKSUM_LENGTH = 8;

/**
 * A 32-bit checksum (FNV-1a over 32-bit words, then the last bytes) of V8's cache data, as eight
 * hex digits. Release builds of V8 do not check the data they are given (only with a flag that
 * costs Node's v8 module, and with it the stream modules, to set); damaged data would not be
 * refused but crash the process. So the build records this sum and the command compares it.
 */
export function cacheChecksum(data: Uint8Array): string {
  const bytes = data.byteOffset % 4 === 0 ? data : new Uint8Array(data);
  const words = new Int32Array(bytes.buffer, bytes.byteOffset, bytes.length >>> 2);
  let hash = 0x811c9dc5 | 0;
  for (let i = 0; i < words.length; i++) hash = Math.imul(hash ^ words[i]!, 0x01000193);
  for (let i = words.length * 4; i < bytes.length; i++) hash = Math.imul(hash ^ bytes[i]!, 0x01000193);
  return (hash >>> 0).toString(16).padStart(CHECKSUM_LENGTH, '0');
}

/** The contents of dist/cli.cache: the bundle's stamp, the checksum of V8's data, the data. */
export function cacheFile(stamp: string, data: Uint8Array): Buffer {
  return Buffer.concat([Buffer.from(stamp + cacheChecksum(data), 'latin1'), data]);
}

/**
 * The V8 code cache for the bundle with `stamp`, or undefined. The file is the stamp, the
 * checksum and V8's data: V8 itself checks only its version, its flags and the source's length,
 * so a cache left from another build of the same length would otherwise be taken for this one,
 * and damaged data would crash the process.
 */
function readCache(dir: string, stamp: string | null, name = CACHE_FILE): Buffer | undefined {
  if (stamp === null) return undefined;
  let bytes: Buffer;
  try {
    bytes = readFileSync(join(dir, name));
  } catch {
    return undefined;
  }
  const header = STAMP_LENGTH + CHECKSUM_LENGTH;
  if (bytes.length <= header || bytes.toString('latin1', 0, STAMP_LENGTH) !== stamp) return undefined;
  const data = bytes.subarray(header);
  return bytes.toString('latin1', STAMP_LENGTH, header) === cacheChecksum(data) ? data : undefined;
}

/**
 * The name the build's training run compiles a bundle under: package-relative, because V8
 * records the name in the code cache and a script compiled from the cache keeps it in its stack
 * traces. The build machine's path would otherwise ship in dist/ and show in users' traces.
 */
export function packageName(bundle: string): string {
  return `agent-config/dist/${bundle}`;
}

/** How `loadBundle` loads. */
export interface LoadOptions {
  /** False: compile without the code cache (the training run, which makes it). */
  cache?: boolean;
  /** The script's name in stack traces; default: the bundle's path. The training run passes `packageName`. */
  scriptName?: string;
}

/** A CommonJS bundle loaded with its code cache (see `loadBundle`). */
export interface LoadedBundle<T> {
  exports: T;
  script: Script;
  cacheUsed: boolean;
}

/**
 * Loads a stamped CommonJS bundle of `dir` with the code cache the build made for it: V8 then
 * neither parses the bundle nor compiles the functions the training run ran. A missing, stale
 * or rejected cache only costs that time back.
 */
export function loadBundle<T>(
  dir: string,
  bundle: string,
  cacheName: string,
  options: LoadOptions = {},
): LoadedBundle<T> {
  const file = join(dir, bundle);
  const source = readFileSync(file, 'utf8');
  const cachedData = options.cache === false ? undefined : readCache(dir, bundleStamp(source), cacheName);
  // The CommonJS wrapper, as Node's own loader applies it (without importing node:module).
  const script = new Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
    filename: options.scriptName ?? file,
    cachedData,
  });
  const module = { exports: {} as T };
  // This file is itself bundled into dist/, beside the bundle: its `require` resolves the
  // bundle's own files beside it (dist/yaml.cjs, the parser, the MCP SDK) from the same place.
  script.runInThisContext()(module.exports, require, module, file, dir);
  return {
    exports: module.exports,
    script,
    cacheUsed: cachedData !== undefined && !script.cachedDataRejected,
  };
}

/**
 * Loads the CLI bundle in `dir` with the code cache the build made for it (see
 * docs/decisions.md, "Performance: the optimisations that stay").
 */
export function loadCli(dir: string, options: LoadOptions = {}): LoadedCli {
  const { exports, script, cacheUsed } = loadBundle<CliBundle>(dir, BUNDLE_FILE, CACHE_FILE, options);
  return { cli: exports, script, cacheUsed };
}
