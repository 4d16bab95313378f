import { personCommand } from '../core/person-command.js';
import { field, LABEL_W, plural, ruleHeader } from '../core/text/layout.js';
import { sanitize } from '../core/text/sanitize.js';
import type { StageStatus } from '../staging/status.js';

/** One staged action as the `--pending` view shows it; `status` is derived from the clock. */
export interface PendingRow {
  token: string;
  action: string;
  object: string;
  source: string;
  stagedAt: string;
  /** The effective expiry: the earlier of `expires_at` and `staged_at` plus the maximum TTL. */
  expiresAt: string;
  status: StageStatus;
  /** The record file, repository-relative (named when its text had to be escaped). */
  file?: string;
  /** A reviewer's verdict recorded in the evidence ledger for this stage (docs/verdicts.md). */
  verdict?: PendingVerdict;
}

/** A recorded verdict as the `--pending` view shows it beside its stage. */
export interface PendingVerdict {
  reviewer: string;
  risk: string;
  authorization: string;
  decision: string;
  reason: string | null;
}

/** A record file of `pending/` that could not be read: reported by name, never executed. */
export interface UnreadableRecord {
  file: string;
  problem: string;
}

function verb(count: number, singular: string, pluralForm: string): string {
  return count === 1 ? singular : pluralForm;
}

/**
 * The text of `gates --pending` (reference §4.7): live stages listed, expired ones only
 * counted. Every value from a record is sanitized.
 */
export function renderPendingText(rows: readonly PendingRow[]): string {
  const live = rows.filter((r) => r.status === 'pending');
  const expired = rows.filter((r) => r.status === 'expired').length;
  if (live.length === 0) {
    if (expired === 0) return 'No staged actions awaiting confirmation.\n';
    return `Nothing awaits your confirmation. ${plural(expired, 'stage')} expired unconfirmed — the action never fired.\n`;
  }
  const lines = [
    `${plural(live.length, 'staged action')} ${verb(live.length, 'awaits', 'await')} your confirmation` +
      (expired > 0 ? ` · ${expired} expired unconfirmed` : ''),
  ];
  live.forEach((row, i) => {
    lines.push('', ruleHeader(`${i + 1} · ${sanitize(row.action)}`, `token: ${row.token}`));
    lines.push(...field('Object:', sanitize(row.object)));
    lines.push(...field('Staged by:', sanitize(row.source)));
    lines.push(...field('Expires:', row.expiresAt));
    const v = row.verdict;
    if (v !== undefined) {
      lines.push(...field('Reviewer:', sanitize(v.reviewer)));
      lines.push(
        ...field('Verdict:', sanitize(`${v.decision} · risk ${v.risk} · authorization ${v.authorization}`)),
      );
      if (v.reason !== null) lines.push(...field('Reason:', sanitize(v.reason)));
    }
  });
  lines.push('');
  return `${lines.join('\n')}\n`;
}

/** How a person can answer a stage when the caller knows its own channel. */
export interface ConfirmChannel {
  confirmWith: string;
  declineWith: string;
}

/**
 * The confirmation surface `stage` prints: what waits, its token and how a person answers it.
 * Without a channel it names this tool's own verbs and never invents flags.
 */
export function confirmationSurface(
  stage: { token: string; action: string; object: string; expiresAt: string },
  channel?: ConfirmChannel,
): string[] {
  const lines = [
    `Waiting for a person: ${exactValue(stage.action)} ${exactValue(stage.object)}`,
    `  token ${stage.token} · expires ${stage.expiresAt}`,
  ];
  if (channel) {
    lines.push(`  Confirm: ${sanitize(channel.confirmWith)}`, `  Decline: ${sanitize(channel.declineWith)}`);
  } else {
    lines.push(
      `  A person confirms at a terminal: ${personCommand(`confirm ${stage.token}`)}`,
      `  or declines:                     ${personCommand(`decline ${stage.token} --reason "…"`)}`,
      `  Everything waiting:              ${personCommand('gates --pending')}`,
    );
  }
  return lines;
}

/**
 * A value exactly as stored, on one line: sanitized, with newline and tab shown as `\x0A` and
 * `\x09` so a value can never forge a line of the question, and never wrapped or trimmed.
 */
export function exactValue(text: string): string {
  return sanitize(text, { inline: true }).replace(/\t/g, '\\x09');
}

function exactLine(label: string, value: string): string {
  return `  ${label.padEnd(LABEL_W)}${exactValue(value)}`;
}

/**
 * What `confirm` asks when no decider is named (no `--as`, no AGENT_CONFIG_HUMAN): who the
 * person at the terminal is. `suggested` (git's user.name) is taken when the answer is empty.
 */
export function deciderQuestion(suggested: string | null): string {
  const offer = suggested === null ? '' : ` [${sanitize(suggested, { inline: true })}]`;
  return [
    'Who confirms? No `--as human:<name>` and no AGENT_CONFIG_HUMAN: the name you type is recorded',
    'with the decision as human:<name> (set AGENT_CONFIG_HUMAN=human:<name> to skip this question).',
    `Your name${offer}: `,
  ].join('\n');
}

/**
 * What `confirm` shows a person before asking: the action and object exactly as stored (see
 * `exactValue`), who staged it, until when, and the question itself, as one piece of text.
 */
export function confirmQuestion(
  stage: { token: string; action: string; object: string; source: string; staged_at: string },
  expiresAt: string,
  decider: string,
): string {
  return [
    ruleHeader('Confirm a staged action', `token: ${stage.token}`),
    exactLine('Action:', stage.action),
    exactLine('Object:', stage.object),
    exactLine('Staged by:', stage.source),
    exactLine('Staged at:', stage.staged_at),
    exactLine('Expires:', expiresAt),
    exactLine('Deciding as:', decider),
    '',
    'Confirming lets the stager run this action once, on exactly this object.',
    'Type the last four characters of the token to confirm (anything else cancels): ',
  ].join('\n');
}
