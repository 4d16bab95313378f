import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { registrations } from '../../src/cli/registry.js';
import { exitCodeKeeper } from '../../src/cli/verb.js';
import { makeContext } from '../helpers/context.js';
import { cli, stagingRepo } from './staging/harness.js';

/** One line on stderr, no stack trace, no raw escape byte. */
function oneLine(stderr: string): string {
  const lines = stderr.split('\n').filter((l) => l !== '');
  expect(lines).toHaveLength(1);
  expect(stderr).not.toMatch(/\n\s+at /);
  expect(stderr).not.toContain('\u001b');
  return lines[0]!;
}

const VERDICT = JSON.stringify({
  decision: 'deny',
  risk: 'high',
  rationale: 'deletes work',
  reason: 'not yet',
});

/** Every command of the program at every depth, as the words that call it. */
function everyCommand(): string[][] {
  const program = new Command('agent-config');
  const ctx = makeContext(process.cwd());
  const { act } = exitCodeKeeper();
  for (const register of registrations) register(program, ctx, act);
  const out: string[][] = [];
  const walk = (c: Command, path: string[]) => {
    for (const sub of c.commands) {
      out.push([...path, sub.name()]);
      walk(sub, [...path, sub.name()]);
    }
  };
  walk(program, []);
  return out;
}

describe('commander errors on every verb, nested ones included', () => {
  it('name the whole command and the fix on one line (did you mean …, else its --help)', async () => {
    const dir = stagingRepo();
    const cases: [string[], string][] = [
      [
        ['verdict', 'check', '--jsn'],
        "agent-config verdict check: unknown option '--jsn' — did you mean --json?",
      ],
      [
        ['window', 'open', '--actions', 'git-clean', '--reason', 'x'],
        "agent-config window open: required option '--for <duration>' not specified — see agent-config window open --help",
      ],
      [
        ['evidence', 'log', '--event'],
        "agent-config evidence log: option '--event <event>' argument missing — see agent-config evidence log --help",
      ],
      [['verdict', 'chek'], "agent-config verdict: unknown command 'chek' — did you mean check?"],
      [
        ['hooks', 'uninstall', '--agent', 'claude-code', '--bogus'],
        "agent-config hooks uninstall: unknown option '--bogus' — see agent-config hooks uninstall --help",
      ],
      [['frobnicate'], "agent-config: unknown command 'frobnicate' — see agent-config --help"],
    ];
    for (const [argv, line] of cases) {
      const r = await cli(dir, argv);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
      expect(oneLine(r.stderr)).toBe(line);
    }
  });

  it('a group without its subcommand shows its help on stderr and could not run (exit 2)', async () => {
    const dir = stagingRepo();
    for (const group of ['window', 'verdict', 'evidence', 'hooks']) {
      const r = await cli(dir, [group]);
      expect([r.code, r.stdout], group).toEqual([2, '']);
      expect(r.stderr).toMatch(new RegExp(`^Usage: agent-config ${group} \\[options\\] \\[command\\]`));
    }
    const help = await cli(dir, ['help', 'window']);
    expect([help.code, help.stderr]).toEqual([0, '']);
    expect(help.stdout).toMatch(/^Usage: agent-config window/);
  });

  it('sanitize hostile text the caller typed before it reaches the terminal', async () => {
    const dir = stagingRepo();
    const r = await cli(dir, ['evidence', 'verify', '--x\u001b[2J\u202e']);
    expect(r.code).toBe(2);
    expect(oneLine(r.stderr)).toMatch(/^agent-config evidence verify: unknown option '--x\\x1B\[2J.*'/);
    expect(r.stderr).not.toContain('\u202e');
  });

  it('a message that already names the command is not prefixed twice', async () => {
    const dir = stagingRepo();
    const r = await cli(dir, ['stage', '--action', 'delete-branch']);
    expect(r.code).toBe(2);
    expect(oneLine(r.stderr)).toBe(
      'agent-config stage: --object is missing — pass --action, --object and --source, or --input FILE',
    );
    const hook = await cli(dir, ['hook', '../x']);
    expect(hook.code).toBe(2);
    expect(oneLine(hook.stderr)).toMatch(/^agent-config hook: unknown harness '\.\.\/x' — use one of /);
  });
});

describe('files that cannot be read name the fix', () => {
  it('a folder where agent-config.yaml should be: "name a file, not a folder" (exit 2) on every new verb', async () => {
    const dir = stagingRepo();
    mkdirSync(join(dir, 'agent-config.yaml'));
    for (const argv of [
      ['window', 'status'],
      ['evidence', 'verify'],
      ['report', '--json'],
      ['gates', '--json'],
    ]) {
      const r = await cli(dir, argv);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
      expect(oneLine(r.stderr)).toBe(
        'agent-config: agent-config.yaml: cannot read (EISDIR) — name a file, not a folder',
      );
    }
  });

  it('verdict check, verdict record and stage --input: a missing file, a folder, bad JSON, NUL and escape bytes', async () => {
    const dir = stagingRepo({ 'folder/.keep': '' });
    writeFileSync(join(dir, 'bad.json'), '{bad');
    writeFileSync(join(dir, 'nul.json'), '{"a":1\u0000}');
    writeFileSync(join(dir, 'esc.json'), '{"decision":"\u001b[2Jallow"}');
    for (const run of [
      (f: string) => ['verdict', 'check', f],
      (f: string) => ['verdict', 'record', '0123456789abcdef', f, '--reviewer', 'gpt-review'],
      (f: string) => ['stage', '--input', f],
    ]) {
      const missing = await cli(dir, run('../x'));
      expect([missing.code, oneLine(missing.stderr)]).toEqual([
        2,
        'agent-config: ../x: cannot be read (ENOENT) — check the path',
      ]);
      const folder = await cli(dir, run('folder'));
      expect([folder.code, oneLine(folder.stderr)]).toEqual([
        2,
        'agent-config: folder: cannot be read (EISDIR) — name a file, not a folder',
      ]);
      for (const file of ['bad.json', 'nul.json', 'esc.json']) {
        const r = await cli(dir, run(file));
        expect(r.code, `${run(file).join(' ')}`).toBeGreaterThan(0);
        expect(`${r.stdout}${r.stderr}`).not.toContain('\u001b');
        expect(`${r.stdout}${r.stderr}`).not.toContain('\u0000');
        expect(`${r.stdout}${r.stderr}`).toMatch(/not JSON at 1:\d+/);
      }
    }
  });
});

describe('report --out', () => {
  it('refuses a device or a pipe rather than replacing it with the page (exit 2, one line)', async () => {
    const dir = stagingRepo();
    expect(spawnSync('mkfifo', [join(dir, 'pipe')]).status).toBe(0);
    const r = await cli(dir, ['report', '--out', 'pipe']);
    expect(r.code).toBe(2);
    expect(oneLine(r.stderr)).toBe(
      `agent-config: ${join(dir, 'pipe')}: is not a regular file — name a file to write, not a device or a pipe`,
    );
    expect(lstatSync(join(dir, 'pipe')).isFIFO()).toBe(true);
  });
});

describe('window open checks its flags before it asks for a terminal', () => {
  it('an invalid or too long --for, an unknown action: exit 2 with the code, even when stdin is piped', async () => {
    const dir = stagingRepo();
    const env = { AGENT_CONFIG_HUMAN: 'human:ada' };
    const cases: [string[], string][] = [
      [['--for', '99h', '--actions', 'git-clean', '--reason', 'x'], 'duration-too-long'],
      [['--for', '1d', '--actions', 'git-clean', '--reason', 'x'], 'duration-invalid'],
      [['--for', '1h', '--actions', 'no-such', '--reason', 'x'], 'action-unknown'],
      [['--for', '1h', '--actions', 'git-clean', '--reason', ' '], 'reason-required'],
    ];
    for (const [args, code] of cases) {
      const r = await cli(dir, ['window', 'open', ...args], { env });
      expect([r.code, oneLine(r.stderr)], args.join(' ')).toEqual([
        2,
        expect.stringContaining(`window open: ${code}: `),
      ]);
    }
    const valid = await cli(
      dir,
      ['window', 'open', '--for', '1h', '--actions', 'git-clean', '--reason', 'x'],
      {
        env,
      },
    );
    expect([valid.code, valid.stdout.split(':')[0]]).toEqual([1, 'stdin-not-tty']);
  });
});

describe('hooks install|uninstall --agent', () => {
  it('an unknown or hostile harness: one line naming --agent and the verb, nothing written', async () => {
    const dir = stagingRepo();
    for (const verb of ['install', 'uninstall']) {
      const r = await cli(dir, ['hooks', verb, '--agent', '../x\u001b[2J']);
      expect(r.code).toBe(2);
      expect(oneLine(r.stderr)).toMatch(
        new RegExp(
          `^agent-config: --agent: cannot ${verb} a hook for '\\.\\./x\\\\x1B\\[2J' — use claude-code`,
        ),
      );
    }
    expect(existsSync(join(dir, '.claude'))).toBe(false);
  });

  it('a settings file that is a folder or not JSON: named, with the fix, left untouched', async () => {
    const dir = stagingRepo();
    mkdirSync(join(dir, '.claude', 'settings.json'), { recursive: true });
    const folder = await cli(dir, ['hooks', 'install', '--agent', 'claude-code']);
    expect([folder.code, oneLine(folder.stderr)]).toEqual([
      2,
      'agent-config: .claude/settings.json: cannot be read (EISDIR) — name a file, not a folder',
    ]);
  });
});

describe('window close --as', () => {
  it('names the flag and the form of an actor that is not kind:name, and leaves the window open', async () => {
    const dir = stagingRepo();
    const env = { AGENT_CONFIG_HUMAN: 'human:ada' };
    const opened = await cli(
      dir,
      ['window', 'open', '--for', '1h', '--actions', 'git-clean', '--reason', 'x'],
      {
        env,
        answer: 'understood',
      },
    );
    expect(opened.code).toBe(0);
    for (const as of ['bob', '../x', 'human:x\u001b[2J']) {
      const r = await cli(dir, ['window', 'close', '--as', as]);
      expect(r.code, as).toBe(2);
      expect(oneLine(r.stderr)).toMatch(
        /^agent-config window close --as: '.*' is not kind:name — use human:<name> \(or agent:, reviewer:, system:\), e\.g\. --as human:ada$/,
      );
    }
    const fromEnv = await cli(dir, ['window', 'close'], { env: { AGENT_CONFIG_HUMAN: 'ada' } });
    expect([fromEnv.code, oneLine(fromEnv.stderr)]).toEqual([
      2,
      expect.stringMatching(/^agent-config: AGENT_CONFIG_HUMAN: 'ada' is not kind:name/),
    ]);
    const status = await cli(dir, ['window', 'status', '--json']);
    expect(JSON.parse(status.stdout).open).toBe(true);
    const closed = await cli(dir, ['window', 'close', '--as', 'human:ada']);
    expect(closed.code).toBe(0);
  });
});

describe('--help and --json', () => {
  it('every command, nested ones included, has a description and --help that shows it (exit 0)', async () => {
    const dir = stagingRepo();
    const commands = everyCommand();
    expect(commands.map((c) => c.join(' '))).toEqual(
      expect.arrayContaining([
        'verdict check',
        'verdict record',
        'evidence log',
        'window open',
        'hooks install',
      ]),
    );
    for (const path of commands) {
      const r = await cli(dir, [...path, '--help']);
      expect(r.code, path.join(' ')).toBe(0);
      expect(r.stdout).toMatch(new RegExp(`^Usage: agent-config ${path.join(' ')}`));
      const description = r.stdout.split('\n\n')[1] ?? '';
      expect(description.trim(), path.join(' ')).not.toBe('');
      expect(r.stdout).not.toMatch(/^ {2}--\S+( <[^>]+>)? *$/m);
    }
  });

  it('every data verb prints exactly one JSON document on stdout with --json', async () => {
    const dir = stagingRepo();
    writeFileSync(join(dir, 'verdict.json'), VERDICT);
    const staged = await cli(dir, [
      'stage',
      '--action',
      'delete-branch',
      '--object',
      'feature/\u001b[2Jx',
      '--source',
      'agent:me',
      '--json',
    ]);
    const token = (JSON.parse(staged.stdout) as { record: { token: string } }).record.token;
    for (const argv of [
      ['gates', '--json'],
      ['gates', '--pending', '--json'],
      ['pending', '--json'],
      ['verdict', 'check', 'verdict.json', '--json'],
      ['verdict', 'check', 'nope.json', '--json'],
      ['verdict', 'record', token, 'verdict.json', '--reviewer', 'gpt-review', '--json'],
      ['verdict', 'record', '../x', 'verdict.json', '--reviewer', 'gpt-review', '--json'],
      ['evidence', 'verify', '--json'],
      ['evidence', 'log', '--json'],
      ['window', 'status', '--json'],
      ['report', '--json'],
    ]) {
      const r = await cli(dir, argv);
      if (r.stdout === '') {
        // Could not run at all (exit 2): the reason is one line on stderr, stdout stays empty.
        expect([r.code, oneLine(r.stderr)], argv.join(' ')).toEqual([2, expect.any(String)]);
        continue;
      }
      expect(() => JSON.parse(r.stdout), argv.join(' ')).not.toThrow();
      expect(r.stdout.trimEnd().split('\n').at(-1), argv.join(' ')).toMatch(/^[}\]]$/);
    }
  });
});
