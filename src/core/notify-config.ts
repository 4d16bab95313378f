import { docPage } from './doc-page.js';
import { ConfigError } from './errors.js';

/** One place a notification goes (docs/notify.md, "Channels"). */
export type NotifyChannel =
  | { kind: 'webhook'; url: string }
  | { kind: 'command'; argv: string[] }
  | { kind: 'desktop' };

/** `notify:` in `agent-config.yaml`: where announcements of what waits for a person go. */
export interface NotifySettings {
  channels: NotifyChannel[];
}

export const DEFAULT_NOTIFY: NotifySettings = { channels: [] };

type Where = (path: (string | number)[]) => string;

const EXAMPLE = 'for example `notify: [{webhook: https://hooks.slack.com/services/…}]`';

function channel(value: unknown, index: number, where: Where): NotifyChannel {
  const at = where(['notify', index]);
  if (
    typeof value !== 'object' ||
    value === null ||
    Array.isArray(value) ||
    Object.keys(value).length !== 1
  ) {
    throw new ConfigError(
      `'notify[${index}]' must be one of {webhook: URL}, {command: [PROGRAM, ARG…]} or {desktop: true}`,
      at,
      `see ${docPage('notify.md')}`,
    );
  }
  const [key, v] = Object.entries(value as Record<string, unknown>)[0]!;
  if (key === 'webhook') {
    let url: URL | null = null;
    try {
      url = typeof v === 'string' ? new URL(v) : null;
    } catch {
      url = null;
    }
    if (
      url === null ||
      (url.protocol !== 'https:' && url.protocol !== 'http:') ||
      url.username !== '' ||
      url.password !== ''
    ) {
      throw new ConfigError(
        `'notify[${index}].webhook' must be an http(s) URL without credentials`,
        where(['notify', index, 'webhook']),
        'write the URL; put a token in AGENT_CONFIG_NOTIFY_HEADERS, never in the file',
      );
    }
    return { kind: 'webhook', url: url.href };
  }
  if (key === 'command') {
    if (
      !Array.isArray(v) ||
      v.length === 0 ||
      v.some((w) => typeof w !== 'string' || w.length === 0 || w.includes('\0'))
    ) {
      throw new ConfigError(
        `'notify[${index}].command' must be a list of one or more non-empty words`,
        where(['notify', index, 'command']),
        'for example command: [curl, -s, -d, "@-", https://ntfy.sh/my-topic]',
      );
    }
    return { kind: 'command', argv: v as string[] };
  }
  if (key === 'desktop') {
    if (v !== true) {
      throw new ConfigError(
        `'notify[${index}].desktop' must be true`,
        where(['notify', index, 'desktop']),
        'write desktop: true, or leave the item out',
      );
    }
    return { kind: 'desktop' };
  }
  throw new ConfigError(
    `unknown channel '${key}' in 'notify[${index}]'`,
    at,
    'known channels: webhook, command, desktop',
  );
}

/** Validates the value of `notify:`; `where` names the line of a key path. */
export function parseNotifySettings(value: unknown, where: Where): NotifySettings {
  if (value === null || value === undefined) return { channels: [] };
  if (!Array.isArray(value)) {
    throw new ConfigError(`'notify' must be a list of channels`, where(['notify']), EXAMPLE);
  }
  return { channels: value.map((c, i) => channel(c, i, where)) };
}

/** A channel's stable key: the same channel in two versions of the file is the same key. */
export function channelKey(c: NotifyChannel): string {
  return c.kind === 'webhook'
    ? `webhook ${c.url}`
    : c.kind === 'command'
      ? `command ${JSON.stringify(c.argv)}`
      : 'desktop';
}
