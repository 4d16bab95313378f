import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_CONFIG } from '../../../src/core/config.js';
import type { GuardRule } from '../../../src/guard/rule-types.js';
import { rulesFor } from '../../../src/guard/rules.js';
import { loadConfig } from '../../../src/repo/load-config.js';
import { tempDir, writeFiles } from '../../helpers/repo.js';

/**
 * Where a generated `agent-config.yaml` is put, and the rules the hook's full path then applies.
 * The fast-path property runs once per placement: the working copy today; the anchoring of the
 * rules in force (HEAD, the base branch) adds its own placements here.
 */
export interface ConfigPlacement {
  name: string;
  /** A project folder holding `yaml` (null: no configuration) where this placement puts it. */
  setUp(yaml: string | null): string;
  /** The rules the hook's full path applies in that folder. */
  rulesInForce(dir: string): readonly GuardRule[];
}

/** The working copy's `agent-config.yaml`, read as the hook reads it (defaults when invalid). */
export function workingCopy(): ConfigPlacement {
  let dir: string | undefined;
  return {
    name: 'the working copy',
    setUp(yaml) {
      dir ??= tempDir();
      writeFiles(dir, { 'agents/README.md': 'x\n' });
      const file = join(dir, 'agent-config.yaml');
      if (yaml === null) rmSync(file, { force: true });
      else writeFileSync(file, yaml);
      return dir;
    },
    rulesInForce(at) {
      try {
        return rulesFor(loadConfig(at).guard);
      } catch {
        return rulesFor(DEFAULT_CONFIG.guard);
      }
    },
  };
}

export const PLACEMENTS: readonly (() => ConfigPlacement)[] = [workingCopy];
