import { closesFence, type Fence, fenceOpener } from '../../roadmap/fences.js';
import type { Finding, LintDocument, LintRule, Workspace } from '../types.js';

// Stable documents are not roadmaps, so this rule keeps its own small line pattern
// (upstream's `check_no_roadmap_refs`), built once per roadmap root.
const patterns = new Map<string, RegExp>();

function refPattern(roadmapsDir: string): RegExp {
  let re = patterns.get(roadmapsDir);
  if (re === undefined) {
    const dir = roadmapsDir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    // Folders and a file name, dots allowed (`road-to-1.2.md`, which upstream misses).
    re = new RegExp(`${dir}/(?:[a-z0-9][a-z0-9._-]*/)*[a-z0-9][a-z0-9._-]*\\.md`, 'gi');
    patterns.set(roadmapsDir, re);
  }
  return re;
}

function check(doc: LintDocument, ws: Workspace): Finding[] {
  const re = refPattern(ws.roadmapsDir);
  // A cheap test first: most lines of a document mention no roadmap folder at all.
  const needle = ws.roadmapsDir.toLowerCase();
  const out: Finding[] = [];
  const lines = doc.text.split(/\r?\n/);
  // The scanner's own fence test: "inside a fence" means one thing in every command.
  let fence: Fence | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (fence !== null) {
      if (closesFence(line, fence)) fence = null;
      continue;
    }
    fence = fenceOpener(line);
    if (fence !== null || !line.toLowerCase().includes(needle)) continue;
    for (const m of line.matchAll(re)) {
      out.push({
        line: i + 1,
        column: m.index + 1,
        message: `stable document cites the roadmap file '${m[0]}'; roadmaps move and get archived — describe the rule itself, or cite the roadmap folder`,
      });
    }
  }
  return out;
}

/** `roadmap-refs`: stable documents cite no specific roadmap file (reference §7.3). */
export const roadmapRefsRule: LintRule = {
  meta: {
    id: 'roadmap-refs',
    description: 'Stable documents (the `stable-docs` globs) cite no specific roadmap file.',
    rationale:
      'Guidelines, contracts and READMEs outlive the plans that produced them. A roadmap is archived when it is done, so a stable document that points at one sends every later reader to a moved or finished plan. Lines inside fenced code are skipped.',
    severity: 'error',
    fixable: false,
    scopes: ['stable-doc'],
    examples: {
      ok: [
        {
          file: 'docs/guidelines/reviews.md',
          text: '# Reviews\n\nEvery change is reviewed by a second person. Plans live in `agents/roadmaps/`.\n\n```sh\ncat agents/roadmaps/example.md\n```\n',
        },
      ],
      notOk: [
        {
          file: 'docs/guidelines/reviews.md',
          text: '# Reviews\n\nAs decided in agents/roadmaps/road-to-reviews.md, every change is reviewed twice.\n',
        },
      ],
    },
  },
  check,
};
