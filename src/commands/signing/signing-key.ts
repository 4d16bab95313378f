import { isAbsolute, join, resolve } from 'node:path';
import type { Context } from '../../core/context.js';
import { sha256Hex } from '../../evidence/record.js';
import { parsePublicKeyText, type SshPublicKey } from '../../evidence/ssh-key.js';
import { writeFileAtomic } from '../../repo/atomic-write.js';
import type { Repository } from '../../repo/open-repository.js';
import { readFileBytes } from '../../repo/read-text.js';
import { ensureRuntimeDir } from '../../repo/runtime-dir.js';

/** Where the signing key was named: the flag, the variable, or git's own SSH signing settings. */
export type KeySource = '--key' | 'AGENT_CONFIG_SIGNING_KEY' | 'user.signingkey';

/** A key `ssh-keygen -Y sign` can sign with, and its public half when it can be read. */
export interface SigningKey {
  /** The file handed to ssh-keygen: a private key, or a public key ssh-agent holds (`agentKey`). */
  file: string;
  agentKey: boolean;
  source: KeySource;
  /** The public key (from `FILE.pub`, or the file itself when it is one); null when unreadable. */
  publicKey: SshPublicKey | null;
}

const LITERAL = /^(key::)?(ssh-|ecdsa-|sk-)/;

function expandHome(ctx: Context, path: string): string {
  const home = ctx.env.HOME;
  if (home !== undefined && (path === '~' || path.startsWith('~/'))) return join(home, path.slice(1));
  return isAbsolute(path) ? path : resolve(ctx.cwd, path);
}

function readPublicKey(file: string): SshPublicKey | null {
  for (const candidate of [file, `${file}.pub`]) {
    const bytes = readFileBytes(candidate);
    if (!Buffer.isBuffer(bytes)) continue;
    try {
      return parsePublicKeyText(bytes.toString('utf8').split('\n')[0] ?? '').key;
    } catch {}
  }
  return null;
}

/**
 * git's `user.signingkey` given as the key itself (`key::ssh-ed25519 AAAA…`, or without `key::`):
 * written to a file under agents/runtime/ for `ssh-keygen -U`, as git does with a temporary file.
 */
function literalKey(root: string, text: string): SigningKey | null {
  const line = text.replace(/^key::/, '');
  let key: SshPublicKey;
  try {
    key = parsePublicKeyText(line).key;
  } catch {
    return null;
  }
  const dir = ensureRuntimeDir(root, 'agents/runtime/signing');
  const file = join(dir, `${sha256Hex(line).slice(0, 16)}.pub`);
  writeFileAtomic(file, `${line}\n`);
  return { file, agentKey: true, source: 'user.signingkey', publicKey: key };
}

/**
 * The key a person signs with: `--key FILE`, else AGENT_CONFIG_SIGNING_KEY, else git's
 * `user.signingkey` when `gpg.format` is `ssh` (as git signs commits). Null when none is named.
 */
export async function findSigningKey(
  ctx: Context,
  repo: Repository,
  given: string | undefined,
): Promise<SigningKey | null> {
  const named: [string | undefined, KeySource][] = [
    [given, '--key'],
    [ctx.env.AGENT_CONFIG_SIGNING_KEY || undefined, 'AGENT_CONFIG_SIGNING_KEY'],
  ];
  for (const [path, source] of named) {
    if (path === undefined) continue;
    const file = expandHome(ctx, path);
    return { file, agentKey: false, source, publicKey: readPublicKey(file) };
  }
  if ((await repo.git.configValue('gpg.format')) !== 'ssh') return null;
  const value = await repo.git.configValue('user.signingkey');
  if (value === null) return null;
  if (LITERAL.test(value)) return literalKey(repo.root, value);
  const file = expandHome(ctx, value);
  // git takes a public key file here when the private half is in ssh-agent.
  const publicOnly = readFileBytes(file);
  const isPublic = Buffer.isBuffer(publicOnly) && LITERAL.test(publicOnly.toString('utf8'));
  return { file, agentKey: isPublic, source: 'user.signingkey', publicKey: readPublicKey(file) };
}

/** The line that tells a person how to name a signing key. */
export const NAME_A_KEY =
  'pass --key FILE, set AGENT_CONFIG_SIGNING_KEY=FILE, or set git config gpg.format ssh and user.signingkey';
