import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run } from '../helpers/context.js';
import { expectGolden, goldenDir } from '../helpers/golden.js';
import { copyFixture } from '../helpers/repo.js';

// UPDATE_GOLDEN=1 npx vitest run test/integration/progress-golden.test.ts rewrites the files;
// review the diff like code.
const GOLDEN = goldenDir('progress');
const golden = (name: string, actual: string) => expectGolden(GOLDEN, name, actual);

const TREES = ['blockers', 'banners', 'parked', 'empty', 'nested', 'hostile'];

describe.each(TREES)('dashboard golden: %s', (tree) => {
  it('writes the dashboard, reports on streams, and then passes --check', async () => {
    const dir = copyFixture(`trees/${tree}`);
    const write = await run(dir, ['progress']);
    expect(write.code).toBe(0);
    golden(`${tree}.md`, readFileSync(join(dir, 'agents', 'roadmaps-progress.md'), 'utf8'));
    golden(`${tree}.streams.txt`, `--- stdout\n${write.stdout}--- stderr\n${write.stderr}`);
    const check = await run(dir, ['progress', '--check']);
    golden(`${tree}.check.txt`, `exit ${check.code}\n--- stdout\n${check.stdout}--- stderr\n${check.stderr}`);
  });
});

describe('dashboard content', () => {
  it('never lets a control byte from a roadmap into the dashboard', async () => {
    const dir = copyFixture('trees/hostile');
    await run(dir, ['progress']);
    const text = readFileSync(join(dir, 'agents', 'roadmaps-progress.md'), 'utf8');
    expect(text).not.toMatch(/[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202E]/);
    expect(text).toContain('\\x1B[2J');
    expect(text).toContain('\\u{202E}');
  });
  it('lists complete, Iron-Law-3 and merge-gated roadmaps in their banners, and --check fails', async () => {
    const dir = copyFixture('trees/banners');
    await run(dir, ['progress']);
    const text = readFileSync(join(dir, 'agents', 'roadmaps-progress.md'), 'utf8');
    const section = (heading: string) => text.split(heading)[1]!.split('\n## ')[0]!;
    expect(section('## ✅ Completed — pending archival')).toContain('road-to-done.md');
    expect(section('## ✅ Completed — pending archival')).toContain('road-to-carried.md');
    expect(section('## ✅ Completed — pending archival')).not.toContain('road-to-waiting.md');
    expect(section('## ⚠️ Iron Law 3')).toContain('road-to-deferred.md');
    expect(section('## ⏳ Merge-gated')).toContain('| #365, #366 |');
    const check = await run(dir, ['progress', '--check']);
    expect(check.code).toBe(1);
  });
  it('merge-gated alone only warns', async () => {
    const dir = copyFixture('trees/banners');
    const { rmSync } = await import('node:fs');
    for (const f of ['road-to-done.md', 'road-to-deferred.md', 'road-to-carried.md']) {
      rmSync(join(dir, 'agents', 'roadmaps', f));
    }
    await run(dir, ['progress']);
    const check = await run(dir, ['progress', '--check']);
    expect(check.code).toBe(0);
    expect(check.stderr).toContain('⏳  Merge-gated roadmaps');
    expect(check.stderr).toContain('road-to-release.md  (1/3 done · 2 merge-gated · #365, #366)');
  });
});
