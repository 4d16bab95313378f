import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { staleDetail } from '../../src/render/dashboard-diff.js';
import { run } from '../helpers/context.js';
import { copyFixture, makeRepo } from '../helpers/repo.js';

/*
 * A repository moving from @event4u/agent-config: its committed dashboard was written by
 * upstream's generator. The snapshot fixture is upstream's own tree (roadmaps and the dashboard
 * its Python generator wrote for them, commit f6c2db8); the other layouts are upstream's
 * TypeScript generator's, as reference §3 documents them.
 */

const DASH = 'agents/roadmaps-progress.md';
const STALE =
  '❌  agents/roadmaps-progress.md is stale. Run `npx --no agent-config progress` to regenerate it, then commit it.';

/** The hint line for the given list of differing forms. */
const hint = (forms: string) =>
  `      Only the generator's own form differs (${forms}): another generator wrote this file (upstream's update_roadmap_progress?). Every roadmap, number and bar it shows already agrees — one \`npx --no agent-config progress\` fixes it.`;

/** Writes our dashboard for the tree in `dir`, returns it, and restores the file that was there. */
async function oursFor(dir: string): Promise<string> {
  const path = join(dir, DASH);
  let before: string | null = null;
  try {
    before = readFileSync(path, 'utf8');
  } catch {
    before = null;
  }
  expect((await run(dir, ['progress'])).code).toBe(0);
  const ours = readFileSync(path, 'utf8');
  if (before !== null) writeFileSync(path, before);
  return ours;
}

describe('progress --check on upstream’s own tree (snapshot f6c2db8)', () => {
  it('says only the generator differs: the prose, the later/ link and the Blocker column', async () => {
    const dir = copyFixture('agent-config-real/snapshot-2026-05');
    const r = await run(dir, ['progress', '--check']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    const lines = r.stderr.split('\n');
    expect(lines[0]).toBe(STALE);
    expect(lines[1]).toBe('      first difference at line 3, column 22:');
    expect(lines[4]).toBe(hint('the prose on line 3, the `later/` link, the `Blocker` column'));
    expect(lines.slice(5)).toEqual(['']);
    expect((await run(dir, ['progress'])).code).toBe(0);
    expect((await run(dir, ['progress', '--check'])).code).toBe(0);
  });

  it('gives no hint when any one number of upstream’s dashboard differs', async () => {
    const dir = copyFixture('agent-config-real/snapshot-2026-05');
    const theirs = readFileSync(join(dir, DASH), 'utf8');
    const ours = await oursFor(dir);
    expect(staleDetail(ours, theirs).generatorOnly).toBe(true);
    const prose = theirs.split('\n')[2]!;
    let mutated = 0;
    for (const m of theirs.matchAll(/\d+/g)) {
      const at = m.index;
      // The provenance sentence is the generator's own; it holds no number, but say so.
      if (at >= theirs.indexOf(prose) && at < theirs.indexOf(prose) + prose.length) continue;
      const changed = `${theirs.slice(0, at)}${Number(m[0]) + 1}${theirs.slice(at + m[0].length)}`;
      const detail = staleDetail(ours, changed);
      expect(detail.generatorOnly, `number ${m[0]} at offset ${at}`).toBe(false);
      expect(detail.forms).toEqual([]);
      mutated++;
    }
    expect(mutated).toBeGreaterThan(300);
    // A bar is a number too.
    const bar = theirs.replace('| ░░░░░░░░░░ 0% |', '| █░░░░░░░░░ 0% |');
    expect(bar).not.toBe(theirs);
    expect(staleDetail(ours, bar).generatorOnly).toBe(false);
  });

  it('prints no hint on the command line when a count differs', async () => {
    const dir = copyFixture('agent-config-real/snapshot-2026-05');
    const path = join(dir, DASH);
    const theirs = readFileSync(path, 'utf8');
    writeFileSync(path, theirs.replace('| 4 | 14 | 14 | 0 |', '| 4 | 14 | 13 | 1 |'));
    const r = await run(dir, ['progress', '--check']);
    expect(r.code).toBe(1);
    expect(r.stderr).not.toContain('Only the generator');
    expect(r.stderr.split('\n')).toHaveLength(5);
  });

  it('gives no hint when a roadmap is missing, added or renamed', async () => {
    const dir = copyFixture('agent-config-real/snapshot-2026-05');
    const theirs = readFileSync(join(dir, DASH), 'utf8');
    const ours = await oursFor(dir);
    const renamed = theirs.replaceAll('road-to-mcp-server.md', 'road-to-mcp-servers.md');
    expect(staleDetail(ours, renamed).generatorOnly).toBe(false);
    const row = theirs.split('\n').find((l) => l.startsWith('| 7 | [road-to-proof'))!;
    expect(staleDetail(ours, theirs.replace(`${row}\n`, '')).generatorOnly).toBe(false);
    expect(staleDetail(ours, theirs.replace(row, `${row}\n${row}`)).generatorOnly).toBe(false);
    const phase = '| 1 | Strategy Inventory (≤ 0.5 day) | ⬜ not started | 5 | 0 | 0 | 0 | 0% |';
    expect(theirs).toContain(phase);
    expect(staleDetail(ours, theirs.replace(phase, phase.replace('Inventory', 'Audit'))).generatorOnly).toBe(
      false,
    );
  });
});

// Upstream's TypeScript generator's prose (reference §3.2).
const TS_PROVENANCE =
  '> Auto-generated — do not edit. Regenerate with `task roadmap-progress` or by running the `update_roadmap_progress` script for your install; rewritten on every roadmap create / execute / completion change (timestamp lives in git history).';
const TS_IRON_LAW =
  'These roadmaps have `count_open == 0` but carry `[~]` deferred items. Per `roadmap-progress-sync` Iron Law 3 they do NOT auto-archive — the user must resolve the deferrals first (spawn follow-up, restore, or cancel). See [`roadmap-management § 4b`](../packages/core/.agent-src.uncondensed/skills/roadmap-management/SKILL.md).';
const TS_COMPLETED =
  'These roadmaps are **complete** (`count_open == 0`, `count_deferred == 0`) but still sit in the active tree. They should be in `agents/roadmaps/archive/`. Run the archival sweep `archive_completed_roadmaps --all` (untracked-safe), or follow the manual fallback documented in the `roadmap-management` skill, then regenerate this dashboard.';
const TS_MERGE_GATED =
  'Every open item in these roadmaps is `merge-gated`: held open on purpose while a closing PR is in flight, so inbound references keep resolving until the file archives. **The moment the gating PR merges**, flip the merge-gated box → `[x]`, `git mv` the roadmap to `archive/`, migrate inbound refs, and regenerate this dashboard — all in the same response (per `roadmap-progress-sync` Iron Law 1). Do NOT leave it lingering at < 100%.';
const TS_PARKED =
  '> Excluded from the table above and from `/roadmap:process-*` by design. Listed here so a resume condition is visible without opening the file.';

const BLOCKED = [
  '# Blocked',
  '',
  '## Phase 1 — Ship',
  '',
  '- [x] one',
  '- [ ] two',
  '',
  '## Blockers',
  '',
  '### blocker: pick-a-host',
  '- **Status:** open',
  '- **Owner:** user',
  '- **Blocks:** Phase 1',
  '- **Recommendation:** the cheap one',
  '- **If you do nothing:** nothing ships',
  '- **What to do:**',
  '  1. Pick one.',
  '- **Resolved when:** a host is named',
  '',
].join('\n');

/** A tree with every section our dashboard has: banners, blockers, a parked roadmap. */
async function richTree(): Promise<{ dir: string; ours: string }> {
  const dir = makeRepo({
    'agents/roadmaps/blocked.md': BLOCKED,
    'agents/roadmaps/done.md': '# Done\n\n## Phase 1 — All\n\n- [x] a\n',
    'agents/roadmaps/held.md': '# Held\n\n## Phase 1 — All\n\n- [x] a\n- [~] b\n',
    'agents/roadmaps/gated.md':
      '# Gated\n\n## Phase 1 — All\n\n- [x] a\n- [ ] b <!-- merge-gated: pr=12 -->\n',
    'agents/roadmaps/later/parked.md':
      '# Parked\n\n> Resume when the host is picked.\n\n## Phase 1 — Wait\n\n- [ ] q\n',
  });
  const ours = await oursFor(dir);
  for (const section of [
    '## ⚠️ Iron Law 3',
    '## ⏳ Merge-gated',
    '## ✅ Completed',
    '## Parked',
    '<a id="blockers-',
  ]) {
    expect(ours).toContain(section);
  }
  return { dir, ours };
}

/** Our dashboard with upstream's TypeScript prose in place of ours (URP-TS1). */
function typeScriptLayout(ours: string): string {
  const lines = ours.split('\n');
  const after = (heading: string) => lines.findIndex((l) => l.startsWith(heading)) + 2;
  lines[2] = TS_PROVENANCE;
  lines[after('## ⚠️ Iron Law 3')] = TS_IRON_LAW;
  lines[after('## ⏳ Merge-gated')] = TS_MERGE_GATED;
  lines[after('## ✅ Completed')] = TS_COMPLETED;
  lines[after('## Parked')] = TS_PARKED;
  return lines.join('\n');
}

/** What upstream's Python generator writes for the same tree: no blockers, banners or parked section. */
function pythonLayout(ours: string): string {
  const out: string[] = [];
  let skip = false;
  let inBlockers = false;
  for (const line of ours.split('\n')) {
    if (line.startsWith('## ')) {
      skip = /^## (⚠️|⏳|✅|Parked)/u.test(line);
      inBlockers = false;
    }
    if (line.startsWith('### ')) inBlockers = false;
    if (line.startsWith('<a id="blockers-')) inBlockers = true;
    if (skip || inBlockers) continue;
    if (line.startsWith('> Auto-generated')) {
      out.push(
        '> Auto-generated by `.augment/scripts/update_roadmap_progress.py`. Do not edit — regenerated on every roadmap-create, -execute, or completion change (last-modified timestamp lives in git history).',
      );
      continue;
    }
    if (/^> \d+ open roadmap/.test(line)) {
      out.push(line.replace(/ · \[later\/\].*$/, ''));
      continue;
    }
    if (line.startsWith('| # | Roadmap |')) {
      out.push('| # | Roadmap | Phases | Steps | Open | Done | Deferred | Cancelled | Progress |');
      continue;
    }
    if (line === '|---|---|---:|---:|---:|---:|---:|---:|---:|---|') {
      out.push('|---|---|---:|---:|---:|---:|---:|---:|---|');
      continue;
    }
    const openRow = /^\| \d+ \| \[/.test(line);
    out.push(openRow ? line.replace(/ \| (?:0|\[\d+\]\(#[a-z0-9-]+\)) \| ([^|]*) \|$/, ' | $1 |') : line);
  }
  return out.join('\n');
}

describe('the hint on the layouts of upstream’s other generators', () => {
  it('fires on the TypeScript layout: only the prose lines differ', async () => {
    const { dir, ours } = await richTree();
    const theirs = typeScriptLayout(ours);
    const detail = staleDetail(ours, theirs);
    expect(detail.generatorOnly).toBe(true);
    expect(detail.forms).toEqual(['prose']);
    expect(detail.proseLines).toHaveLength(5);
    writeFileSync(join(dir, DASH), theirs);
    const r = await run(dir, ['progress', '--check']);
    expect(r.stderr).toContain(`${hint(`the prose on lines ${detail.proseLines.join(', ')}`)}\n`);
  });

  it('fires on the Python layout: no blockers, banners or parked section', async () => {
    const { ours } = await richTree();
    const theirs = pythonLayout(ours);
    expect(theirs).not.toContain('blocker');
    const detail = staleDetail(ours, theirs);
    expect(detail.generatorOnly).toBe(true);
    expect(detail.forms).toEqual(['prose', 'later-link', 'blocker-column', 'blockers', 'banners', 'parked']);
    expect(detail.proseLines).toEqual([3]);
  });

  it('fires on the later TypeScript additions and the Ticket bundles section', async () => {
    const { ours } = await richTree();
    const theirs = typeScriptLayout(ours)
      .replace(/(\*\*\d+\*\* open blockers?)/, '$1 in the active tree')
      .replace(
        '| Roadmap | Resume when |\n|---|---|',
        '| Roadmap | Resume when | Open blockers |\n|---|---|---:|',
      )
      .replace(/^(\| \[parked\.md\].*\|)$/m, '$1 0 | <!-- ref-ignore -->')
      .concat(
        '---\n\n## Ticket bundles\n\nBundles of tickets.\n\n| Bundle | Tickets | Status | Source roadmap |\n|---|---:|---|---|\n| b | 2 | open |  |\n',
      );
    const detail = staleDetail(ours, theirs);
    expect(detail.generatorOnly).toBe(true);
    expect(detail.forms).toEqual([
      'prose',
      'active-tree',
      'parked-blockers-column',
      'ref-ignore',
      'ticket-bundles',
    ]);
  });

  it('gives no hint on either layout when one number, a blocker or a banner row differs', async () => {
    const { ours } = await richTree();
    for (const theirs of [typeScriptLayout(ours), pythonLayout(ours)]) {
      expect(staleDetail(ours, theirs).generatorOnly).toBe(true);
      let mutated = 0;
      for (const m of theirs.matchAll(/\d+/g)) {
        const changed = `${theirs.slice(0, m.index)}${Number(m[0]) + 1}${theirs.slice(m.index + m[0].length)}`;
        const line = theirs.slice(0, m.index).split('\n').length;
        const detail = staleDetail(ours, changed);
        // The prose lines are the generator's own (upstream's Iron Law 3 paragraph cites `§ 4b`).
        if (detail.generatorOnly)
          expect(staleDetail(ours, theirs).proseLines, `line ${line}`).toContain(line);
        else mutated++;
      }
      expect(mutated).toBeGreaterThan(60);
    }
    const ts = typeScriptLayout(ours);
    for (const [from, to] of [
      ['(owner: user)', '(owner: maintainer)'],
      ['**Recommendation:** the cheap one', '**Recommendation:** the dear one'],
      ['[held.md](roadmaps/held.md) | 1 | 1 | 0 |', '[held.md](roadmaps/held.md) | 1 | 0 | 1 |'],
      ['| #12 |', '| #13 |'],
      ['Resume when the host is picked.', 'Resume when the host is chosen.'],
    ] as const) {
      expect(ts, from).toContain(from);
      expect(staleDetail(ours, ts.replace(from, to)).generatorOnly, from).toBe(false);
    }
  });
});
