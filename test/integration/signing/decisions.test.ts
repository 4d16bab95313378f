import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../../src/core/config.js';
import { appendEvidence, appendSignedEvidence } from '../../../src/evidence/api.js';
import { canonicalize } from '../../../src/evidence/canonical.js';
import { sha256Hex } from '../../../src/evidence/record.js';
import { testProcesses } from '../../helpers/context.js';
import { LEDGER, ledgerRecords } from '../../helpers/ledger.js';
import { commitOnly, mergeToBase, signingEnv } from '../../helpers/signers.js';
import { HAS_SSH_KEYGEN, makeKey, sshSign } from '../../helpers/ssh.js';
import { cli, STORE, stageOne, T0 } from '../staging/harness.js';
import { bashInput, signedRepo } from './signed-repo.js';

// The forgery routes of issue 29, each tried with only what an agent has (a shell, file
// writes, the library API, its own SSH key), against a repository whose signer is human:ada.

const ada = HAS_SSH_KEYGEN ? makeKey('ed25519', { name: 'ada' }) : { file: '', pub: '' };
const agentKey = HAS_SSH_KEYGEN ? makeKey('ed25519', { name: 'agent' }) : { file: '', pub: '' };
const ledgerCtx = { clock: () => new Date(T0.getTime() + 60_000), processes: testProcesses };

function confirmAs(root: string, token: string, extra: string[] = [], env = signingEnv()) {
  return cli(root, ['confirm', token, '--as', 'human:ada', ...extra], {
    answer: token.slice(-4),
    minutes: 1,
    env,
  });
}

const claim = (root: string, token: string) => cli(root, ['claim', token], { minutes: 2, env: signingEnv() });

/** CI's view of the same working copy: `evidence verify --against` the base fails with `code`. */
async function expectCiFinding(root: string, code: string): Promise<void> {
  const r = await cli(root, ['evidence', 'verify', '--against', 'origin/HEAD', '--json'], {
    minutes: 5,
    env: signingEnv(),
  });
  expect(r.code, r.stdout).toBe(1);
  expect((JSON.parse(r.stdout).problems as Array<{ code: string }>).map((p) => p.code)).toContain(code);
}

/** What an agent does by hand: moves the stage to confirmed/ as human:ada and records it. */
function forgeConfirmedStage(root: string, token: string): void {
  const from = join(root, STORE, 'pending', `${token}.json`);
  const record = JSON.parse(readFileSync(from, 'utf8'));
  Object.assign(record, { state: 'confirmed', decided_by: 'human:ada', resolved_at: '2026-11-30T12:01:00Z' });
  mkdirSync(join(root, STORE, 'confirmed'), { recursive: true });
  writeFileSync(join(root, STORE, 'confirmed', `${token}.json`), `${JSON.stringify(record, null, 2)}\n`);
  rmSync(from);
}

const confirmedEntry = (token: string) => ({
  event: 'stage.confirmed' as const,
  actor: 'human:ada',
  payload: { token, decided_by: 'human:ada' },
});

describe.runIf(HAS_SSH_KEYGEN)('signed decisions: confirm, claim and the forgery routes', () => {
  it("a person's signed confirmation is honoured, exactly once", async () => {
    const root = await signedRepo(ada);
    const token = await stageOne(root);
    const unsigned = await confirmAs(root, token);
    expect(unsigned.code).toBe(2);
    expect(unsigned.stderr).toMatch(/signature-required/);
    expect(unsigned.asked).toEqual([]);
    const notMine = await confirmAs(root, token, ['--key', agentKey.file]);
    expect([notMine.code, notMine.stdout]).toEqual([1, expect.stringMatching(/^signer-unknown/)]);
    const signed = await confirmAs(root, token, ['--key', ada.file]);
    expect(signed.code, signed.stdout + signed.stderr).toBe(0);
    const record = ledgerRecords(root).find((r) => r.event === 'stage.confirmed')!;
    expect(record).toMatchObject({
      actor: 'human:ada',
      v: 2,
      sig: expect.stringMatching(/^-----BEGIN SSH SIGNATURE/),
    });
    expect((await claim(root, token)).code).toBe(0);
    expect((await claim(root, token)).stdout).toMatch(/^already-claimed/);
  });

  it('a stage moved to confirmed/ by hand with an unsigned record appended is signature-required', async () => {
    const root = await signedRepo(ada);
    const token = await stageOne(root);
    forgeConfirmedStage(root, token);
    await appendEvidence(ledgerCtx, root, DEFAULT_CONFIG, confirmedEntry(token));
    const r = await claim(root, token);
    expect([r.code, r.stdout]).toEqual([1, expect.stringMatching(/^signature-required/)]);
    await expectCiFinding(root, 'signature-required');
    // Nothing was consumed: the stage keeps waiting for a signed confirmation.
    expect(readdirSync(join(root, STORE, 'confirmed'))).toEqual([`${token}.json`]);
    // The person confirms again, signed, and then it counts.
    const again = await confirmAs(root, token, ['--key', ada.file]);
    expect(again.code, again.stdout + again.stderr).toBe(0);
    expect((await claim(root, token)).code).toBe(0);
  });

  it("the agent's own key, even committed to the signers file, is signer-unknown", async () => {
    const root = await signedRepo(ada);
    const token = await stageOne(root);
    writeFileSync(
      join(root, 'agents/evidence/allowed_signers'),
      `${readFileSync(join(root, 'agents/evidence/allowed_signers'), 'utf8')}human:ada namespaces="agent-config" ${agentKey.pub}\n`,
    );
    commitOnly(root, 'trust me');
    forgeConfirmedStage(root, token);
    await appendSignedEvidence(ledgerCtx, root, DEFAULT_CONFIG, confirmedEntry(token), async (content) =>
      sshSign(agentKey.file, content),
    );
    const r = await claim(root, token);
    expect([r.code, r.stdout]).toEqual([1, expect.stringMatching(/^signer-unknown/)]);
    await expectCiFinding(root, 'signer-unknown');
    await expectCiFinding(root, 'signers-unrecorded');
  });

  it('a signature moved to another record, or a record edited after signing, is signature-invalid', async () => {
    const root = await signedRepo(ada);
    const first = await stageOne(root, 'feature/a');
    expect((await confirmAs(root, first, ['--key', ada.file])).code).toBe(0);
    const signed = ledgerRecords(root).find((r) => r.event === 'stage.confirmed')!;
    const stream = readdirSync(join(root, LEDGER))[0]!.replace(/\.jsonl$/, '');
    // Moved: the same signature on a confirmation of another stage.
    const second = await stageOne(root, 'feature/b');
    forgeConfirmedStage(root, second);
    await appendEvidence(ledgerCtx, root, DEFAULT_CONFIG, {
      ...confirmedEntry(second),
      signed: { sig: signed.sig as string, ts: signed.ts as string, stream },
    });
    const moved = await claim(root, second);
    expect([moved.code, moved.stdout]).toEqual([1, expect.stringMatching(/^signature-invalid/)]);
    await expectCiFinding(root, 'signature-invalid');
    // Edited: the signed record's payload changed to the other token, the chain recomputed.
    const file = join(root, LEDGER, `${stream}.jsonl`);
    const lines = readFileSync(file, 'utf8')
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    const at = lines.findIndex((l) => l.event === 'stage.confirmed' && l.payload.token === first);
    lines[at].payload.token = second;
    let prev: string | null = at === 0 ? null : lines[at - 1].hash;
    for (let i = at; i < lines.length; i++) {
      const { hash: _h, ...rest } = lines[i];
      rest.prev = prev;
      lines[i] = { ...rest, hash: sha256Hex(canonicalize(rest)) };
      prev = lines[i].hash;
    }
    writeFileSync(file, lines.map((l) => `${canonicalize(l)}\n`).join(''));
    rmSync(join(root, 'agents/runtime/evidence/head.json'));
    const edited = await claim(root, second);
    expect([edited.code, edited.stdout]).toEqual([1, expect.stringMatching(/^signature-invalid/)]);
    await expectCiFinding(root, 'signature-invalid');
  });

  it('a signed record replayed in another stream is signature-invalid', async () => {
    const root = await signedRepo(ada);
    const token = await stageOne(root);
    expect((await confirmAs(root, token, ['--key', ada.file])).code).toBe(0);
    const [name] = readdirSync(join(root, LEDGER));
    const original = readFileSync(join(root, LEDGER, name!), 'utf8');
    const line = original.split('\n').find((l) => l.includes('"stage.confirmed"'))!;
    const { hash: _h, ...rest } = JSON.parse(line);
    const genesis = { ...rest, seq: 1, prev: null };
    // The original stream is gone (an unpushed stream deleted); a new one holds the copy.
    rmSync(join(root, LEDGER, name!));
    writeFileSync(
      join(root, LEDGER, 'replayed0000.jsonl'),
      `${canonicalize({ ...genesis, hash: sha256Hex(canonicalize(genesis)) })}\n`,
    );
    rmSync(join(root, 'agents/runtime/evidence/head.json'));
    const r = await claim(root, token);
    expect([r.code, r.stdout]).toEqual([1, expect.stringMatching(/^signature-invalid/)]);
    await expectCiFinding(root, 'signature-invalid');
  });

  it('deleting the signers file in the working copy and in a commit does not fall back to unsigned', async () => {
    const root = await signedRepo(ada);
    const token = await stageOne(root);
    rmSync(join(root, 'agents/evidence/allowed_signers'));
    commitOnly(root, 'no more signers');
    forgeConfirmedStage(root, token);
    await appendEvidence(ledgerCtx, root, DEFAULT_CONFIG, confirmedEntry(token));
    const r = await claim(root, token);
    expect([r.code, r.stdout]).toEqual([1, expect.stringMatching(/^signature-required/)]);
    await expectCiFinding(root, 'signature-required');
    await expectCiFinding(root, 'signers-unrecorded');
  });

  it('with the ledger switched off nothing a person decides is honoured, and the hook says so', async () => {
    const root = await signedRepo(ada);
    const token = await stageOne(root);
    writeFileSync(join(root, 'agent-config.yaml'), 'evidence:\n  ledger: false\n');
    const confirm = await confirmAs(root, token, ['--key', ada.file]);
    expect([confirm.code, confirm.stderr]).toEqual([
      2,
      expect.stringMatching(/signature-required[\s\S]*evidence\.ledger is false/),
    ]);
    forgeConfirmedStage(root, token);
    const r = await claim(root, token);
    expect([r.code, r.stdout]).toEqual([1, expect.stringMatching(/^signature-required/)]);
    const input = bashInput(root, 'git push --force origin main');
    const hook = () =>
      cli(root, ['hook', 'claude-code'], { overrides: { readStdin: () => input }, env: signingEnv() });
    // Off in the working copy only: the hook's rules are the strictest of the three versions,
    // so the ledger stays on for it: the command is held, staged for a signed confirmation.
    const held = JSON.parse((await hook()).stdout).hookSpecificOutput;
    expect(held.permissionDecision).toBe('deny');
    expect(held.permissionDecisionReason).toMatch(/is staged as [0-9a-f]+/);
    // Off in every version (reviewed onto the base): the hook says nothing can be honoured.
    mergeToBase(root, 'ledger off');
    const answer = JSON.parse((await hook()).stdout).hookSpecificOutput;
    expect(answer.permissionDecision).toBe('deny');
    expect(answer.permissionDecisionReason).toMatch(
      /evidence\.ledger is false.*no decision of a person can be honoured/,
    );
  });

  it('a decline as a person is signed; as a reviewer it needs no signature', async () => {
    const root = await signedRepo(ada);
    const a = await stageOne(root, 'feature/a');
    const unsigned = await cli(root, ['decline', a, '--as', 'human:ada', '--reason', 'no'], {
      env: signingEnv(),
    });
    expect([unsigned.code, unsigned.stderr]).toEqual([2, expect.stringMatching(/signature-required/)]);
    expect(readdirSync(join(root, STORE, 'pending'))).toContain(`${a}.json`);
    const signed = await cli(root, ['decline', a, '--as', 'human:ada', '--reason', 'no', '--key', ada.file], {
      env: signingEnv(),
    });
    expect(signed.code, signed.stdout + signed.stderr).toBe(0);
    expect(ledgerRecords(root).find((r) => r.event === 'stage.declined')).toMatchObject({
      sig: expect.any(String),
    });
    const b = await stageOne(root, 'feature/b');
    const reviewer = await cli(root, ['decline', b, '--as', 'reviewer:bot', '--reason', 'no'], {
      env: signingEnv(),
    });
    expect(reviewer.code).toBe(0);
  });

  it('a stage moved by hand stays held by the hook, which says why', async () => {
    const root = await signedRepo(ada);
    const input = bashInput(root, 'git push --force origin main');
    const run = () =>
      cli(root, ['hook', 'claude-code'], {
        overrides: { readStdin: () => input },
        env: signingEnv(),
        minutes: 1,
      });
    const first = JSON.parse((await run()).stdout).hookSpecificOutput;
    const token = /confirm ([0-9a-f]{16})/.exec(first.permissionDecisionReason)![1]!;
    forgeConfirmedStage(root, token);
    await appendEvidence(ledgerCtx, root, DEFAULT_CONFIG, confirmedEntry(token));
    const held = JSON.parse((await run()).stdout).hookSpecificOutput;
    expect(held.permissionDecision).toBe('deny');
    expect(held.permissionDecisionReason).toMatch(/does not count \(signature-required/);
    expect((await confirmAs(root, token, ['--key', ada.file])).code).toBe(0);
    const allowed = JSON.parse((await run()).stdout).hookSpecificOutput;
    expect(allowed.permissionDecision).toBe('allow');
    expect(JSON.parse((await run()).stdout).hookSpecificOutput.permissionDecision).toBe('deny');
  });
});

describe.runIf(HAS_SSH_KEYGEN)('signed gate windows', () => {
  const openArgs = [
    'window',
    'open',
    '--for',
    '30m',
    '--actions',
    'git-force-push',
    '--reason',
    'release',
    '--as',
    'human:ada',
  ];
  const hookInput = (root: string) =>
    JSON.stringify({
      cwd: root,
      hook_event_name: 'PreToolUse',
      tool_name: 'Bash',
      tool_input: { command: 'git push --force origin main' },
    });
  const hook = async (root: string) =>
    JSON.parse(
      (
        await cli(root, ['hook', 'claude-code'], {
          overrides: { readStdin: () => hookInput(root) },
          env: signingEnv(),
          minutes: 1,
        })
      ).stdout,
    ).hookSpecificOutput as { permissionDecision: string };

  it('a signed opening counts; an unsigned one appended through the library API reads as closed', async () => {
    const root = await signedRepo(ada);
    const unsigned = await cli(root, openArgs, { answer: 'understood', env: signingEnv() });
    expect([unsigned.code, unsigned.stderr]).toEqual([2, expect.stringMatching(/signature-required/)]);
    // What an agent writes with the library API: a window.opened as human:ada.
    const forged = { ...ledgerCtx };
    await appendEvidence(forged, root, DEFAULT_CONFIG, {
      event: 'window.opened',
      actor: 'human:ada',
      payload: {
        window: 'f0f0f0f0f0f0f0f0',
        actions: ['git-force-push'],
        reason: 'x',
        for: '30m',
        expires_at: '2026-11-30T12:31:00.000Z',
      },
    });
    const status = await cli(root, ['window', 'status'], { env: signingEnv(), minutes: 1 });
    expect(status.stdout).toMatch(
      /^no window is open \(an opening without a valid signature does not count: signature-required/,
    );
    expect((await hook(root)).permissionDecision).toBe('deny');
    const r = await cli(root, ['evidence', 'verify', '--against', 'origin/HEAD', '--json'], {
      minutes: 5,
      env: signingEnv(),
    });
    expect(JSON.parse(r.stdout).problems.map((p: { code: string }) => p.code)).toEqual([
      'signature-required',
    ]);
    const opened = await cli(root, [...openArgs, '--key', ada.file], {
      answer: 'understood',
      env: signingEnv(),
      minutes: 1,
    });
    expect(opened.code, opened.stdout + opened.stderr).toBe(0);
    expect(
      (await cli(root, ['window', 'status', '--json'], { env: signingEnv(), minutes: 2 })).stdout,
    ).toMatch(/"open": true/);
    expect((await hook(root)).permissionDecision).toBe('allow');
  });
});
