import { chmodSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLAUDE_HOOK_COMMAND } from '../../../src/commands/hooks/claude-settings.js';
import { expectedCommand } from '../../../src/commands/hooks/status.js';
import { BIN, ensureBuilt } from '../../helpers/bin.js';
import { git, makeRepo, tempDir, writeFiles } from '../../helpers/repo.js';
import { cli } from '../staging/harness.js';

const SETTINGS = '.claude/settings.json';
const FIX = 'npx --no agent-config hooks install --agent claude-code';

/** The environment a harness gives its hook: a PATH to find node, a HOME of its own. */
const env = () => ({ PATH: process.env.PATH ?? '', HOME: tempDir('hooks-status-home-') });

/** node_modules/.bin/agent-config: the built CLI, or a stand-in script. */
function binary(dir: string, script = `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`): void {
  writeFiles(dir, { 'node_modules/.bin/agent-config': script });
  chmodSync(join(dir, 'node_modules/.bin/agent-config'), 0o755);
}

/** Every file under dir (but .git and node_modules) with its text: what status must not change. */
function snapshot(dir: string): string {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name))
    // agents/runtime/ is the hook's own machine-local cache (the note of the committed rules it
    // leaves on a full decision), ignored by git: the probe runs the real hook, which may write it.
    .filter((p) => !/\/(\.git|node_modules|agents\/runtime)\//.test(p))
    .sort();
  return files.map((p) => `${p}\n${readFileSync(p, 'utf8')}`).join('\n') + git(dir, 'status', '--porcelain');
}

async function installed(): Promise<string> {
  const dir = makeRepo({ 'README.md': 'x\n' });
  const r = await cli(dir, ['hooks', 'install', '--agent', 'claude-code']);
  expect(r.code).toBe(0);
  return dir;
}

beforeAll(() => ensureBuilt());

describe('hooks status', () => {
  it('says ✅ when the installed guard is current, fails closed, and answers both probes; it writes nothing', async () => {
    const dir = await installed();
    binary(dir);
    const before = snapshot(dir);
    const r = await cli(dir, ['hooks', 'status'], { env: env() });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(
      /^✅ {2}Claude Code \(\.claude\/settings\.json\): the guard is current, fails closed, and answered \(`ls` → none in \d+ ms, `echo x > agent-config\.yaml` → deny in \d+ ms\)$/,
    );
    expect(lines.slice(1)).toEqual([
      '➖  Codex: not configured in this repository',
      '➖  Gemini CLI: not configured in this repository',
      '➖  git pre-commit hook: not installed',
      "➖  Decisions are not signed: no signer is registered, so an agent with a shell could forge a person's decision. Register yours: npx --no agent-config signers add ~/.ssh/id_ed25519.pub --as human:<you>",
    ]);
    expect(snapshot(dir)).toBe(before);
  }, 60_000);

  it('--json gives the documented document, with the pre-commit hook state', async () => {
    const dir = await installed();
    binary(dir);
    expect((await cli(dir, ['hooks', 'install'])).code).toBe(0);
    const r = await cli(dir, ['hooks', 'status', '--json'], { env: env() });
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout);
    expect(doc).toMatchObject({
      ok: true,
      notConfigured: ['codex', 'gemini'],
      preCommit: 'ours',
      signersListed: false,
      harnesses: [
        {
          harness: 'claude-code',
          file: SETTINGS,
          guard: 'current',
          outdated: [],
          failsClosed: true,
          binary: true,
          ok: true,
          fix: null,
          probes: [
            { call: 'ls', expected: 'none', answered: 'none', exit: 0, ok: true },
            { call: 'echo x > agent-config.yaml', expected: 'deny', answered: 'deny', exit: 0, ok: true },
          ],
        },
      ],
    });
  }, 60_000);

  it('says ❌ with the npm ci fix when the binary the hook runs is missing (the hook refuses every call)', async () => {
    const dir = await installed();
    const r = await cli(dir, ['hooks', 'status'], { env: env() });
    expect(r.code).toBe(1);
    expect(r.stdout.split('\n')[0]).toBe(
      '❌  Claude Code (.claude/settings.json): node_modules/.bin/agent-config is missing, so the hook refuses every shell call — fix: npm ci (a person runs it; node_modules/.bin/agent-config is missing)',
    );
    const doc = JSON.parse((await cli(dir, ['hooks', 'status', '--json'], { env: env() })).stdout);
    expect(doc.harnesses[0].probes.map((p: { answered: string }) => p.answered)).toEqual(['block', 'block']);
  }, 60_000);

  it('says ⚠️ outdated for the Bash-only entry of older versions, with the install command as the fix', async () => {
    const dir = makeRepo({ 'README.md': 'x\n' });
    const old = { matcher: 'Bash', hooks: [{ type: 'command', command: CLAUDE_HOOK_COMMAND, timeout: 30 }] };
    writeFiles(dir, { [SETTINGS]: JSON.stringify({ hooks: { PreToolUse: [old] } }) });
    binary(dir);
    const r = await cli(dir, ['hooks', 'status'], { env: env() });
    expect(r.code).toBe(1);
    expect(r.stdout.split('\n')[0]).toMatch(
      new RegExp(
        `^⚠️ {3}Claude Code \\(\\.claude/settings\\.json\\): the guard is outdated \\(matcher\\) but answered .* — fix: ${FIX}$`,
      ),
    );
  }, 60_000);

  it('says ❌ for an entry that answers no opinion to a call the guard holds (a stand-in that exits 0), and for a fail-open command', async () => {
    const dir = makeRepo({ 'README.md': 'x\n' });
    const failOpen = '"$CLAUDE_PROJECT_DIR"/node_modules/.bin/agent-config hook claude-code';
    const entry = {
      matcher: 'Bash|Edit|MultiEdit|Write|NotebookEdit',
      hooks: [{ type: 'command', command: failOpen, timeout: 30 }],
    };
    writeFiles(dir, { [SETTINGS]: JSON.stringify({ hooks: { PreToolUse: [entry] } }) });
    binary(dir, '#!/bin/sh\nexit 0\n');
    const r = await cli(dir, ['hooks', 'status', '--json'], { env: env() });
    expect(r.code).toBe(1);
    const h = JSON.parse(r.stdout).harnesses[0];
    expect(h).toMatchObject({
      guard: 'outdated',
      outdated: ['command'],
      failsClosed: false,
      ok: false,
      fix: FIX,
    });
    expect(h.probes[1]).toMatchObject({ expected: 'deny', answered: 'none', ok: false });
    const text = await cli(dir, ['hooks', 'status'], { env: env() });
    expect(text.stdout.split('\n')[0]).toMatch(
      /^❌ {2}.*it does not fail closed, `echo x > agent-config\.yaml` → none \(expected deny\)/,
    );
  }, 60_000);

  it('says ❌ when a harness is configured without the guard, and exits 0 when no harness is configured here', async () => {
    const none = makeRepo({ 'README.md': 'x\n' });
    const clean = await cli(none, ['hooks', 'status'], { env: env() });
    expect(clean.code).toBe(0);
    expect(clean.stdout).toContain('➖  Claude Code: not configured in this repository');
    const dir = makeRepo({ 'README.md': 'x\n', [SETTINGS]: '{"model": "x"}\n' });
    const r = await cli(dir, ['hooks', 'status'], { env: env() });
    expect(r.code).toBe(1);
    expect(r.stdout.split('\n')[0]).toBe(
      `❌  Claude Code (.claude/settings.json): configured, but the guard is not in it — fix: ${FIX}`,
    );
  });

  it('probes a Gemini CLI entry configured by hand with its own protocol and project variable', async () => {
    const dir = makeRepo({ 'README.md': 'x\n' });
    const entry = {
      matcher: 'run_shell_command',
      hooks: [{ type: 'command', command: expectedCommand('gemini'), timeout: 30_000 }],
    };
    writeFiles(dir, { '.gemini/settings.json': JSON.stringify({ hooks: { BeforeTool: [entry] } }) });
    binary(dir);
    const r = await cli(dir, ['hooks', 'status', '--json'], { env: env() });
    expect(r.code, r.stdout).toBe(0);
    expect(JSON.parse(r.stdout).harnesses[0]).toMatchObject({
      harness: 'gemini',
      guard: 'current',
      probes: [{ answered: 'none' }, { answered: 'deny' }],
      ok: true,
    });
  }, 60_000);
});
