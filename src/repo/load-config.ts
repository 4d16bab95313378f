import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONFIG_FILE, type Config, DEFAULT_CONFIG, parseConfig } from '../core/config.js';
import { ConfigError } from '../core/errors.js';

/** Reads `agent-config.yaml` at the repository root; defaults when it does not exist. */
export function loadConfig(root: string): Config {
  let text: string;
  try {
    text = readFileSync(join(root, CONFIG_FILE), 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return structuredClone(DEFAULT_CONFIG);
    throw new ConfigError(`cannot read (${code ?? 'unknown error'})`, CONFIG_FILE, 'check its permissions');
  }
  return parseConfig(text, CONFIG_FILE);
}
