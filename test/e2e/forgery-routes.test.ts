import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../src/core/config.js';
import { appendEvidence, appendSignedEvidence } from '../../src/evidence/api.js';
import { buildRecord, type EvidenceEntry } from '../../src/evidence/record.js';
import { BIN, ensureBuilt, ROOT } from '../helpers/bin.js';
import { testProcesses } from '../helpers/context.js';
import { LEDGER, ledgerRecords } from '../helpers/ledger.js';
import { tempDir } from '../helpers/repo.js';
import { clonedRepo, mergeToBase } from '../helpers/signers.js';
import { askpass, HAS_SSH_KEYGEN, makeKey, sshSign } from '../helpers/ssh.js';
import { HAS_SCRIPT, inTerminal } from '../helpers/terminal.js';

// Issue 29's opening paragraph: a person's decision forged nine ways by an agent that has a
// shell the hook allows, a pseudo-terminal, the library API and write access — but not the
// person's passphrase. Each route must leave the guarded command held by the hook, and whatever
// it leaves in the ledger must make `evidence verify --against BASE` fail with a signature
// finding. The binary is the one users run (dist/bin.js); the person's key has a passphrase.

const STORE = 'agents/runtime/staged-confirmations';
const GUARDED = 'git push --force origin main';
const HAS_PYTHON = spawnSync('python3', ['-c', 'import pty']).status === 0;
const ada = HAS_SSH_KEYGEN ? makeKey('ed25519', { passphrase: 'ada secret', name: 'ada-forgery' }) : null;
const agentKey = HAS_SSH_KEYGEN ? makeKey('ed25519', { name: 'agent-forgery' }) : null;
const agentCtx = { clock: () => new Date(), processes: testProcesses };
const DECISIONS = new Set(['stage.confirmed', 'stage.declined', 'window.opened']);

beforeAll(ensureBuilt);

function bin(root: string, args: string[], input = '') {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    cwd: root,
    input,
    encoding: 'utf8',
    env: { ...process.env, CLAUDE_PROJECT_DIR: root, AGENT_CONFIG_SIGNING_KEY: '' },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The hook's answer to the agent's guarded command: decision and reason. */
function hook(root: string): { decision: string; reason: string } {
  const input = JSON.stringify({
    session_id: 's',
    transcript_path: '/tmp/t',
    cwd: root,
    hook_event_name: 'PreToolUse',
    tool_name: 'Bash',
    tool_input: { command: GUARDED },
  });
  const r = bin(root, ['hook', 'claude-code'], input);
  const out = JSON.parse(r.stdout).hookSpecificOutput;
  return { decision: out.permissionDecision, reason: out.permissionDecisionReason };
}

/** The agent runs the guarded command: the hook stages it; its token. */
function staged(root: string): string {
  const first = hook(root);
  expect(first.decision).toBe('deny');
  return /confirm ([0-9a-f]{16})/.exec(first.reason)![1]!;
}

/** CI: `evidence verify --against origin/HEAD --json`, its exit code and problem codes. */
function ci(root: string): { code: number | null; codes: string[] } {
  const r = bin(root, ['evidence', 'verify', '--against', 'origin/HEAD', '--json']);
  return { code: r.code, codes: JSON.parse(r.stdout).problems.map((p: { code: string }) => p.code) };
}

function expectHeldAndFound(root: string, code: string): void {
  expect(hook(root).decision).toBe('deny');
  const found = ci(root);
  expect(found.code).toBe(1);
  expect(found.codes).toContain(code);
}

/** No decision of a person reached the ledger. */
function noDecisionRecorded(root: string): void {
  expect(ledgerRecords(root).filter((r) => DECISIONS.has(r.event))).toEqual([]);
}

/** A clone whose base branch trusts human:ada's passphrase-protected key. */
async function signedClone(): Promise<string> {
  const { root } = clonedRepo();
  const added = await inTerminal(
    root,
    [process.execPath, BIN, 'signers', 'add', ada!.pub, '--as', 'human:ada'],
    'trust',
  );
  expect(added.code, added.transcript).toBe(0);
  mergeToBase(root, 'signer ada');
  return root;
}

/** What an agent writes by hand: the stage moved from pending/ as decided by human:ada. */
function moveStage(root: string, token: string, state: 'confirmed' | 'declined'): void {
  const from = join(root, STORE, 'pending', `${token}.json`);
  const record = JSON.parse(readFileSync(from, 'utf8'));
  Object.assign(record, {
    state,
    decided_by: 'human:ada',
    resolved_at: new Date().toISOString(),
    ...(state === 'declined' ? { reason: 'no' } : {}),
  });
  const folder = state === 'confirmed' ? 'confirmed' : 'resolved';
  mkdirSync(join(root, STORE, folder), { recursive: true });
  writeFileSync(join(root, STORE, folder, `${token}.json`), `${JSON.stringify(record, null, 2)}\n`);
  rmSync(from);
}

const confirmed = (token: string): EvidenceEntry => ({
  event: 'stage.confirmed',
  actor: 'human:ada',
  payload: { token, decided_by: 'human:ada' },
});

/** A pseudo-terminal made by python's `pty`: types `keys` once `waitFor` shows. */
function inPythonPty(
  root: string,
  argv: string[],
  waitFor: string,
  keys: string,
  env: Record<string, string> = {},
) {
  const driver = join(tempDir(), 'pty-driver.py');
  writeFileSync(
    driver,
    `import os, pty, sys, json
argv, wait, keys = json.loads(sys.argv[1])
pid, fd = pty.fork()
if pid == 0:
    os.execvp(argv[0], argv)
seen, sent = b'', False
while True:
    try:
        data = os.read(fd, 4096)
    except OSError:
        break
    if not data:
        break
    seen += data
    if not sent and wait.encode() in seen:
        os.write(fd, keys.encode())
        sent = True
_, status = os.waitpid(pid, 0)
sys.stdout.write(seen.decode('utf8', 'replace'))
sys.exit(os.waitstatus_to_exitcode(status))
`,
  );
  const r = spawnSync('python3', [driver, JSON.stringify([argv, waitFor, keys])], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, ...env },
  });
  return { code: r.status, transcript: r.stdout };
}

/** The package's library API driven with a declared terminal and a scripted answer. */
function libraryAttack(dir: string, token: string): Promise<{ status: number | null; stdout: string }> {
  const file = join(tempDir(), 'attack.mjs');
  writeFileSync(
    file,
    `
import { runCli, runConfirm, createGit } from ${JSON.stringify(join(ROOT, 'dist', 'index.mjs'))};
const sink = { text: '', write(s) { this.text += s; return true; } };
const ctx = {
  cwd: ${JSON.stringify(dir)},
  env: { AGENT_CONFIG_HUMAN: 'human:ada', PATH: process.env.PATH },
  clock: () => new Date(),
  io: { stdout: sink, stderr: sink, isTTY: true, stdinIsTTY: true, color: false, columns: 80 },
  git: createGit,
  processes: { pid: process.pid, isAlive: () => true },
  prompt: async () => ${JSON.stringify(token.slice(-4))},
};
const confirm = await runConfirm(ctx, { token: ${JSON.stringify(token)}, as: 'human:ada' });
const cli = await runCli(['confirm', ${JSON.stringify(token)}, '--as', 'human:ada'], ctx);
const window = await runCli(['window', 'open', '--for', '24h', '--actions', 'git-force-push', '--reason', 'x', '--as', 'human:ada'], { ...ctx, prompt: async () => 'understood' });
console.log(JSON.stringify({ confirm: confirm.outcome, cli, window }));
`,
  );
  return new Promise((resolve) => {
    // A new session: no controlling terminal, as an agent's process.
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
    child.on('close', (status) => resolve({ status, stdout }));
  });
}

describe.runIf(HAS_SSH_KEYGEN && HAS_SCRIPT)('the nine forgery routes, end to end', () => {
  it('1. `script -qc` typing the four characters: no key, or the key without its passphrase', async () => {
    const root = await signedClone();
    const token = staged(root);
    const confirm = [process.execPath, BIN, 'confirm', token, '--as', 'human:ada'];
    const noKey = await inTerminal(root, confirm, token.slice(-4));
    expect(noKey.transcript).toMatch(/signature-required/);
    const guess = await inTerminal(root, [...confirm, '--key', ada!.file], token.slice(-4), askpass('guess'));
    expect(guess.transcript).toMatch(/unrecorded/);
    noDecisionRecorded(root);
    expect(hook(root).decision).toBe('deny');
    // The stage moved; the agent adds the record the tool would not write: CI finds it.
    await appendEvidence(agentCtx, root, DEFAULT_CONFIG, confirmed(token));
    expect(hook(root).reason).toMatch(/does not count \(signature-required/);
    expectHeldAndFound(root, 'signature-required');
  });

  it.runIf(HAS_PYTHON)("2. python's pty typing the four characters", async () => {
    const root = await signedClone();
    const token = staged(root);
    const argv = [process.execPath, BIN, 'confirm', token, '--as', 'human:ada', '--key', ada!.file];
    const r = inPythonPty(root, argv, 'anything else cancels', `${token.slice(-4)}\r`, askpass('guess'));
    expect(r.transcript).toMatch(/unrecorded/);
    noDecisionRecorded(root);
    // Signed with the agent's own key instead: the signature holds, the key is nobody's.
    await appendSignedEvidence(agentCtx, root, DEFAULT_CONFIG, confirmed(token), async (content) =>
      sshSign(agentKey!.file, content),
    );
    expect(hook(root).reason).toMatch(/does not count \(signer-unknown/);
    expectHeldAndFound(root, 'signer-unknown');
  });

  it('3–5. the library API (runConfirm, runCli confirm, runCli window open 24h) with a declared terminal', async () => {
    const root = await signedClone();
    const token = staged(root);
    const r = await libraryAttack(root, token);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ confirm: 'stdin-not-tty', cli: 1, window: 1 });
    expect(readdirSync(join(root, STORE, 'pending'))).toEqual([`${token}.json`]);
    noDecisionRecorded(root);
    expect(hook(root).decision).toBe('deny');
    expect(bin(root, ['window', 'status']).stdout).toMatch(/^no window is open/);
  });

  it('6. the store moved to confirmed/ by hand, a stage.confirmed appended, the chain recomputed', async () => {
    const root = await signedClone();
    const token = staged(root);
    moveStage(root, token, 'confirmed');
    await appendEvidence(agentCtx, root, DEFAULT_CONFIG, confirmed(token));
    expect(hook(root).reason).toMatch(/does not count \(signature-required/);
    expectHeldAndFound(root, 'signature-required');
  });

  it('7. a new stream holding a window.opened record', async () => {
    const root = await signedClone();
    staged(root);
    const { line } = buildRecord(
      {
        event: 'window.opened',
        actor: 'human:ada',
        payload: {
          window: 'f0f0f0f0f0f0f0f0',
          actions: ['git-force-push'],
          reason: 'release',
          for: '24h',
          expires_at: new Date(Date.now() + 86_400_000).toISOString(),
        },
      },
      { seq: 0, head: null },
      new Date(),
    );
    writeFileSync(join(root, LEDGER, 'f0f0f0f0f0f0.jsonl'), line);
    expect(bin(root, ['window', 'status']).stdout).toMatch(/does not count: signature-required/);
    expectHeldAndFound(root, 'signature-required');
  });

  it('8. the ledger switched off in agent-config.yaml and the store edited', async () => {
    const root = await signedClone();
    const token = staged(root);
    writeFileSync(join(root, 'agent-config.yaml'), 'evidence:\n  ledger: false\n');
    moveStage(root, token, 'confirmed');
    expect(bin(root, ['claim', token]).stdout).toMatch(/^signature-required/);
    expectHeldAndFound(root, 'signature-required');
  });

  it('9. a decline recorded as a person', async () => {
    const root = await signedClone();
    const token = staged(root);
    moveStage(root, token, 'declined');
    await appendEvidence(agentCtx, root, DEFAULT_CONFIG, {
      event: 'stage.declined',
      actor: 'human:ada',
      payload: { token, decided_by: 'human:ada', reason: 'no' },
    });
    expectHeldAndFound(root, 'signature-required');
  });

  it('a key the agent adds to allowed_signers in the working copy only is signer-unknown', async () => {
    const root = await signedClone();
    const token = staged(root);
    const file = join(root, 'agents/evidence/allowed_signers');
    writeFileSync(
      file,
      `${readFileSync(file, 'utf8')}human:ada namespaces="agent-config" ${agentKey!.pub}\n`,
    );
    moveStage(root, token, 'confirmed');
    await appendSignedEvidence(agentCtx, root, DEFAULT_CONFIG, confirmed(token), async (content) =>
      sshSign(agentKey!.file, content),
    );
    expect(bin(root, ['claim', token]).stdout).toMatch(/^signer-unknown/);
    expectHeldAndFound(root, 'signer-unknown');
  });

  it("the person's signed confirmation counts exactly once", async () => {
    const root = await signedClone();
    const token = staged(root);
    const r = await inTerminal(
      root,
      [process.execPath, BIN, 'confirm', token, '--as', 'human:ada', '--key', ada!.file],
      token.slice(-4),
      askpass('ada secret'),
    );
    expect(r.code, r.transcript).toBe(0);
    expect(hook(root).decision).toBe('allow');
    expect(hook(root).decision).toBe('deny');
    expect(ci(root)).toEqual({ code: 0, codes: [] });
  });
});
