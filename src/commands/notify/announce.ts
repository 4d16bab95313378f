import type { Config } from '../../core/config.js';
import type { Context } from '../../core/context.js';
import { nodeCrypto } from '../../core/crypto.js';
import { personCommand } from '../../core/person-command.js';
import { buildEvent, type EventFields, type NotifyEvent } from '../../notify/event.js';
import { enqueueEvent } from '../../repo/notify-outbox.js';
import type { StagedAction } from '../../staging/record.js';

/**
 * Writing what waits for a person to the outbox (docs/notify.md), and handing the outbox to a
 * detached drainer. Every writer here is a no-op where `notify:` names no channel, and never
 * fails its caller: an announcement is a courtesy, the stage or window is the fact.
 */

/** The first `n` hex characters of SHA-256 of `text`. */
export function digest(text: string, n = 12): string {
  return nodeCrypto().createHash('sha256').update(text, 'utf8').digest('hex').slice(0, n);
}

function repositoryName(root: string): string {
  const parts = root.split(/[\\/]/).filter((p) => p !== '');
  return parts[parts.length - 1] ?? root;
}

type Announce = Omit<EventFields, 'repository' | 'now' | 'recordObjects'>;

/** Writes one event (once per id) when channels are configured; true when it is new. */
export function announce(
  ctx: Context,
  root: string,
  settings: Pick<Config, 'notify' | 'evidence'>,
  fields: Announce,
): NotifyEvent | null {
  if (settings.notify.channels.length === 0) return null;
  const event = buildEvent({
    ...fields,
    repository: repositoryName(root),
    now: ctx.clock(),
    recordObjects: settings.evidence.recordObjects,
  });
  try {
    return enqueueEvent(root, event) ? event : null;
  } catch {
    return null;
  }
}

/** The event of a stage that has just been written: it waits for a person until its expiry. */
export function stageFields(record: StagedAction, expiresAt: string): Announce {
  return {
    kind: 'stage',
    key: record.token,
    what: record.action,
    object: record.object,
    objectDigest: digest(record.object),
    token: record.token,
    askedBy: record.source,
    until: expiresAt,
    command: personCommand(`confirm ${record.token}`),
  };
}

/**
 * Starts `notify --drain --background` detached, which delivers the outbox while the caller
 * goes on: one drainer at a time runs (the others see its lock and end at once).
 */
export function handOff(ctx: Context, root: string): void {
  ctx.spawn?.detachSelf(['notify', '--drain', '--background', '--root', root]);
}
