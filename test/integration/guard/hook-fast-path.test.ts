import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decideHookFastPath } from '../../../src/cli/hook-fast-path.js';
import { DEFAULT_CONFIG } from '../../../src/core/config.js';
import { classifyCommand } from '../../../src/guard/classify.js';
import { rulesFor } from '../../../src/guard/rules.js';
import { loadConfig } from '../../../src/repo/load-config.js';
import { tempDir, writeFiles } from '../../helpers/repo.js';
import { cli } from '../staging/harness.js';
import { claudeInput } from './claude-input.js';

/** A project folder as the hook's full path reads it: `agents/` and, maybe, a configuration. */
function project(config?: string): string {
  const dir = tempDir();
  writeFiles(dir, {
    'agents/README.md': 'x\n',
    ...(config === undefined ? {} : { 'agent-config.yaml': config }),
  });
  return dir;
}

/** The rules the hook's full path applies in a folder (the defaults when its configuration is invalid). */
function rulesIn(dir: string) {
  try {
    return rulesFor(loadConfig(dir).guard);
  } catch {
    return rulesFor(DEFAULT_CONFIG.guard);
  }
}

const fast = (dir: string, stdin: string) => 'answer' in decideHookFastPath('claude-code', stdin, [dir, dir]);

/** What `dist/bin.js` does: the fast path's answer, else the full decision on the same text. */
async function hookAsBinRuns(dir: string, stdin: string) {
  if (fast(dir, stdin)) return { code: 0, stdout: '', stderr: '', fast: true };
  const r = await cli(dir, ['hook', 'claude-code'], { overrides: { readStdin: () => stdin } });
  return { ...r, fast: false };
}

// The spellings and the shell's ways of building a word: each is held by the full
// classification, so the fast path must not answer for it.
const HELD = [
  'git pu\\\nsh -f origin main',
  'npm pub$""lish',
  "npm pub''lish",
  'npm pub""lish',
  '`echo git` push -f origin main',
  "git $'\\x70'ush -f origin main",
  "g''it push --force",
  'g\\it push --force',
  '"git" push --force',
  'git push --force 2>&1',
  'sudo git push -f',
  'ls && git push -f',
  'ls\ngit push -f',
  'ls | xargs git push -f',
  'sh -c "git push -f"',
  'bash -lc "npm publish"',
  'eval git push -f',
  'env A=1 git push -f',
  'A=1 git push -f',
  'git -C . push -f',
  '/usr/bin/git push -f',
  'GIT push -f',
  'git push -f origin main # comment',
  'git branch -D x',
  'git clean -fdx',
  'gh pr merge 1',
  'terraform destroy',
  'kubectl delete pod x',
  'echo "DROP TABLE users" | psql',
  'psql <<EOF\nDROP TABLE users;\nEOF',
  'yarn npm publish',
  'pnpm publish',
  '$GIT push -f',
];

// Everyday commands the fast path answers by itself (the bench's fixed set and its like).
const EVERYDAY = [
  'ls',
  'ls -la',
  'git status',
  'git diff',
  'git log --oneline',
  'git log --oneline -5',
  'git diff HEAD~1 --stat',
  'git show HEAD^',
  'git -C sub status',
  'git --no-pager log -3',
  'npm test',
  'npm run build',
  'npm run build && ls -la',
  'npm test 2>&1 | tail -20',
  'cat README.md',
  'pwd',
  'head -n 20 src/index.ts',
  'wc -l src/guard/prefilter.ts',
  'ls >/dev/null 2>&1',
  'grep -rn TODO src',
  '',
];

describe('the hook fast path says no less than the full classification', () => {
  it.each(HELD)('sends %j to the full decision (the full classification holds it)', (command) => {
    const dir = project();
    expect(classifyCommand(command, rulesIn(dir)).actions).not.toEqual([]);
    expect(fast(dir, claudeInput(command, dir))).toBe(false);
  });

  it('answers the everyday set by itself, and the full classification agrees', () => {
    const dir = project();
    for (const command of EVERYDAY) {
      expect([command, classifyCommand(command, rulesIn(dir)).actions]).toEqual([command, []]);
      expect([command, fast(dir, claudeInput(command, dir))]).toEqual([command, true]);
    }
  });

  it("leaves a command that writes files (`mkdir -p out`) to the full decision, which resolves links to the guard's own files", () => {
    const dir = project();
    expect(classifyCommand('mkdir -p out', rulesIn(dir)).actions).toEqual([]);
    expect(fast(dir, claudeInput('mkdir -p out', dir))).toBe(false);
  });

  it('leaves git with a subcommand that is not its own (an alias: `git st` may be `push -f`) to the full decision', () => {
    const dir = project();
    for (const command of ['git st', 'git p', 'git pu', 'git psuh -f', 'git -c alias.x=push x', 'git push']) {
      expect([command, fast(dir, claudeInput(command, dir))]).toEqual([command, false]);
    }
  });

  it('leaves npm with an abbreviation of a guarded command, or options before it, to the full decision', () => {
    const dir = project();
    for (const command of [
      'npm publis',
      'npm pub',
      'npm unpub',
      'npm --loglevel warn publish',
      'npm t',
      'npm exec x',
    ]) {
      expect([command, fast(dir, claudeInput(command, dir))]).toEqual([command, false]);
    }
  });

  it('never answers for a redirection the guard may hold (only /dev/null and descriptors pass)', () => {
    const dir = project();
    for (const command of [
      'echo x > agent-config.yaml',
      'echo x >> .claude/settings.json',
      'ls >& out',
      'ls 2> log',
      'ls &> x',
      'cat < x',
      'ls >/dev/null2',
    ]) {
      expect([command, fast(dir, claudeInput(command, dir))]).toEqual([command, false]);
    }
  });
});

describe('malformed hook input never gets the fast answer', () => {
  const shapes = (dir: string) => [
    // Not the harness's shape, though its command is harmless: the full path reads all of it.
    JSON.stringify({ tool_input: { command: 'ls' }, note: 'git push -f origin main' }),
    JSON.stringify({ hook_event_name: 'PreToolUse', tool_input: { command: 'ls' }, x: 'npm publish' }),
    JSON.stringify({
      hook_event_name: 'PreToolUse',
      tool_name: 'Bash',
      tool_input: { command: 'ls' },
      cwd: ['git push --force'],
    }),
    JSON.stringify({
      hook_event_name: 42,
      tool_name: 'Bash',
      tool_input: { command: 'ls' },
      y: 'git push -f',
    }),
    JSON.stringify([claudeInput('ls', dir), 'git push -f']),
    `${claudeInput('ls', dir)} git push -f`,
    `\uFEFF${claudeInput('git push -f', dir)}`,
  ];

  it('sends input that is not the harness hook JSON to the full decision', () => {
    const dir = project();
    for (const input of shapes(dir)) expect([input, fast(dir, input)]).toEqual([input, false]);
  });

  it('refuses it there with exit 2 when it names a guarded command', async () => {
    const dir = project();
    for (const input of shapes(dir)) {
      const r = await hookAsBinRuns(dir, input);
      expect([input, r.code, r.stdout]).toEqual([input, 2, '']);
      expect(r.stderr).toMatch(/^agent-config guard: .*names a guarded command/);
    }
  });

  it('sends another tool or event to the full decision (it answers for the file tools itself)', () => {
    const dir = project();
    for (const [event, tool] of [
      ['PreToolUse', 'Write'],
      ['PreToolUse', 'Edit'],
      ['PostToolUse', 'Bash'],
    ]) {
      const input = JSON.stringify({
        hook_event_name: event,
        tool_name: tool,
        tool_input: { command: 'ls', file_path: join(dir, 'agent-config.yaml') },
      });
      expect([input, fast(dir, input)]).toEqual([input, false]);
    }
  });
});

describe('the fast path reads agent-config.yaml as the full path does', () => {
  it.each([
    ['guard:\n  rules:\n    - action: no-ls\n      command: [ls]\n'],
    ['"\\x67uard":\n  rules:\n    - action: no-ls\n      command: [ls]\n'],
    ['"gu\\u0061rd": {rules: [{action: no-ls, command: [ls]}]}\n'],
    ['"gu\\\n  ard":\n  rules:\n    - action: no-ls\n      command: [ls]\n'],
  ])('sends every call to the full decision when %j may add rules', (config) => {
    const dir = project(config);
    const input = claudeInput('ls', dir);
    expect(fast(dir, input)).toBe(false);
  });

  it('holds `ls` under an escaped `guard` key, through the path bin.js takes', async () => {
    const dir = project('"\\x67uard":\n  rules:\n    - action: no-ls\n      command: [ls]\n');
    expect(classifyCommand('ls', rulesIn(dir)).actions).toEqual(['no-ls']);
    const r = await hookAsBinRuns(dir, claudeInput('ls', dir));
    expect(r.fast).toBe(false);
    expect(JSON.parse(r.stdout).hookSpecificOutput.permissionDecision).toBe('deny');
  });

  it('answers by itself where the configuration cannot add rules', () => {
    const dir = project('roadmaps: agents/roadmaps\n');
    expect(fast(dir, claudeInput('ls', dir))).toBe(true);
  });

  it('leaves a configuration too large to be one to the full decision rather than read it', () => {
    const dir = project(`# ${'x'.repeat(2 * 1024 * 1024)}\nroadmaps: agents/roadmaps\n`);
    expect(fast(dir, claudeInput('ls', dir))).toBe(false);
  });

  it('does not wait on a named pipe where agent-config.yaml goes: it leaves the call to the full decision', () => {
    const dir = project();
    execFileSync('mkfifo', [join(dir, 'agent-config.yaml')]);
    expect(fast(dir, claudeInput('ls', dir))).toBe(false);
  });
});
