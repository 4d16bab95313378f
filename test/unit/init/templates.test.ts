import { describe, expect, it } from 'vitest';
import { CONFIG_KEYS, type Config, DEFAULT_CONFIG, parseConfig } from '../../../src/core/config.js';
import { ignoresRuntime, planInit } from '../../../src/init/plan.js';
import { EXAMPLE_ROADMAP, renderConfigDefaults, renderConfigTemplate } from '../../../src/init/templates.js';
import { parseRoadmap } from '../../../src/roadmap/scanner.js';

const uncomment = (text: string) =>
  text
    .split('\n')
    .filter((line) => line.startsWith('#   '))
    .map((line) => line.slice(4))
    .join('\n');

describe('the agent-config.yaml init writes', () => {
  it('is valid as written: every key is commented out, so the defaults apply', () => {
    expect(parseConfig(renderConfigTemplate())).toEqual(DEFAULT_CONFIG);
    expect(renderConfigTemplate()).not.toMatch(/^[^#\n]/m);
  });

  it('lists every key of the schema, and uncommented it sets exactly the defaults', () => {
    const values = uncomment(renderConfigTemplate());
    for (const key of Object.keys(CONFIG_KEYS)) expect(values).toMatch(new RegExp(`^${key}:`, 'm'));
    expect(values).toMatch(/^ {2}max-ttl: 24h$/m);
    expect(parseConfig(values)).toEqual(DEFAULT_CONFIG);
  });

  it('renders every field of the configuration: a config with every value changed reads back as itself', () => {
    const change = (value: unknown): unknown => {
      // An enumeration changes to its other value.
      if (value === 'optional') return 'required';
      if (typeof value === 'string') return `${value}-changed`;
      if (typeof value === 'number') return value * 2;
      if (typeof value === 'boolean') return !value;
      // An empty list stays empty: no made-up entry is valid for every list of the schema.
      if (Array.isArray(value)) return value.map(change);
      return Object.fromEntries(Object.entries(value as object).map(([k, v]) => [k, change(v)]));
    };
    const changed = change(DEFAULT_CONFIG) as Config;
    changed.lint.rules = { 'step-past-gate': true, blockers: false };
    const text = renderConfigDefaults(changed)
      .map((lines) => lines.join('\n'))
      .join('\n');
    expect(parseConfig(text)).toEqual(changed);
  });

  it('says what each key is for, right above it', () => {
    const lines = renderConfigTemplate().split('\n');
    for (const key of Object.keys(CONFIG_KEYS)) {
      const index = lines.findIndex((l) => l.startsWith(`#   ${key}:`));
      let first = index - 1;
      while (lines[first - 1]?.startsWith('# ') && lines[first - 1] !== '') first--;
      expect(lines[first], key).toMatch(/^# [A-Z]/);
      expect(lines[index - 1], key).toMatch(/^# \S.*[.)]$/);
      for (let i = first; i < index; i++) expect(lines[i]!.length).toBeLessThanOrEqual(90);
    }
  });
});

describe('the example roadmap', () => {
  it('has phases, open and done steps, and one complete open blocker owned by the user', () => {
    const roadmap = parseRoadmap(EXAMPLE_ROADMAP, {
      rel: 'road-to-example.md',
      file: 'agents/roadmaps/road-to-example.md',
    });
    expect(roadmap.diagnostics).toEqual([]);
    expect(roadmap.phases.length).toBe(2);
    expect(roadmap.blockers.map((b) => [b.id, b.status, b.owner])).toEqual([['first-plan', 'open', 'user']]);
  });
});

describe('planInit', () => {
  const facts = {
    roadmaps: 'agents/roadmaps',
    dashboard: 'agents/roadmaps-progress.md',
    configExists: false,
    roadmapCount: 0,
    dashboardExists: false,
    gitignore: null,
  };

  it('creates everything in an empty repository, the hook only when asked', () => {
    expect(planInit(facts).items.map((i) => `${i.action} ${i.path}`)).toEqual([
      'create agent-config.yaml',
      'create agents/roadmaps/road-to-example.md',
      'create agents/roadmaps-progress.md',
      'create .gitignore',
    ]);
    const withHook = planInit({ ...facts, hook: { shown: '.git/hooks/pre-commit', exists: false } });
    expect(withHook.items.at(-1)).toMatchObject({ kind: 'hook', action: 'create' });
  });

  it('keeps everything that exists and plans no content for it', () => {
    const plan = planInit({
      ...facts,
      configExists: true,
      roadmapCount: 2,
      dashboardExists: true,
      gitignore: '/agents/runtime/\n',
      hook: { shown: '.git/hooks/pre-commit', exists: true },
    });
    expect(plan.items.every((i) => i.action === 'keep' && i.content === undefined)).toBe(true);
  });

  it('creates, merges into or keeps the agent harness settings', () => {
    const hook = (exists: boolean, state: 'absent' | 'outdated' | 'current') =>
      planInit({
        ...facts,
        agentHook: { agent: 'claude-code', file: '.claude/settings.json', exists, state },
      }).items.at(-1);
    expect(hook(false, 'absent')).toMatchObject({
      kind: 'agent-hook',
      action: 'create',
      agent: 'claude-code',
    });
    expect(hook(true, 'absent')).toMatchObject({
      action: 'merge',
      note: expect.stringContaining('every other setting kept'),
    });
    expect(hook(true, 'outdated')).toMatchObject({
      action: 'merge',
      note: 'the agent-config hook (claude-code) now fails closed; every other setting kept',
    });
    expect(hook(true, 'current')).toMatchObject({
      action: 'keep',
      note: 'has the agent-config hook (claude-code)',
    });
  });

  it('appends the ignore rule on a line of its own', () => {
    expect(planInit({ ...facts, gitignore: 'dist' }).items[3]?.content).toMatch(
      /^\n# agent-config: .*\n\/agents\/runtime\/\n$/,
    );
    expect(planInit({ ...facts, gitignore: 'dist\n' }).items[3]?.content).toMatch(/^# agent-config: /);
  });

  it('recognises the runtime folder already ignored, and nothing broader or narrower', () => {
    for (const line of ['agents/runtime/', '/agents/runtime', 'agents/runtime/**', '/agents/runtime/*'])
      expect(ignoresRuntime(`x\n${line}\n`), line).toBe(true);
    for (const line of ['# agents/runtime/', '!agents/runtime/', 'agents/runtime/staged', 'agents/'])
      expect(ignoresRuntime(`${line}\n`), line).toBe(false);
  });
});
