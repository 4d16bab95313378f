import { describe, expect, it } from 'vitest';
import { run } from '../helpers/context.js';
import { makeRepo } from '../helpers/repo.js';

const GOOD = '{"risk":"high","authorization":"medium","outcome":"allow","rationale":"merged"}\n';
const LEGACY = '{"risk":"medium","decision":"deny","reason":"not on a Friday"}\n';

function repo(extra: Record<string, string> = {}): string {
  return makeRepo({
    'agents/roadmaps/plan.md': '# Plan\n\n## Phase 1 — Work\n\n- [ ] a\n',
    'agents/evidence/reviews/ok.json': GOOD,
    'agents/evidence/reviews/2026/legacy.json': LEGACY,
    ...extra,
  });
}

describe('lint rule verdicts', () => {
  it('checks every verdict file below agents/evidence/reviews, nested folders included', async () => {
    const clean = await run(repo(), ['lint', 'verdicts', '--format', 'json']);
    expect(clean.code).toBe(0);
    const dir = repo({
      'agents/evidence/reviews/2026/bom.json': `\uFEFF${GOOD}`,
      'agents/evidence/reviews/dup.json':
        '{"risk":"critical","authorization":"high","outcome":"deny","reason":"x",\n"outcome":"allow"}\n',
      'agents/evidence/reviews/notes.md': '# Notes\n',
      'agents/evidence/other/loose.json': '{"risk":"Allow"}',
    });
    const r = await run(dir, ['lint']);
    expect(r.code).toBe(1);
    expect(r.stdout.trim().split('\n')).toEqual([
      'agents/evidence/reviews/2026/bom.json:1:1  error  the text starts with a byte-order mark (U+FEFF) (verdict-bom)  verdicts',
      'agents/evidence/reviews/dup.json:2:1  error  key "outcome" appears twice (at 2:1); JSON.parse would silently keep the last (verdict-duplicate-key)  verdicts',
    ]);
  });

  it('follows the configured globs, and lints a named file or folder', async () => {
    const dir = repo({
      'agent-config.yaml': "verdicts: ['review/**/*.verdict']\n",
      'review/a.verdict': '{"risk":"low","authorization":"low","outcome":"ask"}',
    });
    const all = await run(dir, ['lint', '--format', 'json']);
    expect(all.code).toBe(1);
    const findings = JSON.parse(all.stdout) as Array<{ file: string; message: string; ruleId?: string }>;
    expect(JSON.stringify(findings)).toContain('review/a.verdict');
    expect(JSON.stringify(findings)).toContain('verdict-reason-required');
    // The default folder is no longer one the rule looks at.
    expect(JSON.stringify(findings)).not.toContain('agents/evidence');
    const named = await run(repo({ 'agents/evidence/reviews/bad.json': '[]' }), [
      'lint',
      'agents/evidence/reviews',
    ]);
    expect(named.code).toBe(1);
    expect(named.stdout).toContain(
      'agents/evidence/reviews/bad.json:1:1  error  expected one JSON object, found an array',
    );
    const file = await run(repo({ 'agents/evidence/reviews/bad.json': '{"risk":"low",}' }), [
      'lint',
      'agents/evidence/reviews/bad.json',
    ]);
    expect(file.stdout).toContain('(verdict-trailing-comma)');
  });

  it('reports bytes that are not UTF-8 as a finding, not a crash', async () => {
    const dir = repo();
    const { writeFileSync } = await import('node:fs');
    writeFileSync(`${dir}/agents/evidence/reviews/latin1.json`, Buffer.from([0x7b, 0x22, 0xe9, 0x22, 0x7d]));
    const r = await run(dir, ['lint', 'verdicts']);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('latin1.json:1:1  error  the bytes are not valid UTF-8 (verdict-not-utf8)');
  });
});
