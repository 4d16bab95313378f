import { sanitize } from '../core/text/sanitize.js';
import { NOTIFY_EVENT_KEYS, type NotifyEvent } from './event.js';

/**
 * The words of an announcement, per channel (docs/notify.md, "The message"). Text from a
 * roadmap, a staged command or a caller reaches a channel only after the terminal sanitizer
 * (one line, no control, bidi or zero-width character) and the channel's own escaping.
 */

/** How a channel reads text: Slack's mrkdwn (webhooks), notify-send's markup, or plain text. */
export type Markup = 'slack' | 'pango' | 'plain';

const oneLine = (text: string) => sanitize(text, { inline: true });

/** `&`, `<` and `>` as entities: Slack and notify-send read the rest as text. */
function entities(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Untrusted text for `markup`: one line, escaped, and in Slack a code span no backtick can end. */
export function quote(text: string, markup: Markup): string {
  const line = oneLine(text);
  if (markup === 'plain') return line;
  if (markup === 'pango') return entities(line);
  return `\`${entities(line.replace(/`/g, "'"))}\``;
}

/** The object as a channel may show it: the text where allowed, else its digest. */
function objectOf(e: NotifyEvent, markup: Markup): string {
  if (e.object !== null) return quote(e.object, markup);
  return e.object_digest === null ? '' : `object sha256:${e.object_digest}…`;
}

const HEADLINE: Record<NotifyEvent['kind'], string> = {
  stage: 'waits for a person',
  ask: 'a reviewer asks a person to decide',
  expired: 'expired with nobody answering',
  window: 'a gate window is open',
  gate: 'a decision waits for a person',
};

/** The title: the repository and what happened, for a desktop notification's summary. */
export function titleOf(e: NotifyEvent): string {
  return `agent-config · ${oneLine(e.repository)}: ${HEADLINE[e.kind]}`;
}

/** The lines of the message for `markup`: repository, what waits, who asked, until when, the command, the id. */
export function messageLines(e: NotifyEvent, markup: Markup): string[] {
  const what = quote(e.what, markup);
  const object = objectOf(e, markup);
  const code = (text: string) =>
    markup === 'slack' ? `\`${entities(oneLine(text))}\`` : quote(text, markup);
  const repo =
    markup === 'slack'
      ? `*${entities(oneLine(e.repository).replace(/[*_~`]/g, ''))}*`
      : quote(e.repository, markup);
  const lines = [`${repo}: ${HEADLINE[e.kind]}: ${what}${object === '' ? '' : ` (${object})`}`];
  const until =
    e.until === null ? '' : e.kind === 'window' ? `, open until ${e.until}` : `, until ${e.until}`;
  const token = e.token === null ? '' : ` · token ${e.token}`;
  lines.push(`Asked by ${quote(e.asked_by, markup)}${until}${token}.`);
  const verb =
    e.kind === 'window' ? 'To close it early' : e.kind === 'expired' ? 'What waits now' : 'A person runs';
  lines.push(`${verb}, at a terminal in the repository: ${code(e.command)}`);
  lines.push(`Event ${e.id}. Nothing sent here confirms, declines or opens anything.`);
  return lines;
}

/** The text of the message for `markup`, one line per fact. */
export function messageText(e: NotifyEvent, markup: Markup): string {
  return messageLines(e, markup).join('\n');
}

/**
 * The event as sent to a webhook or a command: its members (each string through the
 * sanitizer) and `text`, the message (Slack's mrkdwn for a webhook, plain for a command).
 */
export function wireEvent(e: NotifyEvent, markup: Markup): Record<string, string | null> {
  const out: Record<string, string | null> = { text: messageText(e, markup) };
  for (const k of NOTIFY_EVENT_KEYS) {
    const v = e[k];
    out[k] = v === null ? null : oneLine(v);
  }
  return out;
}
