import { blockerClass, isResolved, writtenClass } from '../../roadmap/blockers.js';
import type { BlockedByMarker, Blocker, Roadmap } from '../../roadmap/model.js';
import { roadmapStem } from '../../roadmap/names.js';
import type { Finding, LintDocument, LintRule, Workspace } from '../types.js';

const REQUIRED = ['Status', 'Owner', 'Blocks', 'What to do', 'Resolved when'];
// An id a `blocked-by` marker can name: no spaces, no `#` (that separates the roadmap stem).
const ID = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const REF = /^(?:([A-Za-z0-9][A-Za-z0-9._-]*)#)?([A-Za-z0-9][A-Za-z0-9._-]*)$/;

function fieldLine(b: Blocker, label: string): number {
  return b.fields.find((f) => f.label.toLowerCase() === label.toLowerCase())?.line ?? b.line;
}

/** The `Options` list's shape: items on their own list lines, at most one recommended. */
function checkOptions(b: Blocker, out: Finding[]): void {
  const field = b.fields.find((f) => f.label.toLowerCase() === 'options');
  if (field === undefined) return;
  const where = { line: field.line, column: 1 };
  if (field.value !== '') {
    out.push({
      ...where,
      message: `blocker '${b.id}' writes its options on the Options line; put each option on its own list line below it (\`  1. …\`)`,
    });
  } else if (b.options.length === 0) {
    out.push({
      ...where,
      message: `blocker '${b.id}' has an Options field with no list below it; list the options (\`  1. …\`) or drop the field`,
    });
  }
  for (const o of b.options) {
    if (o.text === '')
      out.push({
        line: o.line,
        column: 1,
        message: `blocker '${b.id}' has an empty option; write what it is`,
      });
  }
  const recommended = b.options.filter((o) => o.recommended);
  if (recommended.length > 1) {
    out.push({
      line: recommended[1]!.line,
      column: 1,
      message: `blocker '${b.id}' marks ${recommended.length} options (recommended); mark one at most`,
    });
  }
}

function checkFields(b: Blocker, out: Finding[]): void {
  checkOptions(b, out);
  const labels = new Set(b.fields.map((f) => f.label.toLowerCase()));
  const missing = REQUIRED.filter((l) => !labels.has(l.toLowerCase()));
  if (missing.length > 0) {
    out.push({
      line: b.line,
      column: 1,
      message: `blocker '${b.id}' missing required field(s): ${missing.join(', ')}`,
    });
  }
  // A resolved blocker is history: upstream does not re-litigate its Class, Run or decidability.
  if (isResolved(b)) return;
  const undecidable: string[] = [];
  if (b.recommendation === '') undecidable.push('Recommendation');
  if (b.ifNothing === '') undecidable.push('If you do nothing');
  if (undecidable.length > 0) {
    out.push({
      line: b.line,
      column: 1,
      message: `open blocker '${b.id}' gives no ${undecidable.join(' and no ')} — a person cannot decide it without them`,
    });
  }
  // An empty `- **Class:**` line reads as absent (class 3), as in `gates` and upstream.
  const written = b.blockerClass.trim();
  if (written === '') return;
  const effective = blockerClass(b);
  if (effective === '3' && writtenClass(b) !== '3') {
    out.push({
      line: fieldLine(b, 'class'),
      column: 1,
      message: `blocker '${b.id}' has Class '${written}'; expected 0, 1, 2 or 3 (it reads as 3, human-only)`,
    });
  } else if ((effective === '0' || effective === '1') && b.run === '') {
    out.push({
      line: fieldLine(b, 'class'),
      column: 1,
      message: `class ${effective} blocker '${b.id}' names no \`- **Run:**\` command to run`,
    });
  }
}

function checkEntries(roadmap: Roadmap, out: Finding[]): Map<string, Blocker> {
  const declared = new Map<string, Blocker>();
  const section = roadmap.blockersSection;
  if (section === null) return declared;
  for (const b of section.blockers) {
    if (!ID.test(b.id)) {
      const why = b.id === '' ? 'has no id' : `has id '${b.id}', which a blocked-by marker cannot name`;
      out.push({ line: b.line, column: 1, message: `blocker heading ${why}; use a kebab-case id` });
    }
    const first = declared.get(b.id);
    if (first !== undefined) {
      out.push({
        line: b.line,
        column: 1,
        message: `duplicate blocker id '${b.id}' (first declared on line ${first.line})`,
      });
    } else {
      declared.set(b.id, b);
    }
    checkFields(b, out);
  }
  for (const h of section.strayHeadings) {
    out.push({
      line: h.line,
      column: 1,
      message: `heading '### ${h.text}' inside ## Blockers is not a blocker entry; write '### blocker: <id>' or move it below another ## heading`,
    });
  }
  return declared;
}

function resolveElsewhere(stem: string, id: string, ws: Workspace, where: string): string | null {
  const match = ws.findRoadmaps(stem);
  if (match.active.length === 0) {
    const place = match.elsewhere.length > 0 ? ` (only in ${match.elsewhere.join(', ')}/)` : '';
    return `${where} names roadmap '${stem}', which is not an active roadmap${place}`;
  }
  if (match.active.length > 1) {
    return `${where} is ambiguous: ${match.active.map((r) => r.file).join(', ')} all have the stem '${stem}'`;
  }
  const target = match.active[0]!;
  const blocker = target.blockersSection?.blockers.find((b) => b.id === id);
  if (blocker === undefined)
    return `${where} references unknown blocker '${id}' (no '### blocker: ${id}' in ${target.file})`;
  if (isResolved(blocker))
    return `${where} is stale: blocker '${id}' in ${target.file} is resolved — remove the marker`;
  return null;
}

function checkMarker(
  m: BlockedByMarker,
  roadmap: Roadmap,
  declared: Map<string, Blocker>,
  ws: Workspace,
): string | null {
  const ref = m.raw.split('|')[0]!.trim();
  const parsed = REF.exec(ref);
  if (!parsed)
    return `blocked-by marker does not parse: '${m.raw}' — write <!-- blocked-by: <id> --> or <roadmap>#<id>`;
  const [, stem, id] = parsed as unknown as [string, string | undefined, string];
  const where = `blocked-by '${ref}'`;
  if (stem !== undefined && stem !== roadmapStem(roadmap.rel)) return resolveElsewhere(stem, id, ws, where);
  const blocker = declared.get(id);
  if (blocker === undefined)
    return `blocked-by references unknown blocker id '${id}' (no matching '### blocker: ${id}' in this file)`;
  if (isResolved(blocker))
    return `${where} is stale: blocker '${id}' (line ${blocker.line}) is resolved — remove the marker`;
  return null;
}

function check(doc: LintDocument, ws: Workspace): Finding[] {
  const roadmap = doc.roadmap;
  if (roadmap === null) return [];
  const out: Finding[] = [];
  const declared = checkEntries(roadmap, out);
  for (const m of roadmap.blockedBy) {
    const message = checkMarker(m, roadmap, declared, ws);
    if (message !== null) out.push({ line: m.line, column: m.column, message });
  }
  return out;
}

const OK = `# Roadmap: search

## Phase 1 — Index

- [ ] Build the index <!-- blocked-by: storage-choice -->

## Blockers

### blocker: storage-choice
- **Status:** open
- **Owner:** user
- **Blocks:** Phase 1 — Index
- **Recommendation:** SQLite: one file, no server to run.
- **If you do nothing:** the index stays in memory and is rebuilt on every start.
- **What to do:**
  1. Pick SQLite or Postgres.
- **Options:**
  1. SQLite (recommended)
  2. Postgres
- **Resolved when:** the choice is written in this entry.
`;

const NOT_OK = `# Roadmap: search

## Phase 1 — Index

- [ ] Build the index <!-- blocked-by: storage -->
- [ ] Ship it <!-- blocked-by: release#go-ahead -->

## Blockers

### blocker: storage-choice
- **Status:** open
- **Owner:** user
- **What to do:** pick SQLite or Postgres.
- **Options:** SQLite or Postgres
- **Class:** 1

### Notes
`;

/** `blockers`: the `## Blockers` contract (SPEC §6, reference §2 and §7.1). */
export const blockersRule: LintRule = {
  meta: {
    id: 'blockers',
    description:
      'Every `### blocker:` entry has Status, Owner, Blocks, What to do and Resolved when; open entries also carry Recommendation and If you do nothing; an Options field lists its options one per line, at most one marked (recommended); `<!-- blocked-by: … -->` markers name an open blocker.',
    rationale:
      'A blocker is a decision a person has to make. Without the fields the dashboard and `agent-config gates` show `(unspecified)`, and without a recommendation and the cost of doing nothing nobody can decide it. A marker that names a missing or resolved blocker keeps a step looking blocked after the decision was made. Ids are unique per file; on an open entry, Class is 0–3 (an empty Class reads as absent: 3) and classes 0 and 1 name a Run command — a resolved entry is history and is not re-checked; references to another roadmap are written `<stem>#<id>` and must name an open blocker of an active roadmap. An optional `- **Options:**` field is followed by its options as list lines (`1. …` or `- …`), the one recommended ending with `(recommended)`: `gates` numbers them and `agent-config decide <id> --option N` answers with one.',
    severity: 'error',
    fixable: false,
    scopes: ['roadmap'],
    examples: {
      ok: [{ file: 'agents/roadmaps/search.md', text: OK }],
      notOk: [
        {
          file: 'agents/roadmaps/search.md',
          text: NOT_OK,
          others: [
            {
              file: 'agents/roadmaps/release.md',
              text: '# Release\n\n## Phase 1 — Go\n\n- [ ] Tag\n\n## Blockers\n\n### blocker: go-ahead\n- **Status:** resolved 2026-11-02\n- **Owner:** user\n- **Blocks:** Phase 1\n- **What to do:** say go.\n- **Resolved when:** said.\n',
            },
          ],
        },
      ],
    },
  },
  check,
};
