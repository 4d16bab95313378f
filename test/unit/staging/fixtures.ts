import { buildStage, type Folder, type Found, type StagedAction } from '../../../src/staging/record.js';
import { deriveToken } from '../../../src/staging/token.js';

/** The instant every staging unit test stages at. */
export const T0 = new Date('2026-11-30T12:00:00Z');
export const MIN = 60_000;
/** The default maximum lifetime (24h). */
export const MAX_TTL = 24 * 60 * MIN;

/**
 * A pending stage of `delete-branch feature/x`, staged at T0 for 15 minutes. A decided state
 * comes with a decider that fits it (`human:ada`) unless `decided_by` is given.
 */
export function stage(overrides: Partial<StagedAction> = {}, nonce = 'nonce-1'): StagedAction {
  const input = {
    action: 'delete-branch',
    object: 'feature/x',
    source: 'agent:test',
    nonce,
    now: T0,
    ttlMs: 15 * MIN,
  };
  const decided = overrides.state !== undefined && overrides.state !== 'pending';
  return {
    ...buildStage(input, deriveToken(input.action, input.object, nonce)),
    ...(decided ? { decided_by: 'human:ada' } : {}),
    ...overrides,
  };
}

/** A found record in a folder. */
export function found(
  record: StagedAction,
  folder: Folder = 'pending',
): Extract<Found, { record: StagedAction }> {
  return {
    folder,
    token: record.token,
    file: `agents/runtime/staged-confirmations/${folder}/${record.token}.json`,
    record,
  };
}

/** `minutes` after T0. */
export function at(minutes: number): Date {
  return new Date(T0.getTime() + minutes * MIN);
}
