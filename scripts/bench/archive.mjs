// `archive --all --dry-run` and `archive --all` on 2,000 roadmaps + 20,000 tracked files, and the
// ratio to a bare `git grep -l -F` for the same old paths (the part git alone must do).
import { execFileSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const BIN = join(import.meta.dirname, '..', '..', 'dist', 'bin.js');

function git(cwd, ...args) {
  return execFileSync('git', args, { cwd, encoding: 'utf8', maxBuffer: 1 << 28 });
}

export default async function bench(h) {
  const { dir: corpus } = await h.corpus({ roadmaps: 2000, files: 20000 });
  // The real run moves files: work on a clone, reset before every run, never on the cache.
  const work = join(corpus, '..', 'archive-work');
  if (!existsSync(join(work, '.git'))) {
    rmSync(work, { recursive: true, force: true });
    git(join(corpus, '..'), 'clone', '-q', corpus, work);
  }
  const reset = () => {
    rmSync(join(work, '.git', 'agent-config-archive.json'), { force: true });
    git(work, 'reset', '-q', '--hard', 'HEAD');
    git(work, 'clean', '-fdq');
  };
  reset();
  const plan = JSON.parse(
    execFileSync(process.execPath, [BIN, 'archive', '--all', '--dry-run', '--json'], {
      cwd: work,
      encoding: 'utf8',
      maxBuffer: 1 << 28,
    }),
  ).plan;
  const paths = plan.moves.map((m) => m.from);
  const edits = plan.rewrites.reduce((n, r) => n + r.edits.length, 0);
  h.line(
    `${paths.length} finished roadmaps, ${plan.rewrites.length} files with ${edits} references to rewrite`,
  );
  const label = '2,000 roadmaps + 20,000 files';
  // Each run is paired with a bare grep for the same old paths, run just after it.
  const needles = paths.flatMap((p) => ['-e', p]);
  const grep = { cmd: 'git', args: ['grep', '-l', '-F', ...needles], cwd: work };
  const grepLabel = `git grep -l -F for the same ${paths.length} paths`;
  const dry = await h.timePair(
    `archive --all --dry-run, ${label}`,
    { cmd: process.execPath, args: [BIN, 'archive', '--all', '--dry-run'], cwd: work },
    grepLabel,
    grep,
  );
  const real = await h.timePair(
    `archive --all, ${label} (reset before each run)`,
    { cmd: process.execPath, args: [BIN, 'archive', '--all'], cwd: work, before: reset },
    grepLabel,
    { ...grep, before: reset },
    // The target's figure: more pairs, so one busy moment moves its median less.
    { runs: 15 },
  );
  reset();
  h.line(
    `ratio to bare git grep (median of pairs): dry run ${dry.ratio.toFixed(2)}×, real run ${real.ratio.toFixed(2)}× (target ≤ 2×: ${dry.ratio <= 2 && real.ratio <= 2 ? 'met' : 'MISSED'})`,
  );
}
