import { isResolved, needsUser } from '../../roadmap/blockers.js';
import type { Blocker, Roadmap } from '../../roadmap/model.js';
import { phasesNamed } from '../../roadmap/phase-id.js';
import type { Finding, LintDocument, LintRule } from '../types.js';

/** Open blockers a person decides, each with the phases its Blocks value names. */
function gates(roadmap: Roadmap): Array<{ blocker: Blocker; phases: Set<string> }> {
  const out: Array<{ blocker: Blocker; phases: Set<string> }> = [];
  for (const b of roadmap.blockersSection?.blockers ?? []) {
    if (isResolved(b) || !needsUser(b.owner)) continue;
    const phases = new Set(phasesNamed(b.blocks));
    if (phases.size > 0) out.push({ blocker: b, phases });
  }
  return out;
}

function check(doc: LintDocument): Finding[] {
  const roadmap = doc.roadmap;
  if (roadmap === null || roadmap.blockersSection === null) return [];
  const open = gates(roadmap);
  if (open.length === 0) return [];
  const out: Finding[] = [];
  for (const phase of roadmap.phases) {
    const gate = open.find((g) => g.phases.has(phase.id));
    if (gate === undefined) continue;
    for (const step of phase.steps) {
      if (step.state !== 'done') continue;
      out.push({
        line: step.line,
        column: 1,
        message: `step ticked in Phase ${phase.id} while blocker '${gate.blocker.id}' (line ${gate.blocker.line}), which blocks that phase, is open and waits on a person — untick it, or have the person decide the blocker first (\`agent-config decide ${gate.blocker.id}\`)`,
      });
    }
  }
  return out;
}

const ROADMAP = (status: string, tick: string) => `# Roadmap: search

## Phase 1 — Measure

- [x] Log every failed search

## Phase 2 — Engine

- [${tick}] Build the index

## Blockers

### blocker: search-engine
- **Status:** ${status}
- **Owner:** user
- **Blocks:** Phase 2 — the engine
- **Recommendation:** Postgres.
- **If you do nothing:** Phase 2 cannot start.
- **What to do:** pick one.
- **Resolved when:** this entry says resolved.
`;

/** `step-past-gate`: no step is ticked in a phase an open decision of a person still blocks. */
export const stepPastGateRule: LintRule = {
  meta: {
    id: 'step-past-gate',
    description:
      'No step is ticked `[x]` in a phase that an open blocker owned by a person blocks (its `Blocks:` value names `Phase <id>`).',
    rationale:
      'A blocker that waits on a person holds the phase it names: work ticked there went ahead of a decision nobody made yet, which is how an agent routes around a gate. Only a `Blocks:` value naming `Phase <id>` links a blocker to steps; a value that names no phase links to nothing and is never a finding. Resolved blockers, blockers owned by a maintainer or an outside party, and open, deferred or cancelled steps are not findings. On by default: upstream’s real roadmaps have no such step.',
    severity: 'error',
    fixable: false,
    scopes: ['roadmap'],
    examples: {
      ok: [
        { file: 'agents/roadmaps/search.md', text: ROADMAP('open', ' ') },
        { file: 'agents/roadmaps/search.md', text: ROADMAP('resolved 2026-11-30 — Postgres', 'x') },
      ],
      notOk: [{ file: 'agents/roadmaps/search.md', text: ROADMAP('open', 'x') }],
    },
  },
  check,
};
