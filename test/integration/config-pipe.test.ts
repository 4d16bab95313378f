import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run } from '../helpers/context.js';
import { makeRepo } from '../helpers/repo.js';
import { claudeInput } from './guard/claude-input.js';

// A named pipe written where agent-config.yaml belongs would hold every command that opens it
// (and the hook until its deadline). It is refused before it is opened: one line, exit 2; the
// hook denies a guarded call at once.

function pipedRepo(): string {
  const root = makeRepo({
    'agents/README.md': 'x\n',
    'agents/roadmaps/plan.md': '# Plan\n\n## Phase 1 — A\n\n- [ ] a\n',
  });
  execFileSync('mkfifo', [join(root, 'agent-config.yaml')]);
  return root;
}

describe('agent-config.yaml as a named pipe', () => {
  it.each([['progress'], ['lint'], ['gates'], ['evidence', 'verify']])(
    '`%s` refuses it with one line naming the file and the fix (exit 2)',
    async (...verb) => {
      const r = await run(pipedRepo(), verb);
      expect(r.code).toBe(2);
      const lines = r.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain('agent-config.yaml');
      expect(lines[0]).toContain('named pipe');
      expect(r.stderr).not.toContain('    at ');
    },
  );

  it('the hook denies a guarded call at once', async () => {
    const root = pipedRepo();
    const r = await run(root, ['hook', 'claude-code'], {
      readStdin: () => claudeInput('git push --force', root),
    });
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout).hookSpecificOutput;
    expect(out.permissionDecision).toBe('deny');
  });
});
