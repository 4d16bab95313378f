import { escapeHtml as e, escapeHtml, jsonForScript } from './escape.js';
import type { HistoryPoint, ReportPage } from './model.js';
import { commitCell, dayCell, dayOf, table } from './parts.js';
import { renderRoadmaps } from './roadmaps.js';
import {
  renderDecisions,
  renderDecisionsMade,
  renderEvidence,
  renderLint,
  renderPending,
  renderWindow,
} from './sections.js';
import { REPORT_CSS } from './style.js';
import { renderLineChart } from './svg.js';

/** The page's Content-Security-Policy: its own inline styles and data: images, nothing else. */
export const REPORT_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

function tiles(doc: ReportPage): string {
  const last: HistoryPoint | undefined = doc.history[doc.history.length - 1];
  const done = last?.active.done ?? 0;
  const total = done + (last?.active.open ?? 0);
  const active = doc.roadmaps.filter((r) => r.state === 'active').length;
  const { gates, lint, pending } = doc;
  const items: Array<[string, string]> = [
    [`${done} / ${total}`, 'steps done (active roadmaps)'],
    [String(active), 'active roadmaps'],
    [String(last?.archived.roadmaps ?? 0), 'archived roadmaps'],
    [String(gates?.needsYou ?? 0), 'decisions need you'],
    [String(pending?.awaitingYou ?? 0), 'stages await confirmation'],
    [lint === null ? '—' : `${lint.summary.errors} / ${lint.summary.warnings}`, 'lint errors / warnings'],
  ];
  return `<ul class="tiles" id="summary">${items.map(([v, l]) => `<li><b>${e(v)}</b><span class="muted">${e(l)}</span></li>`).join('')}</ul>`;
}

function burnUp(history: readonly HistoryPoint[]): string {
  if (history.length === 0) {
    return '<section id="progress"><h2>Progress over time</h2><p class="muted">No commit changed a roadmap yet.</p></section>';
  }
  // Archived roadmaps' steps sit under both lines, so archiving a roadmap lowers neither.
  const archived = history.map((h) => h.archived.steps);
  const done = history.map((h) => h.active.done + h.archived.steps);
  const total = history.map((h) => h.active.done + h.active.open + h.archived.steps);
  const first = dayOf(history[0]!.date);
  const lastDay = dayOf(history[history.length - 1]!.date);
  const chart = renderLineChart({
    id: 'burnup',
    title: 'Steps done against total steps, per commit',
    description: `From ${first} to ${lastDay}, ${history.length} commits: done went from ${done[0]} to ${done[done.length - 1]}, total from ${total[0]} to ${total[total.length - 1]}, archived roadmaps' steps included.`,
    series: [
      { name: 'archived', className: 'archived', values: archived, area: true },
      { name: 'total', className: 'total', values: total },
      { name: 'done', className: 'done', values: done, area: true },
    ],
    xLabels: [first, lastDay],
  });
  const rows = history.map((h) => [
    dayCell(h.date),
    commitCell(h.commit),
    h.active.done,
    h.active.open,
    h.active.done + h.active.open,
    h.active.deferred,
    h.active.cancelled,
    h.archived.roadmaps,
    h.archived.steps,
  ]);
  const attrs = history.map((h) => ` data-commit="${e(h.commit)}"`);
  return [
    '<section id="progress"><h2>Progress over time</h2>',
    '<figure class="progress"><div>',
    chart,
    '<p class="legend"><span><i class="key"></i>done</span><span><i class="key total"></i>total (done + open)</span><span><i class="key archived"></i>steps of archived roadmaps</span></p>',
    '<figcaption class="muted">At each commit that changed a roadmap. Both lines stand on the steps of the roadmaps archived by then, so archiving is not lost work; the table counts active and archived roadmaps apart.</figcaption>',
    '</div>',
    table(
      'history-table',
      'Steps per commit',
      [
        'Date',
        'Commit',
        'Done',
        'Open',
        'Total',
        'Deferred',
        'Cancelled',
        'Archived roadmaps',
        'Archived steps',
      ],
      rows,
      attrs,
    ),
    '</figure></section>',
  ].join('\n');
}

/**
 * Decisions answered over time, beside the progress chart: the running count of what people
 * decided with `decide` (one point per decision), then the table of who, when and which answer.
 */
function decidedOverTime(doc: ReportPage): string {
  const rows = doc.decisions?.decisions ?? [];
  if (rows.length < 2) return renderDecisionsMade(doc.decisions);
  const chart = renderLineChart({
    id: 'decided-chart',
    title: 'Decisions answered, running count',
    description: `${rows.length} decisions from ${dayOf(rows[0]!.ts)} to ${dayOf(rows[rows.length - 1]!.ts)}.`,
    series: [{ name: 'decided', className: 'done', values: rows.map((_, i) => i + 1), area: true }],
    xLabels: [dayOf(rows[0]!.ts), dayOf(rows[rows.length - 1]!.ts)],
  });
  return renderDecisionsMade(doc.decisions).replace(
    '<h2>Decisions answered</h2>',
    `<h2>Decisions answered</h2><figure>${chart}</figure>`,
  );
}

/**
 * The report as one self-contained HTML page: inline CSS and SVG only, a strict CSP, no script
 * that runs, every text from a file escaped, and the document embedded once as JSON. The same
 * document always gives the same bytes.
 */
export function renderReportHtml(doc: ReportPage): string {
  const head = doc.head === null ? 'no commits yet' : `HEAD ${doc.head.slice(0, 12)}`;
  return [
    ...pageHead('Roadmap report'),
    '<header><h1>Roadmap report</h1>',
    `<p class="muted">${e(head)} · generated ${e(doc.generatedAt)} · ${doc.history.length} commit(s) changed the roadmaps</p></header>`,
    '<main>',
    tiles(doc),
    burnUp(doc.history),
    decidedOverTime(doc),
    renderRoadmaps(doc),
    renderDecisions(doc.gates),
    renderPending(doc.pending),
    renderWindow(doc.window),
    renderEvidence(doc.evidence, doc.evidenceLog),
    renderLint(doc.lint),
    '</main>',
    '<footer>Made by <code>agent-config report</code>. The data behind this page is embedded as JSON in <code>#report-data</code>.</footer>',
    `<script type="application/json" id="report-data">${jsonForScript(doc)}</script>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/** The opening of every page this tool writes, up to `<body>`: the CSP, the styles, the title. */
export function pageHead(title: string): string[] {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${REPORT_CSP}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="color-scheme" content="light dark">',
    `<title>${escapeHtml(title)}</title>`,
    `<style>${REPORT_CSS}</style>`,
    '</head>',
    '<body>',
  ];
}
