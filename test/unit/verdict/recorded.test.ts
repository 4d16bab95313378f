import { describe, expect, it } from 'vitest';
import {
  asVerdictPayload,
  sameVerdict,
  VERDICT_RECORD_OUTCOMES,
  verdictPayload,
  verdictsByToken,
} from '../../../src/verdict/recorded.js';

const deny = verdictPayload('abcd1234', 'reviewer:a', {
  risk: 'high',
  authorization: 'low',
  decision: 'deny',
  reason: 'no',
});
const ask = verdictPayload('abcd1234', 'reviewer:b', {
  risk: 'high',
  authorization: 'low',
  decision: 'ask',
  reason: 'who?',
});
const entry = (payload: object, verified = true, event = 'verdict.recorded') => ({
  event,
  payload: payload as Record<string, unknown>,
  verified,
});

describe('recorded verdicts', () => {
  it('are keyed by token, the first verified one counting; unverified and other events are ignored', () => {
    const map = verdictsByToken([
      entry(ask, false),
      entry({ ...deny, token: 'ffff0000' }, true, 'stage.declined'),
      entry(deny),
      entry(ask),
      entry({ token: 'bad' }),
    ]);
    expect([...map.keys()]).toEqual(['abcd1234']);
    expect(map.get('abcd1234')).toEqual(deny);
  });

  it('compare the reviewer and every field; a payload of another shape reads as none', () => {
    expect(sameVerdict(deny, { ...deny })).toBe(true);
    expect(sameVerdict(deny, { ...deny, reason: 'No' })).toBe(false);
    expect(sameVerdict(deny, { ...deny, reviewer: 'reviewer:b' })).toBe(false);
    expect(
      verdictPayload('t', 'reviewer:a', { risk: 'low', authorization: 'high', decision: 'allow' }).reason,
    ).toBeNull();
    expect(asVerdictPayload({ ...deny, risk: 3 })).toBeNull();
    expect(asVerdictPayload({ ...deny, reason: {} })).toBeNull();
    expect(asVerdictPayload({ ...deny, extra: 'x' })).toEqual(deny);
  });

  it('have a frozen table of outcomes and exit codes', () => {
    expect(Object.entries(VERDICT_RECORD_OUTCOMES).map(([code, o]) => `${code} ${o.exit}`)).toEqual([
      'recorded 0',
      'already-recorded 0',
      'decline-unrecorded 1',
      'verdict-invalid 1',
      'verdict-conflict 1',
      'stage-decided 1',
      'expired 1',
      'tampered 1',
      'malformed 1',
      'token-mismatch 1',
      'invalid-token 2',
    ]);
    expect(Object.isFrozen(VERDICT_RECORD_OUTCOMES)).toBe(true);
  });
});
