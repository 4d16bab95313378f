import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIN, ensureBuilt, ROOT, runBin } from '../helpers/bin.js';
import { ledgerRecords } from '../helpers/ledger.js';
import { makeRepo, tempDir } from '../helpers/repo.js';
import { HAS_SCRIPT, inTerminal } from '../helpers/terminal.js';
import { FILE, SEARCH } from '../integration/decide/decide-repo.js';

const ADA = { AGENT_CONFIG_HUMAN: 'human:ada' };

// decide needs a person at a terminal: the built binary runs inside a pseudo-terminal made by
// util-linux `script`, and the answer is typed only once the question shows.

beforeAll(ensureBuilt);

const WAIT = 'to decide (anything else cancels)';

/** Like `inTerminal`, running `act` once the question shows and typing what it returns. */
function inTerminalThen(
  cwd: string,
  command: string[],
  act: () => string,
): Promise<{ code: number | null; transcript: string }> {
  const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
  return new Promise((resolve) => {
    const child = spawn('script', ['-qec', command.map(quote).join(' '), '/dev/null'], {
      cwd,
      env: { ...process.env, TERM: 'dumb', ...ADA },
    });
    let transcript = '';
    let done = false;
    child.stdout.on('data', (chunk: Buffer) => {
      transcript += chunk.toString('utf8');
      if (!done && transcript.includes(WAIT)) {
        done = true;
        child.stdin.write(act());
      }
    });
    child.on('close', (code) => resolve({ code, transcript }));
  });
}

describe.runIf(HAS_SCRIPT)('decide at a terminal (pseudo-terminal via `script`)', () => {
  it('shows the blocker sanitized, takes its id, records the answer and rewrites only the status line', async () => {
    const hostile = SEARCH.replace('Postgres or a hosted service?', 'Postgres\u001b[2J or a hosted service?');
    const dir = makeRepo({ [FILE]: hostile });
    const r = await inTerminal(
      dir,
      [process.execPath, BIN, 'decide', 'search-engine', '--option', '2'],
      'search-engine',
      ADA,
      WAIT,
    );
    expect(r.code).toBe(0);
    expect(r.transcript).toContain('The question:      Postgres\\x1B[2J or a hosted service?');
    expect(r.transcript).not.toContain('\u001b[2J');
    expect(r.transcript).toContain('Your answer:       2. A hosted search service');
    expect(r.transcript).toContain('decided: search-engine');
    const after = readFileSync(join(dir, FILE), 'utf8');
    expect(after).toBe(
      hostile.replace(
        '- **Status:** open <!-- open | resolved -->',
        `- **Status:** resolved ${new Date().toISOString().slice(0, 10)} — A hosted search service`,
      ),
    );
    expect(ledgerRecords(dir).map((l) => [l.event, l.actor, l.payload.option])).toEqual([
      ['decision.resolved', 'human:ada', 'A hosted search service'],
    ]);
    const verify = runBin(dir, ['evidence', 'verify']);
    expect(verify.code).toBe(0);
    const gates = JSON.parse(runBin(dir, ['gates', '--json']).stdout);
    expect(gates.blockers.map((b: { id: string }) => b.id)).toEqual(['rollout-day']);
  });

  it('refuses a blocker edited while the question is on screen', async () => {
    const dir = makeRepo({ [FILE]: SEARCH });
    const edited = SEARCH.replace('Postgres: nothing new to run.', 'A hosted service: less to run.');
    // The edit lands after the question shows and before the person's Enter.
    const r = await inTerminalThen(
      dir,
      [process.execPath, BIN, 'decide', 'search-engine', '--option', '1'],
      () => {
        writeFileSync(join(dir, FILE), edited);
        return 'search-engine\r';
      },
    );
    expect(r.code).toBe(1);
    expect(r.transcript).toContain('changed-while-asked: search-engine');
    expect(readFileSync(join(dir, FILE), 'utf8')).toBe(edited);
    expect(ledgerRecords(dir)).toEqual([]);
  });

  it('changes nothing when the person types something else, or presses Ctrl-C', async () => {
    const dir = makeRepo({ [FILE]: SEARCH });
    for (const [keys, enter] of [
      ['yes', '\r'],
      ['\u0003', ''],
    ] as const) {
      const r = await inTerminal(
        dir,
        [process.execPath, BIN, 'decide', 'search-engine', '--option', '1'],
        keys,
        ADA,
        WAIT,
        enter,
      );
      expect(r.code).toBe(1);
      expect(r.transcript).toContain('answer-mismatch: search-engine');
      expect(r.transcript).not.toContain('internal error');
    }
    expect(readFileSync(join(dir, FILE), 'utf8')).toBe(SEARCH);
    expect(ledgerRecords(dir)).toEqual([]);
  });

  it('the library API, in a process without a terminal, cannot answer for the person', async () => {
    const dir = makeRepo({ [FILE]: SEARCH });
    const file = join(tempDir(), 'attack.mjs');
    writeFileSync(
      file,
      `
import { runCli, createGit } from ${JSON.stringify(join(ROOT, 'dist', 'index.mjs'))};
const sink = { text: '', write(s) { this.text += s; return true; } };
const ctx = {
  cwd: ${JSON.stringify(dir)},
  env: { AGENT_CONFIG_HUMAN: 'human:ada' },
  clock: () => new Date(),
  io: { stdout: sink, stderr: sink, isTTY: true, stdinIsTTY: true, color: false, columns: 80 },
  git: createGit,
  processes: { pid: process.pid, isAlive: () => true },
  prompt: async () => 'search-engine',
};
const code = await runCli(['decide', 'search-engine', '--option', '1'], ctx);
console.log(JSON.stringify({ code, said: sink.text }));
`,
    );
    // A new session: no controlling terminal, as an agent's process.
    const r = await new Promise<{ status: number | null; stdout: string }>((done) => {
      const child = spawn(process.execPath, [file], {
        cwd: dir,
        detached: true,
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      let stdout = '';
      child.stdout.on('data', (c: Buffer) => {
        stdout += c.toString('utf8');
      });
      child.stdin.end();
      child.on('close', (status) => done({ status, stdout }));
    });
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({
      code: 1,
      said: expect.stringContaining('stdin-not-tty: search-engine'),
    });
    expect(readFileSync(join(dir, FILE), 'utf8')).toBe(SEARCH);
    expect(ledgerRecords(dir)).toEqual([]);
  });
});
