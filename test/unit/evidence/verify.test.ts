import { describe, expect, it } from 'vitest';
import { buildRecord, type EvidenceEntry, sha256Hex } from '../../../src/evidence/record.js';
import { VERIFY_REASONS, verifyStream } from '../../../src/evidence/verify.js';
import { bytes, makeChain } from './chain.js';

function rehash(record: Record<string, unknown>): string {
  const { hash: _drop, ...rest } = record;
  const keys = Object.keys(rest).sort();
  const body = `{${keys.map((k) => `${JSON.stringify(k)}:${JSON.stringify(rest[k])}`).join(',')}}`;
  const hash = sha256Hex(body);
  const all = { ...rest, hash } as Record<string, unknown>;
  return `{${Object.keys(all)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${JSON.stringify(all[k])}`)
    .join(',')}}`;
}

describe('verifyStream', () => {
  it('the reason list is closed and frozen (SPEC §11)', () => {
    expect([...VERIFY_REASONS]).toEqual([
      'malformed-line',
      'schema-invalid',
      'bad-alg',
      'hash-mismatch',
      'prev-mismatch',
      'seq-gap',
      'seq-duplicate',
      'not-genesis',
      'newer-version',
    ]);
    expect(Object.isFrozen(VERIFY_REASONS)).toBe(true);
  });

  it('an empty stream is clean with no head; a good chain is clean at its last hash', () => {
    expect(verifyStream(bytes(''))).toMatchObject({
      status: 'clean',
      records: 0,
      head: null,
      intactThroughSeq: 0,
    });
    const { text, records } = makeChain(5);
    expect(verifyStream(bytes(text))).toMatchObject({
      status: 'clean',
      records: 5,
      head: records[4]!.hash,
      intactThroughSeq: 5,
      intactBytes: Buffer.byteLength(text),
    });
  });

  it('a last line without newline is a torn tail, intact through the line before', () => {
    const { text, records } = makeChain(3);
    const torn = verifyStream(bytes(text.slice(0, -20)));
    expect(torn).toMatchObject({
      status: 'torn-tail',
      records: 2,
      head: records[1]!.hash,
      intactThroughSeq: 2,
    });
    // Even a whole record without its newline is torn: the next append would run into it.
    expect(verifyStream(bytes(text.slice(0, -1)))).toMatchObject({
      status: 'torn-tail',
      intactThroughSeq: 2,
    });
  });

  it('names each reason at the first bad line, whatever seq that line claims', () => {
    const { lines } = makeChain(4);
    const cases: Array<[string, string]> = [
      ['malformed-line', `${lines[0]}${lines[1]}not json\n${lines[3]}`],
      ['malformed-line', `${lines[0]}${lines[1]}\n${lines[2]}`],
      ['malformed-line', `${lines[0]}${lines[1]}${lines[2]!.replace('{"actor"', '{ "actor"')}`],
      ['schema-invalid', `${lines[0]}${lines[1]}{"seq":3}\n`],
      ['schema-invalid', `${lines[0]}${lines[1]}[1,2]\n`],
      ['bad-alg', `${lines[0]}${lines[1]}${lines[2]!.replace('sha256/jcs', 'sha1/jcs')}`],
      ['hash-mismatch', `${lines[0]}${lines[1]}${lines[2]!.replace('"n":2', '"n":7')}`],
      ['seq-gap', `${lines[0]}${lines[1]}${lines[3]}`],
      ['seq-duplicate', `${lines[0]}${lines[1]}${lines[1]}`],
    ];
    for (const [reason, text] of cases) {
      expect(verifyStream(bytes(text)), reason).toMatchObject({
        status: 'corrupt',
        reason,
        firstBadSeq: 3,
        intactThroughSeq: 2,
        records: 2,
      });
    }
  });

  it('a re-hashed record with the wrong prev is prev-mismatch; a first record with a prev is not-genesis', () => {
    const { lines, records } = makeChain(3);
    const forged = rehash({ ...JSON.parse(lines[2]!), prev: records[0]!.hash });
    expect(verifyStream(bytes(`${lines[0]}${lines[1]}${forged}\n`))).toMatchObject({
      status: 'corrupt',
      reason: 'prev-mismatch',
      firstBadSeq: 3,
    });
    const genesis = rehash({ ...JSON.parse(lines[0]!), prev: records[2]!.hash });
    expect(verifyStream(bytes(`${genesis}\n`))).toMatchObject({ reason: 'not-genesis', firstBadSeq: 1 });
  });

  it('accepts canonical lines whatever their payload keys, and refuses equivalent non-canonical ones', () => {
    const entry: EvidenceEntry = {
      event: 'stage.staged',
      actor: 'agent:a',
      payload: { '10': 'x', '9': '\u000f', b: [{ z: 1, a: 2 }] },
    };
    const { line } = buildRecord(entry, { seq: 0, head: null }, new Date('2026-12-01T07:00:00Z'));
    // Integer-like keys enumerate first in a parsed object; the canonical order is by code units.
    expect(line).toContain('{"10":"x","9":"\\u000f","b":[{"a":2,"z":1}]}');
    expect(verifyStream(bytes(line))).toMatchObject({ status: 'clean', records: 1 });
    // The same value with an upper-case escape parses equal but is not the canonical bytes.
    expect(verifyStream(bytes(line.replace('\\u000f', '\\u000F')))).toMatchObject({
      status: 'corrupt',
      reason: 'malformed-line',
      firstBadSeq: 1,
    });
    const surrogate = line.replace('"x"', '"\\ud800"');
    expect(verifyStream(bytes(surrogate))).toMatchObject({ status: 'corrupt', reason: 'schema-invalid' });
  });

  it('a stream both corrupt and torn is corrupt', () => {
    const { lines } = makeChain(3);
    expect(verifyStream(bytes(`${lines[0]}garbage\n${lines[2]!.slice(0, 10)}`))).toMatchObject({
      status: 'corrupt',
      firstBadSeq: 2,
      reason: 'malformed-line',
    });
  });

  it('invalid UTF-8 in a line is malformed at that line', () => {
    const { lines } = makeChain(2);
    const buf = Buffer.concat([bytes(lines[0]!), Buffer.from([0xff, 0xfe, 0x0a])]);
    expect(verifyStream(buf)).toMatchObject({ status: 'corrupt', reason: 'malformed-line', firstBadSeq: 2 });
  });

  it('reports time going backwards or in the future as anomalies, never as a failure', () => {
    const early = new Date('2026-12-01T06:00:00Z');
    const late = new Date('2026-12-01T08:00:00Z');
    const a = buildRecord(
      { event: 'stage.staged', actor: 'agent:a', payload: {} },
      { seq: 0, head: null },
      late,
    );
    const b = buildRecord(
      { event: 'stage.staged', actor: 'agent:a', payload: {} },
      { seq: 1, head: a.record.hash },
      early,
    );
    const v = verifyStream(bytes(a.line + b.line), { now: new Date('2026-12-01T07:00:00Z') });
    expect(v.status).toBe('clean');
    expect(v.anomalies).toEqual([
      { code: 'ts-future', seq: 1 },
      { code: 'ts-backwards', seq: 2 },
    ]);
  });

  it('collects every readable record and marks those after the first bad line unverified', () => {
    const { lines } = makeChain(4);
    const text = `${lines[0]}${lines[1]!.replace('"n":1', '"n":9')}${lines[2]}${lines[3]}`;
    const v = verifyStream(bytes(text), { collect: true });
    expect(v.read?.map((r) => [r.record.seq, r.verified])).toEqual([
      [1, true],
      [2, false],
      [3, false],
      [4, false],
    ]);
  });
});
