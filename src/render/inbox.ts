import { sanitize } from '../core/text/sanitize.js';
import { completenessLine, headline, type Inbox, type InboxWorktree, inboxCounts } from '../inbox/inbox.js';

// PURE: the text view of `inbox`. Everything read from a file or a path is sanitized inline, so
// no record, roadmap or folder name can forge a line of it.

const one = (text: string) => sanitize(text, { inline: true });

function shows(w: InboxWorktree): boolean {
  return w.decisions.length > 0 || w.stages.length > 0 || w.window !== null || w.problems.length > 0;
}

function worktreeLines(w: InboxWorktree): string[] {
  const facts = [
    w.branch === null ? 'detached' : `branch ${w.branch}`,
    w.signed ? 'signed' : 'unsigned',
    `ledger ${w.ledger}`,
  ];
  if (w.expiredStages > 0) facts.push(`${w.expiredStages} expired unconfirmed`);
  const lines = [`  ${one(w.path)} · ${facts.map(one).join(' · ')}`];
  if (w.window !== null)
    lines.push(
      `    window open until ${one(w.window.until)} (by ${one(w.window.openedBy)}: ${one(w.window.reason)})`,
    );
  for (const s of w.stages) {
    lines.push(`    stage ${one(s.token)} · ${one(s.action)} · ${one(s.object)}`);
    lines.push(`      staged ${one(s.stagedAt)} by ${one(s.source)} · expires ${one(s.expiresAt)}`);
    lines.push(`      ${one(s.confirm)}`);
  }
  for (const d of w.decisions) {
    lines.push(`    decision ${one(d.id)} · ${one(d.roadmap)}:${d.line}`);
    if (d.question !== '') lines.push(`      ${one(d.question)}`);
  }
  return lines;
}

/**
 * The inbox as text: the headline, then each repository with something to show (its working
 * trees with stages newest first, windows and decisions), then the completeness line.
 */
export function renderInboxText(inbox: Inbox): string {
  const out = [headline(inboxCounts(inbox)), ''];
  for (const repo of inbox.repositories) {
    const trees = repo.worktrees.filter(shows);
    if (trees.length === 0) continue;
    out.push(`── ${one(repo.path)} ──`);
    for (const w of trees) out.push(...worktreeLines(w));
    out.push('');
  }
  out.push(one(completenessLine(inbox)));
  return `${out.join('\n')}\n`;
}
