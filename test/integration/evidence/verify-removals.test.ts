import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run } from '../../helpers/context.js';
import { clonedRepo, git, OPEN_BLOCKER_GO, writeFiles } from '../../helpers/repo.js';
import { cli } from '../staging/harness.js';

// The two routes around `unrecorded-resolution` and `plan-drift` that editing a line would not
// take: deleting the open blocker (or its roadmap), and deleting `approval: required`. Lint
// reads HEAD only, where nothing is left to check; `evidence verify --against BASE` compares
// the roadmaps the pull request changed with the base's (exit 1).

const FILE = 'agents/roadmaps/plan.md';
const REQUIRED = 'evidence:\n  decisions: required\n';
const PLAN = (blockers: string, front = '') =>
  `${front}# Plan\n\n## Phase 1: Ship\n\n- [ ] ship it\n\n## Blockers\n\n${blockers}`;
const APPROVAL = '---\napproval: required\n---\n';
const OTHER = OPEN_BLOCKER_GO.replace('blocker: go', 'blocker: wait');

const clone = (files: Record<string, string>) => clonedRepo({ 'README.md': 'x\n', ...files }).dir;

function commit(dir: string, files: Record<string, string>, ...rm: string[]): void {
  writeFiles(dir, files);
  for (const path of rm) git(dir, 'rm', '-q', path);
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', 'the pull request');
}

async function problems(dir: string) {
  const r = await run(dir, ['evidence', 'verify', '--against', 'origin/main', '--json']);
  return {
    code: r.code,
    problems: JSON.parse(r.stdout).problems.map(({ code, file, blocker }: never) => ({
      code,
      file,
      blocker,
    })),
  };
}

const removed = (blocker: string, file = FILE) => ({ code: 'blocker-removed', file, blocker });
const unapproved = (file = FILE) => ({ code: 'approval-removed', file, blocker: undefined });

describe('evidence verify --against: blocker-removed and approval-removed', () => {
  it('finds an open blocker deleted from its roadmap where decisions are required, naming file and id (exit 1)', async () => {
    const dir = clone({ 'agent-config.yaml': REQUIRED, [FILE]: PLAN(`${OPEN_BLOCKER_GO}\n${OTHER}`) });
    commit(dir, { [FILE]: PLAN(OTHER) });
    expect((await run(dir, ['lint'])).code).toBe(0);
    expect(await problems(dir)).toEqual({ code: 1, problems: [removed('go')] });
    const text = await run(dir, ['evidence', 'verify', '--against', 'origin/main']);
    expect(text.code).toBe(1);
    expect(text.stdout).toContain(`blocker-removed  ${FILE}`);
    expect(text.stdout).toContain(
      "blocker 'go' is open at the base and the roadmap no longer lists it at HEAD",
    );
  });

  it('finds every open blocker of a deleted roadmap, and a resolved one is not a finding', async () => {
    const resolved = OTHER.replace('open', 'resolved — long ago');
    const dir = clone({ 'agent-config.yaml': REQUIRED, [FILE]: PLAN(`${OPEN_BLOCKER_GO}\n${resolved}`) });
    commit(dir, {}, FILE);
    expect(await problems(dir)).toEqual({ code: 1, problems: [removed('go')] });
  });

  it('finds a blocker dropped from a roadmap moved under archive/, and a clean archive move is clean', async () => {
    const dir = clone({
      'agent-config.yaml': REQUIRED,
      [FILE]: PLAN(`${OPEN_BLOCKER_GO}\n${OTHER}`, APPROVAL),
    });
    mkdirSync(join(dir, 'agents/roadmaps/archive'));
    git(dir, 'mv', FILE, 'agents/roadmaps/archive/plan.md');
    git(dir, 'commit', '-q', '-m', 'archive it');
    expect(await problems(dir)).toEqual({ code: 0, problems: [] });
    commit(dir, { 'agents/roadmaps/archive/plan.md': PLAN(`${OTHER}`, APPROVAL) });
    expect(await problems(dir)).toEqual({ code: 1, problems: [removed('go')] });
  });

  it('is clean for a blocker removed after a person recorded a decision on it', async () => {
    const dir = clone({ 'agent-config.yaml': REQUIRED, [FILE]: PLAN(`${OPEN_BLOCKER_GO}\n${OTHER}`) });
    const d = await cli(dir, ['decide', 'go', '--answer', 'go'], {
      answer: 'go',
      env: { AGENT_CONFIG_HUMAN: 'human:ada' },
    });
    expect(d.code, d.stderr).toBe(0);
    commit(dir, { [FILE]: PLAN(OTHER) });
    expect(await problems(dir)).toEqual({ code: 0, problems: [] });
  });

  it('is clean for an open blocker removed where evidence.decisions is not required', async () => {
    const dir = clone({ [FILE]: PLAN(`${OPEN_BLOCKER_GO}\n${OTHER}`) });
    commit(dir, { [FILE]: PLAN(OTHER) });
    expect(await problems(dir)).toEqual({ code: 0, problems: [] });
  });

  it('finds approval: required removed from the frontmatter, or the roadmap deleted, with no configuration', async () => {
    const dir = clone({ [FILE]: PLAN(OTHER, APPROVAL) });
    commit(dir, { [FILE]: PLAN(OTHER, '---\napproval: optional\n---\n') });
    expect((await run(dir, ['lint'])).code).toBe(0);
    expect(await problems(dir)).toEqual({ code: 1, problems: [unapproved()] });
    const text = await run(dir, ['evidence', 'verify', '--against', 'origin/main']);
    expect(text.stdout).toContain(`approval-removed  ${FILE}`);
    const gone = clone({ [FILE]: PLAN(OTHER, APPROVAL) });
    commit(gone, {}, FILE);
    expect(await problems(gone)).toEqual({ code: 1, problems: [unapproved()] });
  });
});
