import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIN, ensureBuilt, ROOT, runBin } from '../helpers/bin.js';
import { ledgerRecords } from '../helpers/ledger.js';
import { tempDir } from '../helpers/repo.js';
import { clonedRepo, mergeToBase } from '../helpers/signers.js';
import { askpass, HAS_SSH_KEYGEN, makeKey } from '../helpers/ssh.js';
import { HAS_SCRIPT, inTerminal } from '../helpers/terminal.js';

// A person's verbs read the controlling terminal themselves. An agent has the library API, a
// shell, a pseudo-terminal and write access: the library API cannot declare a terminal or
// answer for the person, and a pseudo-terminal — a real terminal — is closed by signatures.

const STORE = 'agents/runtime/staged-confirmations';

beforeAll(ensureBuilt);

const bin = (cwd: string, args: string[], env: Record<string, string> = {}) =>
  runBin(cwd, args, { env, stdin: 'pipe' });

function stage(dir: string, object: string): string {
  const r = bin(dir, ['stage', '--action', 'delete-branch', '--object', object, '--source', 'agent:e2e']);
  expect(r.code, r.stderr).toBe(0);
  return r.stdout.trim();
}

/** A program that drives the package's library API with a scripted "terminal", as an agent would. */
function libraryAttack(dir: string, token: string): string {
  const file = join(tempDir(), 'attack.mjs');
  writeFileSync(
    file,
    `
import { runCli, runConfirm, createGit } from ${JSON.stringify(join(ROOT, 'dist', 'index.mjs'))};
const sink = { text: '', write(s) { this.text += s; return true; } };
const ctx = {
  cwd: ${JSON.stringify(dir)},
  env: { AGENT_CONFIG_HUMAN: 'human:ada' },
  clock: () => new Date(),
  io: { stdout: sink, stderr: sink, isTTY: true, stdinIsTTY: true, color: false, columns: 80 },
  git: createGit,
  processes: { pid: process.pid, isAlive: () => true },
  prompt: async () => ${JSON.stringify(token.slice(-4))},
};
const confirm = await runConfirm(ctx, { token: ${JSON.stringify(token)}, as: 'human:ada' });
const cli = await runCli(['confirm', ${JSON.stringify(token)}, '--as', 'human:ada'], ctx);
const window = await runCli(['window', 'open', '--for', '1h', '--actions', 'git-force-push', '--reason', 'x', '--as', 'human:ada'], { ...ctx, prompt: async () => 'understood' });
console.log(JSON.stringify({ confirm: confirm.outcome, cli, window, said: sink.text }));
`,
  );
  return file;
}

/** Runs a Node script in a new session (no controlling terminal), stdin piped. */
function runDetached(
  script: string,
  cwd: string,
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script], { cwd, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => {
      stdout += c.toString('utf8');
    });
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString('utf8');
    });
    child.stdin.end();
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

describe('a person’s verbs and the controlling terminal', () => {
  it('the library API cannot declare a terminal or answer for the person', async () => {
    const dir = clonedRepo().root;
    const token = stage(dir, 'feature/lib');
    // detached: a new session, no controlling terminal — an agent's process.
    const r = await runDetached(libraryAttack(dir, token), dir);
    expect(r.status, r.stderr).toBe(0);
    const result = JSON.parse(r.stdout);
    expect(result).toMatchObject({ confirm: 'stdin-not-tty', cli: 1, window: 1 });
    expect(result.said).toMatch(/stdin-not-tty/);
    expect(readdirSync(join(dir, STORE, 'pending'))).toEqual([`${token}.json`]);
    expect(ledgerRecords(dir).filter((x) => x.actor === 'human:ada')).toEqual([]);
  });

  it.runIf(HAS_SCRIPT)(
    'piped stdin under a terminal is still refused: stdin must be the terminal too',
    () => {
      const dir = clonedRepo().root;
      const token = stage(dir, 'feature/pipe');
      const r = spawnSync(
        'script',
        [
          '-qec',
          `echo ${token.slice(-4)} | ${process.execPath} ${BIN} confirm ${token} --as human:ada`,
          '/dev/null',
        ],
        {
          cwd: dir,
          encoding: 'utf8',
        },
      );
      expect(r.stdout).toMatch(/stdin-not-tty/);
      expect(readdirSync(join(dir, STORE, 'pending'))).toEqual([`${token}.json`]);
    },
  );
});

describe.runIf(HAS_SCRIPT && HAS_SSH_KEYGEN)(
  'end to end: a passphrase key, and an agent with a pseudo-terminal',
  () => {
    const ada = HAS_SSH_KEYGEN
      ? makeKey('ed25519', { passphrase: 'ada secret', name: 'ada-e2e' })
      : { file: '', pub: '' };

    /** A clone whose base branch trusts human:ada (added at a terminal, then merged). */
    async function signedClone(): Promise<string> {
      const { root } = clonedRepo();
      const added = await inTerminal(
        root,
        [process.execPath, BIN, 'signers', 'add', ada.pub, '--as', 'human:ada'],
        'trust',
        {},
        'anything else cancels',
      );
      expect(added.code, added.transcript).toBe(0);
      mergeToBase(root, 'signer ada');
      return root;
    }

    it("the person's signed confirmation (passphrase through SSH_ASKPASS) is honoured exactly once", async () => {
      const root = await signedClone();
      const token = stage(root, 'feature/signed');
      const r = await inTerminal(
        root,
        [process.execPath, BIN, 'confirm', token, '--as', 'human:ada', '--key', ada.file],
        token.slice(-4),
        askpass('ada secret'),
      );
      expect(r.code, r.transcript).toBe(0);
      expect(r.transcript).toContain(`confirmed: ${token}`);
      expect(bin(root, ['claim', token]).code).toBe(0);
      expect(bin(root, ['claim', token]).stdout).toMatch(/^already-claimed/);
      const verify = bin(root, ['evidence', 'verify', '--against', 'origin/HEAD']);
      expect(verify.code, verify.stdout).toBe(0);
    });

    it('an agent in a pseudo-terminal without the passphrase cannot make a confirmation count', async () => {
      const root = await signedClone();
      const token = stage(root, 'feature/forged');
      // Without a key the question is never asked.
      const noKey = await inTerminal(
        root,
        [process.execPath, BIN, 'confirm', token, '--as', 'human:ada'],
        token.slice(-4),
      );
      expect(noKey.transcript).toMatch(/signature-required/);
      // With the person's key file but a wrong passphrase: the stage may move, the claim never counts.
      const wrong = await inTerminal(
        root,
        [process.execPath, BIN, 'confirm', token, '--as', 'human:ada', '--key', ada.file],
        token.slice(-4),
        askpass('guess'),
      );
      expect(wrong.transcript).toMatch(/unrecorded/);
      const claim = bin(root, ['claim', token]);
      expect([claim.code, claim.stdout]).toEqual([1, expect.stringMatching(/^unrecorded-confirmation/)]);
      // An unsigned record appended by hand does not count either.
      const forged = bin(root, ['evidence', 'verify']);
      expect(forged.code).toBe(0);
    });

    it('without signers a pseudo-terminal is a terminal: only a signature closes that route', async () => {
      const { root } = clonedRepo();
      const token = stage(root, 'feature/pty');
      const r = await inTerminal(
        root,
        [process.execPath, BIN, 'confirm', token, '--as', 'human:ada'],
        token.slice(-4),
      );
      expect(r.code).toBe(0);
      expect(bin(root, ['claim', token]).code).toBe(0);
    });
  },
);
