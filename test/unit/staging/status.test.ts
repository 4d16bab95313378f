import { describe, expect, it } from 'vitest';
import type { StagedAction } from '../../../src/staging/record.js';
import { effectiveExpiry, isTampered, readStage, stageStatus } from '../../../src/staging/status.js';
import { at, found, MAX_TTL, MIN, stage, T0 } from './fixtures.js';

const readAt = (r: StagedAction, now: Date, maxTtlMs: number) => readStage(found(r), { now, maxTtlMs });

describe('stage status from the clock', () => {
  it('is pending before the expiry and expired at the expiry instant itself', () => {
    const r = stage();
    expect(stageStatus(readAt(r, at(14.99), MAX_TTL))).toBe('pending');
    expect(readAt(r, at(15), MAX_TTL).lapsed).toBe(true);
    expect(stageStatus(readAt(r, at(15), MAX_TTL))).toBe('expired');
    expect(stageStatus(readAt(r, new Date(T0.getTime() + 15 * MIN - 1), MAX_TTL))).toBe('pending');
  });

  it('keeps a decision after the window: confirmed, declined and claimed are sticky', () => {
    for (const state of ['confirmed', 'declined', 'claimed'] as const) {
      expect(stageStatus(readAt(stage({ state }), at(60 * 48), MAX_TTL))).toBe(state);
    }
  });

  it('reads expiry as the earlier of expires_at and staged_at + the maximum TTL', () => {
    const pushed = stage({ expires_at: '2027-01-01T00:00:00Z' });
    expect(effectiveExpiry(pushed, { maxTtlMs: MAX_TTL })).toBe(T0.getTime() + MAX_TTL);
    expect(stageStatus(readAt(pushed, at(24 * 60), MAX_TTL))).toBe('expired');
    expect(stageStatus(readAt(pushed, at(24 * 60 - 1), MAX_TTL))).toBe('pending');
    const shortened = stage({ expires_at: '2026-11-30T12:05:00Z' });
    expect(stageStatus(readAt(shortened, at(5), MAX_TTL))).toBe('expired');
    expect(stageStatus(readAt(stage(), at(10), 10 * MIN))).toBe('expired');
  });

  it('is tampered when action, object or nonce no longer hash to the token, or the file name differs', () => {
    const r = stage();
    expect(isTampered(r)).toBe(false);
    expect(stageStatus(readAt({ ...r, object: 'main' }, at(1), MAX_TTL))).toBe('tampered');
    expect(stageStatus(readAt({ ...r, action: 'force-push' }, at(1), MAX_TTL))).toBe('tampered');
    expect(stageStatus(readAt({ ...r, nonce: 'other' }, at(1), MAX_TTL))).toBe('tampered');
    expect(stageStatus(readAt({ ...r, state: 'confirmed', object: 'main' }, at(1), MAX_TTL))).toBe(
      'tampered',
    );
    expect(isTampered(r, '0000000000000000')).toBe(true);
    // Fields outside the hash may change without making the record tampered.
    expect(isTampered({ ...r, source: 'someone else' })).toBe(false);
  });
});
