import type { Config } from '../../core/config.js';
import type { Context } from '../../core/context.js';
import { EXIT_OK, UsageError } from '../../core/errors.js';
import { channelKey, type NotifyChannel } from '../../core/notify-config.js';
import type { ExitCode } from '../../core/outcomes.js';
import { personCommand } from '../../core/person-command.js';
import type { NotifyEvent } from '../../notify/event.js';
import { messageText, titleOf, wireEvent } from '../../notify/message.js';
import { readAnchoredConfig, readCommittedVersions } from '../../repo/anchored-config.js';
import {
  claimDelivery,
  deliveryState,
  dueDeliveries,
  finishDelivery,
  forgetDelivered,
  hasEvent,
  listEvents,
  openDelivery,
  reclaimStale,
  releaseDrainLock,
  retryDelivery,
  takeDrainLock,
} from '../../repo/notify-outbox.js';
import { openRepository } from '../../repo/open-repository.js';
import { formatExpiry, policyAt, standing } from '../../staging/status.js';
import { locateRecord } from '../../staging/store.js';
import { runGates } from '../gates/gates.js';
import { identityOf } from '../staging/staging-shared.js';
import { announce, digest } from './announce.js';

export interface NotifyOptions {
  root?: string;
  /** Deliver (and look for what newly needs a person); without it, only say where the outbox stands. */
  drain?: boolean;
  /** The detached drainer the hook starts: ends at once when another drainer holds the lock. */
  background?: boolean;
  /**
   * Read `notify:` from this committed revision alone and never run a `command` channel (the
   * GitHub Action: a pull request can neither add a channel nor run a program of its choosing).
   */
  base?: string;
  /** How long a drain keeps retrying what is due (default 20 s; the background drainer 10 min). */
  budgetMs?: number;
}

/** One channel as the report shows it: never the webhook's path (it is often the secret). */
export interface ChannelReport {
  channel: string;
  key: string;
  sent: number;
  waiting: number;
  /** Set when the channel cannot run here (a `command` channel in the Action). */
  skipped: string | null;
  lastError: string | null;
}

export interface NotifyReport {
  root: string;
  drained: boolean;
  /** The drain did not run: another drainer holds the lock (background only). */
  locked: boolean;
  events: number;
  /** Events this run found and wrote (decisions that newly need a person, stages that expired). */
  announced: string[];
  /** Each (event, channel) this run delivered. */
  delivered: Array<{ event: string; channel: string }>;
  channels: ChannelReport[];
  unreadable: string[];
}

const BASE_BACKOFF_MS = 500;
const MAX_BACKOFF_MS = 60_000;
const STALE_CLAIM_MS = 2 * 60_000;
const SEND_TIMEOUT_MS = 10_000;
const IN_FLIGHT = 16;
const KEEP_MS = 30 * 24 * 60 * 60_000;

export function backoffMs(attempts: number): number {
  return Math.min(MAX_BACKOFF_MS, BASE_BACKOFF_MS * 2 ** Math.min(attempts, 20));
}

function label(c: NotifyChannel): string {
  if (c.kind === 'webhook') return `webhook ${new URL(c.url).origin}`;
  if (c.kind === 'command') return `command ${c.argv[0]}`;
  return 'desktop';
}

/** Headers per webhook origin, from `AGENT_CONFIG_NOTIFY_HEADERS` (never from the repository). */
export function headersFromEnv(env: Context['env']): Record<string, Record<string, string>> {
  const text = env.AGENT_CONFIG_NOTIFY_HEADERS;
  if (text === undefined || text.trim() === '') return {};
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    data = null;
  }
  const valid =
    typeof data === 'object' &&
    data !== null &&
    !Array.isArray(data) &&
    Object.values(data).every(
      (h) =>
        typeof h === 'object' &&
        h !== null &&
        !Array.isArray(h) &&
        Object.entries(h).every(
          ([k, v]) => /^[A-Za-z0-9-]+$/.test(k) && typeof v === 'string' && !/[\r\n]/.test(v),
        ),
    );
  if (!valid) {
    throw new UsageError(
      'AGENT_CONFIG_NOTIFY_HEADERS is not a JSON object of origins to headers',
      'AGENT_CONFIG_NOTIFY_HEADERS',
      'for example {"https://ntfy.sh": {"Authorization": "Bearer tk_…"}}',
    );
  }
  const out: Record<string, Record<string, string>> = {};
  for (const [origin, h] of Object.entries(data as Record<string, Record<string, string>>)) {
    try {
      out[new URL(origin).origin] = h;
    } catch {}
  }
  return out;
}

interface Settings {
  channels: NotifyChannel[];
  recordObjects: boolean;
  commandsRun: boolean;
}

/** The channels in force: those every version names (repo/anchored-config.ts), or the base's alone. */
async function settingsAt(
  root: string,
  git: ReturnType<Context['git']>,
  base: string | undefined,
): Promise<Settings> {
  if (base !== undefined) {
    const [at] = await readCommittedVersions(
      git,
      [{ source: 'base', rev: base, label: base }],
      './agent-config.yaml',
    );
    const config = at?.version?.state === 'valid' ? at.version.config : null;
    return {
      channels: config?.notify.channels ?? [],
      recordObjects: config?.evidence.recordObjects ?? false,
      commandsRun: false,
    };
  }
  const anchored = await readAnchoredConfig(root, git);
  return {
    channels: anchored.config.notify.channels,
    // A command's text is shown only when every version allows it.
    recordObjects: anchored.versions.every((v) => v.config.evidence.recordObjects),
    commandsRun: true,
  };
}

/** The event as a channel may carry it: the object only where every version allows it. */
function shown(e: NotifyEvent, s: Settings): NotifyEvent {
  return s.recordObjects ? e : { ...e, object: null };
}

async function send(
  ctx: Context,
  c: NotifyChannel,
  e: NotifyEvent,
  headers: Record<string, Record<string, string>>,
): Promise<string | null> {
  if (c.kind === 'webhook') {
    if (ctx.http === undefined) return 'no network here';
    const body = JSON.stringify(wireEvent(e, 'slack'));
    const status = await ctx.http.post(c.url, headers[new URL(c.url).origin] ?? {}, body, SEND_TIMEOUT_MS);
    return status >= 200 && status < 300 ? null : status === 0 ? 'no answer' : `HTTP ${status}`;
  }
  if (ctx.spawn === undefined) return 'no programs here';
  if (c.kind === 'command') {
    const code = await ctx.spawn.run(c.argv, `${JSON.stringify(wireEvent(e, 'plain'))}\n`, 30_000);
    return code === 0 ? null : code === null ? 'could not run' : `exit ${code}`;
  }
  // Desktop: the notifier of the system when present; else nothing to do (skipped silently).
  if (ctx.platform === 'darwin') {
    if (!ctx.spawn.has('osascript')) return null;
    const script = [
      '-e',
      'on run argv',
      '-e',
      'display notification (item 2 of argv) with title (item 1 of argv)',
      '-e',
      'end run',
    ];
    const code = await ctx.spawn.run(
      ['osascript', ...script, titleOf(e), messageText(e, 'plain')],
      '',
      10_000,
    );
    return code === 0 ? null : 'osascript failed';
  }
  if (!ctx.spawn.has('notify-send')) return null;
  const code = await ctx.spawn.run(
    ['notify-send', '--app-name=agent-config', titleOf(e), messageText(e, 'pango')],
    '',
    10_000,
  );
  return code === 0 ? null : 'notify-send failed';
}

/** Finds what newly needs a person: open decisions not announced yet, stages that expired unanswered. */
async function discover(
  ctx: Context,
  root: string,
  config: Pick<Config, 'notify' | 'evidence' | 'staging'>,
  events: NotifyEvent[],
): Promise<string[]> {
  const found: string[] = [];
  const policy = policyAt(ctx.clock(), { ...config.staging, worktree: identityOf(ctx, root) });
  for (const e of events) {
    if (e.kind !== 'stage' || e.token === null || hasEvent(root, `expired.${e.token}`)) continue;
    const record = locateRecord(root, e.token);
    if (standing(record, policy) !== 'expired' || record === null || !('record' in record)) continue;
    const made = announce(ctx, root, config, {
      kind: 'expired',
      key: e.token,
      what: e.what,
      object: record.record.object,
      objectDigest: e.object_digest,
      token: e.token,
      askedBy: e.asked_by,
      until: formatExpiry(record.record, policy),
      command: personCommand('gates --pending'),
    });
    if (made !== null) found.push(made.id);
  }
  try {
    const gates = await runGates(ctx, { root, verdicts: false });
    for (const entry of gates.entries) {
      if (!entry.needsYou) continue;
      const b = entry.blocker;
      const made = announce(ctx, root, config, {
        kind: 'gate',
        key: digest(`${entry.file}\0${b.id}`, 16),
        what: `${b.id} (${entry.file}): ${b.question || b.blocks}`,
        object: null,
        objectDigest: null,
        token: null,
        askedBy: `roadmap ${entry.roadmap}`,
        until: null,
        command: personCommand('gates'),
      });
      if (made !== null) found.push(made.id);
    }
  } catch {
    // The roadmaps cannot be read: the stages are still announced; `gates` says what is wrong.
  }
  return found;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `agent-config notify [--drain]`: says where the outbox stands, or delivers it. Each (event,
 * channel) is claimed by a rename before it is sent, so it goes once per channel even with
 * several drainers at once; a failed send is handed back with a backoff and tried again.
 */
export async function runNotify(ctx: Context, options: NotifyOptions): Promise<NotifyReport> {
  const repo = await openRepository(ctx, { root: options.root, config: 'read' });
  const { root } = repo;
  const settings = await settingsAt(root, repo.git, options.base);
  const keys = settings.channels.map((c) => digest(channelKey(c), 16));
  const stats = settings.channels.map(
    (c, i): ChannelReport => ({
      channel: label(c),
      key: keys[i]!,
      sent: 0,
      waiting: 0,
      skipped: c.kind === 'command' && !settings.commandsRun ? 'command channels never run here' : null,
      lastError: null,
    }),
  );
  const report: NotifyReport = {
    root,
    drained: false,
    locked: false,
    events: 0,
    announced: [],
    delivered: [],
    channels: stats,
    unreadable: [],
  };
  const live = settings.channels.map((_, i) => i).filter((i) => stats[i]!.skipped === null);
  const count = () => {
    const { events, unreadable } = listEvents(root);
    report.events = events.length;
    report.unreadable = unreadable;
    for (const s of stats) {
      s.sent = 0;
      s.waiting = 0;
      for (const e of events) {
        const state = deliveryState(root, s.key, e.id);
        if (state === 'sent') s.sent++;
        else s.waiting++;
      }
    }
    return events;
  };
  if (!options.drain || live.length === 0) {
    count();
    return report;
  }
  const headers = headersFromEnv(ctx.env);
  const pid = ctx.processes.pid;
  let locked = takeDrainLock(root, pid, ctx.processes.isAlive);
  if (!locked && options.background) {
    report.locked = true;
    return report;
  }
  report.drained = true;
  const config = {
    notify: { channels: settings.channels },
    evidence: { ...repo.config.evidence, ledger: true, recordObjects: settings.recordObjects },
    staging: repo.config.staging,
  };
  report.announced = await discover(ctx, root, config, listEvents(root).events);
  // The outbox keeps a delivered event for a month, then forgets it (decisions excepted).
  const liveKeys = live.map((i) => keys[i]!);
  for (const e of listEvents(root).events) forgetDelivered(root, e, liveKeys, ctx.clock().getTime(), KEEP_MS);
  const started = ctx.clock().getTime();
  const budget = options.budgetMs ?? (options.background ? 10 * 60_000 : 20_000);
  try {
    for (;;) {
      const { events } = listEvents(root);
      const byId = new Map(events.map((e) => [e.id, e]));
      let waiting = 0;
      let soonest = Number.POSITIVE_INFINITY;
      const work: Array<() => Promise<void>> = [];
      const now = ctx.clock().getTime();
      for (const i of live) {
        const key = keys[i]!;
        for (const e of events) openDelivery(root, key, e.id);
        reclaimStale(root, key, now, STALE_CLAIM_MS);
        for (const [id, due] of dueDeliveries(root, key)) {
          const event = byId.get(id);
          if (event === undefined) continue;
          waiting++;
          if (due.nextAt > now) {
            soonest = Math.min(soonest, due.nextAt);
            continue;
          }
          work.push(async () => {
            const claimed = claimDelivery(root, key, id);
            if (claimed === null) return;
            const error = await send(ctx, settings.channels[i]!, shown(event, settings), headers).catch(
              (e: unknown) => String(e),
            );
            if (error === null) {
              finishDelivery(root, key, id);
              report.delivered.push({ event: id, channel: stats[i]!.channel });
            } else {
              stats[i]!.lastError = error;
              const attempts = claimed.attempts + 1;
              retryDelivery(root, key, id, { attempts, nextAt: ctx.clock().getTime() + backoffMs(attempts) });
            }
          });
        }
      }
      if (work.length > 0) {
        let next = 0;
        await Promise.all(
          Array.from({ length: Math.min(IN_FLIGHT, work.length) }, async () => {
            while (next < work.length) await work[next++]!();
          }),
        );
        continue;
      }
      if (waiting > 0 && ctx.clock().getTime() - started < budget) {
        await sleep(Math.max(20, Math.min(soonest - ctx.clock().getTime(), 5_000)));
        continue;
      }
      if (!locked) break;
      // Nothing due: let go of the lock, then look once more, so an event written while this
      // drainer was finishing (whose own drainer found the lock taken) is not left behind.
      releaseDrainLock(root, pid);
      locked = false;
      const fresh = listEvents(root).events.some((e) =>
        live.some((i) => deliveryState(root, keys[i]!, e.id) === 'none'),
      );
      if (!fresh || ctx.clock().getTime() - started >= budget) break;
      locked = takeDrainLock(root, pid, ctx.processes.isAlive);
      if (!locked) break;
    }
  } finally {
    if (locked) releaseDrainLock(root, pid);
  }
  count();
  return report;
}

/**
 * `notify` exits 0 once it has looked or delivered: a channel still down and a file in the
 * outbox that is not an event (named in `unreadable`, never sent) are data, not failures.
 */
export function notifyExit(_report: NotifyReport): ExitCode {
  return EXIT_OK;
}

/** `notify --json`. */
export type NotifyDocument = NotifyReport;

export function notifyDocument(report: NotifyReport): NotifyDocument {
  return report;
}
