import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLAUDE_HOOK_COMMAND, CLAUDE_HOOK_MATCHER } from '../../src/commands/hooks/claude-settings.js';
import { EXAMPLE_BLOCKER_ID } from '../../src/init/templates.js';
import { run } from '../helpers/context.js';
import { git, makeRepo, tempDir, writeFiles } from '../helpers/repo.js';

/** Every file below a folder (the `.git` folder only for its hooks), with its bytes. */
function snapshot(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (abs: string) => {
    for (const entry of readdirSync(abs, { withFileTypes: true })) {
      const path = join(abs, entry.name);
      const rel = relative(dir, path);
      if (rel === '.git') {
        const hook = join(path, 'hooks', 'pre-commit');
        if (existsSync(hook)) files['.git/hooks/pre-commit'] = readFileSync(hook, 'utf8');
      } else if (entry.isDirectory()) walk(path);
      else files[rel] = readFileSync(path, 'utf8');
    }
  };
  walk(dir);
  return files;
}

describe('agent-config init', () => {
  it('sets a fresh repository up so progress, gates, lint and progress --check run clean', async () => {
    const dir = makeRepo();
    const r = await run(dir, ['init']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain(`✅  Set up agent-config in ${dir}:`);
    expect(r.stdout).toContain('  created   agents/roadmaps/road-to-example.md — an example roadmap');
    expect(r.stdout).toContain('  created   agent-config.yaml — every key, commented out, with its default');
    expect(r.stdout).toContain('  created   .gitignore — ignores agents/runtime/');
    expect(r.stdout).toContain('  created   agents/roadmaps-progress.md — the dashboard');
    expect(readFileSync(join(dir, '.gitignore'), 'utf8')).toMatch(/^\/agents\/runtime\/$/m);
    git(dir, 'add', '-A');
    git(dir, 'commit', '-q', '-m', 'init');

    const progress = await run(dir, ['progress']);
    expect(progress.code).toBe(0);
    expect(progress.stdout).toContain('1 roadmap(s) · 1/5 steps done');
    const gates = await run(dir, ['gates']);
    expect(gates.code).toBe(0);
    expect(gates.stdout).toContain('1 decision needs you');
    expect(gates.stdout).toContain(`── 1 · ${EXAMPLE_BLOCKER_ID} `);
    const lint = await run(dir, ['lint']);
    expect(lint.code).toBe(0);
    expect(lint.stderr).toContain('1 file(s) checked, no findings');
    const check = await run(dir, ['progress', '--check']);
    expect([check.code, check.stderr]).toEqual([0, '']);
    // The dashboard init wrote is the one progress writes: nothing changed in the work tree.
    expect(git(dir, 'status', '--porcelain')).toBe('');
  });

  it('changes nothing when run a second time, and says everything was kept', async () => {
    const dir = makeRepo();
    expect((await run(dir, ['init', '--hooks', '--agent', 'claude-code'])).code).toBe(0);
    const before = snapshot(dir);
    expect(Object.keys(before).sort()).toEqual([
      '.claude/settings.json',
      '.git/hooks/pre-commit',
      '.gitignore',
      'agent-config.yaml',
      'agents/roadmaps-progress.md',
      'agents/roadmaps/road-to-example.md',
    ]);
    const again = await run(dir, ['init', '--hooks', '--agent', 'claude-code']);
    expect(again.code).toBe(0);
    expect(again.stdout.split('\n')[0]).toBe(`Nothing to do: agent-config is already set up in ${dir}.`);
    expect(again.stdout).not.toMatch(/created|appended/);
    expect(again.stdout).toContain('  kept      .git/hooks/pre-commit — exists');
    expect(again.stdout).toContain(
      '  kept      .claude/settings.json — has the agent-config hook (claude-code)',
    );
    expect(snapshot(dir)).toEqual(before);
  });

  it('keeps what exists: configuration, roadmaps, a foreign hook; appends to .gitignore once', async () => {
    const dir = makeRepo({
      'agent-config.yaml': 'roadmaps: plans\ndashboard: plans-progress.md\n',
      'plans/mine.md': '# Mine\n\n## Phase 1\n\n- [ ] do it\n',
      '.gitignore': 'node_modules/', // no final newline
      '.git/hooks/pre-commit': '#!/bin/sh\necho mine\n',
    });
    const r = await run(dir, ['init', '--hooks', '--json']);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.items.map((i: { path: string; action: string }) => `${i.action} ${i.path}`)).toEqual([
      'keep agent-config.yaml',
      'keep plans/',
      'create plans-progress.md',
      'append .gitignore',
      'keep .git/hooks/pre-commit',
    ]);
    expect(readFileSync(join(dir, 'agent-config.yaml'), 'utf8')).toBe(
      'roadmaps: plans\ndashboard: plans-progress.md\n',
    );
    expect(existsSync(join(dir, 'plans', 'road-to-example.md'))).toBe(false);
    expect(existsSync(join(dir, 'agents'))).toBe(false);
    expect(readFileSync(join(dir, '.git/hooks/pre-commit'), 'utf8')).toBe('#!/bin/sh\necho mine\n');
    expect(readFileSync(join(dir, 'plans-progress.md'), 'utf8')).toContain('mine.md');
    const ignore = readFileSync(join(dir, '.gitignore'), 'utf8');
    expect(ignore).toBe(
      'node_modules/\n# agent-config: machine-local state (staged confirmations), never committed\n/agents/runtime/\n',
    );
    await run(dir, ['init']);
    expect(readFileSync(join(dir, '.gitignore'), 'utf8')).toBe(ignore);
  });

  it('keeps a .gitignore that already ignores the runtime folder, in any spelling', async () => {
    for (const rule of ['agents/runtime/', '/agents/runtime', 'agents/runtime/**']) {
      const dir = makeRepo({ '.gitignore': `dist/\n${rule}\n` });
      const r = await run(dir, ['init']);
      expect(r.stdout).toContain('  kept      .gitignore — already ignores agents/runtime/');
      expect(readFileSync(join(dir, '.gitignore'), 'utf8')).toBe(`dist/\n${rule}\n`);
    }
  });

  it('installs the pre-commit hook with --hooks, as hooks install writes it', async () => {
    const dir = makeRepo();
    const r = await run(dir, ['init', '--hooks']);
    expect(r.stdout).toContain(
      '  created   .git/hooks/pre-commit — runs `progress --check` and `lint --staged`',
    );
    const hook = join(dir, '.git', 'hooks', 'pre-commit');
    expect(statSync(hook).mode & 0o111).toBe(0o111);
    const check = await run(dir, ['hooks', 'install']);
    expect(check.stdout).toContain('Already installed, unchanged');
  });

  it('installs the Claude Code guard hook with --agent claude-code, as hooks install --agent does', async () => {
    const dir = makeRepo();
    const r = await run(dir, ['init', '--agent', 'claude-code']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(
      '  created   .claude/settings.json — the claude-code hook that stages guarded commands (PreToolUse, Bash)',
    );
    const settings = JSON.parse(readFileSync(join(dir, '.claude', 'settings.json'), 'utf8'));
    expect(settings.hooks.PreToolUse).toEqual([
      {
        matcher: CLAUDE_HOOK_MATCHER,
        hooks: [{ type: 'command', command: CLAUDE_HOOK_COMMAND, timeout: 30 }],
      },
    ]);
    const check = await run(dir, ['hooks', 'install', '--agent', 'claude-code']);
    expect(check.code).toBe(0);
    expect(readFileSync(join(dir, '.claude', 'settings.json'), 'utf8')).toBe(
      `${JSON.stringify(settings, null, 2)}\n`,
    );
  });

  it('warns in one line, also on a dry run, when the binary the guard hook runs is not installed', async () => {
    const warning =
      '⚠️   node_modules/.bin/agent-config does not exist yet: until it does, the hook refuses every shell command the agent runs. Run `npm ci` when package.json already lists agent-config, else install it (`npm install --save-dev` a packed tarball or a git URL of agent-config).\n';
    const dir = makeRepo();
    const dry = await run(dir, ['init', '--agent', 'claude-code', '--dry-run']);
    expect([dry.code, dry.stderr]).toEqual([0, warning]);
    const r = await run(dir, ['init', '--agent', 'claude-code']);
    expect([r.code, r.stderr]).toEqual([0, warning]);
    expect(
      JSON.parse((await run(dir, ['init', '--agent', 'claude-code', '--json'])).stdout).missingBinary,
    ).toBe('node_modules/.bin/agent-config');
    writeFiles(dir, { 'node_modules/.bin/agent-config': '#!/bin/sh\n' });
    expect((await run(dir, ['init', '--agent', 'claude-code'])).stderr).toBe('');
    expect((await run(dir, ['init'])).stderr).toBe('');
  });

  it('upgrades an older, fail-open guard hook where it stands, never adding a second', async () => {
    const old = '"$CLAUDE_PROJECT_DIR"/node_modules/.bin/agent-config hook claude-code';
    const dir = makeRepo({
      '.claude/settings.json': JSON.stringify({
        hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: old, timeout: 10 }] }] },
      }),
    });
    const r = await run(dir, ['init', '--agent', 'claude-code']);
    expect(r.stdout).toContain(
      '  merged    .claude/settings.json — the agent-config hook (claude-code) now fails closed; every other setting kept',
    );
    const settings = JSON.parse(readFileSync(join(dir, '.claude', 'settings.json'), 'utf8'));
    expect(settings.hooks.PreToolUse).toEqual([
      {
        matcher: CLAUDE_HOOK_MATCHER,
        hooks: [{ type: 'command', command: CLAUDE_HOOK_COMMAND, timeout: 30 }],
      },
    ]);
  });

  it('merges the guard hook into existing Claude Code settings, keeping every other setting', async () => {
    const mine = {
      model: 'opus',
      hooks: { PostToolUse: [{ matcher: 'Edit', hooks: [{ type: 'command', command: 'fmt' }] }] },
    };
    const dir = makeRepo({ '.claude/settings.json': JSON.stringify(mine) });
    const r = await run(dir, ['init', '--agent', 'claude-code']);
    expect(r.stdout).toContain('  merged    .claude/settings.json — the claude-code hook');
    expect(r.stdout).toContain('every other setting kept');
    const settings = JSON.parse(readFileSync(join(dir, '.claude', 'settings.json'), 'utf8'));
    expect(settings.model).toBe('opus');
    expect(settings.hooks.PostToolUse).toEqual(mine.hooks.PostToolUse);
    expect(settings.hooks.PreToolUse[0].hooks[0].command).toBe(CLAUDE_HOOK_COMMAND);
  });

  it('refuses settings that are not valid JSON, or an unknown agent, before writing anything', async () => {
    const dir = makeRepo({ '.claude/settings.json': '{ "model": ' });
    const before = snapshot(dir);
    const bad = await run(dir, ['init', '--agent', 'claude-code']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(
      /^agent-config: \.claude\/settings\.json: is not valid JSON \(.*\) — fix it by hand \(it was left untouched\), then run this again\n$/,
    );
    expect(snapshot(dir)).toEqual(before);
    const unknown = await run(dir, ['init', '--agent', 'vim']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toBe(
      "agent-config init --agent: cannot install a hook for 'vim' — use claude-code (node_modules/agent-config/docs/guard.md shows the settings for other harnesses)\n",
    );
    expect(snapshot(dir)).toEqual(before);
  });

  it('works from a sub-folder on the repository top level', async () => {
    const dir = makeRepo({ 'src/a.txt': 'a\n' });
    const r = await run(join(dir, 'src'), ['init']);
    expect(r.code).toBe(0);
    expect(existsSync(join(dir, 'agents', 'roadmaps', 'road-to-example.md'))).toBe(true);
    expect(existsSync(join(dir, 'src', 'agents'))).toBe(false);
  });

  it('prints the plan and changes nothing with --dry-run', async () => {
    const dir = makeRepo({ 'README.md': '# x\n' });
    const before = snapshot(dir);
    const r = await run(dir, ['init', '--dry-run', '--hooks']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('(dry run, nothing written)');
    expect(r.stdout).toContain('  create    agents/roadmaps/road-to-example.md');
    expect(r.stdout).toContain('  create    .git/hooks/pre-commit');
    expect(snapshot(dir)).toEqual(before);
  });

  it('refuses outside a git repository with one line, creating nothing', async () => {
    const dir = tempDir();
    const r = await run(dir, ['init']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      `agent-config: ${dir}: is not inside a git repository — run \`git init\` first, then \`npx --no agent-config init\`\n`,
    );
    expect(readdirSync(dir)).toEqual([]);
  });

  it('refuses a broken agent-config.yaml before writing anything', async () => {
    const dir = makeRepo({ 'agent-config.yaml': 'roadmap: x\n' });
    const before = snapshot(dir);
    const r = await run(dir, ['init']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^agent-config: agent-config\.yaml:1: unknown key 'roadmap' — known keys: /);
    expect(r.stderr.split('\n')).toHaveLength(2);
    expect(snapshot(dir)).toEqual(before);
  });

  it('refuses a file where the roadmap folder should be', async () => {
    const dir = makeRepo();
    writeFiles(dir, { 'agents/roadmaps': 'not a folder\n' });
    const r = await run(dir, ['init']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('agents/roadmaps: is a file, not the roadmap folder');
    expect(existsSync(join(dir, 'agent-config.yaml'))).toBe(false);
  });
});
