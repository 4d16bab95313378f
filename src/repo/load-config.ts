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
import { readUtf8 } from './read-text.js';

/** Reads `agent-config.yaml` at the repository root and where its keys are set; defaults when it does not exist. */
export function loadConfigSource(root: string): ConfigSource {
  const read = readUtf8(join(root, CONFIG_FILE));
  if ('errorCode' in read) {
    if (read.errorCode === 'ENOENT') return { config: structuredClone(DEFAULT_CONFIG), keyAt: {} };
    throw new ConfigError(`cannot read (${read.errorCode})`, CONFIG_FILE, read.fix);
  }
  return parseConfigSource(read.text, CONFIG_FILE);
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
