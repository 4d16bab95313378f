import { sanitize } from '../core/text/sanitize.js';
import type { RecordState } from './record.js';

/**
 * Who may decide what (a closed set, SPEC §13): a person (`human:<id>`) confirms or declines, a
 * reviewer (`reviewer:<id>`) only declines, the clock (`system:ttl`) only expires. Checked where a
 * record is written and again where it is read: a stored record whose decider does not fit its
 * decision is `tampered`.
 */
export type DeciderKind = 'human' | 'reviewer' | 'system';

/** What a decider can settle a stage as. */
export type Settlement = 'confirmed' | 'declined' | 'expired';

export interface Decider {
  kind: DeciderKind;
  id: string;
}

const MAY: Readonly<Record<DeciderKind, readonly Settlement[]>> = Object.freeze({
  human: Object.freeze(['confirmed', 'declined'] as const),
  reviewer: Object.freeze(['declined'] as const),
  system: Object.freeze(['expired'] as const),
});

/** The clock, the one system decider. */
const SYSTEM_TTL = 'system:ttl';

/** An id: not blank, at most 100 characters, nothing a terminal would act on or hide. */
function isId(id: string): boolean {
  return id.trim() !== '' && id.length <= 100 && sanitize(id, { inline: true }) === id;
}

/** The decider a string names, or null when it is none of the closed set. */
export function parseDecider(text: unknown): Decider | null {
  if (typeof text !== 'string') return null;
  if (text === SYSTEM_TTL) return { kind: 'system', id: 'ttl' };
  const m = /^(human|reviewer):(.*)$/s.exec(text);
  if (m === null || !isId(m[2]!)) return null;
  return { kind: m[1] as DeciderKind, id: m[2]! };
}

/** Whether `decider` may settle a stage as `settlement`. */
export function mayDecide(decider: string | null, settlement: Settlement): boolean {
  const d = parseDecider(decider);
  return d !== null && MAY[d.kind].includes(settlement);
}

/**
 * Whether a stored record's `decided_by` fits its state: nobody (or the clock) for one still
 * waiting, a person for a confirmation (and the claim that followed it), a person or a reviewer
 * for a decline.
 */
export function deciderFits(state: RecordState, decidedBy: string | null): boolean {
  switch (state) {
    case 'pending':
      return decidedBy === null || decidedBy === SYSTEM_TTL;
    case 'confirmed':
    case 'claimed':
      return mayDecide(decidedBy, 'confirmed');
    case 'declined':
      return mayDecide(decidedBy, 'declined');
    default:
      return false;
  }
}
