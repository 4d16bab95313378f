import { describe, expect, it } from 'vitest';
import { git } from '../../helpers/repo.js';
import { clonedRepo, signingEnv } from '../../helpers/signers.js';
import { HAS_SSH_KEYGEN, makeKey } from '../../helpers/ssh.js';
import { cli, confirmOne, stageOne } from '../staging/harness.js';

// Without signers the tool says, in one line, what it cannot prove (issue 29, item 6).

const NOTICE =
  /^Decisions are not signed: no signer is registered, so an agent with a shell could forge a person's decision\. Register yours: npx --no agent-config signers add ~\/\.ssh\/id_ed25519\.pub --as human:<you>$/m;

describe.runIf(HAS_SSH_KEYGEN)('decisions are not signed: the one line', () => {
  it('evidence verify says it once a person has decided, and stops once a signer is listed', async () => {
    const { root } = clonedRepo();
    const token = await stageOne(root);
    expect((await cli(root, ['evidence', 'verify'])).stdout).not.toMatch(NOTICE);
    await confirmOne(root, token);
    const text = await cli(root, ['evidence', 'verify']);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(NOTICE);
    expect((await cli(root, ['evidence', 'verify', '--json'])).stdout).not.toMatch(/not signed/);
    const key = makeKey('ed25519');
    await cli(root, ['signers', 'add', key.pub, '--as', 'human:ada'], { answer: 'trust', env: signingEnv() });
    expect((await cli(root, ['evidence', 'verify'])).stdout).not.toMatch(NOTICE);
  });

  it('gates says it on stderr while a stage waits for a person, and only then', async () => {
    const { root } = clonedRepo();
    expect((await cli(root, ['gates'])).stderr).not.toMatch(NOTICE);
    await stageOne(root);
    const r = await cli(root, ['gates']);
    expect(r.stderr).toMatch(NOTICE);
    expect((await cli(root, ['gates', '--json'])).stderr).not.toMatch(NOTICE);
  });

  it('hooks status ends with it until a signer is listed (and --json says signersListed)', async () => {
    const { root } = clonedRepo();
    const before = await cli(root, ['hooks', 'status']);
    expect(before.stdout.trimEnd().split('\n').at(-1)).toMatch(/^➖ {2}Decisions are not signed: /);
    expect(JSON.parse((await cli(root, ['hooks', 'status', '--json'])).stdout).signersListed).toBe(false);
    const key = makeKey('ed25519');
    await cli(root, ['signers', 'add', key.pub, '--as', 'human:ada'], { answer: 'trust', env: signingEnv() });
    expect((await cli(root, ['hooks', 'status'])).stdout).not.toMatch(/not signed/);
    expect(JSON.parse((await cli(root, ['hooks', 'status', '--json'])).stdout).signersListed).toBe(true);
  });

  it("init offers to register git's SSH signing key", async () => {
    const { root } = clonedRepo();
    const key = makeKey('ed25519');
    git(root, 'config', 'gpg.format', 'ssh');
    git(root, 'config', 'user.signingkey', key.file);
    const r = await cli(root, ['init']);
    expect(r.stdout).toContain(
      `Sign your decisions with git's SSH signing key: npx --no agent-config signers add ${key.file}.pub --as human:<you>`,
    );
    expect(JSON.parse((await cli(root, ['init', '--json', '--dry-run'])).stdout).signerOffer).toBe(
      `npx --no agent-config signers add ${key.file}.pub --as human:<you>`,
    );
  });
});
