// `npm run bench`: performance figures, as medians over several runs on this machine. Prints
// figures; asserts nothing (machines are noisy). Each scripts/bench/*.mjs adds its own section.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CORPUS_VERSION, generateCorpus } from './corpus.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = join(ROOT, 'dist', 'bin.js');
const CACHE = join(ROOT, '.bench');
const GIT_ENV = {
  ...process.env,
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_AUTHOR_NAME: 'Bench',
  GIT_AUTHOR_EMAIL: 'bench@example.com',
  GIT_COMMITTER_NAME: 'Bench',
  GIT_COMMITTER_EMAIL: 'bench@example.com',
  GIT_AUTHOR_DATE: '2026-01-01T00:00:00Z',
  GIT_COMMITTER_DATE: '2026-01-01T00:00:00Z',
};

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * The environment without `NODE_EXTRA_CA_CERTS`: Node 20 reads and parses that certificate file
 * at every start, before any script runs. Where it is set (this machine sets it to the system's
 * whole CA bundle), it is most of bare node's start-up time, so ratios to bare node read very
 * differently with and without it; the bench reports both.
 */
const NO_EXTRA_CERTS_ENV = { ...GIT_ENV };
delete NO_EXTRA_CERTS_ENV.NODE_EXTRA_CA_CERTS;
const EXTRA_CERTS = process.env.NODE_EXTRA_CA_CERTS;

function timeOnce(cmd, args, cwd, env = GIT_ENV, input = undefined) {
  const start = process.hrtime.bigint();
  const stdin = input === undefined ? 'ignore' : 'pipe';
  const result = spawnSync(cmd, args, { cwd, stdio: [stdin, 'ignore', 'pipe'], env, input });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (result.status !== 0 && result.status !== 1) {
    throw new Error(`${cmd} ${args.join(' ')} exited ${result.status}: ${result.stderr}`);
  }
  return ms;
}

function measure(cmd, args, { cwd = ROOT, runs = 7, before, env } = {}) {
  before?.();
  timeOnce(cmd, args, cwd, env); // warm-up: file cache, not counted
  const times = [];
  for (let i = 0; i < runs; i++) {
    before?.();
    times.push(timeOnce(cmd, args, cwd, env));
  }
  return median(times);
}

/**
 * Times a command and a reference in alternation, so both see the same machine: a busy moment
 * slows both runs of a pair instead of one side of the comparison. Returns both medians and
 * the median of the per-pair ratios.
 */
function measurePaired(a, b, { runs = 9 } = {}) {
  const once = ({ cmd, args, cwd = ROOT, before, env, input }) => {
    before?.();
    return timeOnce(cmd, args, cwd, env, input);
  };
  once(a);
  once(b); // warm-up: file cache, not counted
  const as = [];
  const bs = [];
  const ratios = [];
  for (let i = 0; i < runs; i++) {
    const x = once(a);
    const y = once(b);
    as.push(x);
    bs.push(y);
    ratios.push(x / y);
  }
  return { a: median(as), b: median(bs), ratio: median(ratios) };
}

/**
 * Reads every file below `dir` (the corpus's `agents/`), so a timed run starts with its files
 * in the page cache. This machine trims the cache within seconds: without this, a run reads
 * part of the corpus back from disk (up to 150 ms) and the figure measures the disk, not the
 * command. The reference (bare node) keeps its own files warm by running every other time.
 */
function warmPageCache(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) warmPageCache(path);
    else if (entry.isFile()) readFileSync(path);
  }
}

/** Peak resident set size in MB of one run, from GNU time. */
function peakRssMb(args, cwd) {
  if (!existsSync('/usr/bin/time')) return null;
  const r = spawnSync('/usr/bin/time', ['-f', '%M', process.execPath, BIN, ...args], {
    cwd,
    encoding: 'utf8',
    env: GIT_ENV,
  });
  const kb = Number(r.stderr.trim().split('\n').pop());
  return Number.isFinite(kb) ? kb / 1024 : null;
}

const baseline = measure(process.execPath, ['-e', '0'], { runs: 11 });
const fmt = (ms) => `${ms.toFixed(1)} ms`;

const h = {
  baseline,
  lastRatio: Number.NaN,
  line: (text) => console.log(text),
  async corpus({ roadmaps = 200, files = 0 } = {}) {
    const dir = join(CACHE, `corpus-v${CORPUS_VERSION}-${roadmaps}-${files}`);
    const marker = join(dir, '.bench-bytes');
    if (!existsSync(marker)) {
      rmSync(dir, { recursive: true, force: true });
      mkdirSync(dir, { recursive: true });
      const bytes = generateCorpus(dir, { roadmaps, files });
      execFileSync('git', ['init', '-q', '-b', 'main'], { cwd: dir, env: GIT_ENV });
      execFileSync('git', ['add', '-A'], { cwd: dir, env: GIT_ENV });
      execFileSync('git', ['commit', '-q', '-m', 'corpus'], { cwd: dir, env: GIT_ENV });
      writeFileSync(join(dir, '.git', 'info', 'exclude'), '.bench-bytes\n');
      writeFileSync(marker, String(bytes));
    }
    return { dir, bytes: Number(readFileSync(marker, 'utf8')) };
  },
  /**
   * A CLI run, timed against bare `node -e 0` in alternation; returns its median in ms, and
   * `ratio` (the median of the pairs) through `h.lastRatio`. With `input`, both sides get it on
   * stdin.
   */
  async timeCli(label, args, options = {}) {
    const { runs, nodeOptions, input, ...where } = options;
    const agents = where.cwd === undefined ? null : join(where.cwd, 'agents');
    const before = agents !== null && existsSync(agents) ? () => warmPageCache(agents) : undefined;
    // With `nodeOptions`, both sides run with NODE_OPTIONS set to it (an option a user may set,
    // not the default): one figure, for comparison.
    const optionEnv = nodeOptions === undefined ? undefined : { ...GIT_ENV, NODE_OPTIONS: nodeOptions };
    // The command and bare node in alternation, both started with `env`.
    const pairs = (env) =>
      measurePaired(
        { cmd: process.execPath, args: [BIN, ...args], ...where, before, env, input },
        { cmd: process.execPath, args: ['-e', '0'], env, input },
        { runs },
      );
    const line = (m) => `${fmt(m.a)} median (${m.ratio.toFixed(2)}× bare node, ${fmt(m.b)} alongside)`;
    const m = pairs(optionEnv);
    console.log(`${label}: ${line(m)}`);
    h.lastRatio = m.ratio;
    if (EXTRA_CERTS !== undefined && nodeOptions === undefined) {
      // The same pairs with both sides started without the certificate file.
      console.log(`  without NODE_EXTRA_CA_CERTS: ${line(pairs(NO_EXTRA_CERTS_ENV))}`);
    }
    return m.a;
  },
  /** Two commands timed in alternation: medians and the median ratio a/b. */
  async timePair(labelA, a, labelB, b, options = {}) {
    const m = measurePaired(a, b, options);
    console.log(`${labelA}: ${fmt(m.a)} median`);
    console.log(`${labelB}: ${fmt(m.b)} median (alongside)`);
    return m;
  },

  peakRssMb,
};

if (!existsSync(BIN)) {
  console.error('dist/bin.js is missing: run `npm run build` first.');
  process.exit(2);
}
console.log(
  `node ${process.version}, ${readdirSync('/sys/devices/system/cpu').filter((d) => /^cpu\d+$/.test(d)).length} cpu(s)`,
);
console.log(`bare \`node -e 0\`: ${fmt(baseline)} median`);
if (EXTRA_CERTS !== undefined) {
  const without = measure(process.execPath, ['-e', '0'], { runs: 11, env: NO_EXTRA_CERTS_ENV });
  console.log(
    `  NODE_EXTRA_CA_CERTS is set (${EXTRA_CERTS}): Node parses that file at every start; without it bare node takes ${fmt(without)}.`,
  );
  console.log(
    '  Ratios are to bare node as this machine starts it (with the file); each CLI figure also shows them without it.',
  );
}

const only = process.argv.slice(2);
const dir = join(ROOT, 'scripts', 'bench');
for (const name of readdirSync(dir).sort()) {
  if (!name.endsWith('.mjs')) continue;
  if (only.length > 0 && !only.includes(name.replace(/\.mjs$/, ''))) continue;
  console.log(`\n## ${name.replace(/\.mjs$/, '')}`);
  const mod = await import(pathToFileURL(join(dir, name)).href);
  await mod.default(h);
}
