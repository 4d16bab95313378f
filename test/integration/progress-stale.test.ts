import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run } from '../helpers/context.js';
import { makeRepo } from '../helpers/repo.js';

const ROADMAP = '# Plan\n\n## Phase 1 — Work\n\n- [x] a\n- [ ] b\n';
const UPSTREAM_PROVENANCE =
  '> Auto-generated — do not edit. Regenerate with `task roadmap-progress` or by running the `update_roadmap_progress` script for your install; rewritten on every roadmap create / execute / completion change (timestamp lives in git history).';
const STALE =
  '❌  agents/roadmaps-progress.md is stale. Run `npx --no agent-config progress` to regenerate it, then commit it.\n';

async function written(): Promise<{ dir: string; path: string; text: string }> {
  const dir = makeRepo({ 'agents/roadmaps/plan.md': ROADMAP });
  expect((await run(dir, ['progress'])).code).toBe(0);
  const path = join(dir, 'agents/roadmaps-progress.md');
  return { dir, path, text: readFileSync(path, 'utf8') };
}

describe('progress --check on a stale dashboard says where', () => {
  it('names another generator when only the prose lines differ, and that one progress fixes it', async () => {
    const { dir, path, text } = await written();
    const ours = text.split('\n')[2]!;
    writeFileSync(path, text.replace(ours, UPSTREAM_PROVENANCE));
    const r = await run(dir, ['progress', '--check']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      [
        STALE.trimEnd(),
        '      first difference at line 3, column 18:',
        `        expected: ${ours.slice(0, 99)}…`,
        `        found:    ${UPSTREAM_PROVENANCE.slice(0, 99)}…`,
        "      Only the generator's own form differs (the prose on line 3): another generator wrote this file (upstream's update_roadmap_progress?). Every roadmap, number and bar it shows already agrees — one `npx --no agent-config progress` fixes it.",
        '',
      ].join('\n'),
    );
    expect((await run(dir, ['progress'])).code).toBe(0);
    expect((await run(dir, ['progress', '--check'])).code).toBe(0);
  });

  it('shows the first differing line, expected against found, and no hint when content differs', async () => {
    const { dir, path, text } = await written();
    writeFileSync(path, text.replace('**1 / 2 steps done · 50%**', '**2 / 2 steps done · 100%**'));
    const r = await run(dir, ['progress', '--check']);
    expect(r.code).toBe(1);
    const line = text.split('\n').indexOf('**1 / 2 steps done · 50%**') + 1;
    expect(r.stderr).toBe(
      [
        STALE.trimEnd(),
        `      first difference at line ${line}, column 3:`,
        '        expected: **1 / 2 steps done · 50%**',
        '        found:    **2 / 2 steps done · 100%**',
        '',
      ].join('\n'),
    );
  });

  it('shows hostile bytes of the file escaped', async () => {
    const { dir, path, text } = await written();
    writeFileSync(path, text.replace('# Roadmap Progress', '# Roadmap \u001b[2JProgress'));
    const r = await run(dir, ['progress', '--check']);
    expect(r.stderr).toContain('        found:    # Roadmap \\x1B[2JProgress\n');
    expect(r.stderr).not.toContain('\u001b');
  });
});
