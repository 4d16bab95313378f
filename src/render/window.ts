import type { WindowView } from '../guard/window.js';

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
