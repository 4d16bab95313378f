import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LEDGER, ledgerRecords } from '../../helpers/ledger.js';
import { cli, readRecord, stagingRepo } from '../staging/harness.js';
import { claudeInput } from './claude-input.js';

const ledgerLines = ledgerRecords;

/** `window open` as human:ada; `answer` null: stdin is not a terminal. */
const open = (dir: string, args: string[], answer: string | null = 'understood', minutes = 0) =>
  cli(dir, ['window', 'open', ...args], {
    answer: answer ?? undefined,
    minutes,
    env: { AGENT_CONFIG_HUMAN: 'human:ada' },
  });

async function hook(dir: string, command: string, minutes = 0) {
  const r = await cli(dir, ['hook', 'claude-code'], {
    minutes,
    overrides: { readStdin: () => claudeInput(command, dir) },
  });
  return JSON.parse(r.stdout).hookSpecificOutput as {
    permissionDecision: string;
    permissionDecisionReason: string;
  };
}

describe('window open / status / close', () => {
  it('opens for a person who types "understood", records it, and status shows it until it lapses', async () => {
    const dir = stagingRepo();
    const r = await open(dir, [
      '--for',
      '30m',
      '--actions',
      'git-force-push,gh-pr-merge',
      '--reason',
      'release day',
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^opened: window [0-9a-f]{16} is open until 2026-11-30T12:30:00.000Z/);
    expect(r.asked[0]).toContain('Actions:    git-force-push, gh-pr-merge');
    expect(r.asked[0]).toContain('Type "understood"');
    expect(ledgerLines(dir)).toMatchObject([
      {
        event: 'window.opened',
        actor: 'human:ada',
        payload: { actions: ['git-force-push', 'gh-pr-merge'], reason: 'release day' },
      },
    ]);
    const status = await cli(dir, ['window', 'status', '--json'], { minutes: 10 });
    expect(JSON.parse(status.stdout)).toEqual({
      open: true,
      window: {
        openedBy: 'human:ada',
        openedAt: '2026-11-30T12:00:00.000Z',
        expiresAt: '2026-11-30T12:30:00.000Z',
        actions: ['git-force-push', 'gh-pr-merge'],
        reason: 'release day',
        bypassed: 0,
      },
    });
    const lapsed = await cli(dir, ['window', 'status', '--json'], { minutes: 30 });
    expect(JSON.parse(lapsed.stdout)).toEqual({ open: false, window: null });
    expect(ledgerLines(dir)).toHaveLength(1);
  });

  it.each([
    [
      ['--for', '30m', '--actions', 'git-force-push', '--reason', 'x', '--as', 'agent:me'],
      'actor-not-human',
      2,
    ],
    [['--for', '30m', '--actions', 'git-force-push'], 'reason-required', 2],
    [['--for', '30', '--actions', 'git-force-push', '--reason', 'x'], 'duration-invalid', 2],
    [['--for', '25h', '--actions', 'git-force-push', '--reason', 'x'], 'duration-too-long', 2],
    [['--for', '30m', '--actions', ',', '--reason', 'x'], 'actions-required', 2],
    [['--for', '30m', '--actions', 'git-push-force', '--reason', 'x'], 'action-unknown', 2],
    [['--for', '30m', '--actions', 'git-force-push,npm-publish', '--reason', 'x'], 'action-never', 2],
  ])('refuses %j with %s (exit %i) and records nothing', async (args, code, exit) => {
    const dir = stagingRepo();
    const r = await open(dir, args);
    expect(r.code).toBe(exit);
    expect(`${r.stdout}${r.stderr}`).toContain(`${code}: `);
    expect(r.asked).toEqual([]);
    expect(ledgerLines(dir)).toEqual([]);
  });

  it('refuses without a terminal (no --yes exists), a wrong answer, and a second window', async () => {
    const dir = stagingRepo();
    const args = ['--for', '1h', '--actions', 'git-clean', '--reason', 'tidy'];
    const piped = await open(dir, args, null);
    expect([piped.code, piped.stdout]).toEqual([1, expect.stringMatching(/^stdin-not-tty: /)]);
    const wrong = await open(dir, args, 'yes');
    expect([wrong.code, wrong.stdout]).toEqual([1, expect.stringMatching(/^confirmation-mismatch: /)]);
    expect(ledgerLines(dir)).toEqual([]);
    expect((await open(dir, args)).code).toBe(0);
    const second = await open(dir, args, 'understood', 1);
    expect([second.code, second.stdout]).toEqual([1, expect.stringMatching(/^window-already-open: /)]);
  });

  it('closes without ceremony, records who and the note, and refuses when none is open', async () => {
    const dir = stagingRepo();
    expect((await cli(dir, ['window', 'close'])).stdout).toMatch(/^window-not-open: /);
    await open(dir, ['--for', '1h', '--actions', 'git-clean', '--reason', 'tidy']);
    const closed = await cli(dir, ['window', 'close', '--note', 'done early', '--as', 'human:bo'], {
      minutes: 5,
    });
    expect(closed.code).toBe(0);
    expect(closed.stdout).toMatch(/^closed: window [0-9a-f]{16} is closed/);
    expect(ledgerLines(dir)[1]).toMatchObject({
      event: 'window.closed',
      actor: 'human:bo',
      payload: { note: 'done early' },
    });
    expect(JSON.parse((await cli(dir, ['window', 'status', '--json'], { minutes: 6 })).stdout).open).toBe(
      false,
    );
  });

  it('reads a damaged ledger as closed and refuses to open on it (ledger-unreadable)', async () => {
    const dir = stagingRepo();
    await open(dir, ['--for', '1h', '--actions', 'git-clean', '--reason', 'tidy']);
    const stream = readdirSync(join(dir, LEDGER)).find((n) => n.endsWith('.jsonl'))!;
    const path = join(dir, LEDGER, stream);
    writeFileSync(path, readFileSync(path, 'utf8').replace('tidy', 'tidY'));
    expect(JSON.parse((await cli(dir, ['window', 'status', '--json'], { minutes: 1 })).stdout).open).toBe(
      false,
    );
    expect((await hook(dir, 'git clean -fdx', 1)).permissionDecision).toBe('deny');
    const again = await open(
      dir,
      ['--for', '1h', '--actions', 'git-clean', '--reason', 'again'],
      'understood',
      2,
    );
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('ledger-unreadable: ');
  });
});

describe('gates with a gate window', () => {
  it('shows an open window first, in text and in JSON, and nothing once it is closed', async () => {
    const dir = stagingRepo({ 'agents/roadmaps/.keep': '' });
    await open(dir, ['--for', '2h', '--actions', 'gh-pr-merge', '--reason', 'merge train']);
    const text = await cli(dir, ['gates'], { minutes: 1 });
    expect(text.stdout.split('\n')[0]).toBe(
      '🔓 Gate window open until 2026-11-30T14:00:00.000Z: gh-pr-merge pass the guard without a confirmation (opened by human:ada: merge train; 0 let through). Close it: npx --no agent-config window close',
    );
    const json = JSON.parse((await cli(dir, ['gates', '--json'], { minutes: 1 })).stdout);
    expect(Object.keys(json)[0]).toBe('window');
    expect(json.window).toMatchObject({ actions: ['gh-pr-merge'], openedBy: 'human:ada', bypassed: 0 });
    await cli(dir, ['window', 'close'], { minutes: 2 });
    expect((await cli(dir, ['gates'], { minutes: 3 })).stdout).not.toContain('Gate window');
    expect(JSON.parse((await cli(dir, ['gates', '--json'], { minutes: 3 })).stdout).window).toBeUndefined();
  });
});

describe('the hook with a gate window', () => {
  it('lets a command in scope through after recording window.bypassed, without a stage; others are still staged', async () => {
    const dir = stagingRepo();
    await open(dir, [
      '--for',
      '30m',
      '--actions',
      'git-force-push',
      '--reason',
      'rebasing the release branch',
    ]);
    const through = await hook(dir, 'git push --force origin release', 1);
    expect(through.permissionDecision).toBe('allow');
    expect(through.permissionDecisionReason).toContain('gate window human:ada opened');
    expect(ledgerLines(dir)[1]).toMatchObject({
      event: 'window.bypassed',
      actor: 'agent:claude-code',
      payload: { actions: ['git-force-push'], source: 'hook:claude-code' },
    });
    expect((ledgerLines(dir)[1]!.payload as { object_sha256: string }).object_sha256).toMatch(
      /^[0-9a-f]{64}$/,
    );
    expect(readdirSync(join(dir, 'agents', 'runtime'))).not.toContain('staged-confirmations');

    const outOfScope = await hook(dir, 'git push -f origin main && git clean -fdx', 2);
    expect(outOfScope.permissionDecision).toBe('deny');
    expect(outOfScope.permissionDecisionReason).toContain('agent-config confirm');

    const status = JSON.parse((await cli(dir, ['window', 'status', '--json'], { minutes: 3 })).stdout);
    expect(status.window.bypassed).toBe(1);

    await cli(dir, ['window', 'close'], { minutes: 4 });
    const after = await hook(dir, 'git push --force origin release', 5);
    expect(after.permissionDecision).toBe('deny');
    const token = /agent-config confirm ([0-9a-f]{16})/.exec(after.permissionDecisionReason)![1]!;
    expect(readRecord(dir, 'pending', token)).toMatchObject({ action: 'git-force-push' });
  });

  it('never lets a window: never action through, even with a window open for its neighbour', async () => {
    const dir = stagingRepo({ 'agent-config.yaml': 'guard:\n  never: [git-clean]\n' });
    await open(dir, ['--for', '30m', '--actions', 'git-force-push', '--reason', 'x']);
    expect(
      (await open(dir, ['--for', '30m', '--actions', 'git-clean', '--reason', 'x'], 'understood', 1)).stdout,
    ).toBe('');
    const publish = await hook(dir, 'git push -f && npm publish', 2);
    expect(publish.permissionDecision).toBe('deny');
    expect(publish.permissionDecisionReason).toContain('agent-config confirm');
  });

  it('denies when the bypass record cannot be written', async () => {
    const dir = stagingRepo();
    await open(dir, ['--for', '30m', '--actions', 'git-force-push', '--reason', 'x']);
    // The working copy's ledger state replaced by a folder: the append fails to read it.
    rmSync(join(dir, 'agents/runtime/evidence/head.json'));
    mkdirSync(join(dir, 'agents/runtime/evidence/head.json'));
    const r = await hook(dir, 'git push -f', 1);
    expect(r.permissionDecision).toBe('deny');
    expect(r.permissionDecisionReason).toContain('its record could not be written');
  });

  it('a stream that does not verify keeps every window closed, however little of it concerns windows, and the deny says why', async () => {
    const dir = stagingRepo();
    await open(dir, ['--for', '1h', '--actions', 'git-force-push', '--reason', 'rebase']);
    expect((await hook(dir, 'git push -f', 1)).permissionDecision).toBe('allow');
    // Another working copy's stream, merged in, with no window record and one damaged byte.
    rmSync(join(dir, 'agents/runtime/evidence/head.json'));
    const staged = await hook(dir, 'git clean -fdx', 2);
    expect(staged.permissionDecision).toBe('deny');
    const other = readdirSync(join(dir, LEDGER)).filter((n) => n.endsWith('.jsonl'));
    expect(other).toHaveLength(2);
    const path = join(
      dir,
      LEDGER,
      other.find((n) => !readFileSync(join(dir, LEDGER, n), 'utf8').includes('window.'))!,
    );
    writeFileSync(path, readFileSync(path, 'utf8').replace('git-clean', 'git-cleaN'));

    const status = await cli(dir, ['window', 'status', '--json'], { minutes: 3 });
    expect(JSON.parse(status.stdout)).toEqual({ open: false, window: null });
    const denied = await hook(dir, 'git push -f', 4);
    expect(denied.permissionDecision).toBe('deny');
    expect(denied.permissionDecisionReason).toContain(
      'No gate window counts while the evidence ledger does not verify clean (agents/evidence/ledger/',
    );
    expect(denied.permissionDecisionReason).toMatch(/does not verify at seq 1 \(hash-mismatch\)\)/);
    expect(denied.permissionDecisionReason).toContain('`npx --no agent-config evidence verify`');
  });

  it("one damaged byte in another working copy's window.closed line never reopens the window it closed", async () => {
    const dir = stagingRepo();
    await open(dir, ['--for', '1h', '--actions', 'git-force-push', '--reason', 'rebase']);
    // The close is written by another working copy: a stream of its own.
    rmSync(join(dir, 'agents/runtime/evidence/head.json'));
    expect((await cli(dir, ['window', 'close'], { minutes: 1 })).code).toBe(0);
    const closer = readdirSync(join(dir, LEDGER)).find(
      (n) => n.endsWith('.jsonl') && readFileSync(join(dir, LEDGER, n), 'utf8').includes('"window.closed"'),
    )!;
    const path = join(dir, LEDGER, closer);
    // The only `window.` of that stream, damaged: a filter on it would no longer read the stream.
    writeFileSync(path, readFileSync(path, 'utf8').replace('"window.closed"', '"window,closed"'));
    expect(readFileSync(path, 'utf8')).not.toContain('window.');

    const status = await cli(dir, ['window', 'status'], { minutes: 2 });
    expect(status.stdout).toBe(
      `no window is open (none can count while the evidence ledger does not verify clean: ${LEDGER}/${closer} does not verify at seq 1 (schema-invalid))\n`,
    );
    const r = await hook(dir, 'git push --force origin main', 3);
    expect(r.permissionDecision).toBe('deny');
    expect(r.permissionDecisionReason).toContain(closer);
    expect(ledgerLines(dir).filter((l) => l.event === 'window.bypassed')).toEqual([]);
  });

  it('a named pipe in the ledger folder: the window reads closed at once and the hook denies', async () => {
    const dir = stagingRepo();
    await open(dir, ['--for', '1h', '--actions', 'git-force-push', '--reason', 'rebase']);
    expect(spawnSync('mkfifo', [join(dir, LEDGER, 'pipe.jsonl')]).status).toBe(0);
    const r = await hook(dir, 'git push -f', 1);
    expect(r.permissionDecision).toBe('deny');
    expect(r.permissionDecisionReason).toContain(`${LEDGER}/pipe.jsonl is a named pipe, not a stream file`);
  });
});
