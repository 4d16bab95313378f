// `decide` on the 2,000-roadmap corpus against `gates --json` on the same tree (the target:
// decide within 2× gates). decide is a person's verb: both run inside a pseudo-terminal made by
// util-linux `script`, with the blocker's id on stdin as the person's answer, so both sides pay
// the same terminal. Before each decide the roadmap and the ledger are put back (not timed), so
// every run finds the blocker open, asks, records and rewrites the status line.
import { execFileSync, spawnSync } from 'node:child_process';
import { join } from 'node:path';

const BIN = join(import.meta.dirname, '..', '..', 'dist', 'bin.js');
const quote = (s) => `'${s.replace(/'/g, `'\\''`)}'`;

export default async function bench(h) {
  if (spawnSync('script', ['--version']).status !== 0) {
    h.line('util-linux `script` is missing: decide needs a terminal, so it is not timed here.');
    return;
  }
  const roadmaps = 2000;
  const { dir } = await h.corpus({ roadmaps });
  const doc = JSON.parse(execFileSync(process.execPath, [BIN, 'gates', '--json', '--all'], { cwd: dir }));
  const counts = new Map();
  for (const b of doc.blockers) counts.set(b.id, (counts.get(b.id) ?? 0) + 1);
  // A blocker a person decides whose id no other active roadmap uses: found by id alone.
  const target = doc.blockers.find((b) => b.needsYou && counts.get(b.id) === 1);
  if (target === undefined) {
    h.line('the corpus has no blocker with a unique id: decide is not timed.');
    return;
  }
  const file = `agents/roadmaps/${target.roadmap}`;
  const restore = () => {
    execFileSync('git', ['checkout', '-q', '--', file], { cwd: dir });
    execFileSync('git', ['clean', '-fdq', '--', 'agents/evidence'], { cwd: dir });
  };
  const inPty = (args) => ['-qec', [process.execPath, BIN, ...args].map(quote).join(' '), '/dev/null'];
  const env = { ...process.env, TERM: 'dumb', AGENT_CONFIG_HUMAN: 'human:bench' };
  const decideArgs = ['decide', target.id, target.options.length > 0 ? '--option' : '--answer', '1'];
  h.line(
    `decide ${target.id} (in ${target.roadmap}, ${target.options.length} option(s)) on ${roadmaps} roadmaps`,
  );
  const m = await h.timePair(
    `decide, ${roadmaps} roadmaps (pty)`,
    { cmd: 'script', args: inPty(decideArgs), cwd: dir, env, input: `${target.id}\r`, before: restore },
    `gates --json, ${roadmaps} roadmaps (pty)`,
    { cmd: 'script', args: inPty(['gates', '--json']), cwd: dir, env, input: '' },
    { runs: 11 },
  );
  restore();
  h.line(`  target decide ≤ 2× gates: ${m.ratio <= 2 ? 'met' : 'MISSED'} (${m.ratio.toFixed(2)}×)`);
  // With --roadmap, decide reads only that file.
  const named = [...decideArgs.slice(0, 2), '--roadmap', file, ...decideArgs.slice(2)];
  const n = await h.timePair(
    `decide --roadmap, ${roadmaps} roadmaps (pty)`,
    { cmd: 'script', args: inPty(named), cwd: dir, env, input: `${target.id}\r`, before: restore },
    `gates --json, ${roadmaps} roadmaps (pty)`,
    { cmd: 'script', args: inPty(['gates', '--json']), cwd: dir, env, input: '' },
    { runs: 11 },
  );
  restore();
  h.line(`  decide --roadmap / gates: ${n.ratio.toFixed(2)}×`);
}
