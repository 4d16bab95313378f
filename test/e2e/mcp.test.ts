import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../src/core/config.js';
import { appendEvidence } from '../../src/evidence/api.js';
import { BIN, ensureBuilt, ROOT, runBin } from '../helpers/bin.js';
import { testProcesses } from '../helpers/context.js';
import { git, makeRepo, tempDir, writeFiles } from '../helpers/repo.js';
import { inTerminal } from '../helpers/terminal.js';

// `agent-config mcp` as an agent's client sees it: the official client, over stdio, against the
// built binary in a real temporary repository.

beforeAll(ensureBuilt);

const ROADMAP = `# Roadmap: Ship

## Phase 1 — Build

- [x] scaffold
- [ ] publish

## Blockers

### blocker: pick-name
- **Status:** open
- **Owner:** user
- **Blocks:** Phase 1 — publish
- **Question:** Which npm name?
- **Recommendation:** a scoped name.
- **If you do nothing:** nothing is published.
- **What to do:** pick the name
- **Resolved when:** package.json carries it.
`;

const open: Client[] = [];
afterEach(async () => {
  for (const client of open.splice(0)) await client.close();
});

async function connect(
  cwd: string,
  bin = BIN,
  modern = false,
): Promise<{ client: Client; stderr: () => string }> {
  // The client's default is the 2025 handshake; `modern` pins the 2026-07-28 revision.
  const client = new Client(
    { name: 'agent-config-e2e', version: '1.0.0' },
    modern ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {},
  );
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [bin, 'mcp'],
    cwd,
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  await client.connect(transport);
  open.push(client);
  return { client, stderr: () => stderr };
}

/** The CLI's own stdout for the same question. */
function cliJson(cwd: string, ...args: string[]): unknown {
  const r = runBin(cwd, args);
  expect(r.stderr).not.toContain('internal error');
  return JSON.parse(r.stdout);
}

type ToolResult = Awaited<ReturnType<Client['callTool']>>;
const textOf = (r: ToolResult) =>
  (r.content as Array<{ type: string; text?: string }>).map((c) => c.text ?? '').join('\n');

/** The tool list, the instructions and one call, as any client must see them. */
async function expectTools(client: Client) {
  const { tools } = await client.listTools();
  expect(tools.map((t) => t.name)).toEqual([
    'gates',
    'pending',
    'inbox',
    'progress_check',
    'lint',
    'evidence_verify',
    'stage',
    'claim',
    'roadmap',
  ]);
  for (const tool of tools) {
    expect(tool.inputSchema.type).toBe('object');
    expect(tool.description).toBeTruthy();
  }
  expect(Object.keys(tools.find((t) => t.name === 'stage')!.inputSchema.properties ?? {})).toEqual([
    'action',
    'object',
    'ttl',
  ]);
  expect(tools.find((t) => t.name === 'gates')!.annotations?.readOnlyHint).toBe(true);
  expect(client.getInstructions()).toMatch(/Confirming, declining and opening a gate window are a person/);
  const gates = await client.callTool({ name: 'gates', arguments: {} });
  expect(gates.structuredContent).toMatchObject({ needsYou: 1 });
}

describe('agent-config mcp', () => {
  it('lists its tools with input schemas and says that confirming is a person’s alone, in both protocol eras', async () => {
    const dir = makeRepo({ 'agents/roadmaps/ship.md': ROADMAP });
    for (const [modern, revision] of [
      [false, '2025-11-25'],
      [true, '2026-07-28'],
    ] as const) {
      const { client } = await connect(dir, BIN, modern);
      expect(client.getNegotiatedProtocolVersion()).toBe(revision);
      await expectTools(client);
    }
  });

  it('answers every read tool with exactly what the verb prints with --json', async () => {
    const dir = makeRepo({
      'agents/roadmaps/ship.md': ROADMAP,
      'agents/roadmaps/bad.md': '# Bad\n\n## Phase 1\n\n- [ ] x <!-- blocked-by: nowhere -->\n',
    });
    const { client } = await connect(dir);
    const call = async (name: string, args: Record<string, unknown> = {}) => {
      const r = await client.callTool({ name, arguments: args });
      expect(r.isError ?? false).toBe(false);
      // The text is the document the CLI prints, the structured result the same document parsed.
      expect(JSON.parse((r.content as Array<{ text: string }>)[0]!.text)).toEqual(r.structuredContent);
      return r.structuredContent;
    };
    expect(await call('gates')).toEqual(cliJson(dir, 'gates', '--json'));
    expect(await call('gates', { all: true })).toEqual(cliJson(dir, 'gates', '--all', '--json'));
    expect((await call('gates')) as object).toMatchObject({ needsYou: 1, blockers: [{ id: 'pick-name' }] });
    const reply = (await call('gates', { reply: true })) as { reply: string };
    expect(reply.reply).toBe(runBin(dir, ['gates', '--reply']).stdout);
    expect(reply.reply).toContain('Do: pick the name');
    expect(await call('pending')).toEqual(cliJson(dir, 'pending', '--json'));
    const progress = await call('progress_check');
    expect(progress).toEqual(cliJson(dir, 'progress', '--check', '--json'));
    expect(progress).toMatchObject({ mode: 'check', ok: false, missing: true });
    const lint = await call('lint');
    expect(lint).toEqual(cliJson(dir, 'lint', '--format', 'json'));
    expect((lint as { summary: { errors: number } }).summary.errors).toBeGreaterThan(0);
    expect(await call('lint', { rules: ['blockers'], paths: ['agents/roadmaps/ship.md'] })).toEqual(
      cliJson(dir, 'lint', 'blockers', 'agents/roadmaps/ship.md', '--format', 'json'),
    );
    const model = (await call('roadmap', { path: 'ship.md' })) as {
      file: string;
      roadmap: { title: string; phases: Array<{ steps: unknown[] }>; blockers: Array<{ id: string }> };
      problem: null;
    };
    expect(model.file).toBe('agents/roadmaps/ship.md');
    expect(model.roadmap.title).toBe('Ship');
    expect(model.roadmap.phases[0]!.steps).toHaveLength(2);
    expect(model.roadmap.blockers.map((b) => b.id)).toEqual(['pick-name']);
    expect(await call('roadmap', { path: 'agents/roadmaps/ship.md' })).toEqual(model);
  });

  it('verifies the evidence ledger as `evidence verify --json` does', async () => {
    const dir = makeRepo({ 'agents/roadmaps/ship.md': ROADMAP });
    let tick = 0;
    const clock = {
      clock: () => new Date(Date.parse('2026-11-30T11:00:00.000Z') + tick++ * 1000),
      processes: testProcesses,
    };
    for (const token of ['0000000000000001', '0000000000000002'])
      await appendEvidence(clock, dir, DEFAULT_CONFIG, {
        event: 'stage.staged',
        actor: 'agent:e2e',
        payload: { token },
      });
    git(dir, 'add', '-A');
    git(dir, 'commit', '-q', '-m', 'evidence');
    const { client } = await connect(dir);
    const verify = async (args: Record<string, unknown> = {}) =>
      client.callTool({ name: 'evidence_verify', arguments: args });
    const clean = await verify({ against: 'main' });
    expect(clean.isError ?? false).toBe(false);
    expect(clean.structuredContent).toEqual(
      cliJson(dir, 'evidence', 'verify', '--against', 'main', '--json'),
    );
    expect(clean.structuredContent).toMatchObject({ ok: true, exit: 0, streams: [{ records: 2 }] });
    // A rewritten record is an integrity failure: a finding (exit 1), not a tool error.
    const [stream] = readdirSync(join(dir, 'agents/evidence/ledger')).filter((n) => n.endsWith('.jsonl'));
    const file = join(dir, 'agents/evidence/ledger', stream!);
    writeFileSync(file, readFileSync(file, 'utf8').replace('agent:e2e', 'agent:xx2'));
    const broken = await verify();
    expect(broken.isError ?? false).toBe(false);
    expect(broken.structuredContent).toMatchObject({ ok: false, exit: 1 });
    expect(broken.structuredContent).toEqual(cliJson(dir, 'evidence', 'verify', '--json'));
    const unknown = await verify({ against: 'no-such-branch' });
    expect(unknown.isError).toBe(true);
    expect(textOf(unknown)).toContain('cannot resolve `no-such-branch`');
  });

  it('serves every active roadmap as a resource', async () => {
    const B = '# B\n\n## Phase 1\n\n- [ ] b\n';
    const dir = makeRepo({
      'agents/roadmaps/ship.md': ROADMAP,
      'agents/roadmaps/team/b.md': B,
      'agents/roadmaps/team/notes.md': '# Notes, no phase\n',
      'agents/roadmaps/wip.md': `---\nstatus: draft\n---\n${B}`,
    });
    const { client } = await connect(dir);
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri)).toEqual([
      'agent-config://roadmaps/ship.md',
      'agent-config://roadmaps/team/b.md',
    ]);
    const read = await client.readResource({ uri: 'agent-config://roadmaps/team/b.md' });
    expect(read.contents).toEqual([
      { uri: 'agent-config://roadmaps/team/b.md', mimeType: 'text/markdown', text: B },
    ]);
  });

  it('answers bad arguments with tool errors and keeps serving', async () => {
    const dir = makeRepo({ 'agents/roadmaps/ship.md': ROADMAP });
    const { client, stderr } = await connect(dir);
    const bad: Array<[string, Record<string, unknown>, RegExp]> = [
      ['gates', { all: 'yes' }, /all/],
      ['gates', { everything: true }, /everything/],
      ['stage', { action: 'delete-branch' }, /object/],
      ['stage', { action: 'delete-branch', object: 'x', ttl: 'soon' }, /not a duration: soon/],
      ['claim', {}, /claim needs a token, or both --action and --object/],
      ['lint', { rules: ['no-such-rule'] }, /unknown rule 'no-such-rule'/],
      ['lint', { paths: ['../outside.md'] }, /outside the repository/],
      ['roadmap', { path: '../../etc/passwd' }, /outside agents\/roadmaps/],
      ['roadmap', { path: 'missing.md' }, /names no file/],
    ];
    for (const [name, args, message] of bad) {
      const r = await client.callTool({ name, arguments: args });
      expect([name, r.isError]).toEqual([name, true]);
      expect(textOf(r)).toMatch(message);
    }
    const unknown = await client.callTool({ name: 'confirm', arguments: { token: 'abcdef0123456789' } }).then(
      (r) => r.isError,
      () => true,
    );
    expect(unknown).toBe(true);
    expect((await client.listTools()).tools).toHaveLength(9);
    expect(stderr()).not.toContain('internal error');
    expect(stderr()).not.toContain('    at ');
  });

  it('reports an unreadable roadmap as a diagnostic in the result', async () => {
    const dir = makeRepo({ 'agents/roadmaps/ship.md': ROADMAP });
    writeFileSync(join(dir, 'agents/roadmaps/binary.md'), Buffer.from('# B\n\0\0\n'));
    const { client } = await connect(dir);
    const model = await client.callTool({ name: 'roadmap', arguments: { path: 'binary.md' } });
    expect(model.isError ?? false).toBe(false);
    expect(model.structuredContent).toEqual({
      file: 'agents/roadmaps/binary.md',
      rel: 'binary.md',
      roadmap: null,
      problem: {
        file: 'agents/roadmaps/binary.md',
        message: 'is binary (contains NUL bytes)',
        fix: 'replace it with a markdown text file',
      },
    });
    const gates = await client.callTool({ name: 'gates', arguments: {} });
    expect(gates.isError ?? false).toBe(false);
    expect(gates.structuredContent).toMatchObject({ needsYou: 1 });
    expect(textOf(gates)).toContain('warning: agents/roadmaps/binary.md is binary');
    const progress = await client.callTool({ name: 'progress_check', arguments: {} });
    expect(progress.isError).toBe(true);
    expect(textOf(progress)).toContain('agents/roadmaps/binary.md: is binary');
    const lint = await client.callTool({ name: 'lint', arguments: {} });
    expect(lint.isError ?? false).toBe(false);
    expect(JSON.stringify(lint.structuredContent)).toContain('agents/roadmaps/binary.md');
  });

  it('stages, waits for a person at a terminal, then claims exactly once', async () => {
    const dir = makeRepo({ 'agents/roadmaps/ship.md': ROADMAP });
    const { client } = await connect(dir);
    const staged = await client.callTool({
      name: 'stage',
      arguments: { action: 'delete-branch', object: 'feature/old', ttl: '10m' },
    });
    const stage = staged.structuredContent as { outcome: string; token: string; record: { source: string } };
    expect(stage).toMatchObject({
      verb: 'stage',
      outcome: 'staged',
      exit: 0,
      record: { source: 'agent:mcp' },
    });
    const again = await client.callTool({
      name: 'stage',
      arguments: { action: 'delete-branch', object: 'feature/old' },
    });
    expect(again.structuredContent).toMatchObject({ outcome: 'already-staged', token: stage.token });
    const pending = (await client.callTool({ name: 'pending', arguments: {} })).structuredContent;
    expect(pending).toMatchObject({
      awaitingYou: 1,
      staged: [{ token: stage.token, object: 'feature/old' }],
    });

    const early = await client.callTool({ name: 'claim', arguments: { token: stage.token } });
    expect(early.structuredContent).toMatchObject({ outcome: 'not-confirmed', exit: 1 });

    const person = await inTerminal(
      dir,
      [process.execPath, BIN, 'confirm', stage.token],
      stage.token.slice(-4),
      {
        AGENT_CONFIG_HUMAN: 'human:ada',
      },
    );
    expect(person.code).toBe(0);
    expect(person.transcript).toContain(`confirmed: ${stage.token}`);

    const claim = await client.callTool({
      name: 'claim',
      arguments: { action: 'delete-branch', object: 'feature/old' },
    });
    expect(claim.isError ?? false).toBe(false);
    expect(claim.structuredContent).toMatchObject({
      verb: 'claim',
      outcome: 'execute',
      exit: 0,
      token: stage.token,
      record: { action: 'delete-branch', object: 'feature/old', decided_by: 'human:ada' },
    });
    const twice = await client.callTool({ name: 'claim', arguments: { token: stage.token } });
    expect(twice.structuredContent).toMatchObject({ outcome: 'already-claimed', exit: 1 });
    // The same answer the CLI gives, from the same renderer.
    expect(twice.structuredContent).toEqual(cliJson(dir, 'claim', stage.token, '--json'));
    // Every step was recorded in the evidence ledger, by whoever took it, and the chain verifies.
    const log = cliJson(dir, 'evidence', 'log', '--json') as {
      records: Array<{ event: string; actor: string }>;
    };
    expect(log.records.map((r) => [r.event, r.actor])).toEqual([
      ['stage.staged', 'agent:mcp'],
      ['stage.confirmed', 'human:ada'],
      ['stage.claimed', 'agent:mcp'],
    ]);
    const verified = await client.callTool({ name: 'evidence_verify', arguments: {} });
    expect(verified.structuredContent).toMatchObject({ ok: true, exit: 0 });
  });

  it('answers a client of the 2025 protocol (`initialize`) over raw JSON-RPC lines', async () => {
    const dir = makeRepo({ 'agents/roadmaps/ship.md': ROADMAP });
    const server = spawn(process.execPath, [BIN, 'mcp'], { cwd: dir, stdio: ['pipe', 'pipe', 'pipe'] });
    const replies: Array<{ id?: number; result?: Record<string, unknown> }> = [];
    let buffer = '';
    const answered = (id: number) =>
      new Promise<void>((resolve) => {
        const look = () => (replies.some((r) => r.id === id) ? resolve() : setTimeout(look, 10));
        look();
      });
    server.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      const lines = buffer.split('\n');
      buffer = lines.pop()!;
      for (const line of lines) replies.push(JSON.parse(line));
    });
    const send = (message: object) =>
      server.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
    send({
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    });
    await answered(1);
    send({ method: 'notifications/initialized' });
    send({ id: 2, method: 'tools/call', params: { name: 'gates', arguments: {} } });
    await answered(2);
    const exited = new Promise<number | null>((resolve) => server.on('close', resolve));
    server.stdin.end();
    expect(await exited).toBe(0);
    expect(replies[0]).toMatchObject({
      id: 1,
      result: { protocolVersion: '2025-06-18', serverInfo: { name: 'agent-config' } },
    });
    expect(replies[1]).toMatchObject({ id: 2, result: { structuredContent: { needsYou: 1 } } });
  });

  it('ends with exit 0 and nothing on stdout when the client closes stdin', () => {
    const dir = makeRepo({ 'agents/roadmaps/ship.md': ROADMAP });
    const help = runBin(dir, ['mcp', '--help']);
    expect([help.code, help.stdout]).toEqual([0, expect.stringContaining('Usage: agent-config mcp')]);
    const r = spawnSync(process.execPath, [BIN, 'mcp'], { cwd: dir, input: '', encoding: 'utf8' });
    expect([r.status, r.stdout]).toEqual([0, '']);
    expect(r.stderr).toContain('agent-config mcp: serving');
  });

  it('loads the MCP SDK in the mcp verb only', () => {
    const dir = makeRepo({ 'agents/roadmaps/ship.md': ROADMAP });
    // A preloaded script reports, at exit, whether the SDK bundle was ever required.
    const probe = join(tempDir(), 'probe.cjs');
    writeFileSync(
      probe,
      "process.on('exit', () => process.stderr.write('sdk-loaded=' + Object.keys(require.cache).some((f) => f.endsWith('mcp-sdk.cjs')) + '\\n'));\n",
    );
    const loaded = (args: string[], input?: string) => {
      const r = spawnSync(process.execPath, ['--require', probe, BIN, ...args], {
        cwd: dir,
        input: input ?? '',
        encoding: 'utf8',
      });
      return /sdk-loaded=(true|false)/.exec(r.stderr)?.[1];
    };
    expect(loaded(['--version'])).toBe('false');
    expect(loaded(['gates', '--json'])).toBe('false');
    expect(loaded(['progress', '--check'])).toBe('false');
    expect(loaded(['mcp'])).toBe('true');
  });

  it('runs from an installed copy of the package, without the development dependencies', async () => {
    // What npm installs: package.json and dist/ (the code among the `files`; the rest is docs
    // and the example tree, which hold no code), in a folder with no node_modules.
    const installed = join(tempDir(), 'node_modules', 'agent-config');
    mkdirSync(installed, { recursive: true });
    cpSync(join(ROOT, 'dist'), join(installed, 'dist'), { recursive: true });
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    expect(pkg.files.filter((f: string) => !f.endsWith('.md') && f !== 'examples')).toEqual(['dist']);
    writeFileSync(join(installed, 'package.json'), JSON.stringify(pkg));
    const dir = makeRepo({ 'agents/roadmaps/ship.md': ROADMAP });
    writeFiles(dir, {});
    const { client } = await connect(dir, join(installed, 'dist', 'bin.js'));
    const gates = await client.callTool({ name: 'gates', arguments: {} });
    expect(gates.structuredContent).toMatchObject({ needsYou: 1 });
  });
});
