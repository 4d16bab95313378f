import { describe, expect, it } from 'vitest';
import { canonicalize } from '../../../src/evidence/canonical.js';
import {
  buildRecord,
  InvalidEntryError,
  type LedgerRecord,
  sha256Hex,
  signedContent,
} from '../../../src/evidence/record.js';
import { verifyStream } from '../../../src/evidence/verify.js';
import { bytes, makeChain } from './chain.js';

const TS = new Date('2026-12-01T08:00:00.000Z');
const SIG = '-----BEGIN SSH SIGNATURE-----\nAAAA\n-----END SSH SIGNATURE-----\n';

/** A line as a writer of any schema would write it: canonical, hashed without `hash`. */
function forge(record: Record<string, unknown>): string {
  const { hash: _drop, ...rest } = record;
  return `${canonicalize({ ...rest, hash: sha256Hex(canonicalize(rest)) })}\n`;
}

describe('record schema 2: sig and the newer events', () => {
  const chain = makeChain(2);
  const after = { seq: 2, head: chain.records[1]!.hash };

  it('a signed record carries sig and v: 2, keeps the signed time, and the hash covers sig', () => {
    const { record, line } = buildRecord(
      {
        event: 'stage.confirmed',
        actor: 'human:ada',
        payload: { token: 'ab12', decided_by: 'human:ada' },
        signed: { sig: SIG, ts: '2026-12-01T07:59:59.123Z', stream: 's1' },
      },
      after,
      TS,
    );
    expect(record).toMatchObject({ sig: SIG, v: 2, ts: '2026-12-01T07:59:59.123Z', seq: 3 });
    expect(line).toBe(`${canonicalize(record)}\n`);
    const { hash, ...rest } = record;
    expect(hash).toBe(sha256Hex(canonicalize(rest)));
    expect(verifyStream(bytes(chain.text + line))).toMatchObject({ status: 'clean', records: 3 });
    const edited = line.replace('AAAA', 'AAAB');
    expect(verifyStream(bytes(chain.text + edited))).toMatchObject({
      status: 'corrupt',
      reason: 'hash-mismatch',
    });
  });

  it('an event after schema 1 is written with v: 2; unsigned schema-1 records stay as they were', () => {
    const { record } = buildRecord({ event: 'signers.changed', actor: 'human:ada', payload: {} }, after, TS);
    expect(record.v).toBe(2);
    expect(chain.records.every((r) => r.v === undefined && r.sig === undefined)).toBe(true);
    expect(chain.lines[0]).not.toContain('"v"');
  });

  it('v must say exactly what the record needs: sig without v, or v without need, is schema-invalid', () => {
    const base = buildRecord({ event: 'stage.confirmed', actor: 'human:ada', payload: {} }, after, TS).record;
    const cases: Array<Record<string, unknown>> = [
      { ...base, sig: SIG },
      { ...base, v: 2 },
      { ...base, event: 'signers.changed' },
      { ...base, sig: 7, v: 2 },
      { ...base, sig: '', v: 2 },
      { ...base, v: 1 },
      { ...base, sig: SIG, v: 2, extra: 1 },
    ];
    for (const c of cases)
      expect(verifyStream(bytes(chain.text + forge(c))), JSON.stringify(c)).toMatchObject({
        status: 'corrupt',
        reason: 'schema-invalid',
        firstBadSeq: 3,
      });
  });

  it('a record of a newer schema whose own hash holds is reported as written by a newer version', () => {
    const base = buildRecord({ event: 'stage.confirmed', actor: 'human:ada', payload: {} }, after, TS).record;
    const newer: Record<string, unknown> = { ...base, v: 3, event: 'future.thing', aardvark: [1] };
    const v = verifyStream(bytes(chain.text + forge(newer)));
    expect(v).toMatchObject({
      status: 'corrupt',
      reason: 'newer-version',
      firstBadSeq: 3,
      intactThroughSeq: 2,
    });
    expect(v.detail).toMatch(/newer agent-config/);
    // Edited after it was written, it is what it is: a hash mismatch.
    const tampered = forge(newer).replace('"future.thing"', '"future.thinG"');
    expect(verifyStream(bytes(chain.text + tampered))).toMatchObject({ reason: 'hash-mismatch' });
  });

  it('the signed content is the canonical stream, event, actor, ts and payload', () => {
    const r: Pick<LedgerRecord, 'event' | 'actor' | 'ts' | 'payload'> = {
      event: 'window.opened',
      actor: 'human:ada',
      ts: '2026-12-01T08:00:00.000Z',
      payload: { window: 'w1', b: 1, a: 2 },
    };
    expect(signedContent({ ...r, stream: 'abc' })).toBe(
      '{"actor":"human:ada","event":"window.opened","payload":{"a":2,"b":1,"window":"w1"},"stream":"abc","ts":"2026-12-01T08:00:00.000Z"}',
    );
  });

  it('decision.resolved and plan.approved records are schema 2, of their documented payload shapes', () => {
    const sha = 'a'.repeat(64);
    const resolved = {
      event: 'decision.resolved' as const,
      actor: 'human:ada',
      payload: {
        roadmap: 'agents/roadmaps/r.md',
        blocker: 'B1',
        entrySha256: sha,
        option: 'A',
        decider: 'human:ada',
      },
    };
    expect(buildRecord(resolved, after, TS).record).toMatchObject({ v: 2, event: 'decision.resolved' });
    const { option: _o, ...noChoice } = resolved.payload;
    const answered = { ...resolved, payload: { ...noChoice, answer: 'ship it' } };
    expect(buildRecord(answered, after, TS).record.v).toBe(2);
    const approved = {
      event: 'plan.approved' as const,
      actor: 'human:ada',
      payload: { roadmap: 'r.md', planSha256: sha },
    };
    expect(buildRecord(approved, after, TS).record).toMatchObject({ v: 2, payload: { planSha256: sha } });
    const refused: Array<[string, unknown]> = [
      ['neither option nor answer', { ...resolved, payload: noChoice }],
      ['both', { ...resolved, payload: { ...resolved.payload, answer: 'x' } }],
      [
        'a decider other than the actor',
        { ...resolved, payload: { ...resolved.payload, decider: 'human:bob' } },
      ],
      [
        'an agent deciding',
        { ...resolved, actor: 'agent:x', payload: { ...resolved.payload, decider: 'agent:x' } },
      ],
      ['a member the schema lacks', { ...approved, payload: { ...approved.payload, extra: 'x' } }],
      ['a missing member', { ...approved, payload: { roadmap: 'r.md' } }],
      ['a digest that is not one', { ...approved, payload: { roadmap: 'r.md', planSha256: 'abc' } }],
      ['a number where text goes', { ...resolved, payload: { ...resolved.payload, blocker: 7 } }],
    ];
    for (const [why, entry] of refused)
      expect(() => buildRecord(entry as typeof resolved, after, TS), why).toThrow(InvalidEntryError);
  });
});
