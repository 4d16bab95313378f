import { escapeHtml as e } from './escape.js';

/** The day of an ISO 8601 date, as written (the committer's own calendar day). */
export function dayOf(date: string): string {
  return date.slice(0, 10);
}

/** A commit as a table cell: its first 8 hex digits, the full id as the title. */
export function commitCell(commit: string): string {
  return `<code title="${e(commit)}">${e(commit.slice(0, 8))}</code>`;
}

/** A commit's day as a table cell that does not wrap. */
export function dayCell(date: string): string {
  return `<span class="nw">${e(dayOf(date))}</span>`;
}

/** A table of numbers: header cells and rows; cells in `numeric` columns align right. */
export function table(
  id: string,
  caption: string,
  head: readonly string[],
  rows: ReadonlyArray<readonly (string | number)[]>,
  attrs: ReadonlyArray<string> = [],
): string {
  const numeric = (cell: string | number) => typeof cell === 'number';
  const th = head
    .map((h, i) => `<th${rows[0] && numeric(rows[0][i]!) ? ' class="n"' : ''}>${e(h)}</th>`)
    .join('');
  const body = rows
    .map(
      (row, r) =>
        `<tr${attrs[r] ?? ''}>${row
          .map((cell) => (numeric(cell) ? `<td class="n">${cell}</td>` : `<td>${cell}</td>`))
          .join('')}</tr>`,
    )
    .join('\n');
  return `<div class="scroll"><table id="${id}" aria-label="${e(caption)}"><thead><tr>${th}</tr></thead><tbody>\n${body}\n</tbody></table></div>`;
}
