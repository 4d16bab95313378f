import { phaseLookalike } from '../../roadmap/phase-lookalike.js';
import type { Finding, LintDocument, LintRule } from '../types.js';

function check(doc: LintDocument): Finding[] {
  const roadmap = doc.roadmap;
  if (roadmap === null) return [];
  if (roadmap.phases.length === 0) {
    return [
      {
        line: 1,
        column: 1,
        message:
          'no `## Phase <id>` or `### Phase <id>` heading: the dashboard does not list this roadmap — name its headings `Phase <id>` or add `status: draft` to the frontmatter',
      },
    ];
  }
  const out: Finding[] = [];
  const orphans = roadmap.orphanSteps;
  if (orphans.length > 0) {
    const lookalike = phaseLookalike(doc.text, orphans[orphans.length - 1]!.line);
    const why =
      lookalike === null
        ? ''
        : ` (\`${lookalike.text}\` on line ${lookalike.line} is not one: a phase heading is \`##\` or \`###\`, \`Phase\`, then an id such as 1, 2a, 1.2, IV or B)`;
    out.push({
      line: orphans[0]!.line,
      column: 1,
      message: `${orphans.length} step(s) before the first phase heading are not counted on the dashboard — move them under a \`## Phase <id>\` heading${why}`,
    });
  }
  for (const phase of roadmap.phases) {
    if (phase.steps.length > 0) continue;
    const name = phase.name.length > 60 ? `${phase.name.slice(0, 60)}…` : phase.name;
    out.push({
      line: phase.line,
      column: 1,
      message: `Phase ${phase.id} (${name}) has no step — add at least one \`- [ ]\` item or remove the phase`,
    });
  }
  return out;
}

/** `trackable`: every active roadmap shows up on the dashboard with all its steps (reference §7.2). */
export const trackableRule: LintRule = {
  meta: {
    id: 'trackable',
    description:
      'Every active roadmap has a phase heading, every phase has at least one step, and no step sits before the first phase heading.',
    rationale:
      'The dashboard counts only steps under a `Phase <id>` heading. A roadmap without one is invisible, a phase without steps shows 0 of 0, and steps above the first phase are silently left out of every number (upstream loses them; here they are reported).',
    severity: 'error',
    fixable: false,
    scopes: ['roadmap'],
    examples: {
      ok: [
        {
          file: 'agents/roadmaps/search.md',
          text: '# Roadmap: search\n\n## Phase 1 — Index\n\n- [x] Build the index\n\n## Phase 2 — Query\n\n- [ ] Parse queries\n',
        },
      ],
      notOk: [
        {
          file: 'agents/roadmaps/search.md',
          text: '# Roadmap: search\n\n- [ ] Decide the scope\n\n## Phase 1 — Index\n\n- [x] Build the index\n\n## Phase 2 — Query\n\nTo be planned.\n',
        },
        {
          file: 'agents/roadmaps/notes.md',
          text: '# Notes\n\n## Wave 1\n\n- [ ] Something\n',
        },
      ],
    },
  },
  check,
};
