import { AgentConfigError } from '../core/errors.js';
import { lazyRequire } from '../core/lazy-require.js';

type ChildProcessModule = typeof import('node:child_process');

/** What `ssh-keygen -Y sign` needs: the key, whether its private half is in ssh-agent, the environment. */
export interface SshSignRequest {
  /** A private key file, or a public key file whose private half ssh-agent holds (`agentKey`). */
  keyFile: string;
  /** `-U`: the key file is a public key and ssh-agent signs (git's `key::` signing keys). */
  agentKey?: boolean;
  namespace: string;
  /** The environment ssh-keygen runs in: SSH_AUTH_SOCK, SSH_ASKPASS, HOME and the like. */
  env: Readonly<Record<string, string | undefined>>;
  /** How long a person may take to type a passphrase or touch a key (default 5 minutes). */
  timeoutMs?: number;
}

/**
 * Signs `message` with `ssh-keygen -Y sign` (never through a shell) and resolves with the
 * armored signature it writes on stdout. A passphrase is asked on the controlling terminal, or
 * through SSH_ASKPASS; a FIDO key asks for a touch. Rejects with an `SshKeygenError`
 * naming ssh-keygen and its first line of stderr when it fails or cannot be started.
 */
export function sshKeygenSign(message: string, request: SshSignRequest): Promise<string> {
  const childProcess = lazyRequire<ChildProcessModule>('node:child_process');
  const args = ['-Y', 'sign', '-n', request.namespace, '-f', request.keyFile];
  if (request.agentKey === true) args.push('-U');
  return new Promise((resolve, reject) => {
    const child = childProcess.execFile(
      'ssh-keygen',
      args,
      {
        env: request.env as NodeJS.ProcessEnv,
        encoding: 'utf8',
        timeout: request.timeoutMs ?? 5 * 60_000,
        maxBuffer: 1024 * 1024,
      },
      (error, stdout, stderr) => {
        if (error === null) {
          resolve(stdout);
          return;
        }
        const code = typeof error.code === 'number' ? error.code : null;
        const said = stderr
          .split('\n')
          .map((l) => l.trim())
          .filter((l) => l !== '' && !l.startsWith('Signing data on standard input'));
        const why = said[0] ?? (code === null ? error.message : `exit ${code}`);
        reject(new SshKeygenError(args, why, code));
      },
    );
    // ssh-keygen may end before it reads (no agent, no key): its exit says why, not the pipe.
    child.stdin?.on('error', () => {});
    child.stdin?.end(message);
  });
}

/** ssh-keygen failed or could not be started; the message names it and its first stderr line. */
export class SshKeygenError extends AgentConfigError {
  constructor(
    readonly args: readonly string[],
    readonly said: string,
    readonly exit: number | null,
  ) {
    super(
      `ssh-keygen -Y sign failed${exit === null ? '' : ` (exit ${exit})`}: ${said}`,
      undefined,
      'check the signing key and its passphrase (or that ssh-agent holds it), then run the command again',
    );
  }
}
