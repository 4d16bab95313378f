// `node scripts/instructions.mjs [--dist DIR] [--cwd DIR] -- ARGS…`: counts the instructions of
// one run of the built CLI with valgrind's callgrind, a figure that repeats to within 1–2 %
// where wall time on this machine moves by 10 % (see docs/performance-log.md).
// Node runs with --single-threaded, so the collector and TurboFan count on the main thread, and
// with a copy of dist/ whose code cache is trained under that flag (V8 refuses a cache made
// with other flags). Also prints bare `node -e 0` for the ratio. Needs valgrind
// (`apt-get install valgrind`).
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const argv = process.argv.slice(2);
const option = (name, fallback) => {
  const i = argv.indexOf(name);
  return i === -1 || i > argv.indexOf('--') ? fallback : argv[i + 1];
};
const dist = resolve(option('--dist', join(import.meta.dirname, '..', 'dist')));
const cwd = resolve(option('--cwd', process.cwd()));
const args = argv.includes('--') ? argv.slice(argv.indexOf('--') + 1) : [];

function count(nodeArgs) {
  const r = spawnSync(
    'valgrind',
    [
      '--tool=callgrind',
      '--callgrind-out-file=/dev/null',
      process.execPath,
      '--single-threaded',
      ...nodeArgs,
    ],
    { cwd, encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe'] },
  );
  if (r.error) throw new Error(`valgrind could not be started (${r.error.message}); install it first`);
  const m = /Collected : (\d+)/.exec(r.stderr);
  if (m === null) throw new Error(`no count from valgrind:\n${r.stderr}`);
  return Number(m[1]) / 1e6;
}

const copy = join(mkdtempSync(join(tmpdir(), 'agent-config-count-')), 'dist');
try {
  cpSync(dist, copy, { recursive: true });
  const train = spawnSync(
    process.execPath,
    ['--single-threaded', join(import.meta.dirname, 'train-code-cache.mjs'), copy],
    { stdio: 'inherit' },
  );
  if (train.status !== 0) throw new Error('the code-cache training run failed');
  const bare = count(['-e', '0']);
  const run = count([join(copy, 'bin.js'), ...args]);
  console.log(`bare node -e 0: ${bare.toFixed(0)} M instructions`);
  console.log(
    `agent-config ${args.join(' ')}: ${run.toFixed(0)} M instructions (${(run / bare).toFixed(2)}× bare node)`,
  );
} finally {
  rmSync(join(copy, '..'), { recursive: true, force: true });
}
