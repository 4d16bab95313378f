import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run } from '../../helpers/context.js';
import { copyFixture as copy, makeRepo } from '../../helpers/repo.js';
import { cli } from '../staging/harness.js';
import { FILE, SEARCH, searchRepo } from './decide-repo.js';

/** A fixture with its drafts made ready, as lint-real.test.ts reads upstream's roadmaps: every one is checked. */
function copyFixture(name: string): string {
  const dir = copy(name);
  const roadmaps = join(dir, 'agents/roadmaps');
  for (const entry of readdirSync(roadmaps, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.md')) continue;
    const path = join(entry.parentPath, entry.name);
    writeFileSync(path, readFileSync(path, 'utf8').replace(/^status: draft$/m, 'status: ready'));
  }
  return dir;
}

const RULES = ['step-past-gate', 'unrecorded-resolution', 'plan-drift'];
const on = (rules: string[]) => `lint:\n  rules:\n${rules.map((r) => `    ${r}: on\n`).join('')}`;
const off = (rules: string[]) => `lint:\n  rules:\n${rules.map((r) => `    ${r}: off\n`).join('')}`;
const findingsOf = (stdout: string, rule: string) =>
  stdout.split('\n').filter((l) => l.endsWith(`  ${rule}`));

describe('the decision rules on upstream’s real roadmaps', () => {
  it.each(['agent-config-real/later-versions', 'agent-config-real/snapshot-2026-05'])(
    '%s: as configured by default the three rules find nothing, and switching them on or off changes nothing else',
    async (fixture) => {
      const dir = copyFixture(fixture);
      const byDefault = await run(dir, ['lint']);
      for (const rule of RULES) expect(findingsOf(byDefault.stdout, rule)).toEqual([]);
      writeFileSync(join(dir, 'agent-config.yaml'), off(RULES));
      const allOff = await run(dir, ['lint']);
      expect(allOff.stdout).toBe(byDefault.stdout);
      writeFileSync(join(dir, 'agent-config.yaml'), on(['step-past-gate', 'plan-drift']));
      const twoOn = await run(dir, ['lint']);
      expect(twoOn.stdout).toBe(byDefault.stdout);
      // Named on the command line they run whatever the configuration says: still nothing.
      const named = await run(dir, ['lint', 'step-past-gate', 'plan-drift']);
      expect([named.code, named.stdout]).toEqual([0, '']);
    },
  );

  it('unrecorded-resolution is off by default because upstream resolves blockers by hand: switched on, it says so', async () => {
    const dir = copyFixture('agent-config-real/later-versions');
    writeFileSync(join(dir, 'agent-config.yaml'), on(['unrecorded-resolution']));
    const r = await run(dir, ['lint']);
    expect(findingsOf(r.stdout, 'unrecorded-resolution').length).toBeGreaterThan(0);
    writeFileSync(join(dir, 'agent-config.yaml'), 'evidence:\n  decisions: required\n');
    expect(findingsOf((await run(dir, ['lint'])).stdout, 'unrecorded-resolution')).toEqual(
      findingsOf(r.stdout, 'unrecorded-resolution'),
    );
    writeFileSync(
      join(dir, 'agent-config.yaml'),
      `evidence:\n  decisions: required\n${off(['unrecorded-resolution'])}`,
    );
    expect(findingsOf((await run(dir, ['lint'])).stdout, 'unrecorded-resolution')).toEqual([]);
  });
});

describe('the decision rules on their seeded cases', () => {
  it('step-past-gate: a step ticked in the phase an open decision blocks; silent once decided', async () => {
    const ticked = SEARCH.replace('- [ ] Build the index', '- [x] Build the index');
    const dir = searchRepo({ [FILE]: ticked });
    const r = await run(dir, ['lint']);
    expect(r.stdout).toContain(
      `${FILE}:9:1  error  step ticked in Phase 2 while blocker 'search-engine' (line 14), which blocks that phase, is open and waits on a person`,
    );
    expect(r.code).toBe(1);
    // Both blockers name Phase 2: once both are decided the tick is fine.
    for (const [id, flag] of [
      ['search-engine', ['--option', '1']],
      ['rollout-day', ['--answer', 'Tuesday']],
    ] as const) {
      const d = await cli(dir, ['decide', id, ...flag], {
        answer: id,
        env: { AGENT_CONFIG_HUMAN: 'human:ada' },
      });
      expect(d.code).toBe(0);
    }
    expect(findingsOf((await run(dir, ['lint'])).stdout, 'step-past-gate')).toEqual([]);
  });

  it('unrecorded-resolution: a status typed by hand, or changed after the decision, is a finding; decide’s is not', async () => {
    const dir = searchRepo({ 'agent-config.yaml': 'evidence:\n  decisions: required\n' });
    const d = await cli(dir, ['decide', 'search-engine', '--option', '2'], {
      answer: 'search-engine',
      env: { AGENT_CONFIG_HUMAN: 'human:ada' },
    });
    expect(d.code).toBe(0);
    expect(findingsOf((await run(dir, ['lint'])).stdout, 'unrecorded-resolution')).toEqual([]);
    const decided = readFileSync(join(dir, FILE), 'utf8');
    writeFileSync(
      join(dir, FILE),
      decided
        .replace(
          'resolved 2026-11-30 — A hosted search service',
          'resolved 2026-11-30 — Postgres full-text search',
        )
        .replace(
          '- **Status:** open\n- **Owner:** user\n- **Blocks:** Phase 2\n',
          '- **Status:** resolved — Tuesday\n- **Owner:** user\n- **Blocks:** Phase 2\n',
        ),
    );
    const r = await run(dir, ['lint']);
    expect(findingsOf(r.stdout, 'unrecorded-resolution')).toEqual([
      `${FILE}:15:1  error  blocker 'search-engine' shows an answer other than the one human:ada recorded on 2026-11-30 ('A hosted search service') — the status line was edited after the decision  unrecorded-resolution`,
      `${FILE}:29:1  error  blocker 'rollout-day' is marked resolved, but the evidence ledger holds no verified decision.resolved record of a person for it — a person answers it with \`agent-config decide rollout-day\`  unrecorded-resolution`,
    ]);
  });

  it('lint.rules switches any rule off, and a bad value stops lint with one line naming the file and line', async () => {
    const dir = makeRepo({
      'agents/roadmaps/x.md': '# X\n\n## Phase 1\n\n- [ ] a\n\n## Blockers\n\n### blocker: b\n',
    });
    expect(findingsOf((await run(dir, ['lint'])).stdout, 'blockers').length).toBeGreaterThan(0);
    writeFileSync(join(dir, 'agent-config.yaml'), off(['blockers']));
    const r = await run(dir, ['lint']);
    expect([r.code, findingsOf(r.stdout, 'blockers')]).toEqual([0, []]);
    writeFileSync(join(dir, 'agent-config.yaml'), 'lint:\n  rules:\n    blockers: disabled\n');
    const bad = await run(dir, ['lint']);
    expect([bad.code, bad.stderr]).toEqual([
      2,
      "agent-config: agent-config.yaml:3: 'lint.rules.blockers' must be on or off — write on or off\n",
    ]);
  });

  it('the SARIF the GitHub Action uploads follows lint.rules: the rules in force, and their findings', async () => {
    const dir = searchRepo({
      [FILE]: SEARCH.replace('- [ ] Build the index', '- [x] Build the index'),
      'agent-config.yaml': on(['unrecorded-resolution']),
    });
    const sarif = JSON.parse((await run(dir, ['lint', '--format', 'sarif'])).stdout);
    const driver = sarif.runs[0].tool.driver.rules.map((r: { id: string }) => r.id);
    expect(driver).toEqual(expect.arrayContaining(RULES));
    expect(sarif.runs[0].results.map((r: { ruleId: string }) => r.ruleId)).toContain('step-past-gate');
    writeFileSync(join(dir, 'agent-config.yaml'), off(RULES));
    const quiet = JSON.parse((await run(dir, ['lint', '--format', 'sarif'])).stdout);
    expect(quiet.runs[0].tool.driver.rules.map((r: { id: string }) => r.id)).not.toContain('step-past-gate');
    expect(quiet.runs[0].results).toEqual([]);
  });
});
