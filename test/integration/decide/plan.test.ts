import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run } from '../../helpers/context.js';
import { ledgerRecords } from '../../helpers/ledger.js';
import { makeRepo } from '../../helpers/repo.js';
import { cli } from '../staging/harness.js';

const FILE = 'agents/roadmaps/launch.md';
const PLAN = `---
approval: required
---
# Roadmap: launch

## Phase 1 — Prepare

- [ ] Write the announcement
- [ ] Pick the day
`;
const ADA = { AGENT_CONFIG_HUMAN: 'human:ada' };

describe('decide --approve-plan', () => {
  it('lists an unapproved plan in gates, records the approval, and lists it again once a step is reworded — not when one is ticked', async () => {
    const dir = makeRepo({ [FILE]: PLAN });
    const before = JSON.parse((await run(dir, ['gates', '--json'])).stdout);
    expect(before.plans).toEqual([
      {
        roadmap: 'launch.md',
        file: FILE,
        state: 'unapproved',
        approvedBy: null,
        approvedAt: null,
        decide: 'npx --no agent-config decide --approve-plan agents/roadmaps/launch.md',
      },
    ]);
    const text = (await run(dir, ['gates'])).stdout;
    expect(text).toContain('1 decision needs you');
    expect(text).toContain('── 1 · plan: launch.md');
    expect(text).toContain(
      'Decide:            npx --no agent-config decide --approve-plan agents/roadmaps/launch.md',
    );
    expect((await run(dir, ['gates', '--reply'])).stdout).toContain('1 plan awaits your approval');
    // Nobody approved it yet: a ticked step is a finding of plan-drift.
    writeFileSync(join(dir, FILE), PLAN.replace('- [ ] Pick', '- [x] Pick'));
    const early = await run(dir, ['lint', 'plan-drift']);
    expect(early.stdout).toContain('launch.md:9:1  error  step ticked before the plan was approved');
    writeFileSync(join(dir, FILE), PLAN);

    const r = await cli(dir, ['decide', '--approve-plan', FILE], { answer: 'launch', env: ADA });
    expect([r.code, r.stdout.split(':')[0]]).toEqual([0, 'plan-approved']);
    expect(r.asked.at(-1)).toContain('    - Write the announcement');
    expect(r.asked.at(-1)).toContain("Type the roadmap's name (launch) to approve");
    const [record] = ledgerRecords(dir).filter((l) => l.event === 'plan.approved');
    expect(record).toMatchObject({ actor: 'human:ada', payload: { roadmap: FILE } });
    expect(Object.keys(record!.payload).sort()).toEqual(['planSha256', 'roadmap']);
    expect((await run(dir, ['evidence', 'verify'])).code).toBe(0);
    expect(JSON.parse((await run(dir, ['gates', '--json'])).stdout).plans).toBeUndefined();
    const again = await cli(dir, ['decide', '--approve-plan', FILE], { answer: 'launch', env: ADA });
    expect([again.code, again.stdout.split(':')[0]]).toEqual([0, 'already-approved']);

    // Ticking is progress, not a new plan.
    writeFileSync(join(dir, FILE), PLAN.replace('- [ ] Pick', '- [x] Pick'));
    expect(JSON.parse((await run(dir, ['gates', '--json'])).stdout).plans).toBeUndefined();
    expect((await run(dir, ['lint', 'plan-drift'])).code).toBe(0);
    // Rewording a step is a new plan.
    writeFileSync(join(dir, FILE), PLAN.replace('Pick the day', 'Pick the week'));
    const drifted = JSON.parse((await run(dir, ['gates', '--json'])).stdout).plans;
    expect(drifted).toMatchObject([{ state: 'drifted', approvedBy: 'human:ada' }]);
    const lint = await run(dir, ['lint']);
    expect(lint.stdout).toContain(
      'launch.md:6:1  error  the plan changed after human:ada approved it on 2026-11-30',
    );
    expect(lint.code).toBe(1);
  });

  it('refuses a plan that does not ask for approval, a wrong name, and a plan changed while asked', async () => {
    const dir = makeRepo({ [FILE]: PLAN, 'agents/roadmaps/free.md': '# Free\n\n## Phase 1\n\n- [ ] x\n' });
    const free = await cli(dir, ['decide', '--approve-plan', 'agents/roadmaps/free.md'], {
      answer: 'free',
      env: ADA,
    });
    expect([free.code, free.stdout.split(':')[0]]).toEqual([1, 'approval-not-required']);
    const wrong = await cli(dir, ['decide', '--approve-plan', FILE], { answer: 'yes', env: ADA });
    expect([wrong.code, wrong.stdout.split(':')[0]]).toEqual([1, 'answer-mismatch']);
    const both = await cli(dir, ['decide', '--approve-plan', FILE, '--option', '1'], {
      answer: 'launch',
      env: ADA,
    });
    expect([both.code, both.stderr]).toEqual([2, expect.stringContaining('choice-required:')]);
    const changed = await cli(dir, ['decide', '--approve-plan', FILE], {
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
          writeFileSync(join(dir, FILE), `${PLAN}- [ ] Sneak in a step\n`);
          return 'launch';
        },
      },
    });
    expect(changed.code).toBe(1);
    expect(ledgerRecords(dir)).toEqual([]);
  });
});
