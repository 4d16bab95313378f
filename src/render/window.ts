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
