import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../../src/core/config.js';
import { appendEvidence } from '../../../src/evidence/api.js';
import { testProcesses } from '../../helpers/context.js';
import { ledgerRecords } from '../../helpers/ledger.js';
import { mergeToBase, signingEnv } from '../../helpers/signers.js';
import { HAS_SSH_KEYGEN, makeKey } from '../../helpers/ssh.js';
import { signedRepo } from '../signing/signed-repo.js';
import { cli, T0 } from '../staging/harness.js';
import { FILE, read, SEARCH } from './decide-repo.js';

const ada = HAS_SSH_KEYGEN ? makeKey('ed25519', { name: 'ada' }) : { file: '', pub: '' };
const agentKey = HAS_SSH_KEYGEN ? makeKey('ed25519', { name: 'agent' }) : { file: '', pub: '' };
const PLAN = '---\napproval: required\n---\n# Launch\n\n## Phase 1 — Go\n\n- [ ] Ship\n';

async function repoWithRoadmaps(): Promise<string> {
  const root = await signedRepo(ada);
  for (const [file, text] of [
    [FILE, SEARCH],
    ['agents/roadmaps/launch.md', PLAN],
  ] as const) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), text);
  }
  mergeToBase(root, 'roadmaps');
  return root;
}

const decide = (root: string, extra: string[], answer = 'search-engine') =>
  cli(root, ['decide', 'search-engine', '--option', '1', '--as', 'human:ada', ...extra], {
    answer,
    minutes: 1,
    env: signingEnv(),
  });

describe.runIf(HAS_SSH_KEYGEN)('decide where signers are registered', () => {
  it('signs the decision with the person’s key; the signature verifies offline and against the base', async () => {
    const root = await repoWithRoadmaps();
    const r = await decide(root, ['--key', ada.file]);
    expect(r.code, r.stderr).toBe(0);
    const record = ledgerRecords(root).find((l) => l.event === 'decision.resolved')!;
    expect(record.sig).toMatch(/^-----BEGIN SSH SIGNATURE-----/);
    expect(record.v).toBe(2);
    expect((await cli(root, ['evidence', 'verify'], { minutes: 2, env: signingEnv() })).code).toBe(0);
    const ci = await cli(root, ['evidence', 'verify', '--against', 'origin/HEAD'], {
      minutes: 2,
      env: signingEnv(),
    });
    expect(ci.code, ci.stdout).toBe(0);
    // With the rule on, the signed decision satisfies it.
    writeFileSync(join(root, 'agent-config.yaml'), 'evidence:\n  decisions: required\n');
    const lint = await cli(root, ['lint', FILE], { minutes: 2, env: signingEnv() });
    expect(lint.stdout).not.toContain("blocker 'search-engine'");
  });

  it('is refused before the question without a key, and with a key nobody trusts', async () => {
    const root = await repoWithRoadmaps();
    const none = await decide(root, []);
    expect([none.code, none.stderr]).toEqual([2, expect.stringContaining('signature-required:')]);
    const agent = await decide(root, ['--key', agentKey.file]);
    expect([agent.code, agent.stdout.split(':')[0]]).toEqual([1, 'signer-unknown']);
    expect(agent.asked.some((q) => q.includes('Decide a blocker'))).toBe(false);
    expect(read(root)).toBe(SEARCH);
    expect(ledgerRecords(root).filter((l) => l.event === 'decision.resolved')).toEqual([]);
  });

  it('an agent that edits the status line and appends an unsigned record as human:ada is caught by lint, and its plan approval does not count', async () => {
    const root = await repoWithRoadmaps();
    writeFileSync(join(root, 'agent-config.yaml'), 'evidence:\n  decisions: required\n');
    const forged = SEARCH.replace(
      '- **Status:** open <!-- open | resolved -->',
      '- **Status:** resolved 2026-11-30 — Postgres full-text search',
    );
    writeFileSync(join(root, FILE), forged);
    const ctx = { clock: () => new Date(T0.getTime() + 60_000), processes: testProcesses };
    await appendEvidence(ctx, root, DEFAULT_CONFIG, {
      event: 'decision.resolved',
      actor: 'human:ada',
      payload: {
        roadmap: FILE,
        blocker: 'search-engine',
        entrySha256: '0'.repeat(64),
        option: 'Postgres full-text search',
        decider: 'human:ada',
      },
    });
    await appendEvidence(ctx, root, DEFAULT_CONFIG, {
      event: 'plan.approved',
      actor: 'human:ada',
      payload: { roadmap: 'agents/roadmaps/launch.md', planSha256: '0'.repeat(64) },
    });
    const lint = await cli(root, ['lint'], { minutes: 2, env: signingEnv() });
    expect(lint.stdout).toContain(
      "search.md:15:1  error  blocker 'search-engine' is marked resolved, but the evidence ledger holds no verified decision.resolved record of a person",
    );
    expect(lint.code).toBe(1);
    const gates = JSON.parse(
      (await cli(root, ['gates', '--json'], { minutes: 2, env: signingEnv() })).stdout,
    );
    expect(gates.plans).toMatchObject([{ file: 'agents/roadmaps/launch.md', state: 'unapproved' }]);
    // The person approves it, signed: then it counts.
    const approve = await cli(
      root,
      ['decide', '--approve-plan', 'launch.md', '--as', 'human:ada', '--key', ada.file],
      {
        answer: 'launch',
        minutes: 3,
        env: signingEnv(),
      },
    );
    expect(approve.code, approve.stderr).toBe(0);
    const after = JSON.parse(
      (await cli(root, ['gates', '--json'], { minutes: 4, env: signingEnv() })).stdout,
    );
    expect(after.plans).toBeUndefined();
  });
});
