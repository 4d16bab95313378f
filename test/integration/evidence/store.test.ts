import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  appendFileSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../../src/core/config.js';
import { appendEvidence, EvidenceError, readEvidence } from '../../../src/evidence/api.js';
import type { EvidenceEntry } from '../../../src/evidence/record.js';
import { testProcesses } from '../../helpers/context.js';
import { makeRepo, tempDir } from '../../helpers/repo.js';

const ctx = { clock: () => new Date('2026-12-01T07:00:00.000Z'), processes: testProcesses };
const entry = (n: number): EvidenceEntry => ({ event: 'stage.staged', actor: 'agent:test', payload: { n } });
const LEDGER = 'agents/evidence/ledger';

function streams(root: string): string[] {
  return readdirSync(join(root, LEDGER)).filter((n) => n.endsWith('.jsonl'));
}

async function expectCode(promise: Promise<unknown>, code: string): Promise<EvidenceError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(EvidenceError);
  expect((error as EvidenceError).code).toBe(code);
  return error as EvidenceError;
}

describe('appendEvidence', () => {
  it('appends contiguous records to one stream per working copy and remembers its head', async () => {
    const root = makeRepo({ 'README.md': 'x\n' });
    const a = await appendEvidence(ctx, root, DEFAULT_CONFIG, entry(1));
    const b = await appendEvidence(ctx, root, DEFAULT_CONFIG, entry(2));
    expect(a).toMatchObject({ seq: 1, prev: null, ts: '2026-12-01T07:00:00.000Z' });
    expect(b).toMatchObject({ seq: 2, prev: a!.hash });
    expect(streams(root)).toHaveLength(1);
    const read = readEvidence(root, { collect: true });
    expect(read.streams[0]!.verification).toMatchObject({ status: 'clean', records: 2, head: b!.hash });
    expect(read.records.map((r) => [r.record.seq, r.verified])).toEqual([
      [1, true],
      [2, true],
    ]);
    const state = JSON.parse(readFileSync(join(root, 'agents/runtime/evidence/head.json'), 'utf8'));
    const bytes = readFileSync(join(root, read.streams[0]!.file));
    const digest = createHash('sha256').update(bytes).digest('hex');
    expect(state).toEqual({ stream: read.streams[0]!.stream, head: b!.hash, seq: 2, digest });
    expect(readFileSync(join(root, 'agents/runtime/.gitignore'), 'utf8')).toMatch(/^\*$/m);
  });

  it('a damaged working head costs only a new stream', async () => {
    const root = makeRepo({ 'README.md': 'x\n' });
    await appendEvidence(ctx, root, DEFAULT_CONFIG, entry(1));
    writeFileSync(join(root, 'agents/runtime/evidence/head.json'), '{"stream": 5');
    expect(await appendEvidence(ctx, root, DEFAULT_CONFIG, entry(2))).toMatchObject({ seq: 1, prev: null });
    expect(await appendEvidence(ctx, root, DEFAULT_CONFIG, entry(3))).toMatchObject({ seq: 2 });
    expect(streams(root)).toHaveLength(2);
  });

  it('writes nothing and returns null when evidence.ledger is false', async () => {
    const root = makeRepo({ 'README.md': 'x\n' });
    const off = { evidence: { ledger: false, recordObjects: false, decisions: 'optional' as const } };
    expect(await appendEvidence(ctx, root, off, entry(1))).toBeNull();
    expect(() => readdirSync(join(root, 'agents'))).toThrow();
  });

  it('starts a new stream when the file no longer ends at the head this working copy wrote', async () => {
    const root = makeRepo({ 'README.md': 'x\n' });
    const first = await appendEvidence(ctx, root, DEFAULT_CONFIG, entry(1));
    const [name] = streams(root);
    // Another branch checked out: the stream file is gone.
    rmSync(join(root, LEDGER, name!));
    const second = await appendEvidence(ctx, root, DEFAULT_CONFIG, entry(2));
    expect(second).toMatchObject({ seq: 1, prev: null });
    expect(second!.hash).not.toBe(first!.hash);
    const [other] = streams(root);
    expect(other).not.toBe(name);
  });

  it('never appends to a torn tail or a corrupt stream; it opens a new stream instead', async () => {
    const root = makeRepo({ 'README.md': 'x\n' });
    await appendEvidence(ctx, root, DEFAULT_CONFIG, entry(1));
    const [torn] = streams(root);
    appendFileSync(join(root, LEDGER, torn!), '{"actor":"agent:te');
    const before = readFileSync(join(root, LEDGER, torn!));
    const next = await appendEvidence(ctx, root, DEFAULT_CONFIG, entry(2));
    expect(next).toMatchObject({ seq: 1, prev: null });
    expect(readFileSync(join(root, LEDGER, torn!))).toEqual(before);
    const byStatus = readEvidence(root)
      .streams.map((s) => s.verification?.status)
      .sort();
    expect(byStatus).toEqual(['clean', 'torn-tail']);
  });

  it('a stream edited under this working copy (its last line kept) is never appended to', async () => {
    const root = makeRepo({ 'README.md': 'x\n' });
    for (let i = 1; i <= 3; i++) await appendEvidence(ctx, root, DEFAULT_CONFIG, entry(i));
    const [name] = streams(root);
    const file = join(root, LEDGER, name!);
    const edited = readFileSync(file, 'utf8').replace('"n":2', '"n":5');
    writeFileSync(file, edited);
    expect(await appendEvidence(ctx, root, DEFAULT_CONFIG, entry(4))).toMatchObject({ seq: 1, prev: null });
    expect(readFileSync(file, 'utf8')).toBe(edited);
  });

  it('reports a stale lock with the command that clears it, and appends nothing', async () => {
    const root = makeRepo({ 'README.md': 'x\n' });
    await appendEvidence(ctx, root, DEFAULT_CONFIG, entry(1));
    const [name] = streams(root);
    const lock = join(root, LEDGER, `${name}.lock`);
    // A pid far above any pid_max: no such process.
    writeFileSync(lock, JSON.stringify({ pid: 2 ** 30, host: (await import('node:os')).hostname() }));
    const error = await expectCode(appendEvidence(ctx, root, DEFAULT_CONFIG, entry(2)), 'lock-stale');
    expect(error.oneLine()).toContain(`rm ${LEDGER}/${name}.lock`);
    expect(readEvidence(root).streams[0]!.verification?.records).toBe(1);
    rmSync(lock);
    expect(await appendEvidence(ctx, root, DEFAULT_CONFIG, entry(2))).toMatchObject({ seq: 2 });
  });

  it('gives up on a lock that never goes away with lock-timeout', async () => {
    const root = makeRepo({ 'README.md': 'x\n' });
    await appendEvidence(ctx, root, DEFAULT_CONFIG, entry(1));
    const [name] = streams(root);
    // Held by a live process (this one) that never lets go.
    writeFileSync(
      join(root, LEDGER, `${name}.lock`),
      JSON.stringify({ pid: process.pid, host: (await import('node:os')).hostname() }),
    );
    const options = { lockAttempts: 3, lockDelayMs: 1 };
    const error = await expectCode(
      appendEvidence(ctx, root, DEFAULT_CONFIG, entry(2), options),
      'lock-timeout',
    );
    expect(error.oneLine()).toContain(`${name}.lock`);
  });

  it('refuses a ledger path that is a file or a link out of the repository', async () => {
    const root = makeRepo({ 'README.md': 'x\n' });
    mkdirSync(join(root, 'agents/evidence'), { recursive: true });
    writeFileSync(join(root, LEDGER), 'not a folder');
    await expectCode(appendEvidence(ctx, root, DEFAULT_CONFIG, entry(1)), 'ledger-not-folder');
    rmSync(join(root, LEDGER));
    const outside = tempDir();
    symlinkSync(outside, join(root, LEDGER));
    const error = await expectCode(appendEvidence(ctx, root, DEFAULT_CONFIG, entry(1)), 'ledger-outside');
    expect(error.oneLine()).toContain(LEDGER);
    expect(readdirSync(outside)).toEqual([]);
    rmSync(join(root, LEDGER));
    symlinkSync(join(root, 'nowhere'), join(root, LEDGER));
    await expectCode(appendEvidence(ctx, root, DEFAULT_CONFIG, entry(1)), 'ledger-not-folder');
  });

  it('refuses an entry a record cannot carry, before touching the ledger', async () => {
    const root = makeRepo({ 'README.md': 'x\n' });
    await expectCode(
      appendEvidence(ctx, root, DEFAULT_CONFIG, { ...entry(1), actor: 'nobody' }),
      'invalid-entry',
    );
    expect(() => readdirSync(join(root, 'agents'))).toThrow();
  });

  it('a lock naming another machine: refused at once by a caller with patience (the hook), naming the lock and the command that clears it; waited for otherwise', async () => {
    const root = makeRepo({ 'README.md': 'x\n' });
    await appendEvidence(ctx, root, DEFAULT_CONFIG, entry(1));
    const [name] = streams(root);
    writeFileSync(join(root, LEDGER, `${name}.lock`), JSON.stringify({ pid: 4242, host: 'devcontainer-7' }));
    const hurried = { ...ctx, patience: { lockWaitMs: 60_000 } };
    const started = performance.now();
    const error = await expectCode(appendEvidence(hurried, root, DEFAULT_CONFIG, entry(2)), 'lock-foreign');
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(error.oneLine()).toContain(`${LEDGER}/${name}.lock`);
    expect(error.oneLine()).toContain('process 4242 on "devcontainer-7"');
    expect(error.oneLine()).toContain(`rm ${LEDGER}/${name}.lock`);
    // Without patience (a person's verb) the wait is as before: bounded, then lock-timeout.
    const waited = await expectCode(
      appendEvidence(ctx, root, DEFAULT_CONFIG, entry(2), { lockAttempts: 3, lockDelayMs: 1 }),
      'lock-timeout',
    );
    expect(waited.oneLine()).toContain('on "devcontainer-7"');
    expect(readEvidence(root).streams[0]!.verification?.records).toBe(1);
  });

  it('a caller with patience waits for a live holder here only that long', async () => {
    const root = makeRepo({ 'README.md': 'x\n' });
    await appendEvidence(ctx, root, DEFAULT_CONFIG, entry(1));
    const [name] = streams(root);
    writeFileSync(join(root, LEDGER, `${name}.lock`), JSON.stringify({ pid: process.pid, host: hostname() }));
    const hurried = { ...ctx, patience: { lockWaitMs: 50 } };
    // Attempts enough for a minute: the patience ends the wait.
    const options = { lockAttempts: 60_000, lockDelayMs: 1 };
    const started = performance.now();
    await expectCode(appendEvidence(hurried, root, DEFAULT_CONFIG, entry(2), options), 'lock-timeout');
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('never opens a named pipe in the ledger: a pipe as the lock, the stream or the head is refused at once, and a reader reports it', async () => {
    const root = makeRepo({ 'README.md': 'x\n' });
    await appendEvidence(ctx, root, DEFAULT_CONFIG, entry(1));
    const [name] = streams(root);
    const mkfifo = (path: string) => expect(spawnSync('mkfifo', [path]).status).toBe(0);

    mkfifo(join(root, LEDGER, `${name}.lock`));
    const lock = await expectCode(appendEvidence(ctx, root, DEFAULT_CONFIG, entry(2)), 'lock-foreign');
    expect(lock.oneLine()).toContain('is a named pipe, not a lock file');
    rmSync(join(root, LEDGER, `${name}.lock`));

    mkfifo(join(root, LEDGER, 'other.jsonl'));
    const read = readEvidence(root);
    expect(read.streams.find((s) => s.stream === 'other')).toMatchObject({
      verification: null,
      problem: { code: 'not-a-file', detail: 'is a named pipe, not a stream file' },
    });
    // Another stream's pipe is not this working copy's business when it appends.
    expect(await appendEvidence(ctx, root, DEFAULT_CONFIG, entry(2))).toMatchObject({ seq: 2 });

    rmSync(join(root, LEDGER, name!));
    mkfifo(join(root, LEDGER, name!));
    const own = await expectCode(appendEvidence(ctx, root, DEFAULT_CONFIG, entry(3)), 'io-error');
    expect(own.oneLine()).toContain('is a named pipe');

    rmSync(join(root, 'agents/runtime/evidence/head.json'));
    mkfifo(join(root, 'agents/runtime/evidence/head.json'));
    const head = await expectCode(appendEvidence(ctx, root, DEFAULT_CONFIG, entry(4)), 'io-error');
    expect(head.oneLine()).toBe(
      'agents/runtime/evidence/head.json: is a named pipe, not a file (io-error) — a person removes it',
    );
  });

  it('a read filtered on a text lists the streams it skipped, unverified, so it never vouches for them', async () => {
    const root = makeRepo({ 'README.md': 'x\n' });
    await appendEvidence(ctx, root, DEFAULT_CONFIG, entry(1));
    writeFileSync(join(root, LEDGER, 'other.jsonl'), 'not a record\n');
    const read = readEvidence(root, { collect: true, containing: 'stage.staged' });
    expect(read.streams.map((s) => [s.stream, s.verification?.status ?? null, s.skipped ?? false])).toEqual(
      [
        [streams(root)[0]!.slice(0, -'.jsonl'.length), 'clean', false],
        ['other', null, true],
      ].sort(),
    );
    expect(read.records).toHaveLength(1);
  });
});
