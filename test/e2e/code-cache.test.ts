import { spawnSync } from 'node:child_process';
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  BUNDLE_FILE,
  bundleStamp,
  CACHE_FILE,
  STAMP_LENGTH,
  STAMP_PREFIX,
} from '../../src/cli/code-cache.js';
import { ensureBuilt, ROOT, runBin } from '../helpers/bin.js';
import { makeRepo, OPEN_BLOCKER_GO, tempDir } from '../helpers/repo.js';

const DIST = join(ROOT, 'dist');

/** Whether dist/bin.js's loader takes the cache in `dist`, asked in a plain `node` like the command's. */
function cacheUsed(dist: string): boolean {
  const script = `process.stdout.write(String(require(${JSON.stringify(join(dist, 'code-cache.js'))}).loadCli(${JSON.stringify(dist)}).cacheUsed))`;
  const r = spawnSync(process.execPath, ['-e', script], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  expect(r.stderr).toBe('');
  return r.stdout === 'true';
}

/** A private copy of dist/ to spoil. */
function distCopy(): string {
  const copy = join(tempDir(), 'dist');
  cpSync(DIST, copy, { recursive: true });
  return copy;
}

/** The same answers from the command with a spoiled cache as with the good one. */
function expectSameRuns(dist: string) {
  const dir = makeRepo({
    'agents/roadmaps/plan.md': `# Plan\n\n## Phase 1\n\n- [ ] a\n\n## Blockers\n\n${OPEN_BLOCKER_GO}`,
  });
  for (const args of [['--version'], ['gates', '--json'], ['progress']]) {
    const good = runBin(dir, args);
    if (args[0] === 'progress') rmSync(join(dir, 'agents', 'roadmaps-progress.md'));
    expect(runBin(dir, args, { bin: join(dist, 'bin.js') }), args.join(' ')).toEqual(good);
  }
}

beforeAll(ensureBuilt);

describe('the code cache of the built command', () => {
  it('is made by the build for its bundle and taken by the command', () => {
    const stamp = bundleStamp(readFileSync(join(DIST, BUNDLE_FILE), 'utf8'));
    expect(stamp).toMatch(/^[0-9a-f]{16}$/);
    expect(readFileSync(join(DIST, CACHE_FILE)).toString('latin1', 0, STAMP_LENGTH)).toBe(stamp);
    expect(cacheUsed(DIST)).toBe(true);
  });

  it('is left alone when it belongs to another build, and the command works the same', () => {
    const dist = distCopy();
    const cache = readFileSync(join(dist, CACHE_FILE));
    cache.write('0123456789abcdef', 0, 'latin1');
    writeFileSync(join(dist, CACHE_FILE), cache);
    expect(cacheUsed(dist)).toBe(false);
    expectSameRuns(dist);
  });

  it('is refused by V8 when its data is spoiled, and the command works the same', () => {
    const dist = distCopy();
    const cache = readFileSync(join(dist, CACHE_FILE));
    // The stamp is kept: only V8's own check stands between these bytes and the bundle.
    cache.fill(0x5a, STAMP_LENGTH + 64);
    writeFileSync(join(dist, CACHE_FILE), cache);
    expect(cacheUsed(dist)).toBe(false);
    expectSameRuns(dist);
  });

  it('is not needed: without it the command works the same', () => {
    const dist = distCopy();
    rmSync(join(dist, CACHE_FILE));
    expect(cacheUsed(dist)).toBe(false);
    expectSameRuns(dist);
  });
});

describe('bundleStamp', () => {
  it('reads the stamp of the first line, or nothing', () => {
    expect(bundleStamp(`${STAMP_PREFIX}00112233aabbccdd\n"use strict";`)).toBe('00112233aabbccdd');
    expect(bundleStamp(`${STAMP_PREFIX}0011\n`.slice(0, STAMP_PREFIX.length + 4))).toBeNull();
    expect(bundleStamp('"use strict";\n')).toBeNull();
  });
});

describe('a build without its bundle', () => {
  it('says so in one line and exits 2, without a stack trace', () => {
    const dist = distCopy();
    rmSync(join(dist, BUNDLE_FILE));
    const r = runBin(tempDir(), ['--version'], { bin: join(dist, 'bin.js') });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      `agent-config: ${dist}/${BUNDLE_FILE} cannot be read (ENOENT) — rebuild it with \`npm run build\` (or reinstall)\n`,
    );
  });
});
