import { describe, expect, it } from 'vitest';
import { buildStage, formatInstant, parseRecord, serializeRecord } from '../../../src/staging/record.js';
import { stage, T0 } from './fixtures.js';

describe('stage records', () => {
  it('are built with second-precision UTC timestamps and expires_at = staged_at + ttl', () => {
    const r = buildStage(
      {
        action: 'a',
        object: 'o',
        source: 's',
        nonce: 'n',
        now: new Date('2026-11-30T12:00:00.750Z'),
        ttlMs: 90_000,
      },
      'abcdef0123456789',
    );
    expect(r).toMatchObject({
      staged_at: '2026-11-30T12:00:00Z',
      expires_at: '2026-11-30T12:01:30Z',
      ttl_ms: 90_000,
      state: 'pending',
      decided_by: null,
      resolved_at: null,
      reason: null,
      claimed_at: null,
    });
    expect(formatInstant(T0)).toBe('2026-11-30T12:00:00Z');
  });

  it('serialize with the issue field order and read back unchanged', () => {
    const r = stage();
    const text = serializeRecord(r);
    expect(Object.keys(JSON.parse(text))).toEqual([
      'token',
      'action',
      'object',
      'source',
      'nonce',
      'staged_at',
      'expires_at',
      'ttl_ms',
      'state',
      'decided_by',
      'resolved_at',
      'reason',
      'claimed_at',
    ]);
    expect(text.endsWith('}\n')).toBe(true);
    expect(parseRecord(text)).toEqual({ record: r });
  });

  it('read an upstream-style record without optional fields as pending', () => {
    const r = stage();
    const { token, action, object, source, nonce, staged_at, expires_at } = r;
    const parsed = parseRecord(
      JSON.stringify({ token, action, object, source, nonce, staged_at, expires_at }),
    );
    expect(parsed).toEqual({ record: { ...r, ttl_ms: 15 * 60_000 } });
  });

  it('name the reason a file is not a record', () => {
    const ok = JSON.parse(serializeRecord(stage()));
    const cases: Array<[unknown, string]> = [
      ['{', 'not valid JSON'],
      [[], 'not a JSON object'],
      [{ ...ok, staged_at: undefined }, "'staged_at' is missing or not a string"],
      [{ ...ok, nonce: undefined }, "'nonce' is missing or not a string"],
      [{ ...ok, token: '../../etc' }, "'token' is not 8 to 64 lower-case hex characters"],
      [{ ...ok, expires_at: 'tomorrow' }, "'expires_at' is not an ISO-8601 timestamp"],
      [{ ...ok, state: 'approved' }, "'state' is not a known state"],
      [{ ...ok, reason: 3 }, "'reason' is not a string"],
      [{ ...ok, ttl_ms: '1' }, "'ttl_ms' is not a number"],
    ];
    for (const [data, problem] of cases) {
      const text = typeof data === 'string' ? data : JSON.stringify(data);
      expect(parseRecord(text), text).toEqual({ problem });
    }
  });
});
