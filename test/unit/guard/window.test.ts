import { describe, expect, it } from 'vitest';
import {
  deriveWindow,
  parseWindowDuration,
  WINDOW_REFUSALS,
  type WindowRecordIn,
  windowCovers,
} from '../../../src/guard/window.js';

const T = (minutes: number) => new Date(Date.parse('2026-12-01T08:00:00.000Z') + minutes * 60_000);
const at = (minutes: number) => T(minutes).toISOString();

function opened(
  minutes: number,
  id: string,
  extra: Record<string, unknown> = {},
  actor = 'human:ada',
): WindowRecordIn {
  return {
    verified: true,
    record: {
      ts: at(minutes),
      event: 'window.opened',
      actor,
      payload: {
        window: id,
        actions: ['git-force-push'],
        reason: 'release day',
        expires_at: at(minutes + 30),
        ...extra,
      },
    },
  };
}
const ev = (
  minutes: number,
  event: string,
  payload: Record<string, unknown>,
  verified = true,
): WindowRecordIn => ({
  verified,
  record: { ts: at(minutes), event, actor: 'agent:claude-code', payload },
});

describe('deriveWindow', () => {
  it('is open between the opening and its expiry, counting the commands it let through', () => {
    const records = [opened(0, 'w1'), ev(5, 'window.bypassed', { window: 'w1' }), ev(6, 'stage.staged', {})];
    const state = deriveWindow(records, true, T(10));
    expect(state).toEqual({
      open: true,
      window: {
        id: 'w1',
        openedBy: 'human:ada',
        openedAt: at(0),
        expiresAt: at(30),
        actions: ['git-force-push'],
        reason: 'release day',
        bypassed: 1,
      },
    });
  });

  it('lapses at the expiry instant, writing nothing', () => {
    expect(deriveWindow([opened(0, 'w1')], true, T(30))).toMatchObject({ open: false, because: 'lapsed' });
    expect(deriveWindow([opened(0, 'w1')], true, T(29.99))).toMatchObject({ open: true });
  });

  it('ends at a close naming it; only the latest opening counts', () => {
    expect(
      deriveWindow([opened(0, 'w1'), ev(3, 'window.closed', { window: 'w1' })], true, T(4)),
    ).toMatchObject({
      open: false,
      because: 'closed',
    });
    const reopened = [opened(0, 'w1'), ev(3, 'window.closed', { window: 'w1' }), opened(5, 'w2')];
    expect(deriveWindow(reopened, true, T(6))).toMatchObject({ open: true, window: { id: 'w2' } });
    expect(
      deriveWindow([opened(0, 'w1'), ev(2, 'window.closed', { window: 'other' })], true, T(4)).open,
    ).toBe(true);
  });

  it('resolves every ambiguity to closed', () => {
    const cases: [WindowRecordIn[], boolean][] = [
      [[opened(0, 'w1'), ev(1, 'window.bypassed', { window: 'w1' }, false)], true],
      [[opened(0, 'w1')], false],
      [[opened(0, 'w1', {}, 'agent:claude')], true],
      [[opened(0, 'w1', { actions: [] })], true],
      [[opened(0, 'w1', { expires_at: 'soon' })], true],
      [[opened(0, 'w1', { reason: 3 })], true],
      [[opened(20, 'w1')], true],
    ];
    for (const [records, clean] of cases) {
      expect(deriveWindow(records, clean, T(10))).toMatchObject({ open: false, window: null });
    }
  });

  it('lets a claimed expiry only shorten the window: never past 24 h from its record', () => {
    const long = opened(0, 'w1', { expires_at: at(48 * 60) });
    expect(deriveWindow([long], true, T(23 * 60))).toMatchObject({
      open: true,
      window: { expiresAt: at(24 * 60) },
    });
    expect(deriveWindow([long], true, T(24 * 60)).open).toBe(false);
  });
});

describe('windowCovers, durations and refusal codes', () => {
  it('covers a call only when every action is in scope and none is never', () => {
    const state = deriveWindow([opened(0, 'w1', { actions: ['git-force-push', 'gh-pr-merge'] })], true, T(1));
    expect(windowCovers(state, ['git-force-push'], [])).toBe(true);
    expect(windowCovers(state, ['git-force-push', 'gh-pr-merge'], [])).toBe(true);
    expect(windowCovers(state, ['git-force-push', 'git-clean'], [])).toBe(false);
    expect(windowCovers(state, ['git-force-push'], ['git-force-push'])).toBe(false);
    expect(windowCovers(deriveWindow([], true, T(1)), ['git-force-push'], [])).toBe(false);
  });

  it('reads --for as ^[1-9][0-9]*(m|h)$', () => {
    expect(parseWindowDuration('30m')).toBe(1_800_000);
    expect(parseWindowDuration('24h')).toBe(86_400_000);
    for (const bad of ['0m', '05m', '30', '1d', '90s', ' 30m', '1.5h', '-1h'])
      expect(parseWindowDuration(bad)).toBeNull();
  });

  it('freezes the refusal codes and their exit codes', () => {
    expect(Object.fromEntries(Object.entries(WINDOW_REFUSALS).map(([code, o]) => [code, o.exit]))).toEqual({
      'actor-not-human': 2,
      'reason-required': 2,
      'duration-invalid': 2,
      'duration-too-long': 2,
      'actions-required': 2,
      'action-unknown': 2,
      'action-never': 2,
      'ledger-unreadable': 2,
      'ledger-disabled': 2,
      'stdin-not-tty': 1,
      'confirmation-mismatch': 1,
      'window-already-open': 1,
      'window-not-open': 1,
      'signature-required': 2,
      'signer-unknown': 1,
      'signature-invalid': 1,
    });
  });
});
