import { chmodSync, existsSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run } from '../helpers/context.js';
import { makeRepo, tempDir, writeFiles } from '../helpers/repo.js';

const OK = '# Fine\n\n## Phase 1 — Work\n\n- [ ] a\n- [x] b\n';
const dashboard = (dir: string) => join(dir, 'agents', 'roadmaps-progress.md');

function oneLine(stderr: string): void {
  expect(stderr.trim().split('\n')).toHaveLength(1);
  expect(stderr).not.toMatch(/\n\s+at /);
}

describe('progress on bad input', () => {
  it('refuses a non-UTF-8 roadmap: exit 2, one line naming the file, dashboard untouched', async () => {
    const dir = makeRepo({ 'agents/roadmaps/ok.md': OK, 'agents/roadmaps-progress.md': 'previous\n' });
    writeFileSync(join(dir, 'agents/roadmaps/latin1.md'), Buffer.from([0x23, 0x20, 0xe9, 0x74, 0xe9, 0x0a]));
    const r = await run(dir, ['progress']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('agents/roadmaps/latin1.md: is not valid UTF-8');
    expect(r.stderr).toContain('re-save it as UTF-8');
    oneLine(r.stderr);
    expect(readFileSync(dashboard(dir), 'utf8')).toBe('previous\n');
  });

  it('refuses a binary .md file', async () => {
    const dir = makeRepo({ 'agents/roadmaps/ok.md': OK });
    writeFileSync(join(dir, 'agents/roadmaps/blob.md'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01]));
    const r = await run(dir, ['progress', '--check']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('agents/roadmaps/blob.md: is binary');
    expect(existsSync(dashboard(dir))).toBe(false);
  });

  it.skipIf(process.getuid?.() === 0)('refuses an unreadable file (mode 000)', async () => {
    const dir = makeRepo({ 'agents/roadmaps/ok.md': OK, 'agents/roadmaps/locked.md': OK });
    chmodSync(join(dir, 'agents/roadmaps/locked.md'), 0o000);
    const r = await run(dir, ['progress']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('agents/roadmaps/locked.md: cannot be read (EACCES)');
    chmodSync(join(dir, 'agents/roadmaps/locked.md'), 0o644);
  });

  it('keeps a roadmap with invalid YAML visible and names file and line, as a warning: exit 0', async () => {
    const dir = makeRepo({ 'agents/roadmaps/yaml.md': `---\nstatus: draft\nlist: [a, b\n---\n${OK}` });
    const r = await run(dir, ['progress']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('1 roadmap(s)');
    // SPEC §3: progress writes and --check judges the dashboard; the label matches the exit code.
    const finding = /^agents\/roadmaps\/yaml\.md:\d+:\d+ {2}warning {2}frontmatter is not valid YAML/;
    expect(r.stderr).toMatch(finding);
    const check = await run(dir, ['progress', '--check']);
    expect(check.code).toBe(0);
    expect(check.stderr).toMatch(finding);
    const json = JSON.parse((await run(dir, ['progress', '--check', '--json'])).stdout);
    expect(json.warnings).toMatchObject([{ severity: 'warning', code: 'frontmatter-invalid-yaml' }]);
    // lint is the gate for the file itself: there it is an error, and exit 1.
    const lint = await run(dir, ['lint']);
    expect(lint.code).toBe(1);
    expect(lint.stdout + lint.stderr).toMatch(/yaml\.md:\d+:\d+ +error +frontmatter is not valid YAML/);
  });

  it('survives a symbolic-link loop, warning once, without hanging', async () => {
    const dir = makeRepo({ 'agents/roadmaps/topic/ok.md': OK });
    symlinkSync('..', join(dir, 'agents/roadmaps/topic/loop'));
    const r = await run(dir, ['progress']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('1 roadmap(s)');
    expect(r.stderr).toContain('agents/roadmaps/topic/loop');
  });

  it('reads a 10 MB single-line file without hanging', async () => {
    const dir = makeRepo({ 'agents/roadmaps/ok.md': OK });
    writeFileSync(join(dir, 'agents/roadmaps/huge.md'), `# ${'x'.repeat(10 * 1024 * 1024)}`);
    const r = await run(dir, ['progress']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('1 roadmap(s)');
  });

  it('warns about an unterminated fence and counts nothing inside it', async () => {
    const dir = makeRepo({ 'agents/roadmaps/fence.md': `${OK}\n\`\`\`\n- [ ] inside\n` });
    const r = await run(dir, ['progress']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('1/2 steps done');
    expect(r.stderr).toContain(
      'agents/roadmaps/fence.md:8:1  warning  code fence opened here is never closed',
    );
  });

  it('rejects a roadmap root that is a file', async () => {
    const dir = makeRepo({ 'agents/roadmaps': 'not a folder\n' });
    const r = await run(dir, ['progress']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      'agent-config: agents/roadmaps: is not a folder — move the file away; roadmaps live in a folder of that name\n',
    );
  });

  it('has nothing to do without agents/roadmaps, in and outside git', async () => {
    const plain = tempDir();
    const write = await run(plain, ['progress']);
    expect(write).toEqual({
      code: 0,
      stdout: `ℹ️  No roadmaps directory at ${plain} — nothing to do.\n`,
      stderr: '',
    });
    const check = await run(plain, ['progress', '--check']);
    expect(check).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  it('finds the root from a sub-folder through git, and honours --root', async () => {
    const dir = makeRepo({ 'agents/roadmaps/ok.md': OK, 'src/deep/file.txt': 'x\n' });
    const r = await run(join(dir, 'src/deep'), ['progress']);
    expect(r.code).toBe(0);
    expect(existsSync(dashboard(dir))).toBe(true);
    const viaRoot = await run(tempDir(), ['progress', '--check', '--root', dir]);
    expect(viaRoot.code).toBe(0);
    const missing = await run(dir, ['progress', '--root', 'nope']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe('agent-config: --root nope: is not a folder — pass the repository folder\n');
  });

  it('reports a bad configuration key with its line', async () => {
    const dir = makeRepo({
      'agents/roadmaps/ok.md': OK,
      'agent-config.yaml': 'roadmaps: agents/roadmaps\nroadmap-root: x\n',
    });
    const r = await run(dir, ['progress']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /^agent-config: agent-config\.yaml:2: unknown key 'roadmap-root' — known keys: /,
    );
  });

  it('honours a configured roadmap folder and dashboard path', async () => {
    const dir = makeRepo({
      'plans/x.md': OK,
      'agent-config.yaml': 'roadmaps: plans\ndashboard: docs/progress.md\n',
    });
    const r = await run(dir, ['progress']);
    expect(r.code).toBe(0);
    const text = readFileSync(join(dir, 'docs/progress.md'), 'utf8');
    expect(text).toContain('| 1 | [x.md](../plans/x.md) |');
  });

  it('rejects unknown options and commands with exit 2 and no stack', async () => {
    const dir = tempDir();
    const opt = await run(dir, ['progress', '--frobnicate']);
    expect(opt.code).toBe(2);
    expect(opt.stderr).toContain("unknown option '--frobnicate'");
    const cmd = await run(dir, ['frobnicate']);
    expect(cmd.code).toBe(2);
    expect(cmd.stderr).toContain("unknown command 'frobnicate'");
    oneLine(cmd.stderr.split('\n')[0]!);
  });

  it('counts roadmaps of a repository checked out below a folder named archive', async () => {
    const dir = join(tempDir(), 'archive', 'later', 'repo');
    writeFiles(dir, { 'agents/roadmaps/ok.md': OK });
    const r = await run(dir, ['progress']);
    expect(r.stdout).toContain('1 roadmap(s)');
  });

  it('accepts the upstream aliases', async () => {
    const dir = makeRepo({ 'agents/roadmaps/ok.md': OK });
    expect((await run(dir, ['roadmap:progress'])).code).toBe(0);
    expect((await run(dir, ['roadmap:progress-check'])).code).toBe(0);
    writeFiles(dir, { 'agents/roadmaps/ok.md': `${OK}- [ ] c\n` });
    const stale = await run(dir, ['roadmap:progress-check']);
    expect(stale.code).toBe(1);
  });
});
