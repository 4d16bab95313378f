import { join } from 'node:path';
import { CONFIG_FILE, type Config, DEFAULT_CONFIG, parseConfig } from '../core/config.js';
import { ConfigError } from '../core/errors.js';
import { readUtf8 } from './read-text.js';

/** Reads `agent-config.yaml` at the repository root; defaults when it does not exist. */
export function loadConfig(root: string): Config {
  const read = readUtf8(join(root, CONFIG_FILE));
  if ('errorCode' in read) {
    if (read.errorCode === 'ENOENT') return structuredClone(DEFAULT_CONFIG);
    throw new ConfigError(`cannot read (${read.errorCode})`, CONFIG_FILE, read.fix);
  }
  return parseConfig(read.text, CONFIG_FILE);
}
