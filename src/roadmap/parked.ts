const RESUME = /\b(?:blocked until|resume when|resume-when|blocked-until)\b/i;
const TRIGGER = /\btrigger\b/i;

/**
 * The "Resume when" cell of a parked (`later/`) roadmap, as upstream's dashboard: the first
 * line naming a resume condition, quote marker and bold removed, pipes escaped, at most 200
 * characters.
 */
export function resumeCell(text: string): string {
  const lines = text.split(/\r?\n/);
  for (const raw of lines) {
    if (!RESUME.test(raw)) continue;
    const cell = raw
      .replace(/^\s*>\s?/, '')
      .replaceAll('**', '')
      .replaceAll('|', '\\|')
      .trim();
    if (cell === '') continue;
    return cell.length > 200 ? `${cell.slice(0, 197)}...` : cell;
  }
  return TRIGGER.test(text) ? '_condition present but unlabelled — see file_' : '_no resume line recorded_';
}
