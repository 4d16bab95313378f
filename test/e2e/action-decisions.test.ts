import { existsSync, writeFileSync } from 'node:fs';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: the action's scripts are plain JavaScript modules
import { decisionsMarkdown, keepComment, MARKER } from '../../action/decisions.mjs';
// @ts-expect-error: the action's scripts are plain JavaScript modules
import { Runner } from '../../action/runner.mjs';
import { ensureBuilt, ROOT, runBin, runBinAsync } from '../helpers/bin.js';
import { type Receiver, startReceiver, until } from '../helpers/receiver.js';
import { GIT_ENV, git, makeRepo, OPEN_BLOCKER_GO } from '../helpers/repo.js';

beforeAll(ensureBuilt);

const servers: Receiver[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

/** GitHub's REST API for issue comments, as far as the Action uses it, under a path prefix (GitHub Enterprise's /api/v3). */
async function github() {
  const comments: Array<{ id: number; body: string }> = [];
  let nextId = 100;
  const server = await startReceiver((r) => {
    expect(r.headers.authorization).toBe('Bearer t0ken');
    const list = /^\/api\/v3\/repos\/o\/r\/issues\/7\/comments\?per_page=100&page=(\d+)$/.exec(r.url);
    if (r.method === 'GET' && list) {
      const page = Number(list[1]);
      return { status: 200, body: comments.slice((page - 1) * 100, page * 100) };
    }
    if (r.method === 'POST' && r.url === '/api/v3/repos/o/r/issues/7/comments') {
      const made = { id: nextId++, body: JSON.parse(r.body).body as string };
      comments.push(made);
      return { status: 201, body: made };
    }
    const edit = /^\/api\/v3\/repos\/o\/r\/issues\/comments\/(\d+)$/.exec(r.url);
    if (r.method === 'PATCH' && edit) {
      const c = comments.find((x) => x.id === Number(edit[1]));
      if (c === undefined) return { status: 404 };
      c.body = JSON.parse(r.body).body;
      return { status: 200, body: c };
    }
    return { status: 404 };
  });
  servers.push(server);
  return { server, comments };
}

const roadmap = (question: string) =>
  `# Plan\n\n## Phase 1 — Work\n\n- [ ] a <!-- blocked-by: go -->\n\n## Blockers\n\n${OPEN_BLOCKER_GO.replace('### blocker: go', `### blocker: go\n- **Question:** ${question}`)}`;

describe('the Action keeps one pull-request comment of what waits for a person', () => {
  it('creates it once, then edits it in place across two runs; at GITHUB_API_URL, with the workflow token', async () => {
    const { server, comments } = await github();
    // Somebody else's comment is left alone.
    comments.push({ id: 1, body: 'LGTM' });
    const repo = makeRepo({ 'agents/roadmaps/plan.md': roadmap('Ship <script>alert(1)</script> | now?') });
    const env = {
      ...process.env,
      ...GIT_ENV,
      GITHUB_ACTION_PATH: ROOT,
      GITHUB_API_URL: `${server.url}/api/v3`,
      GITHUB_REPOSITORY: 'o/r',
      GITHUB_TOKEN: 't0ken',
      AGENT_CONFIG_PR_NUMBER: '7',
    };
    const runner = new Runner(env, () => {});
    const cwd = process.cwd();
    process.chdir(repo);
    try {
      const first = decisionsMarkdown(runner, 'skipped');
      expect(first.startsWith(MARKER)).toBe(true);
      expect(first).toContain('### Decisions (1)');
      expect(first).toContain('`npx --no agent-config gates`');
      expect(first).toContain('&lt;script&gt;');
      expect(first).toContain('&#124; now?');
      expect(first).not.toContain('<script>');
      expect(await keepComment(env, first)).toMatchObject({ action: 'created', id: 100 });
      // Second run: a stage now waits; the same comment is edited.
      const token = runBin(repo, ['stage', '--action', 'deploy', '--object', 'prod', '--source', 'agent:x'], {
        env: GIT_ENV,
      }).stdout.trim();
      const second = decisionsMarkdown(runner, 'pass');
      expect(second).toContain('### Staged actions (1)');
      expect(second).toContain(`\`npx --no agent-config confirm ${token}\``);
      expect(second).toContain('✅ verified against the base');
      expect(await keepComment(env, second)).toMatchObject({ action: 'updated', id: 100 });
    } finally {
      process.chdir(cwd);
    }
    expect(comments.map((c) => c.id)).toEqual([1, 100]);
    expect(comments[1]!.body).toContain('### Staged actions (1)');
    expect(server.received.filter((r) => r.method === 'POST')).toHaveLength(1);
    expect(server.received.filter((r) => r.method === 'PATCH')).toHaveLength(1);
  });

  it('without a pull request or a token it writes nothing', async () => {
    expect(await keepComment({ GITHUB_REPOSITORY: 'o/r', GITHUB_TOKEN: 't' }, 'x')).toEqual({
      action: 'skipped',
      id: null,
    });
    expect(await keepComment({ GITHUB_REPOSITORY: 'o/r', AGENT_CONFIG_PR_NUMBER: '7' }, 'x')).toEqual({
      action: 'skipped',
      id: null,
    });
  });
});

describe('notify in the Action: from the base only, never a command', () => {
  it('takes the channels of the base commit; a channel or a command the pull request adds is not used', async () => {
    const hook = await startReceiver();
    servers.push(hook);
    const repo = makeRepo({
      'agent-config.yaml': `notify:\n  - webhook: ${hook.url}/base\n  - command: [touch, base-ran]\n`,
      'agents/roadmaps/plan.md': roadmap('Go?'),
    });
    const base = git(repo, 'rev-parse', 'HEAD').trim();
    writeFileSync(
      `${repo}/agent-config.yaml`,
      `notify:\n  - webhook: ${hook.url}/pr\n  - command: [touch, pr-ran]\n`,
    );
    git(repo, 'commit', '-qam', 'the pull request changes the channels');
    // Run without blocking this process: the receiver answers from here.
    const r = await runBinAsync(repo, ['notify', '--drain', '--base', base, '--json'], GIT_ENV);
    expect(r.code, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.channels.map((c: { skipped: string | null }) => c.skipped)).toEqual([
      null,
      'command channels never run here',
    ]);
    await until(() => hook.received.length >= 1);
    expect(hook.received.map((x) => x.url)).toEqual(['/base']);
    expect(JSON.parse(hook.received[0]!.body).kind).toBe('gate');
    expect(existsSync(`${repo}/base-ran`) || existsSync(`${repo}/pr-ran`)).toBe(false);
  });
});
