import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../../src/core/config.js';
import { appendEvidence, appendSignedEvidence } from '../../../src/evidence/api.js';
import { testProcesses } from '../../helpers/context.js';
import { clonedRepo, commitOnly, mergeToBase, signingEnv } from '../../helpers/signers.js';
import { HAS_SSH_KEYGEN, makeKey, sshSign } from '../../helpers/ssh.js';
import { cli, stageOne, T0 } from '../staging/harness.js';
import { signedRepo } from './signed-repo.js';

// `evidence verify --against BASE` in a pull request: every signature checked offline against
// the signers BASE lists, with frozen codes naming the stream, the seq and the reason.

const ada = HAS_SSH_KEYGEN ? makeKey('ed25519', { name: 'ada-ci' }) : { file: '', pub: '' };
const bob = HAS_SSH_KEYGEN ? makeKey('ed25519', { name: 'bob-ci' }) : { file: '', pub: '' };
const ledgerCtx = { clock: () => new Date(T0.getTime() + 60_000), processes: testProcesses };
const FILE = 'agents/evidence/allowed_signers';

async function verify(root: string, against?: string) {
  const args = ['evidence', 'verify', '--json', ...(against ? ['--against', against] : [])];
  const r = await cli(root, args, { env: signingEnv(), minutes: 5 });
  return {
    code: r.code,
    json: JSON.parse(r.stdout) as { problems: Array<{ code: string; file: string; seq?: number }> },
  };
}

const confirmed = (token: string, actor = 'human:ada') => ({
  event: 'stage.confirmed' as const,
  actor,
  payload: { token, decided_by: actor },
});

describe.runIf(HAS_SSH_KEYGEN)('evidence verify checks signatures', () => {
  it('a bootstrap pull request (the first signer) and a signed decision verify clean', async () => {
    const { root } = clonedRepo();
    await cli(root, ['signers', 'add', ada.pub, '--as', 'human:ada'], { answer: 'trust', env: signingEnv() });
    commitOnly(root);
    expect(await verify(root, 'origin/HEAD')).toEqual({
      code: 0,
      json: expect.objectContaining({ problems: [] }),
    });
    mergeToBase(root);
    const token = await stageOne(root);
    const r = await cli(root, ['confirm', token, '--as', 'human:ada', '--key', ada.file], {
      answer: token.slice(-4),
      minutes: 1,
      env: signingEnv(),
    });
    expect(r.code, r.stderr).toBe(0);
    commitOnly(root);
    expect((await verify(root, 'origin/HEAD')).code).toBe(0);
    expect((await verify(root)).code).toBe(0);
  });

  it('an unsigned decision of a person in the pull request is signature-required, naming stream and seq', async () => {
    const root = await signedRepo(ada);
    const token = await stageOne(root);
    const record = await appendEvidence(ledgerCtx, root, DEFAULT_CONFIG, confirmed(token));
    commitOnly(root);
    const r = await verify(root, 'origin/HEAD');
    expect(r.code).toBe(1);
    expect(r.json.problems).toEqual([
      {
        code: 'signature-required',
        file: expect.stringMatching(/^agents\/evidence\/ledger\/\w+\.jsonl$/),
        seq: record!.seq,
      },
    ]);
    // Without an anchor too: it comes after the first signers.changed.
    expect((await verify(root)).json.problems.map((p) => p.code)).toEqual(['signature-required']);
    const text = await cli(root, ['evidence', 'verify', '--against', 'origin/HEAD'], { minutes: 5 });
    expect(text.stdout).toMatch(
      /^signature-required +agents\/evidence\/ledger\/\S+ at seq \d+ — stage\.confirmed by human:ada is not signed$/m,
    );
  });

  it("a signer added in the pull request counts only once merged; the agent's own key is signer-unknown", async () => {
    const root = await signedRepo(ada);
    const added = await cli(root, ['signers', 'add', bob.pub, '--as', 'human:bob', '--key', ada.file], {
      answer: 'trust',
      env: signingEnv(),
    });
    expect(added.code, added.stderr).toBe(0);
    const token = await stageOne(root);
    await appendSignedEvidence(ledgerCtx, root, DEFAULT_CONFIG, confirmed(token, 'human:bob'), async (c) =>
      sshSign(bob.file, c),
    );
    commitOnly(root);
    const r = await verify(root, 'origin/HEAD');
    expect(r.json.problems.map((p) => p.code)).toEqual(['signer-unknown']);
    // Merged, the same records verify against the new base.
    mergeToBase(root);
    expect((await verify(root, 'origin/HEAD')).code).toBe(0);
  });

  it('the signers file changed by hand, or by an unsigned record, is a finding', async () => {
    const root = await signedRepo(ada);
    const path = join(root, FILE);
    writeFileSync(path, `${readFileSync(path, 'utf8')}human:ada namespaces="agent-config" ${bob.pub}\n`);
    commitOnly(root);
    expect((await verify(root, 'origin/HEAD')).json.problems).toEqual([
      { code: 'signers-unrecorded', file: FILE },
    ]);
    const { createHash } = await import('node:crypto');
    const digest = createHash('sha256').update(readFileSync(path)).digest('hex');
    await appendEvidence(ledgerCtx, root, DEFAULT_CONFIG, {
      event: 'signers.changed',
      actor: 'human:ada',
      payload: { change: 'add', principal: 'human:ada', signers_sha256: digest },
    });
    commitOnly(root);
    expect((await verify(root, 'origin/HEAD')).json.problems.map((p) => p.code)).toEqual([
      'signature-required',
    ]);
  });

  it('a signature moved to another record is signature-invalid, offline', async () => {
    const root = await signedRepo(ada);
    const a = await stageOne(root, 'feature/a');
    await appendSignedEvidence(ledgerCtx, root, DEFAULT_CONFIG, confirmed(a), async (c) =>
      sshSign(ada.file, c),
    );
    const b = await stageOne(root, 'feature/b');
    const { readEvidence } = await import('../../../src/evidence/api.js');
    const signed = readEvidence(root, { collect: true }).records.find((r) => r.record.sig !== undefined)!;
    await appendEvidence(ledgerCtx, root, DEFAULT_CONFIG, {
      ...confirmed(b),
      signed: { sig: signed.record.sig!, ts: signed.record.ts, stream: signed.stream },
    });
    commitOnly(root);
    const r = await verify(root, 'origin/HEAD');
    expect(r.json.problems.map((p) => p.code)).toEqual(['signature-invalid']);
  });
});
