import { mkdirSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { serveMcp } from '../../src/mcp/server.js';
import { makeContext, run } from '../helpers/context.js';
import { git, makeRepo, tempDir } from '../helpers/repo.js';
import { cli } from './staging/harness.js';

// The MCP server in process, from the sources, over linked in-memory transports: the tools'
// logic with a fixed clock (test/e2e/mcp.test.ts runs the built binary over stdio).

const ROADMAP = '# Ship\n\n## Phase 1 — Build\n\n- [x] scaffold\n- [ ] publish\n';

async function serve(dir: string) {
  const ctx = makeContext(dir);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const served = serveMcp(ctx, { root: dir, version: '0.0.0-test', transport: serverSide });
  const client = new Client({ name: 'agent-config-test', version: '1.0.0' });
  await client.connect(clientSide);
  return { client, ctx, served };
}

describe('the MCP server in process', () => {
  it('answers progress_check with `progress --check --json`, before and after the dashboard is written', async () => {
    const dir = makeRepo({ 'agents/roadmaps/ship.md': ROADMAP });
    const { client, ctx, served } = await serve(dir);
    const check = async () =>
      (await client.callTool({ name: 'progress_check', arguments: {} })).structuredContent;
    const before = await run(dir, ['progress', '--check', '--json']);
    expect(before.code).toBe(1);
    expect(await check()).toEqual(JSON.parse(before.stdout));
    expect(await check()).toMatchObject({ ok: false, missing: true, stale: true, roadmaps: 1 });
    expect((await run(dir, ['progress'])).code).toBe(0);
    const after = await run(dir, ['progress', '--check', '--json']);
    expect(after.code).toBe(0);
    expect(await check()).toEqual(JSON.parse(after.stdout));
    expect(await check()).toMatchObject({ ok: true, steps: { done: 1, active: 2 } });
    await client.close();
    await served;
    // stdout carries JSON-RPC: nothing a command writes may land there.
    expect(ctx.stdout.text).toBe('');
  });

  it('stages on the context’s clock and answers a malformed token as a tool error with its outcome', async () => {
    const dir = makeRepo({ 'agents/roadmaps/ship.md': ROADMAP });
    const { client, served } = await serve(dir);
    const stage = await client.callTool({
      name: 'stage',
      arguments: { action: 'force-push', object: 'main', ttl: '5m' },
    });
    expect(stage.structuredContent).toMatchObject({
      outcome: 'staged',
      expiresAt: '2026-11-30T12:05:00Z',
      record: { staged_at: '2026-11-30T12:00:00Z', source: 'agent:mcp' },
    });
    const invalid = await client.callTool({ name: 'claim', arguments: { token: '../../etc' } });
    expect(invalid.isError).toBe(true);
    expect(invalid.structuredContent).toMatchObject({ outcome: 'invalid-token', exit: 2 });
    await client.close();
    await served;
  });

  it('answers inbox with `inbox --json` for its own repository and worktrees, and takes no roots or folders', async () => {
    const dir = makeRepo({ 'agents/roadmaps/ship.md': ROADMAP });
    const second = join(tempDir(), 'second');
    git(dir, 'worktree', 'add', '-q', '-b', 'second', second);
    const token = (
      await cli(second, ['stage', '--action', 'force-push', '--object', 'main', '--source', 'agent:a'])
    ).stdout.trim();
    // Another repository on the same disk, with a stage of its own: never listed.
    const elsewhere = makeRepo({ 'agents/README.md': 'x\n' });
    await cli(elsewhere, ['stage', '--action', 'force-push', '--object', 'main', '--source', 'agent:a']);
    const { client, served } = await serve(dir);
    const r = await client.callTool({ name: 'inbox', arguments: {} });
    expect(r.isError ?? false).toBe(false);
    expect(r.structuredContent).toEqual(JSON.parse((await run(dir, ['inbox', '--json'])).stdout));
    const doc = r.structuredContent as {
      repositories: Array<{ worktrees: Array<{ path: string; stages: Array<{ token: string }> }> }>;
    };
    expect(doc.repositories).toHaveLength(1);
    expect(doc.repositories[0]!.worktrees.flatMap((w) => w.stages.map((s) => [w.path, s.token]))).toEqual([
      [realpathSync(second), token],
    ]);
    // Whatever an agent passes to point it elsewhere is refused by the schema, nothing is read.
    for (const args of [
      { roots: '/' },
      { scan: '/' },
      { root: elsewhere },
      { worktrees: false },
      { depth: 9 },
    ]) {
      const refused = await client.callTool({ name: 'inbox', arguments: args });
      expect(refused.isError).toBe(true);
      expect(JSON.stringify(refused)).not.toContain(elsewhere);
    }
    await client.close();
    await served;
  });

  it('refuses a roadmap path that leaves the roadmap folder by a symbolic link', async () => {
    const dir = makeRepo({ 'agents/roadmaps/ship.md': ROADMAP });
    const outside = tempDir();
    writeFileSync(join(outside, 'secret.md'), '# Secret\n');
    mkdirSync(join(dir, 'agents/roadmaps/linked'), { recursive: true });
    symlinkSync(join(outside, 'secret.md'), join(dir, 'agents/roadmaps/linked/secret.md'));
    const { client, served } = await serve(dir);
    const r = await client.callTool({ name: 'roadmap', arguments: { path: 'linked/secret.md' } });
    expect(r.isError).toBe(true);
    expect(JSON.stringify(r.content)).toContain('by a symbolic link');
    const readme = await client.callTool({ name: 'roadmap', arguments: { path: 'README.md' } });
    expect(JSON.stringify(readme.content)).toContain('is not a roadmap file');
    // The resources go through the same guard, escaped dots included.
    const refused = [
      [
        'agent-config://roadmaps/linked/secret.md',
        /linked\/secret\.md.*leads outside agents\/roadmaps\/ by a symbolic link — name the file itself/,
      ],
      ['agent-config://roadmaps/..%2F..%2Fsecret.md', /is outside agents\/roadmaps\//],
    ] as const;
    for (const [uri, message] of refused) await expect(client.readResource({ uri })).rejects.toThrow(message);
    expect((await client.readResource({ uri: 'agent-config://roadmaps/ship.md' })).contents).toHaveLength(1);
    await client.close();
    await served;
  });
  it('lists as resources the active roadmaps, as docs/mcp.md says: no draft, no file without a phase', async () => {
    const dir = makeRepo({
      'agents/roadmaps/ship.md': ROADMAP,
      'agents/roadmaps/team/b.md': ROADMAP.replace('# Ship', '# B'),
      'agents/roadmaps/draft.md': `---\nstatus: draft\n---\n${ROADMAP}`,
      'agents/roadmaps/notes.md': '# Notes\n\n- [ ] not a phase step\n',
      'agents/roadmaps/later/parked.md': ROADMAP,
      'agents/roadmaps/archive/old.md': ROADMAP,
      'agents/roadmaps/README.md': '# Roadmaps\n\n## Phase 1\n\n- [ ] x\n',
    });
    const { client, served } = await serve(dir);
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri)).toEqual([
      'agent-config://roadmaps/ship.md',
      'agent-config://roadmaps/team/b.md',
    ]);
    // The same files `progress` counts.
    expect((await run(dir, ['progress'])).stdout).toContain('· 2 roadmap(s) ·');
    // Left out of the list, not out of reach: the roadmap tool and the URI still read a draft.
    const draft = await client.readResource({ uri: 'agent-config://roadmaps/draft.md' });
    expect(draft.contents).toHaveLength(1);
    await client.close();
    await served;
  });

  it('answers gates with reply as `gates --reply` prints it, an open window first', async () => {
    const dir = makeRepo({ 'agents/roadmaps/ship.md': ROADMAP });
    const opened = await cli(
      dir,
      ['window', 'open', '--for', '30m', '--actions', 'git-clean', '--reason', 'release'],
      {
        answer: 'understood',
        env: { AGENT_CONFIG_HUMAN: 'human:ada' },
      },
    );
    expect(opened.code).toBe(0);
    const printed = await run(dir, ['gates', '--reply']);
    expect(printed.stdout).toContain('Gate window open until');
    const { client, served } = await serve(dir);
    const reply = await client.callTool({ name: 'gates', arguments: { reply: true } });
    expect(reply.structuredContent).toEqual({ reply: printed.stdout });
    await client.close();
    await served;
  });

  it('exposes a blocker’s options and its decide command through gates, and never offers decide as a tool', async () => {
    const dir = makeRepo({
      'agents/roadmaps/ship.md': `${ROADMAP}\n## Blockers\n\n### blocker: pick-db\n- **Status:** open\n- **Owner:** user\n- **Options:**\n  1. SQLite (recommended)\n  2. Postgres\n`,
    });
    const { client, served } = await serve(dir);
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).not.toContain('decide');
    expect(client.getInstructions()).toContain(
      'answering a blocker and approving a plan (`npx --no agent-config decide`',
    );
    const gates = await client.callTool({ name: 'gates', arguments: {} });
    const printed = JSON.parse((await run(dir, ['gates', '--json'])).stdout);
    expect(gates.structuredContent).toEqual(printed);
    expect(printed.blockers[0]).toMatchObject({
      options: [
        { n: 1, text: 'SQLite', recommended: true },
        { n: 2, text: 'Postgres', recommended: false },
      ],
      decide: 'npx --no agent-config decide pick-db --roadmap agents/roadmaps/ship.md --option N',
    });
    const reply = await client.callTool({ name: 'gates', arguments: { reply: true } });
    expect(JSON.stringify(reply.structuredContent)).toContain('Options: 1. SQLite (recommended)');
    const decide = await client.callTool({ name: 'decide', arguments: { id: 'pick-db', option: 1 } }).then(
      (r) => r.isError,
      () => true,
    );
    expect(decide).toBe(true);
    await client.close();
    await served;
  });
});
