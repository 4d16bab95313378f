import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../../src/core/config.js';
import {
  appendEvidence,
  appendSignedEvidence,
  EvidenceError,
  readEvidence,
} from '../../../src/evidence/api.js';
import { signedContent } from '../../../src/evidence/record.js';
import { testProcesses } from '../../helpers/context.js';
import { makeRepo } from '../../helpers/repo.js';

const LEDGER = 'agents/evidence/ledger';
const SIG = '-----BEGIN SSH SIGNATURE-----\nAAAA\n-----END SSH SIGNATURE-----\n';
let tick = 0;
const ctx = {
  clock: () => new Date(Date.parse('2026-12-01T07:00:00.000Z') + 1000 * tick++),
  processes: testProcesses,
};
const entry = {
  event: 'stage.confirmed' as const,
  actor: 'human:ada',
  payload: { token: 'ab12cd34', decided_by: 'human:ada' },
};

describe('appendSignedEvidence', () => {
  it('asks for the signature outside the lock, over the content of the record it then writes', async () => {
    const root = makeRepo({ 'README.md': 'x\n' });
    await appendEvidence(ctx, root, DEFAULT_CONFIG, { event: 'stage.staged', actor: 'agent:a', payload: {} });
    const [file] = readdirSync(join(root, LEDGER));
    const stream = file!.replace(/\.jsonl$/, '');
    let asked = '';
    const record = await appendSignedEvidence(ctx, root, DEFAULT_CONFIG, entry, async (content) => {
      asked = content;
      // No lock is held while a person types a passphrase or touches a key.
      expect(readdirSync(join(root, LEDGER)).filter((n) => n.endsWith('.lock'))).toEqual([]);
      return SIG;
    });
    expect(record).toMatchObject({ seq: 2, sig: SIG, v: 2 });
    expect(asked).toBe(signedContent({ stream, ...entry, ts: record!.ts }));
    const read = readEvidence(root, { collect: true });
    expect(read.streams[0]!.verification?.status).toBe('clean');
    expect(read.records[1]!.record.sig).toBe(SIG);
  });

  it('a stream that changed while the person signed is head-moved, and nothing is appended', async () => {
    const root = makeRepo({ 'README.md': 'x\n' });
    await appendEvidence(ctx, root, DEFAULT_CONFIG, { event: 'stage.staged', actor: 'agent:a', payload: {} });
    const head = join(root, 'agents/runtime/evidence/head.json');
    const before = readdirSync(join(root, LEDGER)).map((n) => readFileSync(join(root, LEDGER, n), 'utf8'));
    const error = await appendSignedEvidence(ctx, root, DEFAULT_CONFIG, entry, async () => {
      // Another branch checked out meanwhile: this working copy now writes another stream.
      writeFileSync(head, `${JSON.stringify({ stream: 'other0000000', head: null, seq: 0 })}\n`);
      return SIG;
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EvidenceError);
    expect((error as EvidenceError).code).toBe('head-moved');
    const after = readdirSync(join(root, LEDGER)).map((n) => readFileSync(join(root, LEDGER, n), 'utf8'));
    expect(after).toEqual(before);
  });

  it('with the ledger off nothing is signed or written', async () => {
    const root = makeRepo({ 'README.md': 'x\n' });
    let asked = false;
    const off = { ...DEFAULT_CONFIG, evidence: { ...DEFAULT_CONFIG.evidence, ledger: false } };
    const record = await appendSignedEvidence(ctx, root, off, entry, async () => {
      asked = true;
      return SIG;
    });
    expect(record).toBeNull();
    expect(asked).toBe(false);
    expect(existsSync(join(root, LEDGER))).toBe(false);
  });

  it('a signer that fails leaves the ledger as it was', async () => {
    const root = makeRepo({ 'README.md': 'x\n' });
    const failed = await appendSignedEvidence(ctx, root, DEFAULT_CONFIG, entry, async () => {
      throw new Error('no passphrase');
    }).catch((e: unknown) => (e as Error).message);
    expect(failed).toBe('no passphrase');
    const files = existsSync(join(root, LEDGER)) ? readdirSync(join(root, LEDGER)) : [];
    expect(files.filter((n) => readFileSync(join(root, LEDGER, n), 'utf8') !== '')).toEqual([]);
  });
});

describe('evidence verify and a newer schema', () => {
  it('names a record a newer build wrote as that, not as tampering (exit 1, code newer-version)', async () => {
    const { run } = await import('../../helpers/context.js');
    const { canonicalize } = await import('../../../src/evidence/canonical.js');
    const { sha256Hex } = await import('../../../src/evidence/record.js');
    const root = makeRepo({ 'README.md': 'x\n' });
    const first = await appendEvidence(ctx, root, DEFAULT_CONFIG, {
      event: 'stage.staged',
      actor: 'agent:a',
      payload: {},
    });
    const [file] = readdirSync(join(root, LEDGER));
    const rest = {
      actor: 'human:ada',
      alg: 'sha256/jcs',
      event: 'future.event',
      payload: {},
      prev: first!.hash,
      seq: 2,
      ts: '2026-12-01T08:00:00.000Z',
      v: 3,
      zeta: true,
    };
    const line = `${canonicalize({ ...rest, hash: sha256Hex(canonicalize(rest)) })}\n`;
    writeFileSync(join(root, LEDGER, file!), readFileSync(join(root, LEDGER, file!), 'utf8') + line);
    const text = await run(root, ['evidence', 'verify']);
    expect(text.code).toBe(1);
    expect(text.stdout).toMatch(
      /^newer +agents\/evidence\/ledger\/\S+ +seq 2 was written by a newer agent-config/m,
    );
    const json = JSON.parse((await run(root, ['evidence', 'verify', '--json'])).stdout);
    expect(json.problems).toEqual([{ code: 'newer-version', file: `${LEDGER}/${file}`, seq: 2 }]);
  });
});
