import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { addClaudeHook } from '../../../src/commands/hooks/claude-settings.js';
import { DEFAULT_CONFIG } from '../../../src/core/config.js';
import { appendEvidence } from '../../../src/evidence/api.js';
import { testProcesses } from '../../helpers/context.js';
import { until } from '../../helpers/receiver.js';
import { signingEnv } from '../../helpers/signers.js';
import { HAS_SSH_KEYGEN, makeKey } from '../../helpers/ssh.js';
import { cli, STORE, T0 } from '../staging/harness.js';
import { bashInput, signedRepo } from './signed-repo.js';

// `hook --wait` (docs/notify.md) decides a call a person answered during the wait through the
// hook's own decision — the claim with its signature checks — never a check of its own.

const ada = HAS_SSH_KEYGEN ? makeKey('ed25519', { name: 'ada' }) : { file: '', pub: '' };
const ledgerCtx = { clock: () => new Date(T0.getTime() + 60_000), processes: testProcesses };

/** A hook call held for up to 20 s (the settings give the harness 60 s), in process. */
function heldHook(root: string, command: string) {
  mkdirSync(join(root, '.claude'), { recursive: true });
  writeFileSync(join(root, '.claude/settings.json'), addClaudeHook({}, 60)!);
  return cli(root, ['hook', 'claude-code', '--wait', '20s'], {
    overrides: { readStdin: () => bashInput(root, command) },
    env: signingEnv(),
    minutes: 1,
  });
}

async function stagedToken(root: string): Promise<string> {
  const pending = join(root, STORE, 'pending');
  await until(() => {
    try {
      return readdirSync(pending).length === 1;
    } catch {
      return false;
    }
  });
  return readdirSync(pending)[0]!.replace(/\.json$/, '');
}

describe.runIf(HAS_SSH_KEYGEN)('hook --wait with signers registered', () => {
  it('an unsigned confirmation forged during the wait does not let the call through', async () => {
    const root = await signedRepo(ada);
    const held = heldHook(root, 'git push --force origin main');
    const token = await stagedToken(root);
    // What an agent does by hand meanwhile: the stage moved to confirmed/ and a record appended.
    const from = join(root, STORE, 'pending', `${token}.json`);
    const record = JSON.parse(readFileSync(from, 'utf8'));
    Object.assign(record, {
      state: 'confirmed',
      decided_by: 'human:ada',
      resolved_at: '2026-11-30T12:01:00Z',
    });
    mkdirSync(join(root, STORE, 'confirmed'), { recursive: true });
    writeFileSync(join(root, STORE, 'confirmed', `${token}.json`), `${JSON.stringify(record, null, 2)}\n`);
    rmSync(from);
    await appendEvidence(ledgerCtx, root, DEFAULT_CONFIG, {
      event: 'stage.confirmed',
      actor: 'human:ada',
      payload: { token, decided_by: 'human:ada' },
    });
    const answer = JSON.parse((await held).stdout).hookSpecificOutput;
    expect(answer.permissionDecision).toBe('deny');
    expect(answer.permissionDecisionReason).toMatch(/does not count \(signature-required/);
  });

  it("a person's signed confirmation during the wait allows the call at once, exactly once", async () => {
    const root = await signedRepo(ada);
    const held = heldHook(root, 'git push --force origin main');
    const token = await stagedToken(root);
    const confirmed = await cli(root, ['confirm', token, '--as', 'human:ada', '--key', ada.file], {
      answer: token.slice(-4),
      minutes: 1,
      env: signingEnv(),
    });
    expect(confirmed.code, confirmed.stderr).toBe(0);
    const answer = JSON.parse((await held).stdout).hookSpecificOutput;
    expect(answer.permissionDecision).toBe('allow');
    expect(answer.permissionDecisionReason).toContain(`stage ${token}`);
    const again = await cli(root, ['claim', token], { minutes: 2, env: signingEnv() });
    expect(again.code).toBe(1);
  });
});
