// `lint` on the generated corpus: `--staged` with one staged roadmap in a repository of
// 20,000 files (the target: within 2× bare node, the pre-commit path) and the whole
// repository with every rule (reported). The staged change is undone afterwards, so the
// cached corpus stays as it was committed.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const BIN = join(import.meta.dirname, '..', '..', 'dist', 'bin.js');

function lintJson(dir, args) {
  try {
    return JSON.parse(
      execFileSync(process.execPath, [BIN, 'lint', '--format', 'json', ...args], { cwd: dir }),
    );
  } catch (error) {
    // Exit 1 (findings) still printed the report.
    return JSON.parse(error.stdout);
  }
}

export default async function bench(h) {
  const { dir, bytes } = await h.corpus({ roadmaps: 2000, files: 20000 });
  const name = readdirSync(join(dir, 'agents', 'roadmaps')).find((f) => f.endsWith('.md'));
  const rel = `agents/roadmaps/${name}`;
  const original = readFileSync(join(dir, rel), 'utf8');
  writeFileSync(join(dir, rel), `${original}\n- [ ] one more step\n`);
  execFileSync('git', ['add', rel], { cwd: dir });
  try {
    const staged = lintJson(dir, ['--staged']);
    h.line(
      `corpus: 2,000 roadmaps (${(bytes / 1e6).toFixed(1)} MB) in 20,000 files; staged: ${staged.checked.join(', ')}`,
    );
    await h.timeCli('lint --staged, one staged roadmap', ['lint', '--staged'], { cwd: dir });
    const ratio = h.lastRatio;
    h.line(`  target ≤ 2× bare node: ${ratio <= 2 ? 'met' : 'MISSED'} (${ratio.toFixed(2)}×)`);
    await h.timeCli('lint <one roadmap path>', ['lint', rel], { cwd: dir });
  } finally {
    writeFileSync(join(dir, rel), original);
    execFileSync('git', ['add', rel], { cwd: dir });
  }
  const all = lintJson(dir, []);
  h.line(
    `whole repository: ${all.checked.length} files checked, ${all.summary.errors} error(s), ${all.summary.warnings} warning(s)`,
  );
  await h.timeCli('lint (whole repository, every rule)', ['lint'], { cwd: dir, runs: 5 });
  await h.timeCli('lint trackable (whole repository)', ['lint', 'trackable'], { cwd: dir, runs: 5 });
}
