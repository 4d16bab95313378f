// Generates a synthetic repository for benchmarks: N roadmaps of about 4 KB each (some
// finished, some with blockers, fences, links between roadmaps), M other tracked files (some
// citing roadmaps by path or relative link), frozen evidence and a patch. Deterministic.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { prng } from './prng.mjs';

/** Bump when the generated content changes, so cached corpora are rebuilt. */
export const CORPUS_VERSION = 2;

const WORDS =
  'parser dashboard archive gate blocker evidence record token stage claim lint table drill phase step roadmap link anchor fence owner decision budget release review merge branch commit hook check'.split(
    ' ',
  );

function words(rand, n) {
  const out = [];
  for (let i = 0; i < n; i++) out.push(WORDS[Math.floor(rand() * WORDS.length)]);
  return out.join(' ');
}

function roadmapName(i) {
  return `road-to-${String(i).padStart(5, '0')}.md`;
}

function blockerEntry(rand, id, owner) {
  return [
    `### blocker: ${id}`,
    '- **Status:** open',
    `- **Owner:** ${owner}`,
    `- **Blocks:** Phase 2 — ${words(rand, 4)}`,
    `- **Recommendation:** ${words(rand, 12)}`,
    `- **If you do nothing:** ${words(rand, 10)}`,
    '- **What to do:**',
    `  1. ${words(rand, 8)}`,
    `  2. run \`agent-config gates\` and ${words(rand, 5)}`,
    `- **Resolved when:** ${words(rand, 6)}`,
    '',
  ];
}

/** One roadmap of about 4 KB. `finished` roadmaps have every step done and no open blocker. */
function roadmap(rand, i, total, finished) {
  const lines = ['---', 'status: ready', `complexity: ${rand() < 0.5 ? 'small' : 'large'}`, '---', ''];
  lines.push(`# Roadmap: ${words(rand, 5)} ${i}`, '', words(rand, 40), '');
  const next = roadmapName((i + 1) % total);
  lines.push(`Follows on from [the previous plan](${next}) and \`agents/roadmaps/${next}\`.`, '');
  const phases = 4 + Math.floor(rand() * 3);
  for (let p = 1; p <= phases; p++) {
    lines.push(`## Phase ${p} — ${words(rand, 4)}`, '', words(rand, 25), '');
    const steps = 4 + Math.floor(rand() * 4);
    for (let s = 0; s < steps; s++) {
      const r = rand();
      const mark = finished ? 'x' : r < 0.45 ? 'x' : r < 0.9 ? ' ' : r < 0.95 ? '-' : ' ';
      lines.push(`- [${mark}] ${words(rand, 9)}`);
      if (rand() < 0.15) lines.push(`  - [${finished ? 'x' : ' '}] ${words(rand, 6)}`);
    }
    lines.push('');
    if (p === 2)
      lines.push(
        '```bash',
        '# example, not a step',
        '- [ ] not counted',
        'agent-config progress --check',
        '```',
        '',
      );
  }
  if (!finished && rand() < 0.3) {
    lines.push('## Blockers', '');
    lines.push(...blockerEntry(rand, `decide-${i}`, rand() < 0.6 ? 'user' : 'maintainer'));
    if (rand() < 0.3) lines.push(...blockerEntry(rand, `budget-${i}`, 'user'));
  }
  lines.push('## Acceptance', '', words(rand, 30), '');
  return `${lines.join('\n')}\n`;
}

function write(root, rel, content) {
  const abs = join(root, rel);
  mkdirSync(dirname(abs), { recursive: true });
  writeFileSync(abs, content);
  return Buffer.byteLength(content);
}

/**
 * Writes the corpus below `root`. Returns the byte count of the roadmaps. Every 10th roadmap is
 * finished (archivable); every 50th extra file cites a roadmap.
 */
export function generateCorpus(root, { roadmaps = 200, files = 0, seed = 42 } = {}) {
  const rand = prng(seed);
  let bytes = 0;
  for (let i = 0; i < roadmaps; i++) {
    bytes += write(root, `agents/roadmaps/${roadmapName(i)}`, roadmap(rand, i, roadmaps, i % 10 === 3));
  }
  for (let j = 0; j < files; j++) {
    const cite = j % 50 === 0;
    const target = roadmapName((j * 7) % Math.max(roadmaps, 1));
    if (j % 2 === 0) {
      const body = cite
        ? `# Note ${j}\n\nSee [the plan](../../agents/roadmaps/${target}) and agents/roadmaps/${target}.\n`
        : `# Note ${j}\n\n${words(rand, 30)}\n`;
      write(root, `docs/notes/${Math.floor(j / 1000)}/note-${j}.md`, body);
    } else {
      write(root, `src/mod-${Math.floor(j / 1000)}/file-${j}.ts`, `export const value${j} = ${j};\n`);
    }
  }
  write(
    root,
    'agents/evidence/2026-01-01-review.md',
    `# Review\n\nChecked agents/roadmaps/${roadmapName(3)} at the time.\n`,
  );
  write(
    root,
    'agents/evidence/change.patch',
    `--- a/agents/roadmaps/${roadmapName(3)}\n+++ b/agents/roadmaps/${roadmapName(3)}\n`,
  );
  return bytes;
}
