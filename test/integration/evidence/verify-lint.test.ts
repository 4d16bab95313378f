import { describe, expect, it } from 'vitest';
import { run } from '../../helpers/context.js';
import { clonedRepo, git, OPEN_BLOCKER_GO, writeFiles } from '../../helpers/repo.js';

// `evidence verify --against BASE` shows a pull request that switches the plan's checks off:
// `lint` reads the pull request's own agent-config.yaml, so a lint rule switched off (or
// `evidence.decisions` lowered) there passes its own lint run; the comparison with the base
// is a `lint-loosened` finding naming the key and its line at HEAD (exit 1).

const clone = (files: Record<string, string>) => clonedRepo({ 'README.md': 'x\n', ...files }).dir;

function commit(dir: string, files: Record<string, string>): void {
  writeFiles(dir, files);
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', 'change the configuration');
}

async function problems(dir: string) {
  const r = await run(dir, ['evidence', 'verify', '--against', 'origin/main', '--json']);
  return { code: r.code, problems: JSON.parse(r.stdout).problems };
}

const loosened = (key: string, line?: number) => ({
  code: 'lint-loosened',
  file: 'agent-config.yaml',
  key,
  ...(line === undefined ? {} : { line }),
});

const REQUIRED = 'evidence:\n  decisions: required\n';

describe('evidence verify --against: lint-loosened', () => {
  it('reports unrecorded-resolution switched off where the base requires decisions, with its line (exit 1)', async () => {
    const dir = clone({ 'agent-config.yaml': REQUIRED });
    commit(dir, { 'agent-config.yaml': `${REQUIRED}lint:\n  rules:\n    unrecorded-resolution: off\n` });
    expect(await problems(dir)).toEqual({
      code: 1,
      problems: [loosened('lint.rules.unrecorded-resolution', 5)],
    });
    const text = await run(dir, ['evidence', 'verify', '--against', 'origin/main']);
    expect(text.code).toBe(1);
    expect(text.stdout).toContain(
      'lint-loosened  agent-config.yaml:5 — lint.rules.unrecorded-resolution: the lint rule unrecorded-resolution is switched off (on by default at the base) at HEAD',
    );
  });

  it('reports step-past-gate switched off, on by default at a base without the file', async () => {
    const dir = clone({});
    commit(dir, { 'agent-config.yaml': '# checks\nlint:\n  rules:\n    step-past-gate: off\n' });
    expect(await problems(dir)).toEqual({ code: 1, problems: [loosened('lint.rules.step-past-gate', 4)] });
  });

  it('reports plan-drift switched off where the base switched it on explicitly', async () => {
    const dir = clone({ 'agent-config.yaml': 'lint: { rules: { plan-drift: on } }\n' });
    commit(dir, { 'agent-config.yaml': 'lint: { rules: { plan-drift: off } }\n' });
    expect(await problems(dir)).toEqual({ code: 1, problems: [loosened('lint.rules.plan-drift', 1)] });
  });

  it('reports evidence.decisions lowered from required to optional, once (not also the rule it carried)', async () => {
    const dir = clone({ 'agent-config.yaml': `roadmaps: agents/roadmaps\n${REQUIRED}` });
    commit(dir, { 'agent-config.yaml': 'roadmaps: agents/roadmaps\nevidence:\n  decisions: optional\n' });
    expect(await problems(dir)).toEqual({ code: 1, problems: [loosened('evidence.decisions', 3)] });
    // Removed altogether: it reads as the default (optional); the line is where its mapping was.
    commit(dir, { 'agent-config.yaml': 'roadmaps: agents/roadmaps\nevidence:\n  ledger: true\n' });
    expect(await problems(dir)).toEqual({ code: 1, problems: [loosened('evidence.decisions', 2)] });
  });

  it('reports a rule switched on at the base that HEAD no longer names, and a deleted file without a line', async () => {
    const dir = clone({ 'agent-config.yaml': 'lint:\n  rules:\n    unrecorded-resolution: on\n' });
    // Still required through evidence.decisions: no loosening.
    commit(dir, { 'agent-config.yaml': `${REQUIRED}lint:\n  rules: {}\n` });
    expect(await problems(dir)).toEqual({ code: 0, problems: [] });
    commit(dir, { 'agent-config.yaml': 'lint:\n  rules: {}\n' });
    expect(await problems(dir)).toEqual({
      code: 1,
      problems: [loosened('lint.rules.unrecorded-resolution', 2)],
    });
    git(dir, 'rm', '-q', 'agent-config.yaml');
    git(dir, 'commit', '-q', '-m', 'drop it');
    expect(await problems(dir)).toEqual({
      code: 1,
      problems: [loosened('lint.rules.unrecorded-resolution')],
    });
  });

  it('is clean for a pull request that only switches checks on, and for the same file on both sides', async () => {
    const dir = clone({ 'agent-config.yaml': 'lint:\n  rules:\n    trackable: off\n' });
    expect(await problems(dir)).toEqual({ code: 0, problems: [] });
    commit(dir, {
      'agent-config.yaml': `${REQUIRED}lint:\n  rules:\n    trackable: on\n    unrecorded-resolution: on\n    step-past-gate: on\n`,
    });
    expect(await problems(dir)).toEqual({ code: 0, problems: [] });
  });

  it('shows a blocker resolved by editing the markdown that passes lint because the same commit lowered the check', async () => {
    const roadmap = (status: string) =>
      `# Plan\n\n## Phase 1: Ship\n\n- [ ] ship it\n\n## Blockers\n\n${OPEN_BLOCKER_GO.replace('open', status)}`;
    const dir = clone({ 'agent-config.yaml': REQUIRED, 'agents/roadmaps/plan.md': roadmap('open') });
    expect((await run(dir, ['lint'])).code).toBe(0);
    // The agent's pull request: the blocker resolved by hand, and the check that would see it lowered.
    writeFiles(dir, { 'agents/roadmaps/plan.md': roadmap('resolved — go') });
    const caught = await run(dir, ['lint', '--format', 'json']);
    expect(caught.code).toBe(1);
    expect(caught.stdout).toContain('unrecorded-resolution');
    commit(dir, { 'agent-config.yaml': 'evidence:\n  decisions: optional\n' });
    expect((await run(dir, ['lint'])).code).toBe(0);
    expect(await problems(dir)).toEqual({ code: 1, problems: [loosened('evidence.decisions', 2)] });
  });
});
