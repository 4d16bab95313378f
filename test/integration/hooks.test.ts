import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HOOK_MARKER, installHooks, renderHookScript } from '../../src/commands/hooks/hooks.js';
import { makeContext, run } from '../helpers/context.js';
import { git, makeRepo, tempDir, writeFiles } from '../helpers/repo.js';

const repo = () => makeRepo({ 'agents/roadmaps/a.md': '# A\n\n## Phase 1\n\n- [ ] x\n' });
const hookOf = (dir: string) => join(dir, '.git', 'hooks', 'pre-commit');

describe('agent-config hooks install', () => {
  it('writes an executable pre-commit hook that runs progress --check and lint --staged', async () => {
    const dir = repo();
    const r = await run(dir, ['hooks', 'install']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      '✅  Installed .git/hooks/pre-commit — runs `progress --check` and `lint --staged` when markdown is staged.\n',
    );
    const script = readFileSync(hookOf(dir), 'utf8');
    expect(script.startsWith('#!/bin/sh\n')).toBe(true);
    expect(script).toContain(HOOK_MARKER);
    expect(script).toContain('"$@" progress --check || status=1');
    expect(script).toContain('"$@" lint --staged || status=1');
    expect(statSync(hookOf(dir)).mode & 0o111).toBe(0o111);
  });

  it('is idempotent: a second run changes nothing and says so', async () => {
    const dir = repo();
    await run(dir, ['hooks', 'install']);
    const before = readFileSync(hookOf(dir), 'utf8');
    const again = await run(dir, ['hooks:install']);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('Already installed, unchanged: .git/hooks/pre-commit');
    expect(readFileSync(hookOf(dir), 'utf8')).toBe(before);
  });

  it('refuses a hook it did not write, leaves it untouched, and replaces it with --force keeping a backup', async () => {
    const dir = repo();
    writeFiles(dir, { '.git/hooks/pre-commit': '#!/bin/sh\necho mine\n' });
    const refused = await run(dir, ['hooks', 'install']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe(
      'agent-config: .git/hooks/pre-commit: is a pre-commit hook agent-config did not write — rerun with --force to replace it (it is kept as pre-commit.backup), or call `npx --no agent-config lint --staged` from it\n',
    );
    expect(readFileSync(hookOf(dir), 'utf8')).toBe('#!/bin/sh\necho mine\n');
    const forced = await run(dir, ['hooks', 'install', '--force']);
    expect(forced.code).toBe(0);
    expect(forced.stdout).toContain('The previous hook was kept as .git/hooks/pre-commit.backup.');
    expect(readFileSync(`${hookOf(dir)}.backup`, 'utf8')).toBe('#!/bin/sh\necho mine\n');
    expect(readFileSync(hookOf(dir), 'utf8')).toContain(HOOK_MARKER);
  });

  it('updates a hook it wrote earlier (another CLI path) without --force', async () => {
    const dir = repo();
    writeFiles(dir, { '.git/hooks/pre-commit': renderHookScript('/old/place/dist/bin.js') });
    const ctx = makeContext(dir);
    const report = await installHooks(ctx, { cliPath: '/new/place/dist/bin.js' });
    expect(report.action).toBe('update');
    const script = readFileSync(hookOf(dir), 'utf8');
    expect(script).toContain("set -- node '/new/place/dist/bin.js'");
    expect(script).not.toContain('/old/place');
  });

  it('writes into core.hooksPath when the repository sets one', async () => {
    const dir = repo();
    git(dir, 'config', 'core.hooksPath', '.githooks');
    const r = await run(dir, ['hooks', 'install']);
    expect(r.code).toBe(0);
    expect(existsSync(join(dir, '.githooks', 'pre-commit'))).toBe(true);
    expect(existsSync(hookOf(dir))).toBe(false);
  });

  it('refuses outside a git repository with exit 2', async () => {
    const dir = tempDir();
    const r = await run(dir, ['hooks', 'install']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/is not inside a git repository — run `git init` first, or pass --root\n$/);
  });

  it('quotes a CLI path with spaces and quotes for the shell', () => {
    expect(renderHookScript("/a b/it's/bin.js")).toContain(`set -- node '/a b/it'\\''s/bin.js'`);
    expect(renderHookScript(null)).not.toContain('set -- node');
  });
});
