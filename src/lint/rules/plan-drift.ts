import { latestApproval } from '../../evidence/decision-records.js';
import { needsApproval, planSha256 } from '../../roadmap/decision-entry.js';
import type { Finding, LintDocument, LintRule, Workspace } from '../types.js';

function check(doc: LintDocument, ws: Workspace): Finding[] {
  const roadmap = doc.roadmap;
  if (roadmap === null || !needsApproval(roadmap)) return [];
  const approval = latestApproval(ws.decisions(), doc.file);
  const approve = `\`agent-config decide --approve-plan ${doc.file}\``;
  if (approval === undefined) {
    return roadmap.steps
      .filter((s) => s.state === 'done')
      .map((s) => ({
        line: s.line,
        column: 1,
        message: `step ticked before the plan was approved (the frontmatter says approval: required) — a person approves it first with ${approve}`,
      }));
  }
  if (approval.planSha256 === planSha256(roadmap)) return [];
  return [
    {
      line: roadmap.phases[0]?.line ?? 1,
      column: 1,
      message: `the plan changed after ${approval.actor} approved it on ${approval.ts.slice(0, 10)}: a phase heading or a step was reworded, added or removed — a person approves it again with ${approve}`,
    },
  ];
}

const FILE = 'agents/roadmaps/search.md';
const PLAN = (first: string, tick: string) => `---
approval: required
---
# Roadmap: search

## Phase 1 — Engine

- [${tick}] ${first}
- [ ] Answer 10 % of searches from it
`;
const APPROVED = {
  resolved: [],
  approvals: [
    {
      roadmap: FILE,
      // planSha256 of PLAN('Build the index', …): ticking a step keeps it.
      planSha256: '1792fb78e8b00a9a4803c808793a70224e3b7c991da1e2c5b840d62b84e6ef68',
      actor: 'human:ada',
      ts: '2026-11-30T09:15:00.000Z',
    },
  ],
};

/** `plan-drift`: a plan that needs approval is worked on only as approved. */
export const planDriftRule: LintRule = {
  meta: {
    id: 'plan-drift',
    description:
      'A roadmap whose frontmatter says `approval: required` has no step ticked before a person approved the plan, and its phases and steps are the ones approved.',
    rationale:
      '`agent-config decide --approve-plan` records a `plan.approved` record bound to the SHA-256 of the phase headings and step texts, without the checkbox states: ticking a step is progress, rewording, adding or removing a step or a phase is a new plan, which a person approves again. Only roadmaps that ask for approval are checked, so it is on by default.',
    severity: 'error',
    fixable: false,
    scopes: ['roadmap'],
    examples: {
      ok: [
        { file: FILE, text: PLAN('Build the index', ' '), decisions: { resolved: [], approvals: [] } },
        { file: FILE, text: PLAN('Build the index', 'x'), decisions: APPROVED },
      ],
      notOk: [
        { file: FILE, text: PLAN('Build the index', 'x'), decisions: { resolved: [], approvals: [] } },
        { file: FILE, text: PLAN('Build an index of every product', ' '), decisions: APPROVED },
      ],
    },
  },
  check,
};
