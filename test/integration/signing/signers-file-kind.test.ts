import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { clonedRepo, signingEnv } from '../../helpers/signers.js';
import { HAS_SSH_KEYGEN, makeKey } from '../../helpers/ssh.js';
import { cli, stageOne } from '../staging/harness.js';
import { bashInput } from './signed-repo.js';

// The working copy's signers file is the agent's to replace. A named pipe in its place must
// never hold the hook or a verb (it is opened without waiting), and a file that cannot be read
// never switches signing off: it requires signatures and trusts nobody.

const HAS_MKFIFO = spawnSync('mkfifo', ['--version']).status === 0;
const key = HAS_SSH_KEYGEN ? makeKey('ed25519') : { file: '', pub: '' };

describe.runIf(HAS_SSH_KEYGEN && HAS_MKFIFO)('a signers file that is not a regular file', () => {
  it('a named pipe: the hook answers, and a decision needs a signature nobody can give', async () => {
    const { root } = clonedRepo();
    mkdirSync(join(root, 'agents/evidence'), { recursive: true });
    expect(spawnSync('mkfifo', [join(root, 'agents/evidence/allowed_signers')]).status).toBe(0);
    const input = bashInput(root, 'git push --force origin main');
    const hook = await cli(root, ['hook', 'claude-code'], {
      overrides: { readStdin: () => input },
      env: signingEnv(),
    });
    expect(JSON.parse(hook.stdout).hookSpecificOutput.permissionDecision).toBe('deny');
    const token = await stageOne(root);
    const confirm = await cli(root, ['confirm', token, '--as', 'human:ada', '--key', key.file], {
      answer: token.slice(-4),
      minutes: 1,
      env: signingEnv(),
    });
    expect([confirm.code, confirm.stdout]).toEqual([1, expect.stringMatching(/^signer-unknown/)]);
    const list = await cli(root, ['signers', 'list', '--json'], { env: signingEnv() });
    expect(JSON.parse(list.stdout)).toMatchObject({ required: true, signers: [] });
    expect((await cli(root, ['gates'])).code).toBe(0);
  });

  it('a folder in its place reads the same way', async () => {
    const { root } = clonedRepo();
    mkdirSync(join(root, 'agents/evidence/allowed_signers'), { recursive: true });
    const token = await stageOne(root);
    const confirm = await cli(root, ['confirm', token, '--as', 'human:ada'], {
      answer: token.slice(-4),
      minutes: 1,
      env: signingEnv(),
    });
    expect([confirm.code, confirm.stderr]).toEqual([2, expect.stringMatching(/signature-required/)]);
  });
});
