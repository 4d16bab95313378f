import { percentDone } from '../roadmap/queries.js';
import { escapeHtml as e } from './escape.js';
import type { ReportPage, RoadmapHistory, StepTotals } from './model.js';
import { commitCell, dayCell, table } from './parts.js';
import { renderBar, renderSparkline } from './svg.js';

const STATES = ['done', 'open', 'deferred', 'cancelled'] as const;

function barOf(label: string, t: StepTotals): string {
  return renderBar(
    label,
    STATES.map((s) => ({ className: s, value: t[s] })),
  );
}

/** Where a roadmap's own points sit on the history: its index there and its done percentage. */
export function sparkPoints(r: RoadmapHistory, index: ReadonlyMap<string, number>): Array<[number, number]> {
  const points: Array<[number, number]> = [];
  for (const p of r.history) {
    const at = index.get(p.commit);
    if (at !== undefined) points.push([at, percentDone(p.done, p.done + p.open)]);
  }
  return points;
}

/** Looked up once for every card: each commit's place in the history and its date. */
interface Lookup {
  index: Map<string, number>;
  dates: Map<string, string>;
  length: number;
}

/** A roadmap's path, with the paths it had before (renames, archiving). */
function pathWithFormer(r: RoadmapHistory): string {
  const former =
    r.formerPaths.length === 0
      ? ''
      : ` <span class="muted">(was ${r.formerPaths.map((p) => `<code>${e(p)}</code>`).join(', ')})</span>`;
  return `<code>${e(r.path)}</code>${former}`;
}

function card(r: RoadmapHistory, index: number, lookup: Lookup): string {
  const id = `roadmap-${index}`;
  const spark = renderSparkline(
    `${id}-spark`,
    `done percentage of ${r.title} over time, now ${r.percent}%`,
    sparkPoints(r, lookup.index),
    lookup.length,
  );
  const dates = lookup.dates;
  const phases = table(
    `${id}-phases`,
    `Phases of ${r.title}`,
    ['Phase', 'Steps', 'Done', 'Open', 'Deferred', 'Cancelled', '%'],
    r.phases.map((p) => [
      `${e(p.name)}`,
      barOf(`${p.name}: ${p.done} done, ${p.open} open`, p),
      p.done,
      p.open,
      p.deferred,
      p.cancelled,
      p.percent,
    ]),
  );
  const points = table(
    `${id}-history`,
    `History of ${r.title}`,
    ['Date', 'Commit', 'Done', 'Open', 'Deferred', 'Cancelled', '%'],
    r.history.map((p) => [
      dayCell(dates.get(p.commit) ?? ''),
      commitCell(p.commit),
      p.done,
      p.open,
      p.deferred,
      p.cancelled,
      percentDone(p.done, p.done + p.open),
    ]),
    r.history.map((p) => ` data-commit="${e(p.commit)}"`),
  );
  return [
    `<article class="card" id="${id}" data-path="${e(r.path)}">`,
    '<div class="card-head"><div>',
    `<h3>${e(r.title)}</h3>`,
    `<p class="muted">${pathWithFormer(r)}</p>`,
    `<p>${r.done} of ${r.done + r.open} steps done${r.deferred > 0 ? ` · ${r.deferred} deferred` : ''}${r.cancelled > 0 ? ` · ${r.cancelled} cancelled` : ''}</p>`,
    '</div>',
    `<div><span class="percent">${r.percent}%</span>${spark}</div>`,
    '</div>',
    '<div class="pair">',
    phases,
    points,
    '</div>',
    '</article>',
  ].join('\n');
}

/** The active roadmaps as cards (sparkline, percentage, phase bars), then the others in one table. */
export function renderRoadmaps(doc: ReportPage): string {
  const active = doc.roadmaps.filter((r) => r.state === 'active');
  const others = doc.roadmaps.filter((r) => r.state !== 'active');
  const problems = doc.roadmaps.flatMap((r) => r.problems);
  const lookup: Lookup = {
    index: new Map(doc.history.map((h, i) => [h.commit, i])),
    dates: new Map(doc.history.map((h) => [h.commit, h.date])),
    length: doc.history.length,
  };
  const parts = ['<section id="roadmaps"><h2>Roadmaps</h2>'];
  if (active.length > 0) {
    parts.push(
      '<p class="legend">Phase bars: <span><i class="key"></i>done</span><span><i class="key open"></i>open</span><span><i class="key deferred"></i>deferred</span><span><i class="key cancelled"></i>cancelled</span></p>',
    );
  }
  if (active.length === 0) parts.push('<p class="muted">No active roadmap.</p>');
  parts.push('<div class="roadmaps">', ...active.map((r, i) => card(r, i, lookup)), '</div>');
  if (others.length > 0) {
    parts.push(
      '<h3>Archived and gone</h3>',
      table(
        'other-roadmaps',
        'Archived and gone roadmaps',
        ['Roadmap', 'Path', 'State', 'Done', 'Open', 'Deferred', 'Cancelled'],
        others.map((r) => [e(r.title), pathWithFormer(r), r.state, r.done, r.open, r.deferred, r.cancelled]),
      ),
    );
  }
  if (problems.length > 0) {
    parts.push(
      '<h3 class="bad">Unreadable at a commit (counted as no steps)</h3>',
      table(
        'problems',
        'Roadmaps that could not be read',
        ['Path', 'Commit', 'Problem'],
        problems.map((p) => [`<code>${e(p.path)}</code>`, commitCell(p.commit), e(p.problem)]),
      ),
    );
  }
  parts.push('</section>');
  return parts.join('\n');
}
