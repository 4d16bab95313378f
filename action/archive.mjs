// The action's `archive` mode (a push to the main branch): archive the roadmaps the push
// finished and commit the moves — the "archive on merge" workflow of docs/ci.md as one step.
import { cell, command, flag, input } from './runner.mjs';

const BOT_NAME = 'github-actions[bot]';
const BOT_EMAIL = '41898282+github-actions[bot]@users.noreply.github.com';

/** The scope: `--base <before>` for a push, `--all` for a new branch or when no base is known. */
export function archiveArgs(base) {
  return base === '' || /^0+$/.test(base)
    ? ['archive', '--all', '--json']
    : ['archive', '--base', base, '--json'];
}

/** The branch to push to: the pushed ref, else the branch checked out. */
function pushTarget(runner, env) {
  const ref = env.GITHUB_REF ?? '';
  if (ref.startsWith('refs/heads/')) return ref;
  const head = runner.git(['symbolic-ref', '-q', 'HEAD']);
  return head.code === 0 ? head.stdout.trim() : '';
}

function fail(runner, message) {
  runner.log(command('error', { title: 'agent-config archive' }, message));
  runner.summary(`## agent-config archive\n\n⚠️ ${cell(message)}\n`);
  return 2;
}

/** Archives, commits and pushes; returns the exit code (0 ran, refusals included; 2 could not run). */
export function runArchive(runner, env) {
  const base = input(env, 'base', env.AGENT_CONFIG_PUSH_BEFORE ?? '');
  const r = runner.agentConfig(archiveArgs(base));
  if (r.code !== 0) return fail(runner, (r.stderr.trim() || r.stdout.trim()).replace(/^agent-config: /, ''));
  const report = JSON.parse(r.stdout);
  const plan = report.plan;
  if (plan.baseProblem !== null) {
    runner.log(
      command(
        'warning',
        { title: 'agent-config archive' },
        `${plan.baseProblem}: nothing archived (checkout with fetch-depth: 0)`,
      ),
    );
  }
  for (const refusal of plan.refusals) {
    runner.log(
      command(
        'warning',
        { file: refusal.file, title: 'not archived' },
        `${refusal.reason}: ${refusal.details.join('; ')}`,
      ),
    );
  }
  const moved = report.applied ? plan.moves : [];
  runner.output('archived', moved.length);
  for (const m of moved) runner.log(`archived ${m.from} → ${m.to}`);

  let commit = '';
  if (runner.git(['diff', '--cached', '--quiet']).code === 1) {
    const message = input(env, 'commit-message', 'Archive finished roadmaps');
    const identity = ['-c', `user.name=${BOT_NAME}`, '-c', `user.email=${BOT_EMAIL}`];
    const made = runner.git([...identity, 'commit', '-q', '-m', message]);
    if (made.code !== 0) return fail(runner, `git commit failed: ${made.stderr.trim()}`);
    commit = runner.git(['rev-parse', 'HEAD']).stdout.trim();
    if (flag(env, 'push', 'true')) {
      const target = pushTarget(runner, env);
      const pushed = runner.git(['push', 'origin', `HEAD:${target}`]);
      if (target === '' || pushed.code !== 0)
        return fail(runner, `git push failed: ${pushed.stderr.trim() || 'no branch to push to'}`);
      runner.log(`pushed ${commit.slice(0, 12)} to ${target}`);
    }
  }
  runner.output('commit', commit);

  const lines = ['## agent-config archive', ''];
  if (moved.length === 0) lines.push('Nothing to archive.');
  else {
    lines.push(
      `Archived ${moved.length} roadmap(s)${commit === '' ? '' : ` in ${commit.slice(0, 12)}`}:`,
      '',
    );
    for (const m of moved) lines.push(`* ${cell(m.from)} → ${cell(m.to)}`);
  }
  if (plan.refusals.length > 0) {
    lines.push('', 'Not archived:', '');
    for (const f of plan.refusals)
      lines.push(`* ${cell(f.file)}: ${cell(f.reason)} — ${cell(f.details.join('; '))}`);
  }
  runner.summary(`${lines.join('\n')}\n`);
  return 0;
}
