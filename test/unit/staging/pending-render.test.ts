import { describe, expect, it } from 'vitest';
import { pendingDocument } from '../../../src/commands/staging/pending.js';
import {
  confirmationSurface,
  confirmQuestion,
  exactValue,
  type PendingRow,
  renderPendingText,
} from '../../../src/render/pending.js';

const row = (n: number, overrides: Partial<PendingRow> = {}): PendingRow => ({
  token: `${n}`.repeat(16).slice(0, 16),
  action: 'delete-branch',
  object: `feature/${n}`,
  source: 'agent:claude',
  stagedAt: '2026-11-30T12:00:00Z',
  expiresAt: '2026-11-30T12:15:00Z',
  status: 'pending',
  ...overrides,
});

describe('the --pending text view (reference §4.7)', () => {
  it('says nothing waits, with and without expired stages', () => {
    expect(renderPendingText([])).toBe('No staged actions awaiting confirmation.\n');
    expect(renderPendingText([row(1, { status: 'expired' })])).toBe(
      'Nothing awaits your confirmation. 1 stage expired unconfirmed — the action never fired.\n',
    );
    expect(renderPendingText([row(1, { status: 'expired' }), row(2, { status: 'expired' })])).toBe(
      'Nothing awaits your confirmation. 2 stages expired unconfirmed — the action never fired.\n',
    );
    expect(renderPendingText([row(1, { status: 'tampered' })])).toBe(
      'No staged actions awaiting confirmation.\n',
    );
  });

  it('lists live stages with the upstream layout and only counts expired ones', () => {
    const text = renderPendingText([
      row(1),
      row(2, { status: 'expired' }),
      row(3, { source: 'hook:pre-push' }),
    ]);
    expect(text).toBe(
      [
        '2 staged actions await your confirmation · 1 expired unconfirmed',
        '',
        '── 1 · delete-branch ──────────────────────────────── token: 1111111111111111',
        '  Object:            feature/1',
        '  Staged by:         agent:claude',
        '  Expires:           2026-11-30T12:15:00Z',
        '',
        '── 2 · delete-branch ──────────────────────────────── token: 3333333333333333',
        '  Object:            feature/3',
        '  Staged by:         hook:pre-push',
        '  Expires:           2026-11-30T12:15:00Z',
        '',
        '',
      ].join('\n'),
    );
    expect(renderPendingText([row(1)]).split('\n')[0]).toBe('1 staged action awaits your confirmation');
  });

  it('sanitizes every value that came from a record', () => {
    const text = renderPendingText([
      row(1, { action: 'rm\u001b[2J', object: 'a\u202Eb', source: 'x\u0007' }),
    ]);
    expect(text).not.toMatch(/[\u001b\u202E\u0007]/);
    expect(text).toContain('rm\\x1B[2J');
    expect(text).toContain('a\\u{202E}b');
  });
});

describe('the --pending JSON view', () => {
  it('keeps raw values, counts, every row with its derived status, and the unreadable files', () => {
    const doc = pendingDocument({
      rows: [row(1, { object: 'a\u001bb' }), row(2, { status: 'expired' })],
      unreadable: [{ file: 'agents/runtime/staged-confirmations/pending/x.json', problem: 'not valid JSON' }],
    });
    expect(Object.keys(doc)).toEqual(['awaitingYou', 'expired', 'staged', 'unreadable']);
    expect(doc.awaitingYou).toBe(1);
    expect(doc.expired).toBe(1);
    expect(Object.keys(doc.staged[0]!)).toEqual([
      'token',
      'action',
      'object',
      'source',
      'stagedAt',
      'expiresAt',
      'status',
    ]);
    expect(doc.staged[0]!.object).toBe('a\u001bb');
    expect(doc.staged[1]!.status).toBe('expired');
    expect(doc.unreadable).toHaveLength(1);
  });
});

describe('what a person is shown', () => {
  it('shows values exactly, on one line, with no raw control characters', () => {
    expect(exactValue('a  b')).toBe('a  b');
    expect(exactValue('a\nForged: yes')).toBe('a\\x0AForged: yes');
    expect(exactValue('a\tb\u001b')).toBe('a\\x09b\\x1B');
  });

  it('asks for the last four characters after the action, object, stager, window and decider', () => {
    const q = confirmQuestion(
      {
        token: 'abcdef0123456789',
        action: 'delete-branch',
        object: 'feature/x\n  Object: main',
        source: 'agent:a',
        staged_at: '2026-11-30T12:00:00Z',
      },
      '2026-11-30T12:15:00Z',
      'human:ada',
    );
    const lines = q.split('\n');
    expect(lines[0]).toBe('── Confirm a staged action ────────────────────────── token: abcdef0123456789');
    expect(lines.slice(1, 7)).toEqual([
      '  Action:            delete-branch',
      '  Object:            feature/x\\x0A  Object: main',
      '  Staged by:         agent:a',
      '  Staged at:         2026-11-30T12:00:00Z',
      '  Expires:           2026-11-30T12:15:00Z',
      '  Deciding as:       human:ada',
    ]);
    expect(
      q.endsWith('Type the last four characters of the token to confirm (anything else cancels): '),
    ).toBe(true);
  });

  it('names this tool’s verbs in the confirmation surface, or the caller’s own channel', () => {
    const stage = { token: 'abcdef0123456789', action: 'a', object: 'o', expiresAt: '2026-11-30T12:15:00Z' };
    const plain = confirmationSurface(stage).join('\n');
    expect(plain).toContain('agent-config confirm abcdef0123456789');
    expect(plain).toContain('agent-config gates --pending');
    expect(plain).not.toMatch(/--confirm|--yes/);
    const own = confirmationSurface(stage, { confirmWith: 'reply CONFIRM', declineWith: 'reply NO' }).join(
      '\n',
    );
    expect(own).toContain('Confirm: reply CONFIRM');
    expect(own).not.toContain('agent-config confirm');
  });
});
