import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { settle } from '../../src/commands/staging/staging-shared.js';
import { decideClaim, decideConfirm, decideDecline } from '../../src/staging/decide.js';
import { buildStage, serializeRecord } from '../../src/staging/record.js';
import {
  applyTransition,
  listFolder,
  locateRecord,
  pruneExpired,
  putPending,
  STORE_DIR,
} from '../../src/staging/store.js';
import { deriveToken } from '../../src/staging/token.js';
import { tempDir } from '../helpers/repo.js';

const T0 = new Date('2026-11-30T12:00:00Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
const MAX = 24 * 3_600_000;

function newStage(object = 'feature/x', nonce = 'n1') {
  return buildStage(
    { action: 'delete-branch', object, source: 's', nonce, now: T0, ttlMs: 15 * 60_000 },
    deriveToken('delete-branch', object, nonce),
  );
}

function confirmedStore() {
  const root = tempDir();
  const record = newStage();
  putPending(root, record);
  const d = decideConfirm(locateRecord(root, record.token), { now: at(1), maxTtlMs: MAX }, 'human:ada');
  expect(applyTransition(root, d.transition!)).toBe(true);
  return { root, token: record.token };
}

describe('the store', () => {
  it('writes pending/<token>.json as two-space JSON, creating folders on demand', () => {
    const root = tempDir();
    const record = newStage();
    expect(putPending(root, record)).toBe(`${STORE_DIR}/pending/${record.token}.json`);
    expect(readFileSync(join(root, STORE_DIR, 'pending', `${record.token}.json`), 'utf8')).toBe(
      serializeRecord(record),
    );
  });

  it('lets only the first of two claims that both decided `execute` carry it out: the rename decides', () => {
    const { root, token } = confirmedStore();
    // Both claimers read the confirmed record before either moved it: the worst interleaving.
    const first = decideClaim(locateRecord(root, token), { now: at(2), maxTtlMs: MAX });
    const second = decideClaim(locateRecord(root, token), { now: at(2), maxTtlMs: MAX });
    expect([first.outcome, second.outcome]).toEqual(['execute', 'execute']);
    expect(applyTransition(root, first.transition!)).toBe(true);
    expect(applyTransition(root, second.transition!)).toBe(false);
    // The loser decides again on what the winner left, and answers already-claimed.
    expect(settle(root, token, (found) => decideClaim(found, { now: at(2), maxTtlMs: MAX })).outcome).toBe(
      'already-claimed',
    );
  });

  it('lets a decline that lost the race to a confirmation answer re-vote, not overwrite it', () => {
    const root = tempDir();
    const record = newStage();
    putPending(root, record);
    const decline = decideDecline(
      locateRecord(root, record.token),
      { now: at(1), maxTtlMs: MAX },
      'human:bob',
      'no',
    );
    const confirm = decideConfirm(
      locateRecord(root, record.token),
      { now: at(1), maxTtlMs: MAX },
      'human:ada',
    );
    expect(applyTransition(root, confirm.transition!)).toBe(true);
    expect(applyTransition(root, decline.transition!)).toBe(false);
    expect(
      settle(root, record.token, (f) => decideDecline(f, { now: at(1), maxTtlMs: MAX }, null, 'no')).outcome,
    ).toBe('re-vote');
    expect(locateRecord(root, record.token)).toMatchObject({
      folder: 'confirmed',
      record: { state: 'confirmed' },
    });
  });

  it('finishes a confirmation that stopped between its rename and its rewrite', () => {
    const root = tempDir();
    const record = newStage();
    mkdirSync(join(root, STORE_DIR, 'confirmed'), { recursive: true });
    writeFileSync(join(root, STORE_DIR, 'confirmed', `${record.token}.json`), serializeRecord(record));
    expect(decideClaim(locateRecord(root, record.token), { now: at(2), maxTtlMs: MAX }).outcome).toBe(
      'not-confirmed',
    );
    const d = settle(root, record.token, (f) => decideConfirm(f, { now: at(2), maxTtlMs: MAX }, 'human:ada'));
    expect(d.outcome).toBe('confirmed');
    expect(decideClaim(locateRecord(root, record.token), { now: at(3), maxTtlMs: MAX }).outcome).toBe(
      'execute',
    );
  });

  it('ignores temporary files and forms no path from an unsafe token', () => {
    const root = tempDir();
    const record = newStage();
    putPending(root, record);
    writeFileSync(join(root, STORE_DIR, 'pending', `.${record.token}.json.abc.tmp`), 'partial');
    expect(listFolder(root, 'pending').map((f) => f.token)).toEqual([record.token]);
    expect(() => locateRecord(root, '../../etc/passwd')).toThrow(/unsafe token/);
    expect(() => putPending(root, { ...record, token: '../x' })).toThrow(/unsafe token/);
    expect(existsSync(join(root, STORE_DIR, 'x.json'))).toBe(false);
  });

  it('prunes under the enumerated file name and never moves a record over another', () => {
    const root = tempDir();
    const a = newStage('a', 'n1');
    const b = newStage('b', 'n2');
    putPending(root, a);
    putPending(root, b);
    mkdirSync(join(root, STORE_DIR, 'resolved'), { recursive: true });
    writeFileSync(join(root, STORE_DIR, 'resolved', `${b.token}.json`), 'keep me');
    expect(pruneExpired(root, { now: at(14), maxTtlMs: MAX })).toEqual([]);
    expect(pruneExpired(root, { now: at(15), maxTtlMs: MAX })).toEqual([
      `${STORE_DIR}/pending/${a.token}.json`,
    ]);
    expect(readFileSync(join(root, STORE_DIR, 'resolved', `${b.token}.json`), 'utf8')).toBe('keep me');
    expect(existsSync(join(root, STORE_DIR, 'pending', `${b.token}.json`))).toBe(true);
    expect(decideClaim(locateRecord(root, a.token), { now: at(16), maxTtlMs: MAX }).outcome).toBe('expired');
  });

  it('never opens a named pipe in the store: it is listed as a problem at once, and its token finds no record', () => {
    const root = tempDir();
    const record = newStage();
    putPending(root, record);
    const other = newStage('feature/y', 'n2');
    mkdirSync(join(root, STORE_DIR, 'confirmed'), { recursive: true });
    const pipe = join(root, STORE_DIR, 'confirmed', `${other.token}.json`);
    expect(spawnSync('mkfifo', [pipe]).status).toBe(0);
    const problem = `is a named pipe, not a stage record; a person removes it`;
    expect(listFolder(root, 'confirmed')).toEqual([
      {
        folder: 'confirmed',
        token: other.token,
        file: `${STORE_DIR}/confirmed/${other.token}.json`,
        problem,
      },
    ]);
    expect(listFolder(root, 'pending').map((f) => f.token)).toEqual([record.token]);
    expect(locateRecord(root, other.token)).toMatchObject({ folder: 'confirmed', problem });
    expect(decideClaim(locateRecord(root, other.token), { now: at(1), maxTtlMs: MAX }).outcome).not.toBe(
      'execute',
    );
  });
});
