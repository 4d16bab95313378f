import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIN, ensureBuilt, ROOT, runBin } from '../helpers/bin.js';
import { git, makeRepo } from '../helpers/repo.js';
import { HAS_SCRIPT, inTerminal, inTerminalSteps } from '../helpers/terminal.js';

// The confirmation ceremony needs a terminal: these tests run the built binary inside a
// pseudo-terminal made by util-linux `script`, and type into it only once the question shows.
const STORE = 'agents/runtime/staged-confirmations';

beforeAll(ensureBuilt);

const bin = (cwd: string, args: string[], env: Record<string, string> = {}) =>
  runBin(cwd, args, { env, stdin: 'pipe' });

function stage(dir: string, object: string): string {
  const r = bin(dir, ['stage', '--action', 'delete-branch', '--object', object, '--source', 'agent:e2e']);
  expect(r.code).toBe(0);
  return r.stdout.trim();
}

describe('confirm at a terminal (pseudo-terminal via `script`)', () => {
  it('has util-linux `script` to make the terminal (install util-linux if this fails)', () => {
    expect(HAS_SCRIPT).toBe(true);
  });

  it('shows the sanitized action and object, takes the last four characters, and lets exactly one claim execute', async () => {
    const dir = makeRepo({ 'agents/README.md': 'x\n' });
    const token = stage(dir, 'feature/\u001b[2Jx');
    const r = await inTerminal(dir, [process.execPath, BIN, 'confirm', token], token.slice(-4), {
      AGENT_CONFIG_HUMAN: 'human:ada',
    });
    expect(r.code).toBe(0);
    expect(r.transcript).toContain('Action:            delete-branch');
    expect(r.transcript).toContain('Object:            feature/\\x1B[2Jx');
    expect(r.transcript).not.toContain('\u001b[2J');
    expect(r.transcript).toContain(`confirmed: ${token}`);
    const record = JSON.parse(readFileSync(join(dir, STORE, 'confirmed', `${token}.json`), 'utf8'));
    expect(record).toMatchObject({
      state: 'confirmed',
      decided_by: 'human:ada',
      object: 'feature/\u001b[2Jx',
    });
    const claim = bin(dir, ['claim', token]);
    expect(claim.code).toBe(0);
    expect(claim.stdout).toMatch(new RegExp(`^execute: ${token}`));
    expect(bin(dir, ['claim', token]).code).toBe(1);
  });

  it('changes nothing when the person types anything else', async () => {
    const dir = makeRepo({ 'agents/README.md': 'x\n' });
    const token = stage(dir, 'feature/y');
    const before = readFileSync(join(dir, STORE, 'pending', `${token}.json`), 'utf8');
    const r = await inTerminal(dir, [process.execPath, BIN, 'confirm', token, '--as', 'human:ada'], 'yes');
    expect(r.code).toBe(1);
    expect(r.transcript).toContain(`answer-mismatch: ${token}`);
    expect(readFileSync(join(dir, STORE, 'pending', `${token}.json`), 'utf8')).toBe(before);
    expect(bin(dir, ['claim', token]).code).toBe(1);
  });

  it('treats Ctrl-C and Ctrl-D at the question as a no', async () => {
    const dir = makeRepo({ 'agents/README.md': 'x\n' });
    const token = stage(dir, 'feature/c');
    const before = readFileSync(join(dir, STORE, 'pending', `${token}.json`), 'utf8');
    for (const key of ['\u0003', '\u0004']) {
      const r = await inTerminal(
        dir,
        [process.execPath, BIN, 'confirm', token, '--as', 'human:ada'],
        key,
        {},
        undefined,
        '',
      );
      expect(r.code).toBe(1);
      expect(r.transcript).toContain(`answer-mismatch: ${token}`);
      expect(r.transcript).not.toContain('internal error');
    }
    expect(readFileSync(join(dir, STORE, 'pending', `${token}.json`), 'utf8')).toBe(before);
  });

  it('refuses piped stdin, --json and a decider that is not human:, without asking', async () => {
    const dir = makeRepo({ 'agents/README.md': 'x\n' });
    const token = stage(dir, 'feature/z');
    const piped = bin(dir, ['confirm', token, '--as', 'human:ada']);
    expect([piped.code, piped.stdout]).toEqual([1, expect.stringMatching(/^stdin-not-tty: /)]);
    const json = await inTerminal(
      dir,
      [process.execPath, BIN, 'confirm', token, '--as', 'human:ada', '--json'],
      'x',
      {},
      '}',
    );
    expect(json.code).toBe(1);
    expect(json.transcript).toContain('"outcome": "stdin-not-tty"');
    const agent = await inTerminal(
      dir,
      [process.execPath, BIN, 'confirm', token, '--as', 'agent:me'],
      'x',
      {},
      'human:',
    );
    expect(agent.code).toBe(2);
    expect(agent.transcript).toContain('decider-required');
    expect(agent.transcript).not.toContain('last four');
    expect(existsSync(join(dir, STORE, 'pending', `${token}.json`))).toBe(true);
  });

  it('asks who confirms when no decider is set, offers git user.name, and records that person', async () => {
    const dir = makeRepo({ 'agents/README.md': 'x\n' });
    git(dir, 'config', 'user.name', 'Ada Lovelace');
    const token = stage(dir, 'feature/named');
    const r = await inTerminalSteps(
      dir,
      [process.execPath, BIN, 'confirm', token],
      [
        ['Your name [Ada Lovelace]: ', '\r'],
        ['anything else cancels', `${token.slice(-4)}\r`],
      ],
      { AGENT_CONFIG_HUMAN: '' },
    );
    expect(r.code).toBe(0);
    expect(r.transcript).toContain('Who confirms?');
    expect(r.transcript).toContain('Deciding as:       human:Ada Lovelace');
    expect(r.transcript).toContain(`confirmed: ${token}`);
    const record = JSON.parse(readFileSync(join(dir, STORE, 'confirmed', `${token}.json`), 'utf8'));
    expect(record.decided_by).toBe('human:Ada Lovelace');
  });

  it('takes the name typed at the question, and keeps the four-character ceremony', async () => {
    const dir = makeRepo({ 'agents/README.md': 'x\n' });
    const token = stage(dir, 'feature/typed');
    const wrong = await inTerminalSteps(
      dir,
      [process.execPath, BIN, 'confirm', token],
      [
        ['Your name: ', 'grace\r'],
        ['anything else cancels', 'nope\r'],
      ],
      { AGENT_CONFIG_HUMAN: '' },
    );
    expect(wrong.code).toBe(1);
    expect(wrong.transcript).toContain(`answer-mismatch: ${token}`);
    expect(existsSync(join(dir, STORE, 'pending', `${token}.json`))).toBe(true);
    const right = await inTerminalSteps(
      dir,
      [process.execPath, BIN, 'confirm', token],
      [
        ['Your name: ', 'grace\r'],
        ['anything else cancels', `${token.slice(-4)}\r`],
      ],
      { AGENT_CONFIG_HUMAN: '' },
    );
    expect(right.code).toBe(0);
    const record = JSON.parse(readFileSync(join(dir, STORE, 'confirmed', `${token}.json`), 'utf8'));
    expect(record.decided_by).toBe('human:grace');
  });

  it('without a name (no answer, no git user.name) says exactly what to add, and asks nothing else', async () => {
    const dir = makeRepo({ 'agents/README.md': 'x\n' });
    const token = stage(dir, 'feature/nobody');
    const r = await inTerminal(
      dir,
      [process.execPath, BIN, 'confirm', token],
      '',
      { AGENT_CONFIG_HUMAN: '' },
      'Your name: ',
    );
    expect(r.code).toBe(2);
    expect(r.transcript).toContain(
      `agent-config confirm: decider-required: ${token} — no person decides: give \`--as human:<name>\` or set AGENT_CONFIG_HUMAN=human:<name>`,
    );
    expect(r.transcript).not.toContain('last four');
    expect(existsSync(join(dir, STORE, 'pending', `${token}.json`))).toBe(true);
  });

  it('treats Ctrl-C at the name question as a no, and asks no name for a stage that waits for none', async () => {
    const dir = makeRepo({ 'agents/README.md': 'x\n' });
    const token = stage(dir, 'feature/cancel');
    const r = await inTerminal(
      dir,
      [process.execPath, BIN, 'confirm', token],
      '\u0003',
      { AGENT_CONFIG_HUMAN: '' },
      'Your name: ',
      '',
    );
    expect(r.code).toBe(1);
    expect(r.transcript).toContain(`answer-mismatch: ${token}`);
    expect(r.transcript).not.toContain('internal error');
    expect(existsSync(join(dir, STORE, 'pending', `${token}.json`))).toBe(true);
    const unknown = await inTerminal(
      dir,
      [process.execPath, BIN, 'confirm', '0123456789abcdef'],
      'x',
      { AGENT_CONFIG_HUMAN: '' },
      'token-mismatch',
    );
    expect(unknown.code).toBe(1);
    expect(unknown.transcript).not.toContain('Who confirms?');
  });

  it('runs the worked example: the hook waits, a person confirms, the hook deletes the branch once', async () => {
    const dir = makeRepo({ 'agents/README.md': 'x\n' });
    git(dir, 'branch', 'feature/old');
    const hook = spawn('sh', [join(ROOT, 'docs', 'examples', 'stage-and-claim.sh'), 'feature/old'], {
      cwd: dir,
      env: { ...process.env, AGENT_CONFIG: `${process.execPath} ${BIN}`, POLL_SECONDS: '0.1' },
    });
    let stderr = '';
    const token = await new Promise<string>((resolve) => {
      hook.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString('utf8');
        const m = /agent-config confirm ([0-9a-f]{16})\n/.exec(stderr);
        if (m) resolve(m[1]!);
      });
    });
    const done = new Promise<number | null>((resolve) => hook.on('close', resolve));
    expect(git(dir, 'branch', '--list', 'feature/old')).toContain('feature/old');
    const confirm = await inTerminal(dir, [process.execPath, BIN, 'confirm', token], token.slice(-4), {
      AGENT_CONFIG_HUMAN: 'human:ada',
    });
    expect(confirm.code).toBe(0);
    expect(await done).toBe(0);
    expect(stderr).toContain(`deleted feature/old (confirmed stage ${token})`);
    expect(git(dir, 'branch', '--list', 'feature/old')).toBe('');
  });
});
