import { personCommand } from '../core/person-command.js';
import { escapeHtml as e } from './escape.js';
import type {
  DecisionShown,
  DecisionsShown,
  EvidenceLogShown,
  EvidenceShown,
  GatesShown,
  PendingShown,
  ReportPage,
  WindowShown,
} from './model.js';
import { table } from './parts.js';

const NOT_WRITTEN = '<span class="muted">(not written)</span>';

function entry(label: string, html: string): string {
  return `<dt>${e(label)}</dt><dd>${html === '' ? NOT_WRITTEN : html}</dd>`;
}

function decision(b: DecisionShown, n: number): string {
  const steps =
    b.todo.length === 0
      ? '<span class="muted">(no steps written)</span>'
      : `<ul class="plain">${b.todo.map((t) => `<li>${e(t)}</li>`).join('')}</ul>`;
  const unblocks = b.unblocksSteps;
  return [
    `<article class="card decision" id="decision-${n}">`,
    `<div class="card-head"><h3>${n} · ${e(b.id)}</h3><span class="muted">${b.needsYou ? 'needs you' : `owner: ${e(b.owner)}`}${unblocks > 0 ? ` · unblocks ${unblocks} step(s)` : ''}</span></div>`,
    '<dl>',
    entry('Roadmap', `<code>${e(b.roadmap)}</code>`),
    entry('Blocks', e(b.blocks)),
    entry('The question', e(b.question)),
    entry('Recommendation', e(b.recommendation)),
    entry('Do this', steps),
    entry('If you do nothing', e(b.ifNothing)),
    entry('Done when', e(b.resolvedWhen)),
    '</dl></article>',
  ].join('\n');
}

/** Every open blocker in full, from the `gates --all --json` document, in `gates` order. */
export function renderDecisions(gates: GatesShown | null): string {
  const blockers = gates?.blockers ?? [];
  const head = `<section id="decisions"><h2>Open decisions</h2><p>${gates?.needsYou ?? 0} need you · ${gates?.other ?? 0} with someone else</p>`;
  if (blockers.length === 0) return `${head}<p class="muted">No open blockers.</p></section>`;
  return [
    head,
    '<div class="roadmaps">',
    ...blockers.map((b, i) => decision(b, i + 1)),
    '</div></section>',
  ].join('\n');
}

/** The staged actions of the `pending --json` document. */
export function renderPending(pending: PendingShown | null): string {
  const head = '<section id="pending"><h2>Pending stages</h2>';
  if (pending === null) {
    return `${head}<p class="muted">The staging store could not be read here.</p></section>`;
  }
  const staged = pending.staged;
  const summary = `<p>${pending.awaitingYou} await your confirmation · ${pending.expired} expired</p>`;
  if (staged.length === 0) return `${head}${summary}<p class="muted">Nothing is staged.</p></section>`;
  return [
    head,
    summary,
    table(
      'pending-table',
      'Staged actions',
      ['Token', 'Action', 'Object', 'Status', 'Expires'],
      staged.map((s) => [
        `<code>${e(s.token)}</code>`,
        e(s.action),
        e(s.object),
        e(s.status),
        e(s.expiresAt),
      ]),
    ),
    '</section>',
  ].join('\n');
}

/** The gate window of the `window status --json` document: open until when, for what, by whom. */
export function renderWindow(window: WindowShown | null): string {
  const head = '<section id="window"><h2>Gate window</h2>';
  if (window === null)
    return `${head}<p class="muted">The ledger could not be read here, so no window is known.</p></section>`;
  const w = window.window;
  if (!window.open || w === null)
    return `${head}<p class="muted">No window is open: every guarded action needs a confirmation.</p></section>`;
  return [
    head,
    `<p class="warn">Open until <strong>${e(w.expiresAt)}</strong>: these guarded actions pass without a confirmation. Close it with <code>${e(personCommand('window close'))}</code>.</p>`,
    '<dl>',
    entry('Actions', w.actions.map((a) => `<code>${e(a)}</code>`).join(', ')),
    entry('Opened by', e(w.openedBy)),
    entry('Opened at', e(w.openedAt)),
    entry('Reason', e(w.reason)),
    entry('Let through', e(String(w.bypassed))),
    '</dl></section>',
  ].join('\n');
}

/** A ledger record's payload, compact, for one table cell. */
function payloadText(payload: EvidenceLogShown['records'][number]['payload']): string {
  const compact = JSON.stringify(payload ?? null);
  return compact.length > 160 ? `${compact.slice(0, 159)}…` : compact;
}

/**
 * The evidence ledger: the verify status of the `evidence verify --json` document (each stream,
 * each problem) and the latest records of the `evidence log --json` document.
 */
export function renderEvidence(verify: EvidenceShown | null, log: EvidenceLogShown | null): string {
  const head = '<section id="evidence"><h2>Evidence ledger</h2>';
  if (verify === null) return `${head}<p class="muted">The ledger could not be verified here.</p></section>`;
  const { streams, problems } = verify;
  const status = verify.ok
    ? `<p id="evidence-status" class="ok">Verified: ${streams.length} stream(s), every chain intact.</p>`
    : `<p id="evidence-status" class="bad">Not verified: ${problems.length} problem(s) (exit ${verify.exit}).</p>`;
  const parts = [head, status];
  if (streams.length > 0)
    parts.push(
      table(
        'evidence-streams',
        'Ledger streams',
        ['Stream', 'Status', 'Records', 'Head'],
        streams.map((s) => [
          `<code>${e(s.file)}</code>`,
          e(s.status),
          s.records,
          `<code>${e((s.head ?? '').slice(0, 12))}</code>`,
        ]),
      ),
    );
  if (problems.length > 0)
    parts.push(
      `<ul class="plain" id="evidence-problems">${problems
        .map(
          (p) =>
            `<li><code>${e(p.code)}</code> ${e(p.file)}${p.seq === undefined ? '' : ` at seq ${p.seq}`}</li>`,
        )
        .join('')}</ul>`,
    );
  const records = log?.records ?? [];
  if (records.length === 0) parts.push('<p class="muted">No records yet.</p>');
  else
    parts.push(
      `<h3>Latest records</h3>`,
      table(
        'evidence-records',
        'Latest ledger records',
        ['Record', 'Time (claimed)', 'Event', 'Actor (claimed)', 'Chain', 'Payload'],
        records.map((r) => [
          `<code>${e(`${r.stream}#${r.seq}`)}</code>`,
          e(r.ts),
          e(r.event),
          e(r.actor),
          r.verified ? 'verified' : '<strong>unverified</strong>',
          `<code class="wrap">${e(payloadText(r.payload))}</code>`,
        ]),
      ),
    );
  parts.push('</section>');
  return parts.join('\n');
}

/** The lint summary and every finding of the `lint --format json` document. */
export function renderLint(lint: ReportPage['lint']): string {
  const head = '<section id="lint"><h2>Lint</h2>';
  if (lint === null) return `${head}<p class="muted">Lint could not run here.</p></section>`;
  const { summary, findings } = lint;
  const line = `<p>${summary.errors} error(s) · ${summary.warnings} warning(s) in ${summary.files} file(s)</p>`;
  if (findings.length === 0) return `${head}${line}<p class="muted">No findings.</p></section>`;
  return [
    head,
    line,
    table(
      'lint-table',
      'Lint findings',
      ['Where', 'Severity', 'Rule', 'Message'],
      findings.map((f) => [
        `<code>${e(`${f.file}:${f.line}:${f.column}`)}</code>`,
        e(f.severity),
        e(f.rule),
        e(f.message),
      ]),
    ),
    '</section>',
  ].join('\n');
}

/**
 * The decisions people answered with `decide`, oldest first: when, who, which roadmap and
 * blocker (or plan), and which option or answer — every value escaped.
 */
export function renderDecisionsMade(made: DecisionsShown | null | undefined): string {
  const head = '<section id="decided"><h2>Decisions answered</h2>';
  if (made === null || made === undefined)
    return `${head}<p class="muted">The evidence ledger could not be read here.</p></section>`;
  const rows = made.decisions;
  if (rows.length === 0)
    return `${head}<p class="muted">No decision recorded with <code>${e(personCommand('decide'))}</code> yet.</p></section>`;
  const people = new Set(rows.map((r) => r.actor)).size;
  return [
    head,
    `<p>${rows.length} decision(s) by ${people} person(s), from ${e(rows[0]!.ts.slice(0, 10))} to ${e(rows[rows.length - 1]!.ts.slice(0, 10))}.</p>`,
    table(
      'decided-table',
      'Decisions answered',
      ['When', 'Who', 'Roadmap', 'Decision', 'Answer'],
      rows.map((r) => [
        `<span class="nw">${e(r.ts.slice(0, 16).replace('T', ' '))}</span>`,
        e(r.actor),
        `<code>${e(r.roadmap)}</code>`,
        r.kind === 'approved' ? 'plan approved' : `<code>${e(r.blocker ?? '')}</code>`,
        r.kind === 'approved'
          ? '<span class="muted">(the plan as it stood)</span>'
          : `${r.option === null ? '<span class="muted">in words:</span> ' : '<span class="muted">option:</span> '}${e(r.answer ?? '')}`,
      ]),
    ),
    '</section>',
  ].join('\n');
}
