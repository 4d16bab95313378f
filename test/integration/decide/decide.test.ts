import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run } from '../../helpers/context.js';
import { ledgerRecords } from '../../helpers/ledger.js';
import { cli } from '../staging/harness.js';
import { FILE, read, SEARCH, searchRepo } from './decide-repo.js';

const ADA = { AGENT_CONFIG_HUMAN: 'human:ada' };

/** Every line of `before` but line `n` (1-based) equals `after`'s, and the line counts match. */
function onlyLineChanged(before: string, after: string, n: number): void {
  const a = before.split('\n');
  const b = after.split('\n');
  expect(b.length).toBe(a.length);
  for (let i = 0; i < a.length; i++) if (i !== n - 1) expect([i + 1, b[i]]).toEqual([i + 1, a[i]]);
}

describe('decide BLOCKER-ID', () => {
  it('records the chosen option, then rewrites only the status line; gates no longer lists it; the ledger verifies', async () => {
    const dir = searchRepo();
    const r = await cli(dir, ['decide', 'search-engine', '--option', '1'], {
      answer: 'search-engine',
      env: ADA,
    });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('decided: search-engine — ');
    expect(r.stdout).toContain('Status:     - **Status:** resolved 2026-11-30 — Postgres full-text search');
    // The question showed the entry as gates shows it, the answer, and asked for the id.
    const question = r.asked.at(-1)!;
    expect(question).toContain('Decide a blocker');
    expect(question).toContain('The question:      Postgres or a hosted service?');
    expect(question).toContain('Options:           1. Postgres full-text search (recommended)');
    expect(question).toContain('Your answer:       1. Postgres full-text search');
    expect(question).toContain('Deciding as:       human:ada');
    expect(question).toContain('Type the blocker id (search-engine) to decide');
    const after = read(dir);
    expect(after.split('\n')[14]).toBe('- **Status:** resolved 2026-11-30 — Postgres full-text search');
    onlyLineChanged(SEARCH, after, 15);
    const [record] = ledgerRecords(dir).filter((l) => l.event === 'decision.resolved');
    expect(record).toMatchObject({
      actor: 'human:ada',
      payload: {
        roadmap: FILE,
        blocker: 'search-engine',
        option: 'Postgres full-text search',
        decider: 'human:ada',
      },
    });
    expect(record!.payload.entrySha256).toMatch(/^[0-9a-f]{64}$/);
    expect(record!.payload).not.toHaveProperty('answer');
    expect((await run(dir, ['evidence', 'verify'])).code).toBe(0);
    const gates = JSON.parse((await run(dir, ['gates', '--json'])).stdout);
    expect(gates.blockers.map((b: { id: string }) => b.id)).toEqual(['rollout-day']);
    // The report lists it: who, when, which option.
    const report = JSON.parse((await run(dir, ['report', '--json'])).stdout);
    expect(report.decisions).toEqual({
      decisions: [
        {
          ts: '2026-11-30T12:00:00.000Z',
          actor: 'human:ada',
          kind: 'resolved',
          roadmap: FILE,
          blocker: 'search-engine',
          option: 'Postgres full-text search',
          answer: 'Postgres full-text search',
        },
      ],
    });
    // Deciding again changes nothing.
    const again = await cli(dir, ['decide', 'search-engine', '--option', '2'], {
      answer: 'search-engine',
      env: ADA,
    });
    expect([again.code, again.stdout.split(':')[0]]).toEqual([1, 'already-resolved']);
    expect(read(dir)).toBe(after);
  });

  it('takes an answer in the person’s words, keeps CRLF line ends and a byte-order mark, and inserts a missing status', async () => {
    const crlf = `\uFEFF${SEARCH.replace('- **Status:** open\n- **Owner:** user\n- **Blocks:** Phase 2\n', '- **Owner:** user\n- **Blocks:** Phase 2\n').replace(/\n/g, '\r\n')}`;
    const dir = searchRepo({ [FILE]: crlf });
    const r = await cli(dir, ['decide', 'rollout-day', '--answer', '  next Tuesday, 9:00  '], {
      answer: 'rollout-day',
      env: ADA,
    });
    expect(r.code).toBe(0);
    const after = read(dir);
    expect(after).toBe(
      crlf.replace(
        '### blocker: rollout-day\r\n',
        '### blocker: rollout-day\r\n- **Status:** resolved 2026-11-30 — next Tuesday, 9:00\r\n',
      ),
    );
    const words = ledgerRecords(dir).at(-1)!.payload;
    expect(words).toMatchObject({ answer: 'next Tuesday, 9:00', decider: 'human:ada' });
    expect(words).not.toHaveProperty('option');
  });

  it('refuses with frozen codes and changes nothing', async () => {
    const dir = searchRepo({
      'agents/roadmaps/other.md':
        '# Other\n\n## Phase 1\n\n- [ ] x\n\n## Blockers\n\n### blocker: rollout-day\n- **Status:** open\n',
    });
    const cases: Array<[string[], string, number, string?]> = [
      [['decide', 'no-such', '--option', '1'], 'blocker-unknown', 1],
      [['decide', 'rollout-day', '--answer', 'x'], 'ambiguous-blocker', 2],
      [['decide', 'search-engine', '--option', '3'], 'option-unknown', 2],
      [['decide', 'search-engine', '--option', 'one'], 'option-unknown', 2],
      [['decide', 'search-engine'], 'choice-required', 2],
      [['decide', 'search-engine', '--option', '1', '--answer', 'x'], 'choice-required', 2],
      [['decide', 'search-engine', '--answer', 'a\nb'], 'answer-invalid', 2],
      [['decide', 'search-engine', '--answer', '   '], 'answer-invalid', 2],
      [['decide', 'search-engine', '--answer', 'x\u202E'], 'answer-invalid', 2],
      [['decide', 'search-engine', '--option', '1', '--as', 'agent:bot'], 'decider-required', 2],
      [['decide', 'search-engine', '--option', '1', '--as', 'human:ada'], 'answer-mismatch', 1, 'yes'],
      [['decide', 'search-engine', '--option', '1', '--as', 'human:ada', '--json'], 'stdin-not-tty', 1],
    ];
    for (const [argv, code, exit, typed] of cases) {
      const r = await cli(dir, argv, { answer: typed ?? 'search-engine' });
      const text = r.code === 2 ? r.stderr : `${r.stdout}${r.stderr}`;
      expect([argv.join(' '), r.code, text]).toEqual([
        argv.join(' '),
        exit,
        expect.stringMatching(new RegExp(`${code}:|"outcome": "${code}"`)),
      ]);
    }
    // A --roadmap outside the roadmap folder: one line naming it and the fix, exit 2.
    const outside = await cli(
      dir,
      ['decide', 'rollout-day', '--roadmap', '../../etc/passwd', '--answer', 'x'],
      {
        answer: 'rollout-day',
        env: ADA,
      },
    );
    expect([outside.code, outside.stdout]).toEqual([2, '']);
    expect(outside.stderr).toMatch(
      /^agent-config: roadmap path "\.\.\/\.\.\/etc\/passwd": is outside agents\/roadmaps\/ — [^\n]+\n$/,
    );
    // No terminal: an agent's shell gets nothing to answer.
    const piped = await cli(dir, ['decide', 'search-engine', '--option', '1', '--as', 'human:ada']);
    expect([piped.code, piped.stdout]).toEqual([1, expect.stringContaining('stdin-not-tty:')]);
    expect(read(dir)).toBe(SEARCH);
    expect(ledgerRecords(dir)).toEqual([]);
    // --roadmap settles the ambiguity.
    const named = await cli(
      dir,
      ['decide', 'rollout-day', '--roadmap', 'agents/roadmaps/other.md', '--answer', 'Tue'],
      {
        answer: 'rollout-day',
        env: ADA,
      },
    );
    expect(named.code).toBe(0);
    expect(read(dir)).toBe(SEARCH);
    expect(read(dir, 'agents/roadmaps/other.md')).toContain('- **Status:** resolved 2026-11-30 — Tue\n');
  });

  it('refuses an answer when the blocker was edited while the question was on screen', async () => {
    const dir = searchRepo();
    const edited = SEARCH.replace('Postgres: nothing new to run.', 'A hosted service: less to run.');
    const r = await cli(dir, ['decide', 'search-engine', '--option', '1'], {
      env: ADA,
      overrides: {
        io: {
          stdout: process.stdout,
          stderr: process.stderr,
          isTTY: true,
          stdinIsTTY: true,
          color: false,
          columns: 80,
        },
        prompt: async () => {
          writeFileSync(join(dir, FILE), edited);
          return 'search-engine';
        },
      },
    });
    expect(r.code).toBe(1);
    expect(read(dir)).toBe(edited);
    expect(ledgerRecords(dir)).toEqual([]);
  });

  it('writes nothing into the roadmap when the record cannot be written (record, then act)', async () => {
    const dir = searchRepo();
    rmSync(join(dir, 'agents/evidence'), { recursive: true, force: true });
    mkdirSync(join(dir, 'agents'), { recursive: true });
    writeFileSync(join(dir, 'agents/evidence'), 'not a folder\n');
    const r = await cli(dir, ['decide', 'search-engine', '--option', '2'], {
      answer: 'search-engine',
      env: ADA,
    });
    expect([r.code, r.stdout.split(':')[0]]).toEqual([1, 'unrecorded']);
    expect(read(dir)).toBe(SEARCH);
  });

  it('with evidence.ledger false, decides without a record', async () => {
    const dir = searchRepo({ 'agent-config.yaml': 'evidence:\n  ledger: false\n' });
    const r = await cli(dir, ['decide', 'search-engine', '--option', '2'], {
      answer: 'search-engine',
      env: ADA,
    });
    expect(r.code).toBe(0);
    expect(read(dir)).toContain('- **Status:** resolved 2026-11-30 — A hosted search service\n');
    expect(ledgerRecords(dir)).toEqual([]);
  });
});
