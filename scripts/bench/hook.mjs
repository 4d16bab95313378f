// `hook claude-code`, the guard that runs before every shell call of an agent: on a fixed set of
// everyday commands no rule guards (target ≤ 1.3× bare node, judged on the set's median ratio;
// the worst one is shown beside it: answered by dist/bin.js's fast path, without the CLI bundle
// or the shell parser), on one that names a guarded word but is not guarded (the full decision,
// parser included), on a guarded one that is staged and denied (target ≤ 2×), on the file
// tools, and the time to deny a guarded one while a lock naming another host holds the ledger.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The fixed everyday set: commands an agent runs all day that no rule guards. */
export const EVERYDAY = [
  'ls',
  'ls -la',
  'git status',
  'git diff',
  'git log --oneline',
  'git diff HEAD~1 --stat',
  'npm test',
  'npm run build',
  'cat README.md',
  'npm run build && ls -la',
];

const input = (command, cwd, tool = 'Bash', toolInput = { command }) =>
  JSON.stringify({
    session_id: 'bench',
    cwd,
    hook_event_name: 'PreToolUse',
    tool_name: tool,
    tool_input: toolInput,
    tool_use_id: 'toolu_bench',
  });

export default async function bench(h) {
  const dir = mkdtempSync(join(tmpdir(), 'agent-config-hook-bench-'));
  try {
    execFileSync('git', ['init', '-q', '-b', 'main'], { cwd: dir });
    mkdirSync(join(dir, 'agents'));
    const args = ['hook', 'claude-code'];
    const ratios = [];
    for (const command of EVERYDAY) {
      await h.timeCli(`hook claude-code, \`${command}\` (no rule, fast path)`, args, {
        cwd: dir,
        input: input(command, dir),
        runs: 9,
      });
      ratios.push(h.lastRatio);
    }
    const worst = Math.max(...ratios);
    const middle = [...ratios].sort((a, b) => a - b)[Math.floor(ratios.length / 2)];
    h.line(
      `  the everyday set (${EVERYDAY.length} commands): median ${middle.toFixed(2)}×, worst ${worst.toFixed(2)}× bare node`,
    );
    h.line(`  target ≤ 1.3× bare node: ${middle <= 1.3 ? 'met' : 'MISSED'} (${middle.toFixed(2)}×)`);
    await h.timeCli('hook claude-code, `git push origin main` (parsed, not guarded)', args, {
      cwd: dir,
      input: input('git push origin main', dir),
    });
    // Each run stages (or finds) the same stage: the store's read and the deny, as an agent retrying.
    await h.timeCli('hook claude-code, `git push --force` (guarded: staged, denied)', args, {
      cwd: dir,
      input: input('git push --force', dir),
      runs: 15,
    });
    const guarded = h.lastRatio;
    h.line(`  target ≤ 2× bare node: ${guarded <= 2 ? 'met' : 'MISSED'} (${guarded.toFixed(2)}×)`);
    // The guard's own files (docs/guard.md, "Its own files").
    const edit = { file_path: join(dir, 'src', 'a.ts'), old_string: 'a', new_string: 'b' };
    await h.timeCli('hook claude-code, Edit src/a.ts (file tool, fast path)', args, {
      cwd: dir,
      input: input('', dir, 'Edit', edit),
      runs: 15,
    });
    await h.timeCli('hook claude-code, Write agent-config.yaml (file tool, denied)', args, {
      cwd: dir,
      input: input('', dir, 'Write', { file_path: join(dir, 'agent-config.yaml'), content: 'x' }),
    });
    await h.timeCli(
      'hook claude-code, `npm test > out.txt` (writes a file: links resolved, no opinion)',
      args,
      {
        cwd: dir,
        input: input('npm test > out.txt', dir),
      },
    );
    // A lock naming another host (a devcontainer's, or one an agent wrote): denied at once, where
    // it once held every guarded call ~12 s, past the 10 s timeout the installer wrote.
    const { stream } = JSON.parse(readFileSync(join(dir, 'agents/runtime/evidence/head.json'), 'utf8'));
    const lock = join(dir, 'agents/evidence/ledger', `${stream}.jsonl.lock`);
    writeFileSync(lock, JSON.stringify({ pid: 4242, host: 'another-host' }));
    const denied = await h.timeCli(
      'hook claude-code, `git push --force` with a lock naming another host (denied)',
      args,
      {
        cwd: dir,
        input: input('git push --force', dir),
        runs: 9,
      },
    );
    h.line(
      `  time to deny: ${denied.toFixed(0)} ms (the hook's deadline is 5 s, the installed timeout 30 s)`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
