import {
  existsSync,
  linkSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { nodeCrypto } from '../core/crypto.js';
import { isEventId, type NotifyEvent, parseEvent } from '../notify/event.js';
import { writeFileAtomic } from './atomic-write.js';
import { ensureRuntimeDir, RUNTIME_DIR } from './runtime-dir.js';

/**
 * The notification outbox (docs/notify.md, "The outbox"), machine-local under agents/runtime/:
 *
 *   notify/outbox/<event id>.json                  every event, written before any delivery
 *   notify/deliveries/<channel>/<event id>.todo    due for that channel ({attempts, next_at})
 *   notify/deliveries/<channel>/<event id>.busy    claimed by one drainer (renamed from .todo)
 *   notify/deliveries/<channel>/<event id>.sent    delivered: never sent again
 *   notify/drain.lock                              the one detached drainer's pid
 *
 * A delivery moves todo → busy → sent (or busy → todo to retry) by renames only, so of several
 * drainers exactly one holds a delivery at a time; a `.todo` is only ever created exclusively.
 */
export const NOTIFY_DIR = `${RUNTIME_DIR}/notify`;

const outboxDir = (root: string) => join(root, NOTIFY_DIR, 'outbox');
const channelDir = (root: string, channel: string) => join(root, NOTIFY_DIR, 'deliveries', channel);

/** Writes `event` once: true when it is new, false when an event of that id is there already. */
export function enqueueEvent(root: string, event: NotifyEvent): boolean {
  if (!isEventId(event.id)) throw new Error(`not an event id: ${event.id}`);
  const dir = ensureRuntimeDir(root, `${NOTIFY_DIR}/outbox`);
  const target = join(dir, `${event.id}.json`);
  if (existsSync(target)) return false;
  const temp = join(dir, `.${event.id}.${nodeCrypto().randomBytes(6).toString('hex')}.tmp`);
  try {
    writeFileSync(temp, `${JSON.stringify(event, null, 2)}\n`, { flag: 'wx' });
    linkSync(temp, target); // whole or not at all; of two writers the first wins
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    rmSync(temp, { force: true });
  }
}

/** Whether an event of `id` was ever written (announced). */
export function hasEvent(root: string, id: string): boolean {
  return isEventId(id) && existsSync(join(outboxDir(root), `${id}.json`));
}

/** The events in the outbox, oldest first; files that are not events are named in `unreadable`. */
export function listEvents(root: string): { events: NotifyEvent[]; unreadable: string[] } {
  let names: string[];
  try {
    names = readdirSync(outboxDir(root));
  } catch {
    return { events: [], unreadable: [] };
  }
  const events: NotifyEvent[] = [];
  const unreadable: string[] = [];
  for (const name of names) {
    if (name.startsWith('.') || !name.endsWith('.json')) continue;
    let event: NotifyEvent | null = null;
    try {
      event = parseEvent(readFileSync(join(outboxDir(root), name), 'utf8'));
    } catch {
      event = null;
    }
    if (event === null || `${event.id}.json` !== name) unreadable.push(`${NOTIFY_DIR}/outbox/${name}`);
    else events.push(event);
  }
  events.sort((a, b) =>
    a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.id < b.id ? -1 : 1,
  );
  return { events, unreadable };
}

export type DeliveryState = 'none' | 'todo' | 'busy' | 'sent';

export interface Due {
  attempts: number;
  /** Epoch milliseconds before which it is not tried again. */
  nextAt: number;
}

function readDue(path: string): Due {
  try {
    const d = JSON.parse(readFileSync(path, 'utf8')) as Partial<Due>;
    return {
      attempts: Number.isSafeInteger(d.attempts) ? (d.attempts as number) : 0,
      nextAt: Number.isSafeInteger(d.nextAt) ? (d.nextAt as number) : 0,
    };
  } catch {
    return { attempts: 0, nextAt: 0 };
  }
}

/** Where a delivery stands, read in the order it moves (todo, busy, sent) so none is missed. */
export function deliveryState(root: string, channel: string, id: string): DeliveryState {
  const base = join(channelDir(root, channel), id);
  if (existsSync(`${base}.todo`)) return 'todo';
  if (existsSync(`${base}.busy`)) return 'busy';
  if (existsSync(`${base}.sent`)) return 'sent';
  return 'none';
}

/** Makes a delivery due when it has none yet (exclusive create: of two drainers one does). */
export function openDelivery(root: string, channel: string, id: string): void {
  if (deliveryState(root, channel, id) !== 'none') return;
  const dir = ensureRuntimeDir(root, `${NOTIFY_DIR}/deliveries/${channel}`);
  try {
    writeFileSync(join(dir, `${id}.todo`), `${JSON.stringify({ attempts: 0, nextAt: 0 })}\n`, { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}

/** The due deliveries of a channel: event id and when each may be tried. */
export function dueDeliveries(root: string, channel: string): Map<string, Due> {
  const out = new Map<string, Due>();
  let names: string[];
  try {
    names = readdirSync(channelDir(root, channel));
  } catch {
    return out;
  }
  for (const name of names) {
    if (!name.endsWith('.todo')) continue;
    const id = name.slice(0, -'.todo'.length);
    if (isEventId(id)) out.set(id, readDue(join(channelDir(root, channel), name)));
  }
  return out;
}

/** Claims a due delivery by renaming it: its state when this caller got it, null when another did. */
export function claimDelivery(root: string, channel: string, id: string): Due | null {
  const base = join(channelDir(root, channel), id);
  try {
    renameSync(`${base}.todo`, `${base}.busy`);
  } catch {
    return null; // another drainer renamed it first, or it is no longer due
  }
  return readDue(`${base}.busy`);
}

/** Records a claimed delivery as sent. */
export function finishDelivery(root: string, channel: string, id: string): void {
  const base = join(channelDir(root, channel), id);
  renameSync(`${base}.busy`, `${base}.sent`);
}

/** Hands a claimed delivery back, to be tried again from `due.nextAt`. */
export function retryDelivery(root: string, channel: string, id: string, due: Due): void {
  const base = join(channelDir(root, channel), id);
  writeFileAtomic(`${base}.busy`, `${JSON.stringify(due)}\n`);
  renameSync(`${base}.busy`, `${base}.todo`);
}

/**
 * A delivery left claimed by a drainer that died (older than `staleMs`) is due again: sending
 * it may repeat a message that went out before the crash, with the same event id.
 */
export function reclaimStale(root: string, channel: string, nowMs: number, staleMs: number): number {
  let names: string[];
  try {
    names = readdirSync(channelDir(root, channel));
  } catch {
    return 0;
  }
  let n = 0;
  for (const name of names) {
    if (!name.endsWith('.busy')) continue;
    const path = join(channelDir(root, channel), name);
    try {
      if (nowMs - statSync(path).mtimeMs < staleMs) continue;
      renameSync(path, `${path.slice(0, -'.busy'.length)}.todo`);
      n++;
    } catch {}
  }
  return n;
}

const lockPath = (root: string) => join(root, NOTIFY_DIR, 'drain.lock');

/** Takes the drainer's lock: false when a live process holds it. A dead holder's lock is taken over. */
export function takeDrainLock(root: string, pid: number, isAlive: (pid: number) => boolean): boolean {
  ensureRuntimeDir(root, NOTIFY_DIR);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(lockPath(root), `${pid}\n`, { flag: 'wx' });
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let holder = Number.NaN;
    try {
      holder = Number(readFileSync(lockPath(root), 'utf8').trim());
    } catch {
      continue; // released meanwhile: try again
    }
    if (Number.isSafeInteger(holder) && holder > 0 && isAlive(holder)) return false;
    // The holder is gone: take its lock over, by a rename only one taker can win.
    const stale = `${lockPath(root)}.${pid}.stale`;
    try {
      renameSync(lockPath(root), stale);
      unlinkSync(stale);
    } catch {}
  }
  return false;
}

/** Releases the drainer's lock when this process holds it. */
export function releaseDrainLock(root: string, pid: number): void {
  try {
    if (readFileSync(lockPath(root), 'utf8').trim() === String(pid)) unlinkSync(lockPath(root));
  } catch {}
}

/**
 * Forgets an event delivered on every channel once it is older than `keepMs`: its outbox file
 * and its `.sent` markers. Decisions (`gate.*`) are kept, so a decision still open is never
 * announced twice.
 */
export function forgetDelivered(
  root: string,
  event: NotifyEvent,
  channels: string[],
  nowMs: number,
  keepMs: number,
): boolean {
  if (event.kind === 'gate') return false;
  const at = Date.parse(event.created_at);
  if (!(nowMs - at > keepMs)) return false;
  if (!channels.every((c) => deliveryState(root, c, event.id) === 'sent')) return false;
  rmSync(join(outboxDir(root), `${event.id}.json`), { force: true });
  for (const c of channels) rmSync(join(channelDir(root, c), `${event.id}.sent`), { force: true });
  return true;
}
