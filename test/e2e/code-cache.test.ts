import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  BUNDLE_FILE,
  bundleStamp,
  CACHE_FILE,
  CHECKSUM_LENGTH,
  cacheChecksum,
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
  it('is made by the build for its bundle, which is plain ASCII, and taken by the command', () => {
    const bundle = readFileSync(join(DIST, BUNDLE_FILE));
    // One non-ASCII byte would make every start decode the whole bundle as UTF-8.
    expect(bundle.findIndex((byte) => byte > 0x7f)).toBe(-1);
    const stamp = bundleStamp(bundle.toString('latin1'));
    expect(stamp).toMatch(/^[0-9a-f]{16}$/);
    const cache = readFileSync(join(DIST, CACHE_FILE));
    expect(cache.toString('latin1', 0, STAMP_LENGTH)).toBe(stamp);
    const header = STAMP_LENGTH + CHECKSUM_LENGTH;
    expect(cache.toString('latin1', STAMP_LENGTH, header)).toBe(cacheChecksum(cache.subarray(header)));
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

  it('is left alone when its data is spoiled, and the command works the same', () => {
    const dist = distCopy();
    const cache = readFileSync(join(dist, CACHE_FILE));
    // The stamp is kept: only the checksum stands between these bytes and V8, which would crash.
    cache.fill(0x5a, STAMP_LENGTH + CHECKSUM_LENGTH + 64);
    writeFileSync(join(dist, CACHE_FILE), cache);
    expect(cacheUsed(dist)).toBe(false);
    expectSameRuns(dist);
  });

  it('is left alone when one bit of its data is flipped, or it is cut short', () => {
    const dist = distCopy();
    const good = readFileSync(join(dist, CACHE_FILE));
    const flipped = Buffer.from(good);
    flipped[flipped.length - 1]! ^= 0x10;
    writeFileSync(join(dist, CACHE_FILE), flipped);
    expect(cacheUsed(dist)).toBe(false);
    writeFileSync(join(dist, CACHE_FILE), good.subarray(0, good.length - 4));
    expect(cacheUsed(dist)).toBe(false);
    writeFileSync(join(dist, CACHE_FILE), good);
    expect(cacheUsed(dist)).toBe(true);
  });

  it("is taken by V8 only when the data is V8's: well-summed garbage is refused, not a crash", () => {
    const dist = distCopy();
    const good = readFileSync(join(dist, CACHE_FILE));
    // V8 still checks its own header (version, flags, source length): a cache whose header is
    // spoiled but whose checksum fits reaches V8 and is rejected there, and the command runs.
    const header = STAMP_LENGTH + CHECKSUM_LENGTH;
    const data = Buffer.from(good.subarray(header));
    data.fill(0x5a, 0, 16);
    const stamp = good.toString('latin1', 0, STAMP_LENGTH);
    writeFileSync(
      join(dist, CACHE_FILE),
      Buffer.concat([Buffer.from(stamp + cacheChecksum(data), 'latin1'), data]),
    );
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

describe('cacheChecksum', () => {
  it('changes with any one byte, at any alignment, and with the length', () => {
    const data = Uint8Array.from({ length: 103 }, (_, i) => (i * 37) & 0xff);
    const sum = cacheChecksum(data);
    expect(sum).toMatch(/^[0-9a-f]{8}$/);
    for (let i = 0; i < data.length; i++) {
      const spoiled = Uint8Array.from(data);
      spoiled[i]! ^= 1;
      expect(cacheChecksum(spoiled), `byte ${i}`).not.toBe(sum);
    }
    expect(cacheChecksum(data.subarray(0, 102))).not.toBe(sum);
    // A view that does not start on a word boundary sums the same bytes the same way.
    const shifted = new Uint8Array(data.length + 1);
    shifted.set(data, 1);
    expect(cacheChecksum(shifted.subarray(1))).toBe(sum);
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

describe('the built files', () => {
  it("carry no trace of the build machine's path: no built file names the folder it was built in", () => {
    const files = readdirSync(DIST, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name));
    expect(files.map((f) => f.slice(DIST.length + 1))).toContain(CACHE_FILE);
    const naming = files.filter((f) => readFileSync(f).includes(ROOT));
    expect(naming.map((f) => f.slice(DIST.length + 1))).toEqual([]);
  });

  it('read agent-config.yaml with their own yaml (dist/yaml.cjs), not the package: a copy of dist/ with no node_modules above it', () => {
    // The package's 72 files cost 20-35 ms to resolve and compile at their first use; the bundle
    // is one file. Without it in dist/, this copy could not read a configuration at all.
    const dist = distCopy();
    const dir = makeRepo({
      'agents/roadmaps/plan.md': '# Plan\n\n## Phase 1\n\n- [ ] a\n',
      'agent-config.yaml': '# the rules in force\nroadmaps: agents/roadmaps\nstaging:\n  ttl: 20m\n',
    });
    const bin = { bin: join(dist, 'bin.js') };
    const staged = runBin(
      dir,
      ['stage', '--action', 'deploy', '--object', 'prod', '--source', 'test', '--json'],
      bin,
    );
    expect([staged.code, staged.stderr]).toEqual([0, '']);
    expect(JSON.parse(staged.stdout).outcome).toBe('staged');
    // Positions still come from yaml: a broken file is named with its line.
    writeFileSync(join(dir, 'agent-config.yaml'), 'roadmaps: agents/roadmaps\nguard:\n  wait: [\n');
    const broken = runBin(dir, ['gates'], bin);
    expect(broken.code).toBe(2);
    expect(broken.stderr).toMatch(/^agent-config: agent-config\.yaml:\d+: invalid YAML: /);
    expect(broken.stderr).not.toMatch(/^\s+at /m);
  });

  it('show, in a --debug stack trace of an installed copy, the package path and never the build folder', () => {
    const installed = join(tempDir(), 'node_modules', 'agent-config', 'dist');
    mkdirSync(installed, { recursive: true });
    cpSync(DIST, installed, { recursive: true });
    expect(cacheUsed(installed)).toBe(true);
    const r = runBin(tempDir(), ['progress', '--root', 'no-such-folder', '--debug'], {
      bin: join(installed, 'bin.js'),
    });
    expect(r.code).toBe(2);
    const frames = r.stderr.split('\n').filter((l) => /^\s+at /.test(l));
    expect(frames.length).toBeGreaterThan(0);
    expect(r.stderr).not.toContain(ROOT);
    expect(frames.join('\n')).toMatch(/agent-config\/dist\/cli\.cjs:\d+:\d+/);
  });
});
