import { spawn } from 'node:child_process';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BIN, ensureBuilt, runBin, runBinAsync } from '../helpers/bin.js';
import { type Receiver, startReceiver, until } from '../helpers/receiver.js';
import { GIT_ENV, makeRepo, OPEN_BLOCKER_GO } from '../helpers/repo.js';

beforeAll(ensureBuilt);

const HOOK_ENV: Record<string, string | undefined> = { ...process.env, ...GIT_ENV };
delete HOOK_ENV.CLAUDE_PROJECT_DIR;

const input = (command: string, cwd: string) =>
  JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command }, cwd });

/** Runs the hook as Claude Code does; resolves with its answer. */
function hookAsync(
  cwd: string,
  command: string,
  args: string[] = [],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, 'hook', 'claude-code', ...args], { cwd, env: HOOK_ENV });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input(command, cwd));
  });
}

const tokenOf = (stdout: string) => /staged as ([0-9a-f]{16})/.exec(stdout)?.[1] ?? null;

const receivers: Receiver[] = [];
afterEach(async () => {
  for (const r of receivers.splice(0)) await r.close();
});

async function receiver(): Promise<Receiver> {
  const r = await startReceiver();
  receivers.push(r);
  return r;
}

const config = (url: string, extra = '') => `notify:\n  - webhook: ${url}/hook\n${extra}`;

describe('notify: stages announced by the hook, without anyone running notify', () => {
  it('100 stages made by concurrent hook calls produce exactly 100 messages, each once, naming its token and action', async () => {
    const r = await receiver();
    const repo = makeRepo({ 'agent-config.yaml': config(r.url), 'agents/README.md': 'x\n' });
    const tokens: string[] = [];
    let action = '';
    const calls = Array.from({ length: 100 }, (_, i) => `git push --force origin topic-${i}`);
    let next = 0;
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        while (next < calls.length) {
          const answer = await hookAsync(repo, calls[next++]!);
          const t = tokenOf(answer.stdout);
          expect(t, answer.stdout + answer.stderr).not.toBeNull();
          tokens.push(t!);
          action = /guarded \(([^)]+)\)/.exec(answer.stdout)?.[1] ?? '';
        }
      }),
    );
    expect(new Set(tokens).size).toBe(100);
    await until(() => r.received.length >= 100);
    // A little longer: a repeat would show here.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const bodies = r.received.map((x) => JSON.parse(x.body) as Record<string, string>);
    expect(bodies.length).toBe(100);
    expect(new Set(bodies.map((b) => b.id)).size).toBe(100);
    expect(bodies.map((b) => b.token).sort()).toEqual([...tokens].sort());
    expect(action).toMatch(/push/);
    for (const b of bodies) {
      expect(b.id).toBe(`stage.${b.token}`);
      expect(b.what).toBe(action);
      expect(b.text).toContain(b.token);
      expect(b.text).toContain(action);
      expect(b.text).toContain(`npx --no agent-config confirm ${b.token}`);
      expect(b.text).toContain(b.id);
      // record-objects is off: the command line never leaves the machine, only its digest.
      expect(b.object).toBeNull();
      expect(b.text).not.toContain('topic-');
      expect(b.object_digest).toMatch(/^[0-9a-f]{12}$/);
    }
  }, 240_000);
});

describe('notify: a channel that is down', () => {
  it('gets every message once it is back, none twice', async () => {
    const r = await receiver();
    r.down = true;
    const repo = makeRepo({ 'agent-config.yaml': config(r.url), 'agents/README.md': 'x\n' });
    const tokens: string[] = [];
    for (let i = 0; i < 5; i++)
      tokens.push(tokenOf((await hookAsync(repo, `git push --force origin down-${i}`)).stdout)!);
    // Every message was tried and refused at least once (the drainer retries with backoff).
    await until(() => r.refused >= 5);
    expect(r.refused).toBeGreaterThanOrEqual(5);
    expect(r.received).toHaveLength(0);
    r.down = false;
    await until(() => r.received.length >= 5);
    // Also a drain by hand meanwhile: it claims nothing another drainer holds or sent.
    await runBinAsync(repo, ['notify', '--drain'], GIT_ENV);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const ids = r.received.map((x) => (JSON.parse(x.body) as { id: string }).id);
    expect(ids.sort()).toEqual(tokens.map((t) => `stage.${t}`).sort());
    const status = JSON.parse(runBin(repo, ['notify', '--json'], { env: GIT_ENV }).stdout);
    expect(status.channels).toEqual([
      expect.objectContaining({ channel: `webhook ${r.url}`, sent: 5, waiting: 0 }),
    ]);
  }, 240_000);
});

describe('notify: hostile text', () => {
  it('arrives escaped: roadmap and command text cannot mention, link, format or forge a line', async () => {
    const r = await receiver();
    const hostile = '<!channel> <https://evil.example|click here> *bold* ` &amp; \u202Eevil';
    const blocker = OPEN_BLOCKER_GO.replace('### blocker: go', '### blocker: go\n- **Question:** ' + hostile);
    const repo = makeRepo({
      'agent-config.yaml': config(r.url, 'evidence:\n  record-objects: true\n'),
      'agents/roadmaps/plan.md': `# Plan\n\n## Phase 1 — Work\n\n- [ ] a <!-- blocked-by: go -->\n\n## Blockers\n\n${blocker}`,
    });
    const answer = await hookAsync(repo, `git push --force origin 'x${hostile}'`);
    expect(tokenOf(answer.stdout)).not.toBeNull();
    await until(() => r.received.length >= 2);
    const bodies = r.received.map((x) => JSON.parse(x.body) as Record<string, string>);
    expect(bodies.map((b) => b.kind).sort()).toEqual(['gate', 'stage']);
    for (const b of bodies) {
      expect(b.text).not.toMatch(/<[!@#h]/);
      expect(b.text).toContain('&lt;!channel&gt;');
      expect(b.text).not.toContain('\u202E');
      expect(b.text!.split('\n')).toHaveLength(4);
      for (const v of Object.values(b)) if (v !== null) expect(v).not.toContain('\u202E');
    }
    // record-objects is on in every version: the command's text is shown, escaped.
    expect(bodies.find((b) => b.kind === 'stage')!.object).toContain("'x<!channel>");
    // A second drain announces nothing again.
    const again = JSON.parse((await runBinAsync(repo, ['notify', '--drain', '--json'], GIT_ENV)).stdout);
    expect(again.announced).toEqual([]);
    expect(again.delivered).toEqual([]);
  }, 120_000);

  it('a working-copy edit adds no channel: a command channel the agent writes never runs', async () => {
    const r = await receiver();
    const repo = makeRepo({ 'agent-config.yaml': config(r.url), 'agents/README.md': 'x\n' });
    const marker = `${repo}/ran`;
    const { writeFileSync, existsSync } = await import('node:fs');
    writeFileSync(`${repo}/agent-config.yaml`, `${config(r.url)}  - command: [touch, ${marker}]\n`);
    expect(tokenOf((await hookAsync(repo, 'git push --force origin edited')).stdout)).not.toBeNull();
    await until(() => r.received.length >= 1);
    await runBinAsync(repo, ['notify', '--drain'], GIT_ENV);
    expect(existsSync(marker)).toBe(false);
    expect(r.received).toHaveLength(1);
  }, 120_000);
});

describe('notify: a command channel', () => {
  it('runs the program with the event JSON on stdin, for a stage and for a reviewer ask', async () => {
    const { mkdirSync, readdirSync, readFileSync } = await import('node:fs');
    const repo = makeRepo({ 'agents/README.md': 'x\n' });
    const inbox = `${repo}/../inbox-${Date.now()}`;
    mkdirSync(inbox);
    const yaml = `notify:\n  - command: [sh, -c, 'cat > "$0/.$$" && mv "$0/.$$" "$0/$$.json"', ${JSON.stringify(inbox)}]\n`;
    const { writeFileSync } = await import('node:fs');
    writeFileSync(`${repo}/agent-config.yaml`, yaml);
    const { git } = await import('../helpers/repo.js');
    git(repo, 'add', '-A');
    git(repo, 'commit', '-qm', 'notify');
    const staged = runBin(
      repo,
      ['stage', '--action', 'deploy', '--object', 'prod <b>', '--source', 'agent:x'],
      {
        env: GIT_ENV,
      },
    );
    const token = staged.stdout.trim();
    writeFileSync(
      `${repo}/verdict.json`,
      '{"risk": "high", "authorization": "low", "outcome": "ask", "reason": "a person should look"}',
    );
    const verdict = runBin(repo, ['verdict', 'record', token, 'verdict.json', '--reviewer', 'bot'], {
      env: GIT_ENV,
    });
    expect(verdict.code, verdict.stderr).toBe(0);
    const written = () => readdirSync(inbox).filter((f) => f.endsWith('.json'));
    await until(() => written().length >= 2);
    const events = written().map(
      (f) => JSON.parse(readFileSync(`${inbox}/${f}`, 'utf8')) as Record<string, string>,
    );
    const stage = events.find((e) => e.kind === 'stage')!;
    expect(stage).toMatchObject({
      id: `stage.${token}`,
      what: 'deploy',
      token,
      asked_by: 'agent:x',
      object: null,
    });
    expect(stage.text).toContain(`npx --no agent-config confirm ${token}`);
    expect(events.find((e) => e.kind === 'ask')).toMatchObject({
      id: `ask.${token}`,
      token,
      asked_by: 'reviewer:bot',
    });
  }, 120_000);
});

describe('notify: what newly needs a person, found by notify --drain', () => {
  it('announces a stage that expired unanswered once, and a window a person opens', async () => {
    const { mkdirSync, readdirSync, readFileSync, writeFileSync } = await import('node:fs');
    const { git } = await import('../helpers/repo.js');
    const { inTerminal } = await import('../helpers/terminal.js');
    const repo = makeRepo({ 'agents/README.md': 'x\n' });
    const inbox = `${repo}/../inbox-exp-${Date.now()}`;
    mkdirSync(inbox);
    writeFileSync(
      `${repo}/agent-config.yaml`,
      `notify:\n  - command: [sh, -c, 'cat > "$0/.$$" && mv "$0/.$$" "$0/$$.json"', ${JSON.stringify(inbox)}]\n`,
    );
    git(repo, 'add', '-A');
    git(repo, 'commit', '-qm', 'notify');
    const token = runBin(
      repo,
      ['stage', '--action', 'deploy', '--object', 'prod', '--source', 'agent:x', '--ttl', '1s'],
      {
        env: GIT_ENV,
      },
    ).stdout.trim();
    const written = () =>
      readdirSync(inbox)
        .filter((f) => f.endsWith('.json'))
        .map((f) => JSON.parse(readFileSync(`${inbox}/${f}`, 'utf8')) as Record<string, string>);
    await until(() => written().length >= 1);
    // Past its expiry, a drain finds it expired unanswered; a second drain announces nothing again.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const first = JSON.parse((await runBinAsync(repo, ['notify', '--drain', '--json'], GIT_ENV)).stdout);
    const second = JSON.parse((await runBinAsync(repo, ['notify', '--drain', '--json'], GIT_ENV)).stdout);
    // (A background drainer still running may be the one that finds it: once, either way.)
    expect([...first.announced, ...second.announced].length).toBeLessThanOrEqual(1);
    expect(second.announced).toEqual([]);
    await until(() => written().length >= 2);
    expect(written().find((e) => e.kind === 'expired')).toMatchObject({
      id: `expired.${token}`,
      command: 'npx --no agent-config gates --pending',
    });
    // A person opens a window at a terminal: it is announced, with the command that ends it.
    const opened = await inTerminal(
      repo,
      [
        process.execPath,
        BIN,
        'window',
        'open',
        '--for',
        '30m',
        '--actions',
        'git-force-push',
        '--reason',
        'release',
      ],
      'understood',
      { AGENT_CONFIG_HUMAN: 'human:ada', ...GIT_ENV },
    );
    expect(opened.code, opened.transcript).toBe(0);
    await until(() => written().some((e) => e.kind === 'window'));
    expect(written().find((e) => e.kind === 'window')).toMatchObject({
      asked_by: 'human:ada',
      what: 'git-force-push',
      command: 'npx --no agent-config window close',
    });
    expect(
      written()
        .map((e) => e.kind)
        .sort(),
    ).toEqual(['expired', 'stage', 'window']);
  }, 120_000);
});

describe('notify: its --json document and its bad input', () => {
  it('has these members, in this order', () => {
    const repo = makeRepo({ 'agents/README.md': 'x\n' });
    const r = runBin(repo, ['notify', '--json'], { env: GIT_ENV });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      root: repo,
      drained: false,
      locked: false,
      events: 0,
      announced: [],
      delivered: [],
      channels: [],
      unreadable: [],
    });
    expect(Object.keys(JSON.parse(r.stdout))).toEqual([
      'root',
      'drained',
      'locked',
      'events',
      'announced',
      'delivered',
      'channels',
      'unreadable',
    ]);
  });

  it('names a file in the outbox that is not an event, never sends it, and exits 0', async () => {
    const { mkdirSync, writeFileSync } = await import('node:fs');
    const repo = makeRepo({ 'agent-config.yaml': 'notify:\n  - desktop: true\n' });
    mkdirSync(`${repo}/agents/runtime/notify/outbox`, { recursive: true });
    writeFileSync(`${repo}/agents/runtime/notify/outbox/stage.0123456789abcdef.json`, '{"forged": true}\n');
    const r = runBin(repo, ['notify', '--json'], { env: GIT_ENV });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({
      events: 0,
      unreadable: ['agents/runtime/notify/outbox/stage.0123456789abcdef.json'],
    });
  });

  it('refuses headers that are not a JSON object of origins, in one line, exit 2', () => {
    const repo = makeRepo({ 'agent-config.yaml': 'notify:\n  - webhook: http://127.0.0.1:9/x\n' });
    const r = runBin(repo, ['notify', '--drain'], {
      env: { ...GIT_ENV, AGENT_CONFIG_NOTIFY_HEADERS: '{"x": "y"' },
    });
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain('AGENT_CONFIG_NOTIFY_HEADERS');
    expect(r.stderr).not.toMatch(/at .*\.js/);
  });

  it('sends a header only to its own origin', async () => {
    const r = await receiver();
    const other = await receiver();
    const repo = makeRepo({
      'agent-config.yaml': `notify:\n  - webhook: ${r.url}/a\n  - webhook: ${other.url}/b\n`,
      'agents/README.md': 'x\n',
    });
    const headers = JSON.stringify({ [r.url]: { Authorization: 'Bearer s3cret' } });
    runBin(repo, ['stage', '--action', 'deploy', '--object', 'o', '--source', 'agent:x'], {
      env: { ...GIT_ENV, AGENT_CONFIG_NOTIFY_HEADERS: headers },
    });
    await until(() => r.received.length >= 1 && other.received.length >= 1);
    expect(r.received[0]!.headers.authorization).toBe('Bearer s3cret');
    expect(other.received[0]!.headers.authorization).toBeUndefined();
  });
});
