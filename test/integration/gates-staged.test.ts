import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildStage, serializeRecord } from '../../src/staging/record.js';
import { deriveToken } from '../../src/staging/token.js';
import { run } from '../helpers/context.js';
import { makeRepo } from '../helpers/repo.js';
import { SHAPES } from './gates-shapes.js';

const GOLDEN = join(import.meta.dirname, '..', 'golden', 'gates');

function golden(name: string): string {
  return readFileSync(join(GOLDEN, name), 'utf8');
}

/** Compares with test/golden/gates/<name>; `UPDATE_GOLDEN=1` rewrites the file instead. */
function expectGolden(name: string, actual: string): void {
  const path = join(GOLDEN, name);
  if (process.env.UPDATE_GOLDEN === '1' || !existsSync(path)) writeFileSync(path, actual);
  expect(actual).toBe(readFileSync(path, 'utf8'));
}

const MINUTE = 60_000;

/** Writes a pending record as `stage` would, with a fixed nonce so the token is stable. */
function putStage(dir: string, action: string, object: string, source: string, stagedAt: string): string {
  const nonce = `${action}-${object}`.padEnd(32, '0').slice(0, 32);
  const token = deriveToken(action, object, nonce);
  const record = buildStage(
    { action, object, source, nonce, now: new Date(stagedAt), ttlMs: 15 * MINUTE },
    token,
  );
  const folder = join(dir, 'agents/runtime/staged-confirmations/pending');
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, `${token}.json`), serializeRecord(record));
  return token;
}

/** The SHAPES tree with one live stage (expires 12:10 on the test clock, 12:00) and one expired one. */
function stagedRepo(): { dir: string; token: string } {
  const dir = makeRepo(SHAPES);
  const token = putStage(dir, 'force-push', 'main', 'agent:claude', '2026-11-30T11:55:00Z');
  putStage(dir, 'delete-branch', 'old', 'hook', '2026-11-30T10:00:00Z');
  return { dir, token };
}

const FOOTER = 'Not sure about one of these? Ask your agent:\n';

describe('gates shows live staged actions alongside the decisions', () => {
  const { dir, token } = stagedRepo();
  const block = [
    `── 7 · staged: force-push ${'─'.repeat(27)} token: ${token}`,
    '  Object:            main',
    '  Staged by:         agent:claude',
    '  Expires:           2026-11-30T12:10:00Z',
    `  Confirm:           npx --no agent-config confirm ${token}`,
    `  Decline:           npx --no agent-config decline ${token}`,
    '',
  ].join('\n');

  it('default view: the header counts both, the stage follows the decisions with its commands', async () => {
    const r = await run(dir, ['gates']);
    expect(r.code).toBe(0);
    // Nobody signs here: gates says so in one line, and nothing else goes to stderr.
    expect(r.stderr).toMatch(/^Decisions are not signed: [^\n]*signers add[^\n]*\n$/);
    const before = golden('default.txt');
    const expected = before
      .replace(
        '6 decisions need you · 2 more with maintainer/external (--all)',
        '6 decisions and 1 staged action need you · 2 more with maintainer/external (--all)',
      )
      .replace(FOOTER, `${block}\n${FOOTER}`);
    expect(r.stdout).toBe(expected);
    expectGolden('staged-default.txt', r.stdout);
  });

  it('--all shows them too', async () => {
    const r = await run(dir, ['gates', '--all']);
    const expected = golden('all.txt')
      .replace(
        '6 decisions need you · 2 more with maintainer/external',
        '6 decisions and 1 staged action need you · 2 more with maintainer/external',
      )
      .replace(FOOTER, `${block.replace('── 7 ·', '── 9 ·')}\n${FOOTER}`);
    expect(r.stdout).toBe(expected);
    expectGolden('staged-all.txt', r.stdout);
  });

  it('--json gains a pending member holding what pending --json prints', async () => {
    const r = await run(dir, ['gates', '--json']);
    const doc = JSON.parse(r.stdout);
    const pending = JSON.parse((await run(dir, ['pending', '--json'])).stdout);
    expect(doc.pending).toEqual(pending);
    expect(pending.awaitingYou).toBe(1);
    expect(pending.expired).toBe(1);
    const { pending: _, ...rest } = doc;
    expect(rest).toEqual(JSON.parse(golden('json.json')));
    expect(Object.keys(doc)).toEqual(['needsYou', 'other', 'blockers', 'pending']);
    expectGolden('staged-json.json', r.stdout);
    const all = JSON.parse((await run(dir, ['gates', '--json', '--all'])).stdout);
    expect(all.pending).toEqual(pending);
  });

  it('--reply keeps its one decision and adds one line counting the stages', async () => {
    const r = await run(dir, ['gates', '--reply']);
    expect(r.stdout).toBe(
      `${golden('reply.txt')}1 staged action awaits your confirmation —\n    \`npx --no agent-config gates --pending\`.\n`,
    );
    expectGolden('staged-reply.txt', r.stdout);
  });
});

describe('gates with stages and nothing else waiting', () => {
  it('shows the stage first, in every view, even without a roadmap folder', async () => {
    const dir = makeRepo({ 'README.md': '# x\n' });
    const token = putStage(dir, 'force-push', 'main', 'agent:claude', '2026-11-30T11:55:00Z');
    const r = await run(dir, ['gates']);
    expect(r.stdout).toBe(
      [
        '1 staged action needs you',
        '',
        `── 1 · staged: force-push ${'─'.repeat(27)} token: ${token}`,
        '  Object:            main',
        '  Staged by:         agent:claude',
        '  Expires:           2026-11-30T12:10:00Z',
        `  Confirm:           npx --no agent-config confirm ${token}`,
        `  Decline:           npx --no agent-config decline ${token}`,
        '',
        '',
      ].join('\n'),
    );
    expect((await run(dir, ['gates', '--reply'])).stdout).toBe(
      '1 staged action awaits your confirmation —\n    `npx --no agent-config gates --pending`.\n',
    );
    const json = JSON.parse((await run(dir, ['gates', '--json'])).stdout);
    expect(json).toMatchObject({ needsYou: 0, other: 0, blockers: [], pending: { awaitingYou: 1 } });
  });

  it('sanitizes the action, object and source of a stage', async () => {
    const dir = makeRepo({ 'README.md': '# x\n' });
    putStage(dir, 'push\u001b[2J', 'main\u202e', 'agent\u0007', '2026-11-30T11:55:00Z');
    const r = await run(dir, ['gates']);
    expect(r.stdout).toContain('staged: push\\x1B[2J');
    expect(r.stdout).toContain('main\\u{202E}');
    expect(r.stdout).toContain('agent\\x07');
    expect(r.stdout).not.toMatch(/[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E]/);
    expect(r.stderr).toMatch(
      /^agent-config gates: warning: agents\/runtime\/staged-confirmations\/pending\/[0-9a-f]{16}\.json holds /,
    );
  });
});

describe('gates with no live stage', () => {
  it('prints exactly what it printed before when only an expired stage is left', async () => {
    const dir = makeRepo(SHAPES);
    putStage(dir, 'delete-branch', 'old', 'hook', '2026-11-30T10:00:00Z');
    for (const [name, argv] of [
      ['default.txt', ['gates']],
      ['all.txt', ['gates', '--all']],
      ['reply.txt', ['gates', '--reply']],
    ] as const) {
      const r = await run(dir, [...argv]);
      expect(r.stdout).toBe(golden(name));
      expect(r.stderr).toBe('');
    }
  });
});
