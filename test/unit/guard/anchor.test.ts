import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Config, DEFAULT_CONFIG, parseConfig } from '../../../src/core/config.js';
import {
  configuredKeywords,
  GUARD_KEYS,
  guardLoosenings,
  readConfigVersion,
  strictestConfig,
} from '../../../src/guard/anchor.js';
import { classifyCommand } from '../../../src/guard/classify.js';
import { rulesFor } from '../../../src/guard/rules.js';

const yaml = (text: string): Config => parseConfig(text);
const DEFAULTS = DEFAULT_CONFIG;

/** Every field of a configuration, as dotted paths (a new one must be classified below). */
function fields(value: object, prefix = ''): string[] {
  return Object.entries(value).flatMap(([k, v]) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? fields(v, `${prefix}${k}.`)
      : [`${prefix}${k}`],
  );
}

describe('GUARD_KEYS', () => {
  it('classifies every key of the configuration: a guard key, or one that does not concern the guard', () => {
    const guard: Record<string, string> = {
      'guard.rules': 'guard.rules',
      'guard.disable': 'guard.disable',
      'guard.never': 'guard.never',
      frozen: 'frozen',
      'evidence.ledger': 'evidence.ledger',
      'staging.maxTtlMs': 'staging.max-ttl',
      'staging.ttlMs': 'staging.ttl',
    };
    const notGuard = [
      'roadmaps',
      'dashboard',
      'failureSignatures',
      'stableDocs',
      'verdicts',
      'evidence.recordObjects',
      // Read by lint (in CI, the commit's own file), never by the guard.
      'evidence.decisions',
      // Not the guard's: the channels in force are those every version names (docs/notify.md).
      'notify.channels',
    ];
    expect(fields(DEFAULTS).sort()).toEqual([...Object.keys(guard), ...notGuard].sort());
    expect(Object.values(guard).sort()).toEqual(Object.keys(GUARD_KEYS).sort());
  });
});

describe('strictestConfig: the rules in force', () => {
  const wc = yaml(
    'guard:\n  disable: [git-force-push, gh-pr-merge]\n  rules:\n    - action: deploy\n      command: [./deploy.sh]\nstaging:\n  ttl: 1h\n  max-ttl: 2d\nevidence:\n  ledger: false\nfrozen: [a/**]\nroadmaps: plans\n',
  );
  const head = yaml('guard:\n  disable: [gh-pr-merge]\n  never: [git-clean]\nfrozen: [a/**, b/**]\n');
  const base = yaml(
    'guard:\n  disable: [gh-pr-merge, git-tag-delete]\n  rules:\n    - action: drain\n      command: [kubectl, drain]\n      window: never\nstaging:\n  max-ttl: 4h\n',
  );

  it('takes every rule, the common disables, every never, every frozen glob, the ledger on and the shortest lifetimes', () => {
    const c = strictestConfig([wc, head, base]);
    expect(c.guard.disable).toEqual(['gh-pr-merge']);
    expect(c.guard.rules.map((r) => r.action)).toEqual(['deploy', 'drain']);
    expect(c.guard.never.sort()).toEqual(['drain', 'git-clean']);
    expect(c.frozen).toEqual(['a/**', 'b/**', ...DEFAULTS.frozen]);
    expect(c.evidence.ledger).toBe(true);
    expect(c.staging).toEqual({ ttlMs: 15 * 60_000, maxTtlMs: 4 * 3_600_000 });
    // Keys that are not the guard's: the working copy's.
    expect(c.roadmaps).toBe('plans');
  });

  it('lets the working copy add a rule at once, and switch nothing off on its own', () => {
    const c = strictestConfig([wc, DEFAULTS]);
    expect(c.guard.disable).toEqual([]);
    const rules = rulesFor(c.guard);
    expect(classifyCommand('git push -f', rules).actions).toEqual(['git-force-push']);
    expect(classifyCommand('./deploy.sh', rules).actions).toEqual(['deploy']);
  });

  it('marks an action never in every rule that carries it, whichever version it came from', () => {
    const allow = yaml('guard:\n  rules:\n    - action: drain\n      command: [kubectl, drain]\n');
    const rules = rulesFor(strictestConfig([allow, base]).guard);
    expect(classifyCommand('kubectl drain node-1', rules).never).toEqual(['drain']);
  });

  it('is the defaults for no version', () => {
    expect(strictestConfig([])).toEqual(DEFAULTS);
  });
});

describe('readConfigVersion', () => {
  it('reads a missing file as absent and a broken one as invalid, both as the defaults, naming the version', () => {
    expect(readConfigVersion('HEAD', 'HEAD:agent-config.yaml', null)).toMatchObject({
      state: 'absent',
      config: DEFAULTS,
      problem: null,
    });
    const bad = readConfigVersion('working-copy', 'agent-config.yaml', 'guard:\n  bogus: 1\n');
    expect(bad).toMatchObject({ state: 'invalid', config: DEFAULTS });
    expect(bad.problem).toBe(
      "agent-config.yaml:2: unknown key 'guard.bogus' — known keys: disable, never, rules, wait",
    );
    const unknown = readConfigVersion('base', 'origin/HEAD:agent-config.yaml', 'guard:\n  disable: [nope]\n');
    expect(unknown.state).toBe('invalid');
    expect(unknown.problem).toMatch(/^origin\/HEAD:agent-config\.yaml: 'guard\.disable' names 'nope'/);
    expect(readConfigVersion('HEAD', 'HEAD:agent-config.yaml', ': : :\n').state).toBe('invalid');
  });
});

describe('guardLoosenings', () => {
  it('names each key a later version loosens, one finding per action, rule or glob', () => {
    const before = yaml(
      'guard:\n  never: [git-clean]\n  rules:\n    - action: deploy\n      command: [./deploy.sh]\n      window: never\nfrozen: [a/**]\nstaging:\n  max-ttl: 1h\n  ttl: 10m\n',
    );
    const after = yaml(
      'guard:\n  disable: [git-force-push]\n  rules:\n    - action: deploy\n      command: [./deploy.sh]\nevidence:\n  ledger: false\nstaging:\n  max-ttl: 2h\n',
    );
    expect(guardLoosenings(before, after)).toEqual([
      { key: 'guard.rules', detail: 'the rule for deploy (./deploy.sh) is removed or changed' },
      { key: 'guard.disable', detail: 'git-force-push is switched off' },
      { key: 'guard.never', detail: 'git-clean may now go through a gate window' },
      { key: 'guard.never', detail: 'deploy may now go through a gate window' },
      { key: 'frozen', detail: 'a/** is no longer frozen' },
      { key: 'evidence.ledger', detail: 'the evidence ledger is switched off' },
      { key: 'staging.max-ttl', detail: '2h instead of 1h' },
      { key: 'staging.ttl', detail: '15m instead of 10m' },
    ]);
    // `frozen: [a/**]` replaces the default globs: against the defaults, that loosens too.
    expect(guardLoosenings(after, before).map((l) => l.detail)).toEqual([
      'the rule for deploy (./deploy.sh) is removed or changed',
      'agents/evidence/** is no longer frozen',
      '**/*.patch is no longer frozen',
    ]);
    expect(guardLoosenings(before, before)).toEqual([]);
  });
});

describe('configuredKeywords', () => {
  it('gives the words of the versions’ own rules', () => {
    const a = yaml(
      'guard:\n  rules:\n    - action: deploy\n      command: [./scripts/Deploy.sh, production]\n',
    );
    const b = yaml('guard:\n  rules:\n    - action: drain\n      command: [kubectl, drain]\n');
    expect(configuredKeywords([a, b, DEFAULTS])).toEqual(['deploy.sh', 'drain', 'kubectl', 'production']);
  });
});

// Generated configurations: any mix of the guard keys.
const ACTIONS = ['git-force-push', 'git-clean', 'gh-pr-merge', 'npm-publish', 'kubectl-delete'];
const arbConfig = fc
  .record({
    disable: fc.subarray(ACTIONS),
    never: fc.subarray([...ACTIONS, 'deploy']),
    rules: fc.subarray(['a', 'b', 'c']),
    ruleNever: fc.boolean(),
    frozen: fc.subarray(['x/**', 'y/**', 'z/*.md']),
    ledger: fc.boolean(),
    maxTtl: fc.constantFrom('1h', '4h', '1d'),
    ttl: fc.constantFrom('5m', '15m', '1h'),
  })
  .map((g) =>
    yaml(
      [
        `guard:\n  disable: [${g.disable.join(', ')}]\n  never: [${g.never.join(', ')}]\n  rules:${g.rules.length === 0 ? ' []' : ''}`,
        ...g.rules.map(
          (r) =>
            `    - action: deploy\n      command: [./${r}.sh]${g.ruleNever ? '\n      window: never' : ''}`,
        ),
        `frozen: [${g.frozen.join(', ')}]`,
        `evidence:\n  ledger: ${g.ledger}`,
        `staging:\n  max-ttl: ${g.maxTtl}\n  ttl: ${g.ttl}`,
      ].join('\n'),
    ),
  );

describe('the strictest merge never loosens any version (property)', () => {
  it('is no looser than any of its versions, and as strict as the strictest one', () => {
    fc.assert(
      fc.property(fc.array(arbConfig, { minLength: 1, maxLength: 3 }), (configs) => {
        const merged = strictestConfig(configs);
        for (const c of configs) expect(guardLoosenings(c, merged)).toEqual([]);
        expect(strictestConfig([merged, ...configs])).toEqual(merged);
      }),
    );
  });

  it('holds every command any one version holds', () => {
    const commands = [
      'git push -f',
      'git clean -fdx',
      'gh pr merge 1',
      'npm publish',
      './a.sh',
      './c.sh',
      'ls',
    ];
    fc.assert(
      fc.property(fc.array(arbConfig, { minLength: 1, maxLength: 3 }), (configs) => {
        const merged = rulesFor(strictestConfig(configs).guard);
        for (const c of configs) {
          const own = rulesFor(c.guard);
          for (const command of commands) {
            const mine = classifyCommand(command, own);
            const all = classifyCommand(command, merged);
            for (const a of mine.actions) expect(all.actions).toContain(a);
            for (const a of mine.never) expect(all.never).toContain(a);
          }
        }
      }),
      { numRuns: 50 },
    );
  });
});
