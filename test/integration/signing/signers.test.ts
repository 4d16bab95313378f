import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readEvidence } from '../../../src/evidence/api.js';
import { checkRecordSignature, signerTrust } from '../../../src/evidence/trust.js';
import { git } from '../../helpers/repo.js';
import { clonedRepo, commitOnly, mergeToBase, signingEnv } from '../../helpers/signers.js';
import { askpass, HAS_SSH_KEYGEN, makeKey } from '../../helpers/ssh.js';
import { cli } from '../staging/harness.js';

const FILE = 'agents/evidence/allowed_signers';

function signersChanged(root: string) {
  return readEvidence(root, { collect: true }).records.filter((r) => r.record.event === 'signers.changed');
}

async function listJson(root: string) {
  const r = await cli(root, ['signers', 'list', '--json']);
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout) as {
    required: boolean;
    signers: Array<{ principals: string; trusted: boolean; working: boolean; head: boolean; base: boolean }>;
  };
}

describe.runIf(HAS_SSH_KEYGEN)('signers add, remove, list', () => {
  const ada = makeKey('ed25519');
  const bob = makeKey('ecdsa', { bits: 256 });

  it('the first signer needs no signature; it counts once merged onto the base branch', async () => {
    const { root } = clonedRepo();
    expect((await cli(root, ['signers', 'list'])).stdout).toMatch(
      /no signer is registered.*could forge them/,
    );
    const added = await cli(root, ['signers', 'add', ada.pub, '--as', 'human:ada'], {
      answer: 'trust',
      env: signingEnv(),
    });
    expect(added.code, added.stderr).toBe(0);
    expect(added.stdout).toMatch(/^added: human:ada is listed/);
    expect(added.asked[0]).toMatch(/Signs as: +human:ada/);
    expect(readFileSync(join(root, FILE), 'utf8')).toContain(
      `human:ada namespaces="agent-config" ${ada.pub.split(' ').slice(0, 2).join(' ')}`,
    );
    const [record] = signersChanged(root);
    expect(record!.record).toMatchObject({
      actor: 'human:ada',
      v: 2,
      payload: { change: 'add', principal: 'human:ada' },
    });
    expect((await listJson(root)).signers).toEqual([
      expect.objectContaining({
        principals: 'human:ada',
        working: true,
        head: false,
        base: false,
        trusted: false,
      }),
    ]);
    commitOnly(root);
    expect((await listJson(root)).signers[0]).toMatchObject({ head: true, trusted: false });
    mergeToBase(root);
    expect((await listJson(root)).signers[0]).toMatchObject({ base: true, trusted: true });
  });

  it('a later change must be signed by a trusted signer; its record carries a signature that holds', async () => {
    const { root } = clonedRepo();
    await cli(root, ['signers', 'add', ada.pub, '--as', 'human:ada'], { answer: 'trust', env: signingEnv() });
    mergeToBase(root);
    const unsigned = await cli(root, ['signers', 'add', bob.pub, '--as', 'human:bob'], {
      answer: 'trust',
      env: signingEnv(),
    });
    expect(unsigned.code).toBe(2);
    expect(unsigned.stderr).toMatch(/signature-required: signers are registered/);
    expect(unsigned.asked).toEqual([]);
    // Bob's own key is not trusted: he cannot add himself.
    const byBob = await cli(root, ['signers', 'add', bob.pub, '--as', 'human:bob', '--key', bob.file], {
      answer: 'trust',
      env: signingEnv({ AGENT_CONFIG_HUMAN: 'human:bob' }),
    });
    expect(byBob.code).toBe(1);
    expect(byBob.stdout).toMatch(/^signer-unknown:/);
    const byAda = await cli(root, ['signers', 'add', bob.pub, '--as', 'human:bob', '--key', ada.file], {
      answer: 'trust',
      env: signingEnv(),
    });
    expect(byAda.code, byAda.stdout + byAda.stderr).toBe(0);
    expect(byAda.asked[0]).toMatch(/Changed by: +human:ada/);
    const records = signersChanged(root);
    expect(records).toHaveLength(2);
    const second = records[1]!;
    expect(second.record.sig).toMatch(/^-----BEGIN SSH SIGNATURE-----/);
    const base = git(root, 'show', `origin/HEAD:${FILE}`);
    const trust = signerTrust([base, base, base]);
    expect(checkRecordSignature(second.record, second.stream, trust)).toEqual({ ok: true });
    // Bob is listed in the working copy only: not trusted yet.
    const rows = (await listJson(root)).signers;
    expect(rows.find((r) => r.principals === 'human:bob')).toMatchObject({ working: true, trusted: false });
  });

  it('remove takes effect at once, and is signed; a passphrase comes through SSH_ASKPASS', async () => {
    const carol = makeKey('ed25519', { passphrase: 'correct horse' });
    const { root } = clonedRepo();
    await cli(root, ['signers', 'add', carol.pub, '--as', 'human:carol'], {
      answer: 'trust',
      env: signingEnv(),
    });
    mergeToBase(root);
    await cli(root, ['signers', 'add', ada.pub, '--as', 'human:ada', '--key', carol.file], {
      answer: 'trust',
      env: signingEnv(askpass('correct horse')),
    });
    mergeToBase(root);
    expect((await listJson(root)).signers.every((s) => s.trusted)).toBe(true);
    const wrong = await cli(root, ['signers', 'remove', 'human:ada', '--key', carol.file], {
      answer: 'remove',
      env: signingEnv(askpass('wrong')),
    });
    expect(wrong.code).toBe(1);
    expect(wrong.stdout).toMatch(/^unrecorded: nothing changed: .*ssh-keygen -Y sign failed/);
    expect(readFileSync(join(root, FILE), 'utf8')).toContain('human:ada');
    const removed = await cli(root, ['signers', 'remove', 'human:ada', '--key', carol.file], {
      answer: 'remove',
      env: signingEnv(askpass('correct horse')),
    });
    expect(removed.code, removed.stdout + removed.stderr).toBe(0);
    expect(readFileSync(join(root, FILE), 'utf8')).not.toContain('human:ada');
    expect((await listJson(root)).signers.find((s) => s.principals === 'human:ada')).toMatchObject({
      working: false,
      trusted: false,
    });
    expect(signersChanged(root).at(-1)!.record).toMatchObject({
      actor: 'human:carol',
      payload: { change: 'remove', principal: 'human:ada' },
    });
  });

  it('a rotation: the new key added with the old, the old line removed with --only', async () => {
    const { fingerprint, parsePublicKeyText } = await import('../../../src/evidence/ssh-key.js');
    const old = makeKey('ed25519');
    const next = makeKey('ed25519');
    const { root } = clonedRepo();
    await cli(root, ['signers', 'add', old.pub, '--as', 'human:ada'], { answer: 'trust', env: signingEnv() });
    mergeToBase(root);
    const added = await cli(root, ['signers', 'add', next.pub, '--as', 'human:ada', '--key', old.file], {
      answer: 'trust',
      env: signingEnv(),
    });
    expect(added.code, added.stdout + added.stderr).toBe(0);
    mergeToBase(root);
    const only = fingerprint(parsePublicKeyText(old.pub).key);
    const removed = await cli(root, ['signers', 'remove', 'human:ada', '--only', only, '--key', next.file], {
      answer: 'remove',
      env: signingEnv(),
    });
    expect(removed.code, removed.stdout + removed.stderr).toBe(0);
    const text = readFileSync(join(root, FILE), 'utf8');
    expect(text).toContain(next.pub.split(' ')[1]);
    expect(text).not.toContain(old.pub.split(' ')[1]);
  });

  it('refuses without a terminal, with a bad principal or key, on a wrong answer, with the ledger off', async () => {
    const { root } = clonedRepo();
    const env = signingEnv();
    const piped = await cli(root, ['signers', 'add', ada.pub, '--as', 'human:ada'], { env });
    expect([piped.code, piped.stdout]).toEqual([1, expect.stringMatching(/^stdin-not-tty:/)]);
    const bad = await cli(root, ['signers', 'add', ada.pub, '--as', 'human:*'], { answer: 'trust', env });
    expect([bad.code, bad.stderr]).toEqual([2, expect.stringMatching(/principal-invalid/)]);
    const agent = await cli(root, ['signers', 'add', ada.pub, '--as', 'agent:claude'], {
      answer: 'trust',
      env,
    });
    expect(agent.code).toBe(2);
    const key = await cli(root, ['signers', 'add', 'ssh-ed25519 AAAA', '--as', 'human:ada'], {
      answer: 'trust',
      env,
    });
    expect([key.code, key.stderr]).toEqual([2, expect.stringMatching(/key-invalid/)]);
    const no = await cli(root, ['signers', 'add', ada.pub, '--as', 'human:ada'], { answer: 'yes', env });
    expect([no.code, no.stdout]).toEqual([1, expect.stringMatching(/^confirmation-mismatch:/)]);
    writeFileSync(join(root, 'agent-config.yaml'), 'evidence:\n  ledger: false\n');
    const off = await cli(root, ['signers', 'add', `${ada.file}.pub`, '--as', 'human:ada'], {
      answer: 'trust',
      env,
    });
    expect([off.code, off.stderr]).toEqual([2, expect.stringMatching(/ledger-disabled/)]);
    const missing = await cli(root, ['signers', 'remove', 'human:nobody'], { answer: 'remove', env });
    expect(missing.code).toBe(2);
  });
});
