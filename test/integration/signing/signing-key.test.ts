import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { git } from '../../helpers/repo.js';
import { signingEnv } from '../../helpers/signers.js';
import { HAS_SSH_KEYGEN, makeKey } from '../../helpers/ssh.js';
import { cli, stageOne } from '../staging/harness.js';
import { signedRepo } from './signed-repo.js';

// Which key signs a person's decision (issue 29, item 2): --key FILE, else
// AGENT_CONFIG_SIGNING_KEY, else git's user.signingkey when gpg.format is ssh — as git signs.

const ada = HAS_SSH_KEYGEN ? makeKey('ed25519') : { file: '', pub: '' };
const eve = HAS_SSH_KEYGEN ? makeKey('ed25519') : { file: '', pub: '' };

async function confirm(root: string, token: string, extra: string[], env: Record<string, string> = {}) {
  const r = await cli(root, ['confirm', token, '--as', 'human:ada', ...extra], {
    answer: token.slice(-4),
    minutes: 1,
    env: signingEnv(env),
  });
  return `${r.code} ${(r.stdout + r.stderr).match(/^(?:agent-config confirm: )?([a-z-]+)/m)?.[1]}`;
}

describe.runIf(HAS_SSH_KEYGEN)('the signing key, in the order git would take it', () => {
  it('no key named anywhere: signature-required, nothing asked', async () => {
    const root = await signedRepo(ada);
    expect(await confirm(root, await stageOne(root), [])).toBe('2 signature-required');
  });

  it('AGENT_CONFIG_SIGNING_KEY signs when no --key is given; --key wins over it', async () => {
    const root = await signedRepo(ada);
    const a = await stageOne(root, 'feature/a');
    expect(await confirm(root, a, ['--key', eve.file], { AGENT_CONFIG_SIGNING_KEY: ada.file })).toBe(
      '1 signer-unknown',
    );
    expect(await confirm(root, a, [], { AGENT_CONFIG_SIGNING_KEY: ada.file })).toBe('0 confirmed');
  });

  it("git's user.signingkey signs only with gpg.format ssh, and the variable wins over it", async () => {
    const root = await signedRepo(ada);
    const a = await stageOne(root, 'feature/a');
    git(root, 'config', 'user.signingkey', ada.file);
    expect(await confirm(root, a, [])).toBe('2 signature-required');
    git(root, 'config', 'gpg.format', 'ssh');
    expect(await confirm(root, a, [], { AGENT_CONFIG_SIGNING_KEY: eve.file })).toBe('1 signer-unknown');
    expect(await confirm(root, a, [])).toBe('0 confirmed');
  });

  it("git's user.signingkey as a public key file signs through ssh-agent, as git does", async () => {
    const root = await signedRepo(ada);
    git(root, 'config', 'gpg.format', 'ssh');
    git(root, 'config', 'user.signingkey', `${ada.file}.pub`);
    const sock = join(mkdtempSync(join(tmpdir(), 'ac-agent-')), 'agent.sock');
    const agent = spawn('ssh-agent', ['-D', '-a', sock], { stdio: 'ignore' });
    try {
      for (let i = 0; i < 200 && !existsSync(sock); i++) await new Promise((r) => setTimeout(r, 10));
      const added = spawnSync('ssh-add', ['-q', ada.file], { env: { ...process.env, SSH_AUTH_SOCK: sock } });
      expect(added.status, String(added.stderr)).toBe(0);
      const a = await stageOne(root, 'feature/a');
      // No agent to ask: the signature cannot be made, so the confirmation is not recorded.
      expect(await confirm(root, a, [])).toBe('1 unrecorded');
      expect((await cli(root, ['claim', a], { minutes: 2, env: signingEnv() })).code).toBe(1);
      const b = await stageOne(root, 'feature/b');
      expect(await confirm(root, b, [], { SSH_AUTH_SOCK: sock })).toBe('0 confirmed');
      expect((await cli(root, ['claim', b], { minutes: 2, env: signingEnv() })).code).toBe(0);
    } finally {
      agent.kill();
    }
  });
});
