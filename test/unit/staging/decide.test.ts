import { describe, expect, it } from 'vitest';
import {
  decideClaim,
  decideConfirm,
  decideDecline,
  findLiveStage,
  selectForClaim,
} from '../../../src/staging/decide.js';
import { standing } from '../../../src/staging/status.js';
import { at, found, MAX_TTL, stage } from './fixtures.js';

const confirmed = () =>
  stage({ state: 'confirmed', decided_by: 'human:ada', resolved_at: '2026-11-30T12:01:00Z' });

describe('claim', () => {
  it('executes a live confirmed stage, handing back the record exactly as confirmed, with the claiming move', () => {
    const r = confirmed();
    const d = decideClaim(found(r, 'confirmed'), { now: at(2), maxTtlMs: MAX_TTL });
    expect(d.outcome).toBe('execute');
    expect(d.record).toEqual(r);
    expect(d.transition).toEqual({
      from: 'confirmed',
      to: 'resolved',
      write: { ...r, state: 'claimed', claimed_at: '2026-11-30T12:02:00Z' },
    });
  });

  it('never consumes anything for a wrong, unconfirmed, expired, declined or tampered stage', () => {
    const cases: Array<[ReturnType<typeof decideClaim>, string]> = [
      [decideClaim(null, { now: at(1), maxTtlMs: MAX_TTL }), 'token-mismatch'],
      [decideClaim(found(stage()), { now: at(1), maxTtlMs: MAX_TTL }), 'not-confirmed'],
      [decideClaim(found(stage()), { now: at(15), maxTtlMs: MAX_TTL }), 'expired'],
      [decideClaim(found(confirmed(), 'confirmed'), { now: at(15), maxTtlMs: MAX_TTL }), 'expired'],
      [
        decideClaim(found(stage({ state: 'declined' }), 'resolved'), { now: at(1), maxTtlMs: MAX_TTL }),
        'declined',
      ],
      [
        decideClaim(found({ ...confirmed(), object: 'main' }, 'confirmed'), {
          now: at(1),
          maxTtlMs: MAX_TTL,
        }),
        'tampered',
      ],
      [
        decideClaim(found(stage({ state: 'claimed' }), 'resolved'), { now: at(1), maxTtlMs: MAX_TTL }),
        'already-claimed',
      ],
      // A claim that stopped between its rename and its rewrite still counts as claimed.
      [decideClaim(found(confirmed(), 'resolved'), { now: at(1), maxTtlMs: MAX_TTL }), 'already-claimed'],
      // Pruned as expired: still expired, not already-claimed.
      [decideClaim(found(stage(), 'resolved'), { now: at(1), maxTtlMs: MAX_TTL }), 'expired'],
      // `state: confirmed` written by hand into pending/ was never confirmed by a person.
      [decideClaim(found(confirmed(), 'pending'), { now: at(1), maxTtlMs: MAX_TTL }), 'not-confirmed'],
    ];
    for (const [d, outcome] of cases) {
      expect(d.outcome).toBe(outcome);
      expect(d.transition).toBeUndefined();
    }
  });

  it('reports a malformed record by name and never executes it', () => {
    const d = decideClaim(
      {
        folder: 'confirmed',
        token: 'abcdef0123456789',
        file: 'x/abcdef0123456789.json',
        problem: 'not valid JSON',
      },
      { now: at(1), maxTtlMs: MAX_TTL },
    );
    expect(d).toEqual({
      outcome: 'malformed',
      record: null,
      file: 'x/abcdef0123456789.json',
      problem: 'not valid JSON',
    });
  });
});

describe('confirm', () => {
  it('moves a waiting stage to confirmed/ with the decider and the time', () => {
    const r = stage();
    const d = decideConfirm(found(r), { now: at(3), maxTtlMs: MAX_TTL }, 'human:ada');
    expect(d.outcome).toBe('confirmed');
    expect(d.transition).toEqual({
      from: 'pending',
      to: 'confirmed',
      write: { ...r, state: 'confirmed', decided_by: 'human:ada', resolved_at: '2026-11-30T12:03:00Z' },
    });
  });

  it('answers a replay with the recorded outcome and refuses a different decision as a re-vote', () => {
    expect(
      decideConfirm(found(confirmed(), 'confirmed'), { now: at(3), maxTtlMs: MAX_TTL }, 'human:bob').outcome,
    ).toBe('already-confirmed');
    expect(
      decideConfirm(
        found(stage({ state: 'claimed' }), 'resolved'),
        { now: at(3), maxTtlMs: MAX_TTL },
        'human:ada',
      ).outcome,
    ).toBe('already-confirmed');
    const declined = decideConfirm(
      found(stage({ state: 'declined' }), 'resolved'),
      { now: at(3), maxTtlMs: MAX_TTL },
      'human:ada',
    );
    expect(declined.outcome).toBe('re-vote');
    expect(declined.transition).toBeUndefined();
  });

  it('refuses an expired, tampered or unknown stage', () => {
    expect(decideConfirm(found(stage()), { now: at(15), maxTtlMs: MAX_TTL }, 'human:ada').outcome).toBe(
      'expired',
    );
    expect(
      decideConfirm(found({ ...stage(), object: 'main' }), { now: at(1), maxTtlMs: MAX_TTL }, 'human:ada')
        .outcome,
    ).toBe('tampered');
    expect(decideConfirm(null, { now: at(1), maxTtlMs: MAX_TTL }, 'human:ada').outcome).toBe(
      'token-mismatch',
    );
  });
});

describe('decline', () => {
  it('moves a waiting stage to resolved/ keeping the reason', () => {
    const r = stage();
    const d = decideDecline(found(r), { now: at(4), maxTtlMs: MAX_TTL }, 'human:ada', 'not this branch');
    expect(d.outcome).toBe('declined');
    expect(d.transition?.to).toBe('resolved');
    expect(d.transition?.write).toMatchObject({
      state: 'declined',
      reason: 'not this branch',
      decided_by: 'human:ada',
    });
  });

  it('replays as already-declined and refuses to decline a confirmed stage', () => {
    expect(
      decideDecline(
        found(stage({ state: 'declined' }), 'resolved'),
        { now: at(4), maxTtlMs: MAX_TTL },
        null,
        null,
      ).outcome,
    ).toBe('already-declined');
    expect(
      decideDecline(found(confirmed(), 'confirmed'), { now: at(4), maxTtlMs: MAX_TTL }, null, null).outcome,
    ).toBe('re-vote');
    expect(decideDecline(found(stage()), { now: at(16), maxTtlMs: MAX_TTL }, null, null).outcome).toBe(
      'expired',
    );
  });
});

describe('choosing records', () => {
  it('claims by action and object prefer a live confirmed stage, then a waiting one, then the newest', () => {
    const waiting = found(stage({}, 'n2'));
    const live = found(stage({ state: 'confirmed' }, 'n3'), 'confirmed');
    const old = found(stage({ state: 'declined' }, 'n4'), 'resolved');
    const other = found({ ...stage({}, 'n5'), object: 'main' });
    expect(
      selectForClaim([old, waiting, live, other], 'delete-branch', 'feature/x', {
        now: at(1),
        maxTtlMs: MAX_TTL,
      }),
    ).toBe(live);
    expect(
      selectForClaim([old, waiting], 'delete-branch', 'feature/x', { now: at(1), maxTtlMs: MAX_TTL }),
    ).toBe(waiting);
    expect(selectForClaim([old], 'delete-branch', 'feature/x', { now: at(1), maxTtlMs: MAX_TTL })).toBe(old);
    expect(selectForClaim([old], 'delete-branch', 'main', { now: at(1), maxTtlMs: MAX_TTL })).toBeNull();
  });

  it('finds a live stage of the same action and object for idempotent staging', () => {
    const waiting = found(stage({}, 'n2'));
    expect(findLiveStage([waiting], 'delete-branch', 'feature/x', { now: at(1), maxTtlMs: MAX_TTL })).toBe(
      waiting.record,
    );
    expect(
      findLiveStage([waiting], 'delete-branch', 'feature/x', { now: at(15), maxTtlMs: MAX_TTL }),
    ).toBeNull();
    expect(
      findLiveStage([waiting], 'delete-branch', 'feature/y', { now: at(1), maxTtlMs: MAX_TTL }),
    ).toBeNull();
    const claimed = found(stage({ state: 'claimed' }, 'n3'), 'resolved');
    expect(
      findLiveStage([claimed], 'delete-branch', 'feature/x', { now: at(1), maxTtlMs: MAX_TTL }),
    ).toBeNull();
  });

  it('derives where a record stands from folder and state', () => {
    expect(
      standing(found(stage({ state: 'confirmed' }), 'confirmed'), { now: at(20), maxTtlMs: MAX_TTL }),
    ).toBe('confirmed-expired');
    expect(standing(found(stage(), 'confirmed'), { now: at(1), maxTtlMs: MAX_TTL })).toBe('awaiting');
  });
});
