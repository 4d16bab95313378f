import { execFileSync } from 'node:child_process';
import {
  appendFileSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../../src/core/config.js';
import { appendEvidence } from '../../../src/evidence/api.js';
import { run, testProcesses } from '../../helpers/context.js';
import { git, makeRepo, tempDir } from '../../helpers/repo.js';

const LEDGER = 'agents/evidence/ledger';
let tick = 0;
const ctx = {
  clock: () => new Date(Date.parse('2026-11-30T11:00:00.000Z') + tick++ * 1000),
  processes: testProcesses,
};

async function append(root: string, n: number): Promise<void> {
  for (let i = 0; i < n; i++)
    await appendEvidence(ctx, root, DEFAULT_CONFIG, {
      event: 'stage.staged',
      actor: 'agent:test',
      payload: { token: `${i}`.padStart(16, '0') },
    });
}

function streamNames(root: string): string[] {
  return readdirSync(join(root, LEDGER)).filter((n) => n.endsWith('.jsonl'));
}

async function verifyJson(root: string, ...args: string[]) {
  const r = await run(root, ['evidence', 'verify', '--json', ...args]);
  return { code: r.code, json: JSON.parse(r.stdout), stderr: r.stderr };
}

describe('evidence verify and log', () => {
  it('two branches that each appended merge with no conflict, and both chains verify', async () => {
    const root = makeRepo({ 'README.md': 'x\n' });
    git(root, 'checkout', '-q', '-b', 'a');
    await append(root, 2);
    git(root, 'add', '-A');
    git(root, 'commit', '-q', '-m', 'a: evidence');
    git(root, 'checkout', '-q', 'main');
    git(root, 'checkout', '-q', '-b', 'b');
    await append(root, 3);
    git(root, 'add', '-A');
    git(root, 'commit', '-q', '-m', 'b: evidence');
    git(root, 'merge', '-q', '--no-edit', 'a');
    expect(git(root, 'status', '--porcelain')).toBe('');
    expect(streamNames(root)).toHaveLength(2);
    const { code, json } = await verifyJson(root, '--against', 'a');
    expect(code).toBe(0);
    expect(json.ok).toBe(true);
    expect(json.streams.map((s: { records: number }) => s.records).sort()).toEqual([2, 3]);
    expect((await verifyJson(root, '--against', 'main')).code).toBe(0);
    // After the merge, this working copy's stream (b's) still ends at its head: it goes on.
    await append(root, 1);
    expect(streamNames(root)).toHaveLength(2);
    // Back on a, b's stream is absent: a third stream starts, so a later merge conflicts neither.
    git(root, 'add', '-A');
    git(root, 'commit', '-q', '-m', 'b: more');
    git(root, 'checkout', '-q', 'a');
    await append(root, 1);
    git(root, 'add', '-A');
    git(root, 'commit', '-q', '-m', 'a: more');
    git(root, 'merge', '-q', '--no-edit', 'b');
    expect(streamNames(root)).toHaveLength(3);
    expect((await verifyJson(root, '--against', 'b')).json).toMatchObject({
      ok: true,
      exit: 0,
      problems: [],
    });
  });

  it('prints the frozen JSON shape; corrupt streams exit 1 with firstBadSeq and reason', async () => {
    const root = makeRepo({ 'README.md': 'x\n' });
    await append(root, 3);
    const [name] = streamNames(root);
    const file = `${LEDGER}/${name}`;
    const clean = await verifyJson(root);
    expect(clean.code).toBe(0);
    expect(clean.json.streams).toEqual([
      { file, status: 'clean', records: 3, head: expect.stringMatching(/^[0-9a-f]{64}$/) },
    ]);
    expect(Object.keys(clean.json)).toEqual(['ok', 'exit', 'streams', 'problems', 'anomalies']);
    const lines = readFileSync(join(root, file), 'utf8').split('\n');
    lines[1] = lines[1]!.replace('0000000000000001', '0000000000000009');
    writeFileSync(join(root, file), lines.join('\n'));
    const bad = await verifyJson(root);
    expect(bad.code).toBe(1);
    expect(bad.json).toMatchObject({
      ok: false,
      exit: 1,
      streams: [
        { file, status: 'corrupt', records: 1, intactThroughSeq: 1, firstBadSeq: 2, reason: 'hash-mismatch' },
      ],
      problems: [{ code: 'hash-mismatch', file, seq: 2 }],
    });
    const text = await run(root, ['evidence', 'verify']);
    expect(text.code).toBe(1);
    expect(text.stdout).toContain(`corrupt    ${file}  first bad seq 2: hash-mismatch`);
  });

  it('a torn tail exits 3 and names the seq it is intact through', async () => {
    const root = makeRepo({ 'README.md': 'x\n' });
    await append(root, 2);
    const [name] = streamNames(root);
    appendFileSync(join(root, LEDGER, name!), '{"actor":');
    const r = await verifyJson(root);
    expect(r.code).toBe(3);
    expect(r.json.streams[0]).toMatchObject({ status: 'torn-tail', records: 2, intactThroughSeq: 2 });
    expect(r.json.problems).toEqual([{ code: 'torn-tail', file: `${LEDGER}/${name}`, seq: 3 }]);
  });

  it('against a revision: rewritten and deleted streams, modified and deleted frozen records exit 1', async () => {
    const root = makeRepo({ 'README.md': 'x\n', 'agents/evidence/run-1.md': 'frozen\n', 'fix.patch': 'p\n' });
    await append(root, 3);
    git(root, 'add', '-A');
    git(root, 'commit', '-q', '-m', 'evidence');
    const [name] = streamNames(root);
    const file = `${LEDGER}/${name}`;
    // Additions are fine: more records, a new frozen record.
    await append(root, 1);
    writeFileSync(join(root, 'agents/evidence/run-2.md'), 'new\n');
    expect((await verifyJson(root, '--against', 'main')).code).toBe(0);
    // A rewritten history that still chains (the whole stream regenerated) is caught by git.
    const original = readFileSync(join(root, file));
    rmSync(join(root, file));
    rmSync(join(root, 'agents/runtime'), { recursive: true });
    await appendEvidence(
      ctx,
      root,
      DEFAULT_CONFIG,
      { event: 'stage.staged', actor: 'agent:x', payload: {} },
      { newStreamId: () => name!.slice(0, -6) },
    );
    expect((await verifyJson(root)).code).toBe(0);
    writeFileSync(join(root, 'agents/evidence/run-1.md'), 'edited\n');
    rmSync(join(root, 'fix.patch'));
    const r = await verifyJson(root, '--against', 'main');
    expect(r.code).toBe(1);
    expect(r.json.problems).toEqual([
      { code: 'prefix-diverged', file, seq: 1 },
      { code: 'frozen-modified', file: 'agents/evidence/run-1.md' },
      { code: 'frozen-deleted', file: 'fix.patch' },
    ]);
    rmSync(join(root, file));
    const gone = await verifyJson(root, '--against', 'main');
    expect(gone.json.problems[0]).toEqual({ code: 'stream-deleted', file });
    writeFileSync(join(root, file), original);
    expect((await verifyJson(root, '--against', 'HEAD')).json.problems).toEqual([
      { code: 'frozen-modified', file: 'agents/evidence/run-1.md' },
      { code: 'frozen-deleted', file: 'fix.patch' },
    ]);
  });

  it('against a revision: a frozen record replaced by a named pipe is modified, never waited on', async () => {
    const root = makeRepo({ 'README.md': 'x\n', 'agents/evidence/run-1.md': 'frozen\n' });
    await append(root, 1);
    git(root, 'add', '-A');
    git(root, 'commit', '-q', '-m', 'evidence');
    rmSync(join(root, 'agents/evidence/run-1.md'));
    execFileSync('mkfifo', [join(root, 'agents/evidence/run-1.md')]);
    const r = await verifyJson(root, '--against', 'main');
    expect([r.code, r.json.problems]).toEqual([
      1,
      [{ code: 'frozen-modified', file: 'agents/evidence/run-1.md' }],
    ]);
  });

  it('names the first differing seq when a committed record is changed', async () => {
    const root = makeRepo({ 'README.md': 'x\n' });
    await append(root, 4);
    git(root, 'add', '-A');
    git(root, 'commit', '-q', '-m', 'evidence');
    const [name] = streamNames(root);
    const path = join(root, LEDGER, name!);
    const lines = readFileSync(path, 'utf8').split('\n');
    writeFileSync(
      path,
      [...lines.slice(0, 2), lines[2]!.replace('agent:test', 'agent:evil'), ...lines.slice(3)].join('\n'),
    );
    const r = await verifyJson(root, '--against', 'main');
    expect(r.json.problems).toContainEqual({ code: 'prefix-diverged', file: `${LEDGER}/${name}`, seq: 3 });
  });

  it('bad input: an unknown revision exits 2; a folder, a link out and a ledger file exit 4 or 1', async () => {
    const root = makeRepo({ 'README.md': 'x\n' });
    await append(root, 1);
    const unknown = await run(root, ['evidence', 'verify', '--against', 'no-such-branch']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/cannot resolve `no-such-branch`/);
    expect(unknown.stderr).not.toMatch(/at .*\.ts:\d+/);
    const both = await run(root, ['evidence', 'verify', '--staged', '--against', 'main']);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('--staged and --against do not go together');
    mkdirSync(join(root, LEDGER, 'dir.jsonl'));
    const folder = await verifyJson(root);
    expect(folder.code).toBe(4);
    expect(folder.json.problems).toEqual([{ code: 'not-a-file', file: `${LEDGER}/dir.jsonl` }]);
    rmSync(join(root, LEDGER, 'dir.jsonl'), { recursive: true });
    const outside = tempDir();
    writeFileSync(join(outside, 'x.jsonl'), '');
    symlinkSync(join(outside, 'x.jsonl'), join(root, LEDGER, 'link.jsonl'));
    const link = await verifyJson(root);
    expect(link.code).toBe(1);
    expect(link.json.problems).toEqual([{ code: 'symlink-outside', file: `${LEDGER}/link.jsonl` }]);
    rmSync(join(root, LEDGER, 'link.jsonl'));
    // A stream that cannot be read (here a link to nothing): exit 4, named, nothing else hidden.
    symlinkSync(join(root, 'missing.jsonl'), join(root, LEDGER, 'gone.jsonl'));
    const gone = await verifyJson(root);
    expect(gone.code).toBe(4);
    expect(gone.json.problems).toEqual([{ code: 'unreadable', file: `${LEDGER}/gone.jsonl` }]);
    expect(gone.json.streams).toHaveLength(1);
    rmSync(join(root, 'agents/evidence'), { recursive: true });
    mkdirSync(join(root, 'agents/evidence'));
    writeFileSync(join(root, LEDGER), 'a file');
    const file = await run(root, ['evidence', 'verify']);
    expect(file.code).toBe(4);
    expect(file.stdout).toContain(`ledger-not-folder  ${LEDGER}`);
  });

  it('an empty or missing ledger verifies clean; anomalies are reported, not failed', async () => {
    const root = makeRepo({ 'README.md': 'x\n' });
    expect(await verifyJson(root)).toMatchObject({ code: 0, json: { ok: true, streams: [], problems: [] } });
    await appendEvidence(
      { clock: () => new Date('2027-01-01T00:00:00Z'), processes: testProcesses },
      root,
      DEFAULT_CONFIG,
      {
        event: 'stage.expired',
        actor: 'system:agent-config',
        payload: {},
      },
    );
    const r = await verifyJson(root);
    expect(r.code).toBe(0);
    expect(r.json.anomalies).toEqual([{ code: 'ts-future', file: expect.any(String), seq: 1 }]);
  });

  it('log lists records in time order, sanitized, verified apart from claimed; --event filters', async () => {
    const root = makeRepo({ 'README.md': 'x\n' });
    await appendEvidence(ctx, root, DEFAULT_CONFIG, {
      event: 'stage.declined',
      actor: 'human:ana',
      payload: { reason: 'no \u001b[31mred\u001b[0m' },
    });
    await append(root, 1);
    const json = await run(root, ['evidence', 'log', '--json']);
    expect(json.code).toBe(0);
    const records = JSON.parse(json.stdout).records;
    expect(
      records.map((r: { event: string; seq: number; verified: boolean }) => [r.event, r.seq, r.verified]),
    ).toEqual([
      ['stage.declined', 1, true],
      ['stage.staged', 2, true],
    ]);
    expect(Object.keys(records[0])).toEqual([
      'stream',
      'seq',
      'ts',
      'event',
      'actor',
      'payload',
      'hash',
      'verified',
    ]);
    const text = await run(root, ['evidence', 'log', '--event', 'stage.declined']);
    expect(text.stdout).not.toContain('\u001b');
    expect(text.stdout).toContain('verified');
    expect(text.stdout).toContain('claims: human:ana');
    expect(text.stdout).not.toContain('stage.staged');
    const bad = await run(root, ['evidence', 'log', '--event', 'nope']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("unknown event 'nope'");
  });
});
