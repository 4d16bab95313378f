import { mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runGates } from '../../src/commands/gates/gates.js';
import { runPending } from '../../src/commands/staging/pending.js';
import { openRepository } from '../../src/repo/open-repository.js';
import { makeContext } from '../helpers/context.js';
import { makeRepo, tempDir, writeFiles } from '../helpers/repo.js';

const ROADMAP = '# Plan\n\n## Phase 1\n\n- [ ] a\n';

describe('openRepository', () => {
  it('finds the folder holding agents/ or agent-config.yaml: the current one, else the git top level', async () => {
    const top = makeRepo({
      'agents/roadmaps/plan.md': ROADMAP,
      'sub/x.txt': '',
      'own/agent-config.yaml': '',
    });
    const root = async (cwd: string) => (await openRepository(makeContext(cwd), {})).root;
    expect(await root(top)).toBe(top);
    expect(await root(join(top, 'sub'))).toBe(top);
    expect(await root(join(top, 'own'))).toBe(join(top, 'own'));
    const bare = makeRepo({ 'sub/x.txt': '' });
    expect(await root(join(bare, 'sub'))).toBe(join(bare, 'sub'));
    const outside = tempDir();
    expect(await root(outside)).toBe(outside);
  });

  it('gives gates and the staging verbs the same root, also where a subfolder holds only agents/', async () => {
    const top = makeRepo({ 'agents/roadmaps/plan.md': ROADMAP, 'pkg/agents/runtime/.keep': '' });
    const ctx = makeContext(join(top, 'pkg'));
    expect((await runGates(ctx, {})).root).toBe(join(top, 'pkg'));
    expect((await runPending(ctx, {})).root).toBe(join(top, 'pkg'));
  });

  it('with find git-top takes the git top level, else the current folder', async () => {
    const top = makeRepo({ 'sub/agents/x.txt': '' });
    const root = async (cwd: string) => (await openRepository(makeContext(cwd), { find: 'git-top' })).root;
    expect(await root(join(top, 'sub'))).toBe(top);
    const outside = tempDir();
    expect(await root(outside)).toBe(outside);
  });

  it("with find project-dir starts from the harness's project folder and falls back to its top level", async () => {
    const top = makeRepo({ 'a/x.txt': '', 'b/agents/x.txt': '' });
    const open = (env: Record<string, string>, harness: 'claude-code' | 'codex' | 'gemini') =>
      openRepository(makeContext(join(top, 'a'), { env }), { find: 'project-dir', harness });
    expect((await open({}, 'claude-code')).root).toBe(top);
    expect((await open({ CLAUDE_PROJECT_DIR: join(top, 'b') }, 'claude-code')).root).toBe(join(top, 'b'));
    expect((await open({ CLAUDE_PROJECT_DIR: join(top, 'b') }, 'codex')).root).toBe(join(top, 'b'));
    expect((await open({ CLAUDE_PROJECT_DIR: join(top, 'b') }, 'gemini')).root).toBe(top);
    expect((await open({ GEMINI_PROJECT_DIR: join(top, 'b') }, 'gemini')).root).toBe(join(top, 'b'));
  });

  it('takes --root as it is, refuses one that is not a folder, and builds no git port unasked', async () => {
    const dir = tempDir();
    writeFiles(dir, { 'file.txt': '' });
    const ctx = makeContext(tempDir(), {
      git: () => {
        throw new Error('no git port was asked for');
      },
    });
    expect((await openRepository(ctx, { root: dir, config: 'read' })).root).toBe(dir);
    await expect(openRepository(ctx, { root: join(dir, 'file.txt') })).rejects.toThrow('is not a folder');
  });

  it("converts between git's paths and the root's, through symbolic links", async () => {
    const top = makeRepo({ 'pkg/agents/x.txt': '' });
    const link = join(tempDir(), 'link');
    symlinkSync(join(top, 'pkg'), link);
    const view = await (await openRepository(makeContext(link), {})).requireGit('fix');
    expect(view.toRootRelative('pkg/agents/x.txt')).toBe('agents/x.txt');
    expect(view.toRootRelative('other/x.txt')).toBeNull();
    expect(view.toGitPath('agents/roadmaps')).toBe('pkg/agents/roadmaps');
  });

  it('refuses a root outside git with the one message and the verb’s fix', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'agents'));
    const repo = await openRepository(makeContext(dir), {});
    expect(await repo.gitView()).toBeNull();
    await expect(repo.requireGit('run `git init` first')).rejects.toThrow('is not inside a git repository');
  });
});
