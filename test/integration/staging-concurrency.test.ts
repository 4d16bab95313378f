import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface, type Interface } from 'node:readline';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDist } from '../../scripts/build-dist.mjs';
import { tempDir } from '../helpers/repo.js';
import { cli, confirmOne, readRecord, stageOne, stagingRepo } from './staging/harness.js';

const CLAIMERS = 50;
// Generous: 1,000 claims on a loaded two-core machine; the test asserts outcomes, never speed.
const TIMEOUT = 300_000;
const REPETITIONS = 20;
const ROOT = join(import.meta.dirname, '..', '..');
// The fixed clock of the harness, one minute after staging: every stage is live.
const NOW = '2026-11-30T12:02:00.000Z';
const BANNER =
  "import { createRequire as __agentConfigCreateRequire } from 'node:module';\nconst require = __agentConfigCreateRequire(import.meta.url);";

let out = '';

/** Bundles an entry of src/ the way scripts/build.mjs does, into a temporary folder. */
async function bundle(entry: string, file: string): Promise<string> {
  const outfile = join(out, file);
  await build({
    entryPoints: [join(ROOT, entry)],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    banner: { js: BANNER },
    define: { __AGENT_CONFIG_VERSION__: '"0.0.0-test"' },
    logLevel: 'warning',
  });
  return outfile;
}

/** A long-lived claimer process and a reader of its answers. */
interface Claimer {
  child: ChildProcessWithoutNullStreams;
  next: () => Promise<string>;
}

function startClaimer(runCliBundle: string): Claimer {
  const child = spawn(process.execPath, [
    join(import.meta.dirname, 'staging', 'claim-worker.mjs'),
    runCliBundle,
  ]);
  const lines: Interface = createInterface({ input: child.stdout });
  const queue: string[] = [];
  const waiting: Array<(line: string) => void> = [];
  lines.on('line', (line) => {
    const resolve = waiting.shift();
    if (resolve) resolve(line);
    else queue.push(line);
  });
  const next = () =>
    new Promise<string>((resolve) => {
      const line = queue.shift();
      if (line !== undefined) resolve(line);
      else waiting.push(resolve);
    });
  return { child, next };
}

/** Runs a command and resolves with its exit code. */
function exitCode(args: string[]): Promise<number | null> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { stdio: 'ignore' });
    child.on('close', (code) => resolve(code));
  });
}

let runCliBundle = '';
let binBundle = '';
const claimers: Claimer[] = [];

beforeAll(async () => {
  out = tempDir('agent-config-bundle-');
  // Built from the sources under test, so a stale dist/ can never make this test pass.
  const dist = join(out, 'dist');
  [runCliBundle] = await Promise.all([bundle('src/index.ts', 'index.mjs'), buildDist(dist)]);
  binBundle = join(dist, 'bin.js');
});

afterAll(() => {
  for (const c of claimers) c.child.kill();
});

describe('the claim under contention', () => {
  it(
    `answers execute to exactly one of ${CLAIMERS} concurrent claimer processes, in each of ${REPETITIONS} repetitions`,
    async () => {
      // Claimers are separate Node processes started once; each repetition releases all of
      // them at the same moment on a freshly confirmed token, so they race on one rename. (On a
      // two-core machine most losers arrive after the winner's rename and a few lose the rename
      // itself; staging-store.test.ts pins that worst interleaving deterministically.)
      for (let i = 0; i < CLAIMERS; i++) claimers.push(startClaimer(runCliBundle));
      expect(await Promise.all(claimers.map((c) => c.next()))).toEqual(Array(CLAIMERS).fill('ready'));
      const dir = stagingRepo();
      for (let rep = 0; rep < REPETITIONS; rep++) {
        const token = await stageOne(dir, `feature/rep-${rep}`);
        expect((await confirmOne(dir, token)).code).toBe(0);
        const answers = claimers.map((c) => c.next());
        for (const c of claimers) c.child.stdin.write(`go ${dir} ${token} ${NOW}\n`);
        const codes = await Promise.all(answers);
        expect(
          codes.filter((c) => c === '0'),
          `repetition ${rep}`,
        ).toHaveLength(1);
        expect(
          codes.filter((c) => c === '1'),
          `repetition ${rep}`,
        ).toHaveLength(CLAIMERS - 1);
        expect(readRecord(dir, 'resolved', token)).toMatchObject({
          state: 'claimed',
          claimed_at: '2026-11-30T12:02:00Z',
        });
        expect(readRecord(dir, 'confirmed', token)).toBeNull();
      }
    },
    TIMEOUT,
  );

  it(
    `answers exit 0 to exactly one of ${CLAIMERS} \`agent-config claim\` binaries started at once`,
    async () => {
      // The binary reads the real clock, so this stage is staged and confirmed on it too.
      const dir = stagingRepo();
      const realClock = { overrides: { clock: () => new Date() } };
      const staged = await cli(dir, ['stage', '--action', 'a', '--object', 'o', '--source', 's'], realClock);
      const token = staged.stdout.trim();
      const confirmed = await cli(dir, ['confirm', token, '--as', 'human:ada'], {
        ...realClock,
        answer: token.slice(-4),
      });
      expect(confirmed.code).toBe(0);
      const codes = await Promise.all(
        Array.from({ length: CLAIMERS }, () => exitCode([binBundle, 'claim', token, '--root', dir])),
      );
      expect(codes.filter((c) => c === 0)).toHaveLength(1);
      expect(codes.filter((c) => c === 1)).toHaveLength(CLAIMERS - 1);
    },
    TIMEOUT,
  );
});
