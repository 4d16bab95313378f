import type { InboxDocument, InboxWorktree } from '../inbox/inbox.js';
import { escapeHtml as e, jsonForScript } from './escape.js';
import { pageHead } from './html.js';

// PURE: `report --inbox`, the inbox as one self-contained page. Every text from a file, a
// record or a path is escaped; the document is embedded once as JSON, as the report does.

function worktree(w: InboxWorktree): string {
  const facts = [
    w.branch === null ? 'detached' : `branch ${w.branch}`,
    w.signed ? 'signed' : 'unsigned',
    `ledger ${w.ledger}`,
  ];
  if (w.expiredStages > 0) facts.push(`${w.expiredStages} expired unconfirmed`);
  const parts = [`<h3><code>${e(w.path)}</code></h3>`, `<p class="muted">${facts.map(e).join(' · ')}</p>`];
  if (w.window !== null)
    parts.push(
      `<p>Gate window open until ${e(w.window.until)} (by ${e(w.window.openedBy)}: ${e(w.window.reason)})</p>`,
    );
  if (w.stages.length > 0) {
    parts.push('<ul class="stages">');
    for (const s of w.stages)
      parts.push(
        `<li><strong>${e(s.action)}</strong> <code>${e(s.object)}</code> · staged ${e(s.stagedAt)} by ${e(s.source)} · expires ${e(s.expiresAt)}<br><code>${e(s.confirm)}</code></li>`,
      );
    parts.push('</ul>');
  }
  if (w.decisions.length > 0) {
    parts.push('<ul class="decisions">');
    for (const d of w.decisions)
      parts.push(
        `<li><strong>${e(d.id)}</strong> · ${e(d.roadmap)}:${d.line}${d.question === '' ? '' : ` — ${e(d.question)}`}</li>`,
      );
    parts.push('</ul>');
  }
  if (w.problems.length > 0) {
    parts.push('<ul class="problems">');
    for (const p of w.problems) parts.push(`<li>${e(p.kind)}: ${e(p.detail)}</li>`);
    parts.push('</ul>');
  }
  return parts.join('\n');
}

/** The inbox page: the headline, each repository with its working trees, the completeness line. */
export function renderInboxHtml(doc: InboxDocument, generatedAt: string): string {
  const repos = doc.repositories.map((r) =>
    [`<section><h2><code>${e(r.path)}</code></h2>`, ...r.worktrees.map(worktree), '</section>'].join('\n'),
  );
  return [
    ...pageHead('Inbox'),
    `<header><h1>${e(doc.headline)}</h1><p class="muted">generated ${e(generatedAt)}</p></header>`,
    '<main>',
    ...repos,
    `<p id="completeness">${e(doc.completeness.line)}</p>`,
    '</main>',
    '<footer>Made by <code>agent-config report --inbox</code>. The data behind this page is embedded as JSON in <code>#inbox-data</code>.</footer>',
    `<script type="application/json" id="inbox-data">${jsonForScript(doc)}</script>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
