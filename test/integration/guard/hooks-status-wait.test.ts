import { chmodSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { waitEnd } from '../../../src/commands/guard/hook-wait.js';
import { installedTimeoutMs } from '../../../src/commands/hooks/harness-files.js';
import { expectedCommand } from '../../../src/commands/hooks/status.js';
import { BIN, ensureBuilt } from '../../helpers/bin.js';
import { makeRepo, tempDir, writeFiles } from '../../helpers/repo.js';
import { cli } from '../staging/harness.js';

// `guard.wait` (docs/notify.md) needs a harness timeout of 30 s plus the wait: `hooks status`
// says when the installed one is shorter (the wait is then cut to about 3 s), and the hook
// reads the timeout each harness's settings give it — Claude Code and Codex in seconds,
// Gemini CLI in milliseconds.

const FIX = 'npx --no agent-config hooks install --agent claude-code';
const env = () => ({ PATH: process.env.PATH ?? '', HOME: tempDir('hooks-status-home-') });

function binary(dir: string): void {
  writeFiles(dir, {
    'node_modules/.bin/agent-config': `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`,
  });
  chmodSync(join(dir, 'node_modules/.bin/agent-config'), 0o755);
}

/** Codex's and Gemini CLI's entries as docs/guard.md ("Install") tells a person to write them. */
function byHand(dir: string, codexS: number, geminiMs: number): void {
  const codex = {
    matcher: 'Bash',
    hooks: [{ type: 'command', command: expectedCommand('codex'), timeout: codexS }],
  };
  const gemini = {
    matcher: 'run_shell_command',
    hooks: [{ type: 'command', command: expectedCommand('gemini'), timeout: geminiMs }],
  };
  writeFiles(dir, {
    '.codex/hooks.json': JSON.stringify({ hooks: { PreToolUse: [codex] } }),
    '.gemini/settings.json': JSON.stringify({ hooks: { BeforeTool: [gemini] } }),
  });
}

beforeAll(() => ensureBuilt());

describe('hooks status and guard.wait', () => {
  it('says the timeout is outdated when it is shorter than 30 s + guard.wait, with what the wait is cut to and the fix', async () => {
    const dir = makeRepo({ 'README.md': 'x\n' });
    // Installed before the wait was configured: 30 s.
    expect((await cli(dir, ['hooks', 'install', '--agent', 'claude-code'])).code).toBe(0);
    writeFiles(dir, { 'agent-config.yaml': 'guard:\n  wait: 2m\n' });
    binary(dir);
    const r = await cli(dir, ['hooks', 'status', '--json'], { env: env() });
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).harnesses[0]).toMatchObject({
      harness: 'claude-code',
      guard: 'outdated',
      outdated: ['timeout'],
      timeoutMs: 30_000,
      neededTimeoutMs: 150_000,
      waitCutToMs: 3_000,
      ok: false,
      fix: FIX,
    });
    const text = await cli(dir, ['hooks', 'status'], { env: env() });
    expect(text.stdout.split('\n')[0]).toMatch(
      new RegExp(
        `^⚠️ {3}Claude Code \\(\\.claude/settings\\.json\\): the guard is outdated \\(timeout\\) but answered .*; it gives the hook a timeout of 30 s, shorter than 30 s \\+ guard\\.wait \\(150 s\\), so a call held for a person waits only about 3 s — fix: ${FIX}$`,
      ),
    );
    // The fix it names makes it current: the installer writes 30 s + 2 min.
    expect((await cli(dir, ['hooks', 'install', '--agent', 'claude-code'])).code).toBe(0);
    const after = await cli(dir, ['hooks', 'status', '--json'], { env: env() });
    expect(after.code, after.stdout).toBe(0);
    expect(JSON.parse(after.stdout).harnesses[0]).toMatchObject({
      guard: 'current',
      timeoutMs: 150_000,
      neededTimeoutMs: 150_000,
      waitCutToMs: null,
      fix: null,
    });
  }, 60_000);

  it('without guard.wait, 30 s is current and nothing is cut', async () => {
    const dir = makeRepo({ 'README.md': 'x\n' });
    expect((await cli(dir, ['hooks', 'install', '--agent', 'claude-code'])).code).toBe(0);
    binary(dir);
    const r = await cli(dir, ['hooks', 'status', '--json'], { env: env() });
    expect(r.code, r.stdout).toBe(0);
    expect(JSON.parse(r.stdout).harnesses[0]).toMatchObject({
      guard: 'current',
      timeoutMs: 30_000,
      neededTimeoutMs: 30_000,
      waitCutToMs: null,
    });
  }, 60_000);

  it('says so for Codex (seconds) and Gemini CLI (milliseconds) too, with the timeout to set by hand', async () => {
    const dir = makeRepo({ 'README.md': 'x\n', 'agent-config.yaml': 'guard:\n  wait: 2m\n' });
    byHand(dir, 30, 30_000);
    binary(dir);
    const r = await cli(dir, ['hooks', 'status', '--json'], { env: env() });
    const [codex, gemini] = JSON.parse(r.stdout).harnesses;
    expect(codex).toMatchObject({
      harness: 'codex',
      outdated: ['timeout'],
      timeoutMs: 30_000,
      waitCutToMs: 3_000,
      fix: 'set the timeout of the guard\'s entry in .codex/hooks.json to 150 (seconds) by hand (node_modules/agent-config/docs/guard.md, "Install")',
    });
    expect(gemini).toMatchObject({
      harness: 'gemini',
      outdated: ['timeout'],
      timeoutMs: 30_000,
      waitCutToMs: 3_000,
      fix: 'set the timeout of the guard\'s entry in .gemini/settings.json to 150000 (milliseconds) by hand (node_modules/agent-config/docs/guard.md, "Install")',
    });
  }, 60_000);
});

describe('the timeout a held call must fit in, read per harness', () => {
  it("reads Claude Code's from the file the installer wrote, and Codex's and Gemini CLI's in their units", async () => {
    const dir = makeRepo({ 'README.md': 'x\n', 'agent-config.yaml': 'guard:\n  wait: 2m\n' });
    const home = tempDir('wait-home-');
    expect((await cli(dir, ['hooks', 'install', '--agent', 'claude-code'])).code).toBe(0);
    const written = JSON.parse(readFileSync(join(dir, '.claude/settings.json'), 'utf8'));
    expect(written.hooks.PreToolUse[0].hooks[0].timeout).toBe(150);
    expect(installedTimeoutMs(dir, 'claude-code', home)).toBe(150_000);
    byHand(dir, 150, 150_000);
    expect(installedTimeoutMs(dir, 'codex', home)).toBe(150_000);
    expect(installedTimeoutMs(dir, 'gemini', home)).toBe(150_000);
    // The full wait fits: it ends at the requested 2 min.
    expect(waitEnd(0, 0, 120_000, installedTimeoutMs(dir, 'gemini', home) / 1000)).toBe(120_000);
    // Short timeouts cut the wait to 3 s (5 s deadline less the 2 s kept to claim).
    byHand(dir, 30, 30_000);
    expect(waitEnd(0, 0, 120_000, installedTimeoutMs(dir, 'codex', home) / 1000)).toBe(3_000);
    expect(waitEnd(0, 0, 120_000, installedTimeoutMs(dir, 'gemini', home) / 1000)).toBe(3_000);
    // A Gemini CLI timeout of 150 (ms, though meant as seconds) is not taken for 150 s.
    byHand(dir, 150, 150);
    expect(installedTimeoutMs(dir, 'gemini', home)).toBe(30_000);
  }, 60_000);

  it("counts the shortest where Claude Code's user settings hold the guard too, and 30 s for an entry without a number", async () => {
    const dir = makeRepo({ 'README.md': 'x\n', 'agent-config.yaml': 'guard:\n  wait: 2m\n' });
    const home = tempDir('wait-home-');
    expect((await cli(dir, ['hooks', 'install', '--agent', 'claude-code'])).code).toBe(0);
    const user = JSON.parse(readFileSync(join(dir, '.claude/settings.json'), 'utf8'));
    user.hooks.PreToolUse[0].hooks[0].timeout = 40;
    writeFiles(home, { '.claude/settings.json': JSON.stringify(user) });
    expect(installedTimeoutMs(dir, 'claude-code', home)).toBe(40_000);
    delete user.hooks.PreToolUse[0].hooks[0].timeout;
    writeFiles(home, { '.claude/settings.json': JSON.stringify(user) });
    expect(installedTimeoutMs(dir, 'claude-code', home)).toBe(30_000);
  }, 60_000);
});
