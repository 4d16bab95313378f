import { statSync } from 'node:fs';
import { join } from 'node:path';
import {
  CONFIG_FILE,
  type Config,
  type ConfigSource,
  DEFAULT_CONFIG,
  parseConfigSource,
} from '../core/config.js';
import { ConfigError } from '../core/errors.js';
import { sanitize } from '../core/text/sanitize.js';
import { notRegularKind, readRegularFile } from './read-regular.js';
import { decodeUtf8Input } from './read-text.js';

const READ_FIXES: Readonly<Record<string, string>> = {
  EACCES: 'make it readable (chmod u+r)',
  ENOTDIR: 'check the path',
};

/** Reads `agent-config.yaml` at the repository root and where its keys are set; defaults when it does not exist. */
export function loadConfigSource(root: string): ConfigSource {
  const abs = join(root, CONFIG_FILE);
  let bytes: Buffer;
  try {
    // Never opened unless it is a regular file: a named pipe (or a device) in its place would
    // hold every command that reads it, the hook included (read-regular.ts).
    bytes = readRegularFile(abs);
  } catch (error) {
    const kind = notRegularKind(error);
    // A folder is a person's slip, answered as before; anything else in its place is refused.
    if (kind === 'a folder')
      throw new ConfigError('cannot read (EISDIR)', CONFIG_FILE, 'name a file, not a folder');
    if (kind !== null)
      throw new ConfigError(
        `is ${kind}, not a regular file`,
        CONFIG_FILE,
        `a person replaces it with a regular file (\`rm ${CONFIG_FILE}\`, then write it again)`,
      );
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    if (code === 'ENOENT') return { config: structuredClone(DEFAULT_CONFIG), keyAt: {} };
    throw new ConfigError(`cannot read (${code})`, CONFIG_FILE, READ_FIXES[code] ?? 'check the file');
  }
  return parseConfigSource(decodeUtf8Input(bytes).text, CONFIG_FILE);
}

/** Reads `agent-config.yaml` at the repository root; defaults when it does not exist. */
export function loadConfig(root: string): Config {
  return loadConfigSource(root).config;
}

/** True when nothing is at `abs` (or a component of the path is a file). */
function absent(abs: string): boolean {
  try {
    statSync(abs);
    return false;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT' || code === 'ENOTDIR';
  }
}

/**
 * The configuration of a command that reads the roadmap folder. A folder `agent-config.yaml`
 * names that does not exist is a typo until shown otherwise: a ConfigError naming the key, its
 * line, the value and the fix, not an empty tree and a green "nothing to do". Without the key,
 * an absent default folder stays "nothing to do". (The dashboard is a file `progress` creates,
 * folders and all, and a typo there is a missing dashboard to `--check`; the other paths are
 * globs, which may match nothing.)
 */
export function loadRoadmapConfig(root: string): Config {
  const { config, keyAt } = loadConfigSource(root);
  if (keyAt.roadmaps !== undefined && absent(join(root, config.roadmaps))) {
    throw new ConfigError(
      `roadmaps: ${sanitize(config.roadmaps, { inline: true })} does not exist`,
      keyAt.roadmaps,
      'create it or correct the path',
    );
  }
  return config;
}
