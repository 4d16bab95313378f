import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run } from '../helpers/context.js';
import { makeRepo } from '../helpers/repo.js';

// A folder named in agent-config.yaml that does not exist is a typo until shown otherwise: every
// command that reads the roadmap folder refuses (exit 2, one line naming the key, its line, the
// value and the fix) instead of answering a green "nothing to do" over an empty tree.

const PLAN = '# Plan\n\n## Phase 1 — Work\n\n- [ ] a\n- [x] b\n';
const DONE = '# Done\n\n## Phase 1 — Work\n\n- [x] a\n';

/** A repository whose roadmaps are where the default says, with a typo in its configuration. */
function typoRepo(config = '# the roadmap folder\nroadmaps: agents/roadmapz\n'): string {
  return makeRepo({
    'agent-config.yaml': config,
    'agents/roadmaps/plan.md': PLAN,
    'agents/roadmaps/done.md': DONE,
  });
}

const TYPO_LINE =
  'agent-config: agent-config.yaml:2: roadmaps: agents/roadmapz does not exist — create it or correct the path';

function refusedOnce(r: { code: number; stdout: string; stderr: string }, line = TYPO_LINE): void {
  expect(r.code).toBe(2);
  expect(r.stdout).toBe('');
  expect(r.stderr).toBe(`${line}\n`);
}

describe('a configured roadmap folder that does not exist', () => {
  it('fails progress --check with one line naming the key, its line, the value and the fix', async () => {
    refusedOnce(await run(typoRepo(), ['progress', '--check']));
  });

  it('fails progress (which writes nothing) and progress --check --json alike', async () => {
    const dir = typoRepo();
    refusedOnce(await run(dir, ['progress']));
    expect(existsSync(join(dir, 'agents', 'roadmaps-progress.md'))).toBe(false);
    refusedOnce(await run(dir, ['progress', '--check', '--json']));
  });

  it('fails lint, which checked 0 files before', async () => {
    refusedOnce(await run(typoRepo(), ['lint']));
    refusedOnce(await run(typoRepo(), ['lint', '--format', 'json']));
  });

  it('fails gates, --all and --json', async () => {
    const dir = typoRepo();
    for (const args of [['gates'], ['gates', '--all'], ['gates', '--json']])
      refusedOnce(await run(dir, args));
  });

  it('fails archive, with and without --dry-run, and moves nothing', async () => {
    const dir = typoRepo();
    refusedOnce(await run(dir, ['archive', '--all', '--dry-run']));
    refusedOnce(await run(dir, ['archive', '--all']));
    expect(existsSync(join(dir, 'agents', 'roadmaps', 'done.md'))).toBe(true);
  });

  it('fails report, which writes no page', async () => {
    const dir = typoRepo();
    refusedOnce(await run(dir, ['report', '--json']));
    refusedOnce(await run(dir, ['report']));
    expect(existsSync(join(dir, 'agents', 'runtime', 'report.html'))).toBe(false);
  });

  it('prints the line docs/configuration.md shows', async () => {
    const doc = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'configuration.md'), 'utf8');
    const r = await run(typoRepo('roadmaps: agents/roadmapz\n'), ['lint']);
    expect(r.code).toBe(2);
    expect(doc).toContain(`\n${r.stderr}`);
  });

  it('names the line of the key wherever it is, and a flow mapping too', async () => {
    const r = await run(typoRepo('staging:\n  ttl: 15m\n\n\nroadmaps: "agents/roadmapz/"\n'), [
      'progress',
      '--check',
    ]);
    refusedOnce(r, TYPO_LINE.replace('yaml:2:', 'yaml:5:'));
  });

  it('fails when a path component is a file, not a folder', async () => {
    const dir = typoRepo('roadmaps: agents/roadmaps/plan.md/sub\n');
    refusedOnce(
      await run(dir, ['gates']),
      'agent-config: agent-config.yaml:1: roadmaps: agents/roadmaps/plan.md/sub does not exist — create it or correct the path',
    );
  });

  it('escapes what it shows of the value', async () => {
    const dir = typoRepo('roadmaps: "agents/road\\u001b[31mma\\npz"\n');
    const r = await run(dir, ['lint']);
    expect(r.code).toBe(2);
    expect(r.stderr).not.toContain('\u001b');
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain('roadmaps: agents/road\\x1B[31mma\\x0Apz does not exist');
  });

  it('also fails when the configured value is the default one', async () => {
    const dir = makeRepo({ 'agent-config.yaml': 'roadmaps: agents/roadmaps\n', 'README.md': 'x\n' });
    refusedOnce(
      await run(dir, ['progress', '--check']),
      'agent-config: agent-config.yaml:1: roadmaps: agents/roadmaps does not exist — create it or correct the path',
    );
  });

  it('is no error for init, which creates it', async () => {
    const dir = makeRepo({ 'agent-config.yaml': 'roadmaps: plans\n', 'README.md': 'x\n' });
    const r = await run(dir, ['init']);
    expect(r.code).toBe(0);
    expect(existsSync(join(dir, 'plans'))).toBe(true);
    expect((await run(dir, ['gates'])).code).toBe(0);
  });

  it('works once the folder is there', async () => {
    const dir = typoRepo('roadmaps: agents/roadmaps/\n');
    const r = await run(dir, ['progress']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('2 roadmap(s)');
  });
});

describe('a configured dashboard in a folder that does not exist', () => {
  it('is written there by progress (folders and all), and a typo in it is red to --check', async () => {
    const dir = typoRepo('dashboard: agentz/roadmaps-progress.md\n');
    const r = await run(dir, ['progress', '--check']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('agentz/roadmaps-progress.md is missing');
    expect((await run(dir, ['gates'])).code).toBe(0);
  });
});

describe('no configuration and no roadmap folder', () => {
  it('stays a quiet "nothing to do" for progress --check, lint, gates and archive', async () => {
    const dir = makeRepo({ 'README.md': 'x\n' });
    for (const args of [['progress', '--check'], ['lint'], ['gates'], ['archive', '--all', '--dry-run']]) {
      const r = await run(dir, args);
      expect(r.code, args.join(' ')).toBe(0);
    }
  });

  it('stays quiet with a configuration that does not name the folder', async () => {
    const dir = makeRepo({ 'README.md': 'x\n' });
    writeFileSync(join(dir, 'agent-config.yaml'), 'staging:\n  ttl: 10m\n');
    for (const args of [['progress', '--check'], ['lint'], ['gates']]) {
      expect((await run(dir, args)).code, args.join(' ')).toBe(0);
    }
  });
});
