// `report` on a generated history of 1,000 commits over 200 roadmaps (written with one
// `git fast-import`), as a ratio to one `git log --raw` over the same paths, and on this
// repository. Target: ≤ 2 s for the 1,000 commits.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');
const BIN = join(ROOT, 'dist', 'bin.js');
const COMMITS = 1000;
const ROADMAPS = 200;
const PHASES = 4;
const STEPS = 6;
const VERSION = 1;

function roadmapText(n, done) {
  const lines = [`# Roadmap ${n}`, ''];
  for (let p = 0; p < PHASES; p++) {
    lines.push(`## Phase ${p + 1}: Part ${p + 1}`, '');
    for (let s = 0; s < STEPS; s++)
      lines.push(`- [${p * STEPS + s < done ? 'x' : ' '}] step ${p + 1}.${s + 1} of ${n}`);
    lines.push('');
  }
  return lines.join('\n');
}

/** The fast-import stream: all roadmaps in the first commit, then one tick (or an archiving) a commit. */
function stream() {
  const done = new Array(ROADMAPS).fill(0);
  const archived = new Set();
  const out = [];
  const data = (text) => `data ${Buffer.byteLength(text)}\n${text}\n`;
  const path = (n) => `agents/roadmaps/topic-${n % 10}/r${String(n).padStart(3, '0')}.md`;
  for (let i = 1; i <= COMMITS; i++) {
    const when = 1767225600 + i * 3600;
    out.push(`commit refs/heads/main\nmark :${i}\ncommitter Bench <bench@example.com> ${when} +0000\n`);
    out.push(data(`commit ${i}`));
    if (i > 1) out.push(`from :${i - 1}\n`);
    if (i === 1) {
      for (let n = 0; n < ROADMAPS; n++) out.push(`M 100644 inline ${path(n)}\n`, data(roadmapText(n, 0)));
      continue;
    }
    let n = (i * 37) % ROADMAPS;
    while (archived.has(n)) n = (n + 1) % ROADMAPS;
    if (done[n] === PHASES * STEPS) {
      archived.add(n);
      out.push(
        `D ${path(n)}\n`,
        `M 100644 inline agents/roadmaps/archive/r${String(n).padStart(3, '0')}.md\n`,
        data(roadmapText(n, done[n])),
      );
    } else {
      done[n]++;
      out.push(`M 100644 inline ${path(n)}\n`, data(roadmapText(n, done[n])));
    }
  }
  return out.join('');
}

function history(cache) {
  const dir = join(cache, `report-history-v${VERSION}`);
  if (existsSync(join(dir, '.bench-done'))) return dir;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  execFileSync('git', ['init', '-q', '-b', 'main'], { cwd: dir });
  execFileSync('git', ['fast-import', '--quiet'], { cwd: dir, input: stream(), maxBuffer: 1 << 28 });
  execFileSync('git', ['checkout', '-q', '-f', 'main'], { cwd: dir });
  writeFileSync(join(dir, '.git', 'info', 'exclude'), '.bench-done\n');
  writeFileSync(join(dir, '.bench-done'), '');
  return dir;
}

const LOG = [
  'log',
  '--first-parent',
  '--reverse',
  '--no-renames',
  '--raw',
  '--no-abbrev',
  '-z',
  '--format=%x01%H %ct %cI',
  'HEAD',
  '--',
  'agents/roadmaps',
];

export default async function bench(h) {
  const cache = join(ROOT, '.bench');
  const started = process.hrtime.bigint();
  const dir = history(cache);
  const made = Number(process.hrtime.bigint() - started) / 1e6;
  h.line(`history: ${COMMITS} commits over ${ROADMAPS} roadmaps (made or reused in ${made.toFixed(0)} ms)`);
  const page = join(cache, 'report-bench.html');
  const gen = await h.timePair(
    `report, ${COMMITS} commits × ${ROADMAPS} roadmaps`,
    { cmd: process.execPath, args: [BIN, 'report', '--out', page], cwd: dir },
    'git log --first-parent --raw over the same paths',
    { cmd: 'git', args: LOG, cwd: dir },
  );
  h.line(
    `ratio to one git log --raw (median of pairs): ${gen.ratio.toFixed(2)}×; target ≤ 2 s: ${gen.a <= 2000 ? 'met' : 'MISSED'}`,
  );
  const own = await h.timePair(
    'report on this repository',
    { cmd: process.execPath, args: [BIN, 'report', '--out', page], cwd: ROOT },
    'git log --first-parent --raw over its roadmaps',
    { cmd: 'git', args: LOG, cwd: ROOT },
  );
  h.line(`ratio to one git log --raw on this repository: ${own.ratio.toFixed(2)}×`);
  rmSync(page, { force: true });
}
