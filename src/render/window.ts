import { personCommand } from '../core/person-command.js';
import { sanitize } from '../core/text/sanitize.js';
import type { WindowView } from '../guard/window.js';

/** The open window as one line, first in the text and reply views of `gates`. */
export function windowLine(w: WindowView): string {
  return sanitize(
    `🔓 Gate window open until ${w.expiresAt}: ${w.actions.join(', ')} pass the guard without a confirmation (opened by ${w.openedBy}: ${w.reason}; ${w.bypassed} let through). Close it: ${personCommand('window close')}`,
    { inline: true },
  );
}

/**
 * `window status --json`: exactly `{open, window: {openedBy, openedAt, expiresAt, actions, reason, bypassed} | null}`.
 * The one renderer of that document: the CLI prints it and the report embeds it.
 */
export function windowJson(report: { open: boolean; window: WindowView | null }): string {
  const w = report.window;
  const window =
    w === null
      ? null
      : {
          openedBy: w.openedBy,
          openedAt: w.openedAt,
          expiresAt: w.expiresAt,
          actions: w.actions,
          reason: w.reason,
          bypassed: w.bypassed,
        };
  return `${JSON.stringify({ open: report.open, window }, null, 2)}\n`;
}
