import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalize } from '../../../src/evidence/canonical.js';
import { buildRecord, checkEntry, EVIDENCE_EVENTS, InvalidEntryError } from '../../../src/evidence/record.js';

describe('ledger records', () => {
  it('the event list is closed and frozen (SPEC §11)', () => {
    expect([...EVIDENCE_EVENTS]).toEqual([
      'stage.staged',
      'stage.confirmed',
      'stage.declined',
      'stage.claimed',
      'stage.expired',
      'roadmap.archived',
      'window.opened',
      'window.closed',
      'window.bypassed',
      'verdict.recorded',
      'signers.changed',
      'decision.resolved',
      'plan.approved',
    ]);
    expect(Object.isFrozen(EVIDENCE_EVENTS)).toBe(true);
  });

  it('hashes the canonical JSON of the record without hash, and the line is the canonical record', () => {
    const ts = new Date('2026-12-01T07:00:00Z');
    const { record, line } = buildRecord(
      { event: 'stage.staged', actor: 'agent:claude', payload: { token: 'ab12', z: 1, a: [true, null] } },
      { seq: 0, head: null },
      ts,
    );
    expect(record).toMatchObject({ seq: 1, ts: '2026-12-01T07:00:00.000Z', alg: 'sha256/jcs', prev: null });
    const { hash, ...rest } = record;
    expect(hash).toBe(createHash('sha256').update(canonicalize(rest)).digest('hex'));
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(line).toBe(`${canonicalize(record)}\n`);
    const next = buildRecord(
      { event: 'stage.claimed', actor: 'system:x', payload: {} },
      { seq: 1, head: hash },
      ts,
    );
    expect(next.record).toMatchObject({ seq: 2, prev: hash });
  });

  it('refuses unknown events, bad actors and payload values a ledger cannot hold', () => {
    const ok = { event: 'stage.staged', actor: 'human:ana', payload: {} } as const;
    expect(() => checkEntry(ok)).not.toThrow();
    const bad = [
      { ...ok, event: 'stage.deleted' },
      { ...ok, actor: 'ana' },
      { ...ok, actor: 'robot:x' },
      { ...ok, actor: 'human:' },
      { ...ok, actor: `human:${'a'.repeat(129)}` },
      { ...ok, actor: 'human:a\u001b[31m' },
      { ...ok, actor: 'human:a\u202e' },
      { ...ok, payload: { n: 1.5 } },
      { ...ok, payload: { n: 2 ** 60 } },
      { ...ok, payload: { s: '\ud800' } },
      { ...ok, payload: { d: new Date() } },
      { ...ok, payload: [] },
    ];
    for (const entry of bad)
      expect(() => checkEntry(entry as never), JSON.stringify(entry)).toThrow(InvalidEntryError);
  });
});
