import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIN, ensureBuilt } from '../helpers/bin.js';
import { GIT_ENV, makeRepo, tempDir } from '../helpers/repo.js';

beforeAll(ensureBuilt);

const CONFIG = 'guard:\n  never: [git-force-push]\n';

/** A project as an agent finds it: the guard's files, a home with Claude Code's own settings. */
function project(): { repo: string; home: string } {
  const repo = makeRepo({
    'agents/README.md': 'x\n',
    'agent-config.yaml': CONFIG,
    '.claude/settings.json': '{}\n',
    'README.md': 'hello\n',
  });
  const home = tempDir();
  mkdirSync(join(home, '.claude'));
  writeFileSync(join(home, '.claude', 'settings.json'), '{}\n');
  return { repo, home };
}

/** What Claude Code does before a tool call: the hook, with the call on stdin. */
function hook(
  repo: string,
  home: string,
  tool: string,
  toolInput: Record<string, unknown>,
  options: { env?: Record<string, string>; bin?: string; cwd?: string } = {},
) {
  const env: Record<string, string | undefined> = { ...process.env, ...GIT_ENV, HOME: home, ...options.env };
  env.CLAUDE_PROJECT_DIR = repo;
  if (options.env?.AGENT_CONFIG_HUMAN === undefined) delete env.AGENT_CONFIG_HUMAN;
  const input = JSON.stringify({
    session_id: 'e2e',
    transcript_path: '/tmp/e2e.jsonl',
    cwd: options.cwd ?? repo,
    permission_mode: 'default',
    hook_event_name: 'PreToolUse',
    tool_name: tool,
    tool_input: toolInput,
    tool_use_id: 'toolu_e2e',
  });
  const r = spawnSync(process.execPath, [options.bin ?? BIN, 'hook', 'claude-code'], {
    cwd: repo,
    input,
    encoding: 'utf8',
    env,
  });
  const decision =
    r.stdout === ''
      ? null
      : (JSON.parse(r.stdout).hookSpecificOutput as {
          permissionDecision: string;
          permissionDecisionReason: string;
        });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr, decision };
}

const bash = (command: string) => ({ command, description: 'run it' });
const write = (file_path: string) => ({ file_path, content: 'guard: {disable: [git-force-push]}\n' });

describe("the guard's own files, through the built hook", () => {
  it('denies the file tools on every protected file, saying a person edits them; other paths get no opinion', () => {
    const { repo, home } = project();
    const held: [string, Record<string, unknown>][] = [
      ['Write', write(join(repo, 'agent-config.yaml'))],
      ['Edit', { file_path: join(repo, 'agent-config.yaml'), old_string: 'never', new_string: 'disable' }],
      ['MultiEdit', { file_path: join(repo, '.claude', 'settings.json'), edits: [] }],
      ['Write', write(join(repo, '.claude', 'settings.local.json'))],
      ['Write', write(join(repo, 'agents', 'runtime', 'staged-confirmations', 'x', 'y.json'))],
      ['Write', write(join(repo, 'agents', 'evidence', 'ledger', 'main.jsonl'))],
      ['Write', write(join(repo, '.git', 'hooks', 'pre-commit'))],
      ['Edit', { file_path: join(repo, '.git', 'config'), old_string: 'a', new_string: 'b' }],
      ['Write', write(join(repo, 'node_modules', 'agent-config', 'dist', 'bin.js'))],
      ['Write', write(join(repo, 'node_modules', '.bin', 'agent-config'))],
      ['Write', write(join(home, '.claude', 'settings.json'))],
      ['NotebookEdit', { notebook_path: join(repo, '.git', 'x.ipynb'), new_source: 'x' }],
      ['Write', write(join(repo, 'src', '..', 'agent-config.yaml'))],
      ['Write', write('~/.claude/settings.local.json')],
      ['Write', write('agent-config.yaml')],
    ];
    for (const [tool, input] of held) {
      const r = hook(repo, home, tool, input);
      expect(r.code, JSON.stringify(input)).toBe(0);
      expect(r.decision?.permissionDecision, JSON.stringify(input)).toBe('deny');
      expect(r.decision?.permissionDecisionReason).toContain('a person edits these files');
      expect(r.decision?.permissionDecisionReason).toContain(`${tool} of `);
    }
    const free: [string, Record<string, unknown>][] = [
      ['Write', write(join(repo, 'README.md'))],
      ['Edit', { file_path: join(repo, 'src', 'a.ts'), old_string: 'a', new_string: 'b' }],
      ['Write', write(join(repo, 'docs', 'agent-config.yaml'))],
      ['Write', write(join(repo, 'agents', 'roadmaps', 'phase-1.md'))],
      ['Write', write(join(home, '.claude', 'CLAUDE.md'))],
      ['NotebookEdit', { notebook_path: join(repo, 'n.ipynb'), new_source: 'x' }],
      ['Read', { file_path: join(repo, 'agent-config.yaml') }],
    ];
    for (const [tool, input] of free) {
      const r = hook(repo, home, tool, input);
      expect([r.code, r.stdout, r.stderr], JSON.stringify(input)).toEqual([0, '', '']);
    }
    expect(readFileSync(join(repo, 'agent-config.yaml'), 'utf8')).toBe(CONFIG);
  });

  it('resolves symbolic links before matching: a link to a protected file, a dangling one, a linked folder', () => {
    const { repo, home } = project();
    symlinkSync('agent-config.yaml', join(repo, 'notes.yaml'));
    symlinkSync('.claude/settings.local.json', join(repo, 'dangling.json'));
    symlinkSync('.claude', join(repo, 'cfg'));
    symlinkSync(join(home, '.claude'), join(repo, 'home-claude'));
    mkdirSync(join(repo, 'docs'));
    symlinkSync('docs', join(repo, 'd'));
    for (const path of ['notes.yaml', 'dangling.json', 'cfg/settings.json', 'home-claude/settings.json']) {
      const r = hook(repo, home, 'Write', write(join(repo, path)));
      expect(r.decision?.permissionDecision, path).toBe('deny');
    }
    const elsewhere = hook(repo, home, 'Write', write(join(repo, 'd', 'guide.md')));
    expect([elsewhere.code, elsewhere.stdout]).toEqual([0, '']);
    // The shell too: a write through a link that is already there, and a link made in the same line.
    for (const command of [
      'echo "{}" > notes.yaml',
      'printf x | tee cfg/settings.json',
      'ln -s agent-config.yaml x && echo > x',
    ]) {
      const r = hook(repo, home, 'Bash', bash(command));
      expect(r.decision?.permissionDecision, command).toBe('deny');
      expect(r.decision?.permissionDecisionReason).toContain("one of the guard's own files");
    }
    const read = hook(repo, home, 'Bash', bash('cat notes.yaml cfg/settings.json'));
    expect([read.code, read.stdout]).toEqual([0, '']);
  });

  it('denies shell writes, git alias and hooks settings and the person verbs outright (no stage); reads pass', () => {
    const { repo, home } = project();
    const held: [string, string][] = [
      ['echo "guard: {disable: [git-force-push]}" >> agent-config.yaml', "one of the guard's own files"],
      ["sed -i 's/never/disable/' agent-config.yaml", "one of the guard's own files"],
      ['cd .claude && echo {} > settings.json', "one of the guard's own files"],
      ['echo {} > ~/.claude/settings.json', "one of the guard's own files"],
      ['rm -rf agents/evidence', "one of the guard's own files"],
      ['git config alias.p "push -f"', "sets git's alias.p"],
      ['git config core.hooksPath /tmp/hooks', "sets git's core.hookspath"],
      ['npx --no agent-config confirm 0123456789abcdef', 'a person runs it in their own terminal'],
      [
        'npm exec agent-config -- window open --for 1h --actions git-force-push --reason x',
        'a person runs it',
      ],
      ['node_modules/.bin/agent-config hooks uninstall --agent claude-code', 'a person runs it'],
      ['npx --no agent-config decline 0123456789abcdef --as human:ada', 'a person runs it'],
    ];
    for (const [command, says] of held) {
      const r = hook(repo, home, 'Bash', bash(command));
      expect(r.code, command).toBe(0);
      expect(r.decision?.permissionDecision, command).toBe('deny');
      expect(r.decision?.permissionDecisionReason, command).toContain(says);
      expect(r.decision?.permissionDecisionReason).not.toMatch(/staged|confirm [0-9a-f]{16}/);
    }
    // An agent's shell that inherits AGENT_CONFIG_HUMAN speaks as that person: its decline is held.
    const decline = 'npx --no agent-config decline 0123456789abcdef --reason no';
    expect(hook(repo, home, 'Bash', bash(decline)).stdout).toBe('');
    expect(
      hook(repo, home, 'Bash', bash(decline), { env: { AGENT_CONFIG_HUMAN: 'human:ada' } }).decision
        ?.permissionDecision,
    ).toBe('deny');
    for (const command of [
      'cat agent-config.yaml',
      'grep -n guard .claude/settings.json',
      'git config --get alias.p',
      'npx --no agent-config pending',
    ]) {
      const r = hook(repo, home, 'Bash', bash(command));
      expect([r.code, r.stdout, r.stderr], command).toEqual([0, '', '']);
    }
  });

  it('a relative write from inside a protected folder is held, whatever the command names', () => {
    const { repo, home } = project();
    mkdirSync(join(repo, 'agents', 'runtime'), { recursive: true });
    const r = hook(repo, home, 'Bash', bash('echo 1 > lock'), { cwd: join(repo, 'agents', 'runtime') });
    expect(r.decision?.permissionDecision).toBe('deny');
  });

  it('answers a file tool on a clearly free path from dist/bin.js alone; a protected one goes to the full decision', () => {
    const { repo, home } = project();
    const dist = tempDir();
    copyFileSync(BIN, join(dist, 'bin.js'));
    writeFileSync(join(dist, 'package.json'), '{"type":"commonjs"}\n');
    const bin = join(dist, 'bin.js');
    const free = hook(
      repo,
      home,
      'Edit',
      { file_path: join(repo, 'src', 'a.ts'), old_string: 'a', new_string: 'b' },
      { bin },
    );
    expect([free.code, free.stdout, free.stderr]).toEqual([0, '', '']);
    const roadmap = hook(repo, home, 'Write', write(join(repo, 'agents', 'roadmaps', 'phase-1.md')), { bin });
    expect([roadmap.code, roadmap.stdout, roadmap.stderr]).toEqual([0, '', '']);
    // The copy lacks the CLI bundle: reaching the full decision shows as its exit 2.
    for (const input of [write(join(repo, 'agent-config.yaml')), write('relative.md')]) {
      const full = hook(repo, home, 'Write', input, { bin });
      expect(full.code).toBe(2);
      expect(full.stderr).toContain('cli.cjs cannot be read');
    }
    symlinkSync('agent-config.yaml', join(repo, 'innocent.md'));
    const linked = hook(repo, home, 'Write', write(join(repo, 'innocent.md')), { bin });
    expect(linked.code).toBe(2);
    const shell = hook(repo, home, 'Bash', bash('echo x > innocent.md'), { bin });
    expect(shell.code).toBe(2);
  });

  it('a file tool call that names no file is denied, not waved through', () => {
    const { repo, home } = project();
    const r = hook(repo, home, 'Write', { content: 'x' });
    expect(r.decision?.permissionDecision).toBe('deny');
  });
});
