import { escapeHtml as e } from './escape.js';
import { table } from './parts.js';

/** A value of a JSON document read without trusting its shape. */
type Json = unknown;

function field(doc: Json, key: string): Json {
  return typeof doc === 'object' && doc !== null && !Array.isArray(doc)
    ? (doc as Record<string, Json>)[key]
    : undefined;
}

function list(value: Json): Json[] {
  return Array.isArray(value) ? value : [];
}

function text(value: Json): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

function count(value: Json): number {
  return typeof value === 'number' ? value : 0;
}

const NOT_WRITTEN = '<span class="muted">(not written)</span>';

function entry(label: string, html: string): string {
  return `<dt>${e(label)}</dt><dd>${html === '' ? NOT_WRITTEN : html}</dd>`;
}

function decision(b: Json, n: number): string {
  const todo = list(field(b, 'todo')).map(text);
  const steps =
    todo.length === 0
      ? '<span class="muted">(no steps written)</span>'
      : `<ul class="plain">${todo.map((t) => `<li>${e(t)}</li>`).join('')}</ul>`;
  const recommendation = text(field(b, 'recommendation'));
  const owner = text(field(b, 'owner'));
  const unblocks = count(field(b, 'unblocksSteps'));
  return [
    `<article class="card decision" id="decision-${n}">`,
    `<div class="card-head"><h3>${n} · ${e(text(field(b, 'id')))}</h3><span class="muted">${field(b, 'needsYou') === true ? 'needs you' : `owner: ${e(owner)}`}${unblocks > 0 ? ` · unblocks ${unblocks} step(s)` : ''}</span></div>`,
    '<dl>',
    entry('Roadmap', `<code>${e(text(field(b, 'roadmap')))}</code>`),
    entry('Blocks', e(text(field(b, 'blocks')))),
    entry('The question', e(text(field(b, 'question')))),
    entry('Recommendation', e(recommendation)),
    entry('Do this', steps),
    entry('If you do nothing', e(text(field(b, 'ifNothing')))),
    entry('Done when', e(text(field(b, 'resolvedWhen')))),
    '</dl></article>',
  ].join('\n');
}

/** Every open blocker in full, from the `gates --all --json` document, in `gates` order. */
export function renderDecisions(gates: Json): string {
  const blockers = list(field(gates, 'blockers'));
  const head = `<section id="decisions"><h2>Open decisions</h2><p>${count(field(gates, 'needsYou'))} need you · ${count(field(gates, 'other'))} with someone else</p>`;
  if (blockers.length === 0) return `${head}<p class="muted">No open blockers.</p></section>`;
  return [
    head,
    '<div class="roadmaps">',
    ...blockers.map((b, i) => decision(b, i + 1)),
    '</div></section>',
  ].join('\n');
}

/** The staged actions of the `pending --json` document. */
export function renderPending(pending: Json): string {
  const head = '<section id="pending"><h2>Pending stages</h2>';
  if (pending === null || pending === undefined) {
    return `${head}<p class="muted">The staging store could not be read here.</p></section>`;
  }
  const staged = list(field(pending, 'staged'));
  const summary = `<p>${count(field(pending, 'awaitingYou'))} await your confirmation · ${count(field(pending, 'expired'))} expired</p>`;
  if (staged.length === 0) return `${head}${summary}<p class="muted">Nothing is staged.</p></section>`;
  return [
    head,
    summary,
    table(
      'pending-table',
      'Staged actions',
      ['Token', 'Action', 'Object', 'Status', 'Expires'],
      staged.map((s) => [
        `<code>${e(text(field(s, 'token')))}</code>`,
        e(text(field(s, 'action'))),
        e(text(field(s, 'object'))),
        e(text(field(s, 'status'))),
        e(text(field(s, 'expiresAt'))),
      ]),
    ),
    '</section>',
  ].join('\n');
}

/**
 * A section whose command's document is shown as it is (a definition list of its top-level
 * values) or, when null, a line saying the command gave nothing here.
 */
export function renderPlaceholder(id: string, title: string, doc: Json, command: string): string {
  const head = `<section id="${id}"><h2>${e(title)}</h2>`;
  if (doc === null || doc === undefined) {
    return `${head}<p class="muted">Nothing to show: <code>${e(command)}</code> gave no document here.</p></section>`;
  }
  return `${head}<pre>${e(JSON.stringify(doc, null, 2))}</pre></section>`;
}

/** The lint summary and every finding of the `lint --format json` document. */
export function renderLint(lint: Json): string {
  const head = '<section id="lint"><h2>Lint</h2>';
  if (lint === null || lint === undefined)
    return `${head}<p class="muted">Lint could not run here.</p></section>`;
  const summary = field(lint, 'summary');
  const findings = list(field(lint, 'findings'));
  const line = `<p>${count(field(summary, 'errors'))} error(s) · ${count(field(summary, 'warnings'))} warning(s) in ${count(field(summary, 'files'))} file(s)</p>`;
  if (findings.length === 0) return `${head}${line}<p class="muted">No findings.</p></section>`;
  return [
    head,
    line,
    table(
      'lint-table',
      'Lint findings',
      ['Where', 'Severity', 'Rule', 'Message'],
      findings.map((f) => [
        `<code>${e(`${text(field(f, 'file'))}:${text(field(f, 'line'))}:${text(field(f, 'column'))}`)}</code>`,
        e(text(field(f, 'severity'))),
        e(text(field(f, 'rule'))),
        e(text(field(f, 'message'))),
      ]),
    ),
    '</section>',
  ].join('\n');
}
