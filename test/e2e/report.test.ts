import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, runBin } from '../helpers/bin.js';
import { makeRepo } from '../helpers/repo.js';

describe('agent-config report (built binary)', () => {
  beforeAll(() => ensureBuilt());

  it('writes the page where --out says, prints its path, exit 0; --json is one document', () => {
    const dir = makeRepo({ 'agents/roadmaps/a.md': '# A\n\n## Phase 1\n\n- [x] one\n- [ ] two\n' });
    const page = runBin(dir, ['report']);
    expect(page).toMatchObject({ code: 0, stdout: 'agents/runtime/report.html\n', stderr: '' });
    expect(existsSync(join(dir, 'agents/runtime/report.html'))).toBe(true);
    const json = runBin(dir, ['report', '--json']);
    expect(json.code).toBe(0);
    expect(Object.keys(JSON.parse(json.stdout))).toEqual([
      'head',
      'generatedAt',
      'history',
      'roadmaps',
      'gates',
      'pending',
      'window',
      'evidence',
      'evidenceLog',
      'lint',
      'decisions',
    ]);
  });

  it('a bad --since, or --json with --out, is one line on stderr, nothing on stdout, exit 2', () => {
    const dir = makeRepo({ 'agents/roadmaps/a.md': '# A\n\n## Phase 1\n\n- [ ] one\n' });
    for (const args of [
      ['--since', 'not-a-ref'],
      ['--json', '--out', 'x.html'],
    ]) {
      const r = runBin(dir, ['report', ...args]);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
    expect(existsSync(join(dir, 'x.html'))).toBe(false);
  });
});
