import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Whether OpenSSH's ssh-keygen is on this machine (every signature test needs it). */
export const HAS_SSH_KEYGEN = spawnSync('ssh-keygen', ['-?']).error === undefined;

/** A key pair made by ssh-keygen: the private key file, and the public key's one line. */
export interface TestKey {
  file: string;
  pub: string;
}

let keyDir: string | undefined;
const dir = () => (keyDir ??= mkdtempSync(join(tmpdir(), 'ac-keys-')));

/**
 * A new key made by `ssh-keygen -t TYPE` (`ed25519`, `ecdsa` with `bits` 256/384/521, `rsa`),
 * with a passphrase when given.
 */
export function makeKey(type: string, options: { bits?: number; passphrase?: string; name?: string } = {}) {
  const file = join(
    dir(),
    options.name ?? `${type}-${options.bits ?? ''}-${Math.random().toString(16).slice(2)}`,
  );
  const args = ['-q', '-t', type, '-N', options.passphrase ?? '', '-C', 'test', '-f', file];
  if (options.bits !== undefined) args.push('-b', String(options.bits));
  const r = spawnSync('ssh-keygen', args, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`ssh-keygen failed: ${r.stderr}`);
  return { file, pub: readFileSync(`${file}.pub`, 'utf8').trim() } satisfies TestKey;
}

/** An askpass program that prints `passphrase` (SSH_ASKPASS with SSH_ASKPASS_REQUIRE=force). */
export function askpass(passphrase: string): Record<string, string> {
  const file = join(dir(), `askpass-${Math.random().toString(16).slice(2)}.sh`);
  writeFileSync(file, `#!/bin/sh\nprintf '%s\\n' '${passphrase.replace(/'/g, `'\\''`)}'\n`);
  chmodSync(file, 0o755);
  return { SSH_ASKPASS: file, SSH_ASKPASS_REQUIRE: 'force', DISPLAY: ':0' };
}

/** `ssh-keygen -Y sign` of `message` with `key` for `namespace`: the armored signature. */
export function sshSign(
  key: string,
  message: string | Buffer,
  namespace = 'agent-config',
  extra: string[] = [],
): string {
  const r = spawnSync('ssh-keygen', ['-Y', 'sign', '-f', key, '-n', namespace, ...extra], {
    input: message,
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`ssh-keygen -Y sign failed: ${r.stderr}`);
  return r.stdout;
}

/**
 * `ssh-keygen -Y verify` of `signature` over `message` against an allowed-signers text, for
 * `principal` and `namespace`, at `time` (YYYYMMDDHHMMSSZ): true when it exits 0.
 */
export function sshVerify(options: {
  signature: string;
  message: string | Buffer;
  allowed: string;
  principal: string;
  namespace?: string;
  time?: string;
}): boolean {
  const d = mkdtempSync(join(dir(), 'verify-'));
  writeFileSync(join(d, 'sig'), options.signature);
  writeFileSync(join(d, 'allowed'), options.allowed);
  const args = ['-Y', 'verify', '-f', join(d, 'allowed'), '-I', options.principal];
  args.push('-n', options.namespace ?? 'agent-config', '-s', join(d, 'sig'));
  if (options.time !== undefined) args.push('-O', `verify-time=${options.time}`);
  const r = spawnSync('ssh-keygen', args, { input: options.message });
  return r.status === 0;
}
