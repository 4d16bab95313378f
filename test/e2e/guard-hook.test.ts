import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { EVERYDAY } from '../../scripts/bench/hook.mjs';
import { BIN, ensureBuilt, ROOT } from '../helpers/bin.js';
import { GIT_ENV, git, makeRepo, tempDir, writeFiles } from '../helpers/repo.js';
import { inTerminal } from '../helpers/terminal.js';

beforeAll(ensureBuilt);

const input = (command: string, cwd: string) =>
  JSON.stringify({
    session_id: 'e2e',
    transcript_path: '/tmp/e2e.jsonl',
    cwd,
    permission_mode: 'default',
    hook_event_name: 'PreToolUse',
    tool_name: 'Bash',
    tool_input: { command },
    tool_use_id: 'toolu_e2e',
  });

/** The environment of a hook run: the test's own project folder (if any) must not leak in. */
const HOOK_ENV: Record<string, string | undefined> = { ...process.env, ...GIT_ENV };
delete HOOK_ENV.CLAUDE_PROJECT_DIR;

/** What Claude Code does: run the hook with the call on stdin, before the tool runs. */
function hook(cwd: string, stdin: string, bin = BIN) {
  const r = spawnSync(process.execPath, [bin, 'hook', 'claude-code'], {
    cwd,
    input: stdin,
    encoding: 'utf8',
    env: HOOK_ENV,
    // A hook that hangs fails the test instead of the run.
    timeout: 20_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('hook claude-code, the built binary', () => {
  it('answers a command no rule guards from dist/bin.js alone: neither the CLI bundle nor the shell parser is loaded', () => {
    // The rule table rides along in bin.js (the fast path reads its programs); the shell
    // parser (≈ 300 KB) must not.
    expect(readFileSync(BIN).length).toBeLessThan(64 * 1024);
    const dist = tempDir();
    copyFileSync(BIN, join(dist, 'bin.js'));
    writeFileSync(join(dist, 'package.json'), '{"type":"commonjs"}\n');
    const repo = makeRepo({ 'agents/README.md': 'x\n' });
    // Until the full decision has read HEAD's and the base's rules once, it is asked (exit 2 here).
    expect(hook(repo, input('ls', repo), join(dist, 'bin.js')).code).toBe(2);
    expect(hook(repo, input('ls', repo)).code).toBe(0);
    // The bench's everyday set is what it says: answered here, the bundle never read.
    for (const command of [...EVERYDAY, 'npm run build && ls -la | head']) {
      const plain = hook(repo, input(command, repo), join(dist, 'bin.js'));
      expect([command, plain.code, plain.stdout, plain.stderr]).toEqual([command, 0, '', '']);
    }
    // A guarded word needs the bundle, which this copy lacks: it gets there and says so (exit 2).
    const named = hook(repo, input('git push --force', repo), join(dist, 'bin.js'));
    expect(named.code).toBe(2);
    expect(named.stderr).toContain('cli.cjs cannot be read');
  });

  it('refuses malformed input that names a guarded command (exit 2), though the command it carries is harmless', () => {
    const repo = makeRepo({ 'agents/README.md': 'x\n' });
    for (const stdin of [
      JSON.stringify({ tool_input: { command: 'ls' }, note: 'git push --force origin main' }),
      JSON.stringify({
        hook_event_name: 'PreToolUse',
        tool_name: 'Bash',
        tool_input: { command: 'ls' },
        cwd: ['npm publish'],
      }),
    ]) {
      const r = hook(repo, stdin);
      expect([r.code, r.stdout]).toEqual([2, '']);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(/^agent-config guard: .*names a guarded command/);
    }
  });

  it('leaves a command to the full decision when it names a word of a rule committed on the base, even after the working copy drops the rule', () => {
    const dist = tempDir();
    copyFileSync(BIN, join(dist, 'bin.js'));
    writeFileSync(join(dist, 'package.json'), '{"type":"commonjs"}\n');
    const remote = tempDir();
    git(remote, 'init', '-q', '--bare', '-b', 'main');
    const upstream = makeRepo({
      'agents/README.md': 'x\n',
      'agent-config.yaml':
        'guard:\n  rules:\n    - action: deploy-production\n      command: [./deploy.sh, production]\n',
    });
    git(upstream, 'remote', 'add', 'origin', remote);
    git(upstream, 'push', '-q', 'origin', 'main');
    const repo = tempDir();
    git(repo, 'clone', '-q', remote, '.');
    writeFileSync(join(repo, 'agent-config.yaml'), 'roadmaps: agents/roadmaps\n');
    const full = hook(repo, input('./deploy.sh production', repo));
    expect(JSON.parse(full.stdout).hookSpecificOutput.permissionDecision).toBe('deny');
    // The fast path (this copy has no CLI bundle) answers `ls`, and hands the rule's words on.
    expect(hook(repo, input('ls', repo), join(dist, 'bin.js'))).toEqual({ code: 0, stdout: '', stderr: '' });
    const named = hook(repo, input('./deploy.sh production', repo), join(dist, 'bin.js'));
    expect(named.code).toBe(2);
    expect(named.stderr).toContain('cli.cjs cannot be read');
  });

  it('never waits on a named pipe in place of agent-config.yaml: the other versions count and it says so', () => {
    const repo = makeRepo({ 'agents/README.md': 'x\n' });
    execFileSync('mkfifo', [join(repo, 'agent-config.yaml')]);
    const started = Date.now();
    const plain = hook(repo, input('ls', repo));
    expect([plain.code, plain.stdout]).toEqual([0, '']);
    expect(plain.stderr).toContain('agent-config.yaml: cannot be read as a file');
    const guarded = hook(repo, input('git push --force', repo));
    const out = JSON.parse(guarded.stdout).hookSpecificOutput;
    expect(out.permissionDecision).toBe('deny');
    expect(out.permissionDecisionReason).toContain('agent-config.yaml: cannot be read as a file');
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it('loads the shell parser from its own bundle with the code cache the build made for it', () => {
    const dist = join(ROOT, 'dist');
    const script = `const c = require(${JSON.stringify(join(dist, 'code-cache.js'))}); const p = c.loadBundle(${JSON.stringify(dist)}, c.PARSER_FILE, c.PARSER_CACHE_FILE); process.stdout.write(String(p.cacheUsed) + ' ' + p.exports.parse('git push -f').commands.length)`;
    const r = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
    expect(r.stdout).toBe('true 1');
  });

  it("an agent's force push: denied with a token, confirmed by a person at a terminal, allowed once and pushed once, then denied again", async () => {
    const remote = tempDir();
    git(remote, 'init', '-q', '--bare', '-b', 'main');
    git(remote, 'config', 'core.logAllRefUpdates', 'always');
    const repo = makeRepo({ 'agents/README.md': 'x\n', 'a.txt': 'one\n' });
    git(repo, 'remote', 'add', 'origin', remote);
    git(repo, 'push', '-q', 'origin', 'main');
    git(repo, 'commit', '-q', '--amend', '-m', 'rewritten');
    const rewritten = git(repo, 'rev-parse', 'HEAD').trim();
    const command = 'git push --force origin main';

    let pushes = 0;
    /** The agent's tool call: the hook first, the command only when not denied. */
    const agentRuns = () => {
      const r = hook(repo, input(command, repo));
      expect(r.code).toBe(0);
      const out = JSON.parse(r.stdout).hookSpecificOutput;
      if (out.permissionDecision === 'allow') {
        execFileSync('sh', ['-c', command], {
          cwd: repo,
          env: { ...process.env, ...GIT_ENV },
          stdio: 'ignore',
        });
        pushes++;
      }
      return out as { permissionDecision: string; permissionDecisionReason: string };
    };

    const first = agentRuns();
    expect(first.permissionDecision).toBe('deny');
    const token = /agent-config confirm ([0-9a-f]{16})/.exec(first.permissionDecisionReason)![1]!;
    expect(git(remote, 'rev-parse', 'main').trim()).not.toBe(rewritten);

    const person = await inTerminal(repo, [process.execPath, BIN, 'confirm', token], token.slice(-4), {
      AGENT_CONFIG_HUMAN: 'human:ada',
    });
    expect(person.code).toBe(0);
    expect(person.transcript).toContain('git-force-push');
    expect(person.transcript).toContain(`in .: ${command}`);

    const second = agentRuns();
    expect(second.permissionDecision).toBe('allow');
    expect(git(remote, 'rev-parse', 'main').trim()).toBe(rewritten);

    const third = agentRuns();
    expect(third.permissionDecision).toBe('deny');
    expect(third.permissionDecisionReason).not.toContain(token);
    expect(pushes).toBe(1);
    // The remote's reflog: the first push and exactly one forced update.
    expect(git(remote, 'reflog', 'show', '--format=%H', 'main').trim().split('\n')).toHaveLength(2);
  });

  it('the same with a gate window: a person opens it at a terminal, the force push passes once per call, recorded; after close it is denied', async () => {
    const remote = tempDir();
    git(remote, 'init', '-q', '--bare', '-b', 'main');
    const repo = makeRepo({ 'agents/README.md': 'x\n', 'a.txt': 'one\n' });
    git(repo, 'remote', 'add', 'origin', remote);
    git(repo, 'push', '-q', 'origin', 'main');
    git(repo, 'commit', '-q', '--amend', '-m', 'rewritten');
    const rewritten = git(repo, 'rev-parse', 'HEAD').trim();
    const command = 'git push --force origin main';

    const person = await inTerminal(
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
        'rewrite',
      ],
      'understood',
      { AGENT_CONFIG_HUMAN: 'human:ada' },
      'Type "understood"',
    );
    expect(person.code).toBe(0);
    expect(person.transcript).toContain('opened: window');

    const allowed = JSON.parse(hook(repo, input(command, repo)).stdout).hookSpecificOutput;
    expect(allowed.permissionDecision).toBe('allow');
    execFileSync('sh', ['-c', command], { cwd: repo, env: { ...process.env, ...GIT_ENV }, stdio: 'ignore' });
    expect(git(remote, 'rev-parse', 'main').trim()).toBe(rewritten);
    const publish = JSON.parse(hook(repo, input('npm publish', repo)).stdout).hookSpecificOutput;
    expect(publish.permissionDecision).toBe('deny');

    const status = spawnSync(process.execPath, [BIN, 'window', 'status', '--json'], {
      cwd: repo,
      encoding: 'utf8',
    });
    expect(JSON.parse(status.stdout).window).toMatchObject({ bypassed: 1, actions: ['git-force-push'] });
    const ledger = execFileSync('sh', ['-c', 'cat agents/evidence/ledger/*.jsonl'], {
      cwd: repo,
      encoding: 'utf8',
    });
    expect(ledger.match(/"event":"window\.bypassed"/g)).toHaveLength(1);

    expect(spawnSync(process.execPath, [BIN, 'window', 'close'], { cwd: repo }).status).toBe(0);
    const after = JSON.parse(hook(repo, input(command, repo)).stdout).hookSpecificOutput;
    expect(after.permissionDecision).toBe('deny');
    expect(after.permissionDecisionReason).toContain('agent-config confirm');
  });
});

describe('the hook command `hooks install --agent claude-code` writes, run by `sh -c` as Claude Code runs it', () => {
  const NOT_RUN =
    /^agent-config guard: node_modules\/\.bin\/agent-config could not run \(exit (\d+)\), so the command was refused\. Ask a person to run npm ci in the project\.$/;

  function installed(): { repo: string; command: string } {
    const repo = makeRepo({ 'agents/README.md': 'x\n' });
    const r = spawnSync(process.execPath, [BIN, 'hooks', 'install', '--agent', 'claude-code'], {
      cwd: repo,
      encoding: 'utf8',
      env: HOOK_ENV,
    });
    expect(r.status).toBe(0);
    const settings = JSON.parse(readFileSync(join(repo, '.claude', 'settings.json'), 'utf8'));
    return { repo, command: settings.hooks.PreToolUse[0].hooks[0].command };
  }

  /** Claude Code runs the command with `sh -c`, CLAUDE_PROJECT_DIR set, the call's JSON on stdin. */
  function viaShell(repo: string, command: string, stdin: string) {
    const r = spawnSync('sh', ['-c', command], {
      cwd: repo,
      input: stdin,
      encoding: 'utf8',
      env: { ...HOOK_ENV, CLAUDE_PROJECT_DIR: repo },
    });
    return { code: r.status, stdout: r.stdout, stderr: r.stderr };
  }

  it("passes a decision, no opinion and the CLI's own block through unchanged while the binary is installed", () => {
    const { repo, command } = installed();
    mkdirSync(join(repo, 'node_modules', '.bin'), { recursive: true });
    symlinkSync(BIN, join(repo, 'node_modules', '.bin', 'agent-config'));
    const push = viaShell(repo, command, input('git push -f origin main', repo));
    expect([push.code, push.stderr]).toEqual([0, '']);
    const out = JSON.parse(push.stdout).hookSpecificOutput;
    expect(out.permissionDecision).toBe('deny');
    expect(out.permissionDecisionReason).toMatch(
      /a person confirms it at a terminal in the repository with `npx --no agent-config confirm [0-9a-f]{16}`/,
    );
    const again = hook(repo, input('git push -f origin main', repo));
    expect(JSON.parse(again.stdout).hookSpecificOutput.permissionDecision).toBe('deny');
    expect(viaShell(repo, command, input('ls -la', repo))).toEqual({ code: 0, stdout: '', stderr: '' });
    const block = viaShell(repo, command, 'not JSON, but git push --force');
    expect(block.code).toBe(2);
    expect(block.stderr.trim().split('\n')).toHaveLength(1);
    expect(block.stderr).toMatch(/^agent-config guard: /);
    expect(block.stderr).not.toMatch(/could not run/);
  });

  it('refuses with exit 2 and one line naming the fix when node_modules is gone or the binary crashes', () => {
    const { repo, command } = installed();
    const missing = viaShell(repo, command, input('git push -f origin main', repo));
    expect(missing.code).toBe(2);
    expect(missing.stdout).toBe('');
    const last = missing.stderr.trim().split('\n').at(-1)!;
    expect(NOT_RUN.exec(last)?.[1]).toBe('127');
    // Every call: the guard cannot tell a harmless command from a guarded one without its binary.
    expect(viaShell(repo, command, input('ls', repo)).code).toBe(2);

    writeFiles(repo, {
      'node_modules/.bin/agent-config': '#!/bin/sh\necho "Error: Cannot find module" >&2\nexit 1\n',
    });
    chmodSync(join(repo, 'node_modules', '.bin', 'agent-config'), 0o755);
    const crashed = viaShell(repo, command, input('git push -f origin main', repo));
    expect(crashed.code).toBe(2);
    expect(crashed.stderr).toMatch(/^Error: Cannot find module\n/);
    expect(NOT_RUN.exec(crashed.stderr.trim().split('\n').at(-1)!)?.[1]).toBe('1');
  });
});
