import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run } from '../helpers/context.js';
import { git, tempDir, writeFiles } from '../helpers/repo.js';
import { generateArchiveRepo, gitOut, hashFile, resolvingLinks } from './archive-repo.js';

/** A committed generated repository in `<parent>/repo`, with `<parent>/outside.md` beside it. */
async function generatedRepo(seed: number): Promise<{ dir: string; finished: string[] }> {
  const parent = tempDir();
  const dir = join(parent, 'repo');
  mkdirSync(dir);
  writeFileSync(join(parent, 'outside.md'), '# Outside the repository\n');
  git(dir, 'init', '-q', '-b', 'main');
  const { files, finished } = generateArchiveRepo(seed);
  writeFiles(dir, files);
  expect((await run(dir, ['progress'])).code).toBe(0);
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', 'initial');
  return { dir, finished };
}

function frozenHashes(dir: string): Record<string, string> {
  const files = gitOut(dir, 'ls-files', '-z')
    .split('\0')
    // The ledger is appended to by the run itself (its roadmap.archived records).
    .filter(
      (f) =>
        (f.startsWith('agents/evidence/') && !f.startsWith('agents/evidence/ledger/')) ||
        f.endsWith('.patch'),
    );
  return Object.fromEntries(files.map((f) => [f, hashFile(join(dir, f))]));
}

/** `git status --porcelain -z` as `XY path` lines, renames as `R  old -> new`. */
function porcelain(dir: string): string[] {
  const parts = gitOut(dir, 'status', '--porcelain', '-z', '--untracked-files=all')
    .split('\0')
    .filter(Boolean);
  const lines: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i]!;
    lines.push(p.startsWith('R') ? `${p.slice(0, 3)}${parts[++i]} -> ${p.slice(3)}` : p);
  }
  return lines;
}

const archived = (p: string) => p.replace(/^agents\/roadmaps\//, 'agents/roadmaps/archive/');

describe('archive guarantees on generated repositories', () => {
  for (const seed of [1, 2, 3]) {
    it(`seed ${seed}: frozen records byte-identical, every resolving link still resolves, only staged renames and modifications`, async () => {
      const { dir, finished } = await generatedRepo(seed);
      const frozenBefore = frozenHashes(dir);
      const moves = new Map(finished.map((p) => [p, archived(p)]));
      const linksBefore = resolvingLinks(dir)
        .filter((l) => !l.startsWith('agents/evidence/') && !l.startsWith('agents/roadmaps-progress.md'))
        .map((l) => {
          const [file, target] = l.split(' → ') as [string, string];
          return `${moves.get(file) ?? file} → ${moves.get(target) ?? target}`;
        })
        .sort();
      expect(linksBefore.length).toBeGreaterThan(40);
      expect(linksBefore.some((l) => l.endsWith(' → ../outside.md'))).toBe(true);

      const textsBefore = Object.fromEntries(
        ['src/plans.ts', '.github/workflows/ci.yml'].map((p) => [p, readFileSync(join(dir, p), 'utf8')]),
      );

      const result = await run(dir, ['archive', '--all']);
      expect(result.code).toBe(0);
      expect(result.stderr).toBe('');
      for (const p of finished) expect(result.stdout).toContain(`Archived: ${p} → ${archived(p)}`);
      expect(result.stdout).toContain('left as recorded: agents/evidence/2026-01-01-review.md:3');

      expect(frozenHashes(dir)).toEqual(frozenBefore);
      // Upstream's rule for other files: every literal occurrence of the old path, replaced.
      for (const [path, text] of Object.entries(textsBefore)) {
        const expected = finished.reduce((t, p) => t.split(p).join(archived(p)), text);
        expect(readFileSync(join(dir, path), 'utf8'), path).toBe(expected);
      }
      const linksAfter = resolvingLinks(dir);
      for (const link of linksBefore) expect(linksAfter).toContain(link);

      const status = porcelain(dir);
      const renames = status.filter((s) => s.startsWith('R  ')).map((s) => s.slice(3));
      expect(renames.sort()).toEqual(finished.map((p) => `${p} -> ${archived(p)}`).sort());
      // Besides renames and modifications, only the run's evidence is added.
      const others = status.filter(
        (s) => !s.startsWith('R  ') && !/^A {2}agents\/evidence\/ledger\/\w+\.jsonl$/.test(s),
      );
      expect(status.length - others.length - renames.length).toBe(1);
      expect(others.every((s) => s.startsWith('M  '))).toBe(true);
      expect(others).toContain('M  agents/roadmaps-progress.md');
      expect(others).toContain('M  docs/guide.md');

      const again = await run(dir, ['archive', '--all', '--allow-dirty']);
      expect(again.stdout).toContain('No completed roadmaps to archive.');
      git(dir, 'commit', '-q', '-m', 'archive');
      expect((await run(dir, ['progress', '--check'])).code).toBe(0);
    });
  }

  it('a dry run prints the plan, with every line that would change, and changes nothing', async () => {
    const { dir, finished } = await generatedRepo(4);
    const before = gitOut(dir, 'ls-files', '-s');
    const guide = readFileSync(join(dir, 'docs/guide.md'), 'utf8');
    const result = await run(dir, ['archive', '--all', '--dry-run']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`Would archive: ${finished[0]} → ${archived(finished[0]!)}`);
    expect(result.stdout).toMatch(/✏️ {2}docs\/guide\.md\n\s+3:\d+ {2}\S+ → \S+archive\//);
    expect(result.stdout).toContain('left in fenced code: docs/guide.md:');
    expect(gitOut(dir, 'status', '--porcelain')).toBe('');
    expect(gitOut(dir, 'ls-files', '-s')).toBe(before);
    expect(readFileSync(join(dir, 'docs/guide.md'), 'utf8')).toBe(guide);

    const json = await run(dir, ['roadmap:archive', '--all', '--dry-run', '--json']);
    const doc = JSON.parse(json.stdout);
    expect(doc.dryRun).toBe(true);
    expect(doc.plan.moves.map((m: { from: string }) => m.from).sort()).toEqual([...finished].sort());
    expect(doc.plan.leftAlone.some((l: { reason: string }) => l.reason === 'frozen')).toBe(true);
    expect(gitOut(dir, 'status', '--porcelain')).toBe('');
  });
});
