import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runArchive } from '../../src/commands/archive/archive.js';
import { makeContext, run } from '../helpers/context.js';
import { git, tempDir, writeFiles } from '../helpers/repo.js';
import { generateArchiveRepo, gitOut } from './archive-repo.js';

class Interrupted extends Error {}

function repo(seed: number): string {
  const dir = join(tempDir(), 'repo');
  mkdirSync(dir);
  git(dir, 'init', '-q', '-b', 'main');
  writeFiles(dir, generateArchiveRepo(seed).files);
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', 'initial');
  return dir;
}

/** Every file of the work tree (no .git), path → content. */
function snapshot(dir: string, rel = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of readdirSync(join(dir, rel), { withFileTypes: true })) {
    const path = rel === '' ? entry.name : `${rel}/${entry.name}`;
    // The evidence ledger's stream has a random name per working copy; archive-evidence tests
    // check that an interrupted run records exactly once.
    if (path === '.git' || path === 'agents/evidence/ledger' || path === 'agents/runtime') continue;
    if (entry.isDirectory()) Object.assign(out, snapshot(dir, path));
    else out[path] = readFileSync(join(dir, path), 'utf8');
  }
  return out;
}

function indexState(dir: string): string {
  return gitOut(dir, 'ls-files', '-s')
    .split('\n')
    .filter((line) => !line.includes('agents/evidence/ledger/'))
    .join('\n');
}

/** Runs archive --all in process, throwing (like a crash) before step `k`; returns the step count. */
async function interruptedRun(dir: string, k: number): Promise<number> {
  let steps = 0;
  const ctx = makeContext(dir);
  try {
    await runArchive(
      ctx,
      { all: true },
      {
        beforeStep: () => {
          if (steps++ === k) throw new Interrupted();
        },
      },
    );
  } catch (error) {
    if (!(error instanceof Interrupted)) throw error;
  }
  return steps;
}

describe('an interrupted archive run', () => {
  it('leaves every file whole at every step, and running again completes the same job', async () => {
    const reference = repo(5);
    const original = snapshot(reference);
    const total = await interruptedRun(reference, -1);
    const done = snapshot(reference);
    const doneIndex = indexState(reference);
    expect(total).toBeGreaterThan(8);
    const movedFrom = new Map(
      Object.keys(done)
        .filter((p) => p.startsWith('agents/roadmaps/archive/'))
        .map((p) => [p, p.replace('archive/', '')]),
    );

    for (let k = 0; k < total; k++) {
      const dir = repo(5);
      await interruptedRun(dir, k);
      for (const [path, content] of Object.entries(snapshot(dir))) {
        const whole =
          content === original[path] ||
          content === done[path] ||
          content === original[movedFrom.get(path) ?? ''];
        expect(whole, `step ${k}: ${path}`).toBe(true);
      }
      const again = await run(dir, ['archive', '--all']);
      expect(again.code, `step ${k}: ${again.stderr}`).toBe(0);
      if (k > 0) expect(again.stdout).toContain('Completed an interrupted archive run.');
      expect(snapshot(dir)).toEqual(done);
      expect(indexState(dir)).toBe(doneIndex);
    }
  });

  it('removes a temporary file a killed atomic write left behind', async () => {
    const dir = repo(6);
    let steps = 0;
    await runArchive(
      makeContext(dir),
      { all: true },
      {
        beforeStep: (label) => {
          steps++;
          if (label === 'write docs/guide.md') throw new Interrupted();
        },
      },
    ).catch((error) => {
      if (!(error instanceof Interrupted)) throw error;
    });
    expect(steps).toBeGreaterThan(1);
    const temp = join(dir, 'docs', '.guide.md.0123456789ab.tmp');
    writeFileSync(temp, '# Gui');
    const again = await run(dir, ['archive', '--all']);
    expect(again.code).toBe(0);
    expect(readdirSync(join(dir, 'docs')).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });

  it('stops, naming the file, when a file it was about to rewrite changed in between', async () => {
    const dir = repo(7);
    await runArchive(
      makeContext(dir),
      { all: true },
      {
        beforeStep: (label) => {
          if (label.startsWith('write ')) throw new Interrupted();
        },
      },
    ).catch((error) => {
      if (!(error instanceof Interrupted)) throw error;
    });
    const guide = join(dir, 'docs/guide.md');
    writeFileSync(guide, `${readFileSync(guide, 'utf8')}\nA hand edit.\n`);
    const again = await run(dir, ['archive', '--all']);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('docs/guide.md: changed since the archive run was planned');
    expect(again.stderr).toContain('agent-config-archive.json');
    expect(readFileSync(guide, 'utf8')).toContain('A hand edit.');
    const pending = await run(dir, ['archive', '--all', '--dry-run']);
    expect(pending.stderr).toContain('an interrupted archive run is waiting');
  });
});
