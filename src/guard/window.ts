/**
 * Gate windows (SPEC §12): a person's time-boxed, recorded suspension of the confirmation for
 * named actions. The state is derived only from `window.*` ledger records and the clock; every
 * ambiguity resolves to closed, and a lapse writes nothing.
 */

import { parseDuration } from '../core/config.js';
import { outcomes } from '../core/outcomes.js';

/** The longest window a person can open. */
export const MAX_WINDOW_MS = 24 * 60 * 60 * 1000;

/** `--for`: minutes or hours, no leading zero: `30m`, `2h`. */
export const WINDOW_DURATION = /^[1-9][0-9]*(m|h)$/;

/**
 * Milliseconds of a `--for` value, or null when it does not follow the grammar: the config's
 * duration parser, on the narrower grammar a person types here.
 */
export function parseWindowDuration(text: string): number | null {
  return WINDOW_DURATION.test(text) ? parseDuration(text) : null;
}

/** A ledger record as the derivation needs it. */
export interface WindowRecordIn {
  record: { ts: string; event: string; actor: string; payload: Record<string, unknown> };
  verified: boolean;
}

/** An open window, as `window status --json` shows it. */
export interface WindowView {
  id: string;
  openedBy: string;
  openedAt: string;
  expiresAt: string;
  actions: string[];
  reason: string;
  /** How many guarded commands it let through so far. */
  bypassed: number;
}

/** Why no window is open, for messages (`window status` shows only open or not). */
export type ClosedBecause = 'none' | 'closed' | 'lapsed' | 'unreadable';

export type WindowState =
  | { open: true; window: WindowView }
  /** `why`: for `unreadable`, what in the ledger keeps it closed (a file and its problem). */
  | { open: false; window: null; because: ClosedBecause; why?: string };

const closed = (because: ClosedBecause): WindowState => ({ open: false, window: null, because });

function openedView(r: WindowRecordIn['record']): Omit<WindowView, 'bypassed'> | null {
  const p = r.payload;
  if (
    !r.actor.startsWith('human:') ||
    typeof p.window !== 'string' ||
    typeof p.reason !== 'string' ||
    typeof p.expires_at !== 'string' ||
    !Array.isArray(p.actions) ||
    p.actions.length === 0 ||
    p.actions.some((a) => typeof a !== 'string')
  ) {
    return null;
  }
  const opened = Date.parse(r.ts);
  const claimed = Date.parse(p.expires_at);
  if (Number.isNaN(opened) || Number.isNaN(claimed)) return null;
  // A claimed expiry can only shorten the window: never past 24 h from the record's own time.
  const expires = Math.min(claimed, opened + MAX_WINDOW_MS);
  return {
    id: p.window,
    openedBy: r.actor,
    openedAt: r.ts,
    expiresAt: new Date(expires).toISOString(),
    actions: p.actions as string[],
    reason: p.reason,
  };
}

/**
 * The window state at `now` from the ledger's records (in time order) and whether every stream
 * read clean. The latest `window.opened` counts; a `window.closed` naming it ends it; an
 * unverified window record, an unclean stream, a malformed opening, an opening in the future
 * or a past expiry all read as closed.
 */
export function deriveWindow(
  records: readonly WindowRecordIn[],
  streamsClean: boolean,
  now: Date,
): WindowState {
  const mine = records.filter((r) => r.record.event.startsWith('window.'));
  if (!streamsClean || mine.some((r) => !r.verified)) return closed('unreadable');
  const openings = mine.filter((r) => r.record.event === 'window.opened');
  const latest = openings[openings.length - 1];
  if (latest === undefined) return closed('none');
  const view = openedView(latest.record);
  if (view === null) return closed('unreadable');
  const t = now.getTime();
  if (Date.parse(view.openedAt) > t) return closed('unreadable');
  if (t >= Date.parse(view.expiresAt)) return closed('lapsed');
  const names = (r: WindowRecordIn) => r.record.payload.window === view.id;
  if (mine.some((r) => r.record.event === 'window.closed' && names(r))) return closed('closed');
  const bypassed = mine.filter((r) => r.record.event === 'window.bypassed' && names(r)).length;
  return { open: true, window: { ...view, bypassed } };
}

/** Whether an open window lets a guarded command through: every action in scope, none `never`. */
export function windowCovers(
  state: WindowState,
  actions: readonly string[],
  never: readonly string[],
): boolean {
  return (
    state.open &&
    never.length === 0 &&
    actions.length > 0 &&
    actions.every((a) => state.window.actions.includes(a))
  );
}

/**
 * The refusals of `window open|close`, their exit codes and when each is given, in
 * docs/guard.md's order. Frozen: scripts depend on the names.
 */
export const WINDOW_REFUSALS = outcomes({
  'actor-not-human': { exit: 2, meaning: 'no `--as human:<name>` or `AGENT_CONFIG_HUMAN`' },
  'reason-required': { exit: 2, meaning: 'no `--reason`' },
  'duration-invalid': { exit: 2, meaning: '`--for` does not match `^[1-9][0-9]*(m|h)$`' },
  'duration-too-long': { exit: 2, meaning: 'longer than 24 h' },
  'actions-required': { exit: 2, meaning: '`--actions` names nothing' },
  'action-unknown': { exit: 2, meaning: 'not a guarded action of the rules in force' },
  'action-never': { exit: 2, meaning: 'marked `window: never`' },
  'ledger-unreadable': {
    exit: 2,
    meaning: 'the ledger does not read clean (`agent-config evidence verify`)',
  },
  'ledger-disabled': { exit: 2, meaning: '`evidence.ledger: false`' },
  'stdin-not-tty': { exit: 1, meaning: 'stdin is not a terminal' },
  'confirmation-mismatch': { exit: 1, meaning: 'the answer was not `understood`' },
  'window-already-open': { exit: 1, meaning: 'close it first' },
  'window-not-open': { exit: 1, meaning: '`close` with no open window' },
  'signature-required': {
    exit: 2,
    meaning: 'signers are registered: the opening is signed with a key and the ledger is on',
  },
  'signer-unknown': {
    exit: 1,
    meaning: 'the signing key is not trusted for this person in every version of the signers file',
  },
  'signature-invalid': { exit: 1, meaning: 'the signature made does not verify for the record' },
});

export type WindowRefusal = keyof typeof WINDOW_REFUSALS;
