import { personCommand } from '../core/person-command.js';

/**
 * What waits for a person, as one announcement (docs/notify.md, "The event"). Pure: the
 * outbox adapter writes these, the drainer turns them into messages. An event carries no
 * power: nothing received on any channel confirms, declines or opens anything.
 */

/** The schema's name; a change of any member's meaning is a new name. */
export const NOTIFY_SCHEMA = 'agent-config.notify/1';

/** Why a person is told: a stage waits, a window opened, a reviewer asks, a stage expired unanswered, a gate waits. */
export const NOTIFY_KINDS = ['stage', 'window', 'ask', 'expired', 'gate'] as const;
export type NotifyKind = (typeof NOTIFY_KINDS)[number];

/** One announcement, as written to the outbox and sent (with `text`) to a webhook or a command. */
export interface NotifyEvent {
  schema: typeof NOTIFY_SCHEMA;
  /** `<kind>.<hex>`: the same fact always gets the same id, so a receiver can drop a repeat. */
  id: string;
  kind: NotifyKind;
  /** The repository's folder name. */
  repository: string;
  /** When the fact was seen, ISO-8601. */
  created_at: string;
  /** What waits: the guarded action(s), the window's actions, or the gate's title. */
  what: string;
  /** The staged object exactly, only where `evidence.record-objects` is true; else null. */
  object: string | null;
  /** The first 12 hex characters of the object's SHA-256 (null when there is no object). */
  object_digest: string | null;
  /** The stage's token, when the event concerns a stage. */
  token: string | null;
  /** Who asked: the stage's source, the person who opened the window, the reviewer. */
  asked_by: string;
  /** Until when it waits (or the window stays open), ISO-8601; null when it does not expire. */
  until: string | null;
  /** The exact command a person runs at a terminal in the repository (`npx --no agent-config …`). */
  command: string;
}

/** The members of an event, in order: the test that freezes the schema reads this list. */
export const NOTIFY_EVENT_KEYS = [
  'schema',
  'id',
  'kind',
  'repository',
  'created_at',
  'what',
  'object',
  'object_digest',
  'token',
  'asked_by',
  'until',
  'command',
] as const;

/** An id: the kind, a dot, 8–64 lower-case hex characters (safe as a file name). */
export const EVENT_ID = /^(stage|window|ask|expired|gate)\.[0-9a-f]{8,64}$/;

export function isEventId(id: string): boolean {
  return EVENT_ID.test(id);
}

export interface EventFields {
  kind: NotifyKind;
  /** Hex that identifies the fact: a stage's token, a window's id, a digest. */
  key: string;
  repository: string;
  now: Date;
  what: string;
  object: string | null;
  objectDigest: string | null;
  recordObjects: boolean;
  token: string | null;
  askedBy: string;
  until: string | null;
  command: string;
}

/** Builds an event; the object is kept only when `recordObjects` allows it. */
export function buildEvent(f: EventFields): NotifyEvent {
  return {
    schema: NOTIFY_SCHEMA,
    id: `${f.kind}.${f.key}`,
    kind: f.kind,
    repository: f.repository,
    created_at: f.now.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    what: f.what,
    object: f.recordObjects ? f.object : null,
    object_digest: f.objectDigest,
    token: f.token,
    asked_by: f.askedBy,
    until: f.until,
    command: f.command,
  };
}

/** The one command a person is told to run for an event of `kind` (the token for a stage). */
export function expectedCommand(kind: NotifyKind, token: string | null): string {
  if (kind === 'stage' || kind === 'ask') return personCommand(`confirm ${token}`);
  if (kind === 'window') return personCommand('window close');
  if (kind === 'expired') return personCommand('gates --pending');
  return personCommand('gates');
}

const STAGE_KINDS: readonly NotifyKind[] = ['stage', 'ask', 'expired'];

/**
 * Reads an event back from the outbox; null when it is not one (a hand edit, a torn write). A
 * message tells a person what to run, so an event is read only when its command is the one its
 * kind and token call for, and a stage's token is the one its id names: a file written into the
 * outbox by hand cannot make a message ask a person to run anything else.
 */
export function parseEvent(text: string): NotifyEvent | null {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
  const e = data as Record<string, unknown>;
  const str = (k: string) => typeof e[k] === 'string';
  const strOrNull = (k: string) => e[k] === null || typeof e[k] === 'string';
  if (e.schema !== NOTIFY_SCHEMA || !str('id') || !isEventId(e.id as string)) return null;
  if (!NOTIFY_KINDS.includes(e.kind as NotifyKind) || !(e.id as string).startsWith(`${e.kind}.`)) return null;
  if (!['repository', 'created_at', 'what', 'asked_by', 'command'].every(str)) return null;
  if (!['object', 'object_digest', 'token', 'until'].every(strOrNull)) return null;
  const kind = e.kind as NotifyKind;
  const key = (e.id as string).slice(kind.length + 1);
  if (STAGE_KINDS.includes(kind) ? e.token !== key : e.token !== null) return null;
  if (e.command !== expectedCommand(kind, e.token as string | null)) return null;
  const out: Record<string, unknown> = {};
  for (const k of NOTIFY_EVENT_KEYS) out[k] = e[k];
  return out as unknown as NotifyEvent;
}
