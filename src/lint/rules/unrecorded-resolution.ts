import { latestResolution } from '../../evidence/decision-records.js';
import { isResolved } from '../../roadmap/blockers.js';
import { resolvedAnswer } from '../../roadmap/decision-entry.js';
import type { Finding, LintDocument, LintRule, Workspace } from '../types.js';

function check(doc: LintDocument, ws: Workspace): Finding[] {
  const roadmap = doc.roadmap;
  if (roadmap === null || roadmap.blockersSection === null) return [];
  const resolved = roadmap.blockersSection.blockers.filter(isResolved);
  if (resolved.length === 0) return [];
  const ledger = ws.decisions();
  const out: Finding[] = [];
  for (const b of resolved) {
    const at = { line: b.fields.find((f) => f.label.toLowerCase() === 'status')?.line ?? b.line, column: 1 };
    const record = latestResolution(ledger, doc.file, b.id);
    if (record === undefined) {
      out.push({
        ...at,
        message: `blocker '${b.id}' is marked resolved, but the evidence ledger holds no verified decision.resolved record of a person for it — a person answers it with \`agent-config decide ${b.id}\``,
      });
      continue;
    }
    const shown = resolvedAnswer(b);
    if (shown === null || shown.answer !== record.answer) {
      out.push({
        ...at,
        message: `blocker '${b.id}' shows an answer other than the one ${record.actor} recorded on ${record.ts.slice(0, 10)} ('${record.answer}') — the status line was edited after the decision`,
      });
    }
  }
  return out;
}

const ROADMAP = (status: string) => `# Roadmap: search

## Phase 1 — Engine

- [ ] Build the index

## Blockers

### blocker: search-engine
- **Status:** ${status}
- **Owner:** user
- **Blocks:** Phase 1
- **What to do:** pick one.
- **Resolved when:** this entry says resolved.
`;

const FILE = 'agents/roadmaps/search.md';
const DECIDED = {
  resolved: [
    {
      roadmap: FILE,
      blocker: 'search-engine',
      entrySha256: '5d0c6a7b3e9f1c2d4a6b8e0f1a3c5e7f9b1d3f5a7c9e1b3d5f7a9c1e3b5d7f9a',
      option: 'Postgres',
      answer: 'Postgres',
      actor: 'human:ada',
      ts: '2026-11-30T09:15:00.000Z',
    },
  ],
  approvals: [],
};

/** `unrecorded-resolution`: a blocker marked resolved carries a person's recorded decision. */
export const unrecordedResolutionRule: LintRule = {
  meta: {
    id: 'unrecorded-resolution',
    description:
      'A blocker marked resolved has a verified `decision.resolved` record of a person (`human:`) for that roadmap and id, and its status line shows the answer recorded.',
    rationale:
      'Anyone with write access can type `resolved` into a status line; an agent doing so closes a decision that was a person’s to make. `agent-config decide` records the answer in the evidence ledger before it rewrites the line, so a resolution without that record (or with another answer than the recorded one) was made by editing the markdown. Off by default, because roadmaps written before `decide` existed resolve blockers by hand: `evidence.decisions: required` in `agent-config.yaml` switches it on (as `lint: { rules: { unrecorded-resolution: on } }` does). Where signers are registered, only a signed record counts.',
    severity: 'error',
    fixable: false,
    defaultOn: false,
    scopes: ['roadmap'],
    examples: {
      ok: [
        { file: FILE, text: ROADMAP('open'), decisions: { resolved: [], approvals: [] } },
        { file: FILE, text: ROADMAP('resolved 2026-11-30 — Postgres'), decisions: DECIDED },
      ],
      notOk: [
        { file: FILE, text: ROADMAP('resolved — Postgres'), decisions: { resolved: [], approvals: [] } },
        { file: FILE, text: ROADMAP('resolved 2026-11-30 — a hosted service'), decisions: DECIDED },
      ],
    },
  },
  check,
};
