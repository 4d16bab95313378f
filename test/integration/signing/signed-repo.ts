import { expect } from 'vitest';
import { clonedRepo, mergeToBase, signingEnv } from '../../helpers/signers.js';
import type { TestKey } from '../../helpers/ssh.js';
import { cli } from '../staging/harness.js';

/** A clone whose base branch trusts `key` as human:ada (added at a pretend terminal, merged). */
export async function signedRepo(key: TestKey): Promise<string> {
  const { root } = clonedRepo();
  const added = await cli(root, ['signers', 'add', key.pub, '--as', 'human:ada'], {
    answer: 'trust',
    env: signingEnv(),
  });
  expect(added.code, added.stderr).toBe(0);
  mergeToBase(root, 'add signer ada');
  return root;
}

/** The PreToolUse input of Claude Code for a shell command in `root`. */
export function bashInput(root: string, command: string): string {
  return JSON.stringify({
    session_id: 's',
    transcript_path: '/tmp/t',
    cwd: root,
    hook_event_name: 'PreToolUse',
    tool_name: 'Bash',
    tool_input: { command },
  });
}
