import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_CONFIG } from '../../../src/core/config.js';
import { readConfigVersion, strictestConfig } from '../../../src/guard/anchor.js';
import type { GuardRule } from '../../../src/guard/rule-types.js';
import { rulesFor } from '../../../src/guard/rules.js';
import { type AnchoredConfig, writeAnchorNote } from '../../../src/repo/anchored-config.js';
import { loadConfig } from '../../../src/repo/load-config.js';
import { git, tempDir, writeFiles } from '../../helpers/repo.js';

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
  /** How many generated configurations the property tries (a committed one costs git processes). */
  runs: number;
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
    runs: 300,
  };
}

/**
 * A configuration committed where the working copy cannot loosen it: at `HEAD` (and deleted,
 * uncommitted, from the working copy) or on the base branch only (`refs/remotes/origin/HEAD`,
 * with `HEAD` on a commit without it). The rules in force are the strictest of the three
 * versions, read with the functions `readAnchoredConfig` uses, and the fast path's note is left
 * as the hook's full decision leaves it after its first guarded call.
 */
function committed(where: 'HEAD' | 'base'): () => ConfigPlacement {
  return () => {
    let inForce: readonly GuardRule[] = rulesFor(DEFAULT_CONFIG.guard);
    return {
      name: where === 'HEAD' ? 'HEAD (deleted in the working copy)' : 'the base branch only',
      setUp(yaml) {
        const dir = tempDir();
        writeFiles(dir, { 'agents/README.md': 'x\n' });
        git(dir, 'init', '-q', '-b', 'main');
        git(dir, 'add', '-A');
        git(dir, 'commit', '-q', '-m', 'start');
        const start = git(dir, 'rev-parse', 'HEAD').trim();
        if (yaml !== null) {
          writeFileSync(join(dir, 'agent-config.yaml'), yaml);
          git(dir, 'add', 'agent-config.yaml');
          git(dir, 'commit', '-q', '-m', 'rules');
        }
        const withRules = git(dir, 'rev-parse', 'HEAD').trim();
        let head = withRules;
        let base: string | null = null;
        if (where === 'base') {
          git(dir, 'update-ref', 'refs/remotes/origin/main', withRules);
          git(dir, 'symbolic-ref', 'refs/remotes/origin/HEAD', 'refs/remotes/origin/main');
          git(dir, 'reset', '-q', '--hard', start);
          head = start;
          base = withRules;
        } else rmSync(join(dir, 'agent-config.yaml'), { force: true });
        const versions = [
          readConfigVersion('working-copy', 'agent-config.yaml', null),
          readConfigVersion('HEAD', 'HEAD:agent-config.yaml', where === 'HEAD' ? yaml : null),
          ...(base === null ? [] : [readConfigVersion('base', 'origin/HEAD:agent-config.yaml', yaml)]),
        ];
        const anchored: AnchoredConfig = {
          config: strictestConfig(versions.map((v) => v.config)),
          versions,
          head,
          base,
          problems: [],
          files: {},
        };
        inForce = rulesFor(anchored.config.guard);
        writeAnchorNote(dir, anchored);
        return dir;
      },
      rulesInForce() {
        return inForce;
      },
      runs: 60,
    };
  };
}

export const PLACEMENTS: readonly (() => ConfigPlacement)[] = [
  workingCopy,
  committed('HEAD'),
  committed('base'),
];
