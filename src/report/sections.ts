import { personCommand } from '../core/person-command.js';
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

/** The gate window of the `window status --json` document: open until when, for what, by whom. */
export function renderWindow(window: Json): string {
  const head = '<section id="window"><h2>Gate window</h2>';
  if (window === null || window === undefined)
    return `${head}<p class="muted">The ledger could not be read here, so no window is known.</p></section>`;
  const w = field(window, 'window');
  if (field(window, 'open') !== true || typeof w !== 'object' || w === null)
    return `${head}<p class="muted">No window is open: every guarded action needs a confirmation.</p></section>`;
  const actions = list(field(w, 'actions')).map(text);
  return [
    head,
    `<p class="warn">Open until <strong>${e(text(field(w, 'expiresAt')))}</strong>: these guarded actions pass without a confirmation. Close it with <code>${e(personCommand('window close'))}</code>.</p>`,
    '<dl>',
    entry('Actions', actions.map((a) => `<code>${e(a)}</code>`).join(', ')),
    entry('Opened by', e(text(field(w, 'openedBy')))),
    entry('Opened at', e(text(field(w, 'openedAt')))),
    entry('Reason', e(text(field(w, 'reason')))),
    entry('Let through', e(String(count(field(w, 'bypassed'))))),
    '</dl></section>',
  ].join('\n');
}

/** A ledger record's payload, compact, for one table cell. */
function payloadText(payload: Json): string {
  const compact = JSON.stringify(payload ?? null);
  return compact.length > 160 ? `${compact.slice(0, 159)}…` : compact;
}

/**
 * The evidence ledger: the verify status of the `evidence verify --json` document (each stream,
 * each problem) and the latest records of the `evidence log --json` document.
 */
export function renderEvidence(verify: Json, log: Json): string {
  const head = '<section id="evidence"><h2>Evidence ledger</h2>';
  if (verify === null || verify === undefined)
    return `${head}<p class="muted">The ledger could not be verified here.</p></section>`;
  const streams = list(field(verify, 'streams'));
  const problems = list(field(verify, 'problems'));
  const ok = field(verify, 'ok') === true;
  const status = ok
    ? `<p id="evidence-status" class="ok">Verified: ${streams.length} stream(s), every chain intact.</p>`
    : `<p id="evidence-status" class="bad">Not verified: ${problems.length} problem(s) (exit ${count(field(verify, 'exit'))}).</p>`;
  const parts = [head, status];
  if (streams.length > 0)
    parts.push(
      table(
        'evidence-streams',
        'Ledger streams',
        ['Stream', 'Status', 'Records', 'Head'],
        streams.map((s) => [
          `<code>${e(text(field(s, 'file')))}</code>`,
          e(text(field(s, 'status'))),
          count(field(s, 'records')),
          `<code>${e(text(field(s, 'head')).slice(0, 12))}</code>`,
        ]),
      ),
    );
  if (problems.length > 0)
    parts.push(
      `<ul class="plain" id="evidence-problems">${problems
        .map((p) => {
          const seq = field(p, 'seq');
          return `<li><code>${e(text(field(p, 'code')))}</code> ${e(text(field(p, 'file')))}${typeof seq === 'number' ? ` at seq ${seq}` : ''}</li>`;
        })
        .join('')}</ul>`,
    );
  const records = list(field(log, 'records'));
  if (records.length === 0) parts.push('<p class="muted">No records yet.</p>');
  else
    parts.push(
      `<h3>Latest records</h3>`,
      table(
        'evidence-records',
        'Latest ledger records',
        ['Record', 'Time (claimed)', 'Event', 'Actor (claimed)', 'Chain', 'Payload'],
        records.map((r) => [
          `<code>${e(`${text(field(r, 'stream'))}#${text(field(r, 'seq'))}`)}</code>`,
          e(text(field(r, 'ts'))),
          e(text(field(r, 'event'))),
          e(text(field(r, 'actor'))),
          field(r, 'verified') === true ? 'verified' : '<strong>unverified</strong>',
          `<code class="wrap">${e(payloadText(field(r, 'payload')))}</code>`,
        ]),
      ),
    );
  parts.push('</section>');
  return parts.join('\n');
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
