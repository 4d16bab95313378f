import { nodeCrypto } from '../core/crypto.js';
import { decodeBase64, parseSshPublicKey, SshFormatError, type SshPublicKey, SshReader } from './ssh-key.js';

// SSH signatures (OpenSSH's PROTOCOL.sshsig), verified in process with node:crypto: the format
// `ssh-keygen -Y sign` writes and git uses for SSH-signed commits. What `ssh-keygen -Y verify`
// accepts, this accepts, and the tests hold both to the same vectors.

const BEGIN = '-----BEGIN SSH SIGNATURE-----';
const END = '-----END SSH SIGNATURE-----';
const MAGIC = Buffer.from('SSHSIG');
const VERSION = 1;
const HASHES = new Set(['sha256', 'sha512']);

/** Why a signature does not verify: a closed list, shown in refusals and CI findings. */
export type SigFailure =
  /** No armor header or footer, or the text between them is not base64. */
  | 'armor'
  /** The blob is not an SSHSIG structure (wrong magic, a field cut short, trailing bytes). */
  | 'format'
  /** A version newer than this build knows. */
  | 'version'
  /** Signed for another namespace than the one asked for. */
  | 'namespace'
  /** A hash other than sha256 or sha512, or an RSA signature with SHA-1. */
  | 'algorithm'
  /** A key type this build does not verify (certificates included). */
  | 'key-type'
  /** The signature does not match the message and the key. */
  | 'mismatch';

/** An SSHSIG blob's fields. */
export interface SshSignature {
  key: SshPublicKey;
  namespace: string;
  hashAlgorithm: string;
  /** The signature proper, in the key type's SSH encoding. */
  signature: Buffer;
}

export type SigParse = { ok: true; sig: SshSignature } | { ok: false; reason: SigFailure; detail: string };
export type SigCheck = { ok: true; key: SshPublicKey } | { ok: false; reason: SigFailure; detail: string };

const fail = (reason: SigFailure, detail: string) => ({ ok: false as const, reason, detail });

/** The blob inside an armored signature (OpenSSH's `sshsig_dearmor`), or null. */
export function dearmor(text: string): Buffer | null {
  if (!text.startsWith(BEGIN)) return null;
  let rest = text.slice(BEGIN.length);
  if (rest.startsWith('\r\n')) rest = rest.slice(2);
  else if (rest.startsWith('\n')) rest = rest.slice(1);
  else return null;
  const end = rest.indexOf(`\n${END}`);
  if (end < 0) return null;
  const b64 = rest.slice(0, end).replace(/[ \t\r\n]/g, '');
  const blob = decodeBase64(b64);
  return blob === null || blob.length === 0 ? null : blob;
}

/** The armored form of a blob, as `ssh-keygen -Y sign` writes it (70 characters a line). */
export function armor(blob: Buffer): string {
  const b64 = blob.toString('base64');
  const lines: string[] = [];
  for (let i = 0; i < b64.length; i += 70) lines.push(b64.slice(i, i + 70));
  return `${BEGIN}\n${lines.join('\n')}\n${END}\n`;
}

/** Parses an armored SSH signature. */
export function parseSshSignature(text: string): SigParse {
  const blob = dearmor(text);
  if (blob === null) return fail('armor', 'not an armored SSH signature');
  try {
    const r = new SshReader(blob);
    if (!r.bytes(MAGIC.length).equals(MAGIC)) return fail('format', 'no SSHSIG magic');
    const version = r.u32();
    if (version > VERSION) return fail('version', `version ${version} is newer than this build reads`);
    const keyBlob = r.string();
    const namespace = r.text();
    r.string(); // reserved: ignored, as the format says
    const hashAlgorithm = r.text();
    const signature = r.string();
    r.end();
    let key: SshPublicKey;
    try {
      key = parseSshPublicKey(Buffer.from(keyBlob));
    } catch (error) {
      return fail('key-type', (error as Error).message);
    }
    return { ok: true, sig: { key, namespace, hashAlgorithm, signature: Buffer.from(signature) } };
  } catch (error) {
    if (error instanceof SshFormatError) return fail('format', error.message);
    throw error;
  }
}

/** The bytes the key signed (PROTOCOL.sshsig §3): magic, namespace, empty reserved, hash, H(message). */
function signedData(namespace: string, hash: string, message: Uint8Array): Buffer {
  const digest = nodeCrypto().createHash(hash).update(message).digest();
  const str = (b: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(b.length);
    return [len, b];
  };
  return Buffer.concat([
    MAGIC,
    ...str(Buffer.from(namespace, 'latin1')),
    ...str(Buffer.alloc(0)),
    ...str(Buffer.from(hash, 'latin1')),
    ...str(digest),
  ]);
}

/** An ECDSA `(r, s)` pair as IEEE P1363 (both left-padded to the curve's size), or null. */
function p1363(rs: Buffer, bytes: number): Buffer | null {
  const r = new SshReader(rs);
  const a = r.mpint();
  const b = r.mpint();
  r.end();
  if (a.length > bytes || b.length > bytes) return null;
  const out = Buffer.alloc(2 * bytes);
  a.copy(out, bytes - a.length);
  b.copy(out, 2 * bytes - b.length);
  return out;
}

/** The FIDO signed blob (PROTOCOL.u2f): SHA256(application), flags, counter, SHA256(data). */
function fidoSigned(key: SshPublicKey, flags: number, counter: number, data: Buffer): Buffer {
  const sha = (b: Buffer | string) => nodeCrypto().createHash('sha256').update(b).digest();
  const fc = Buffer.alloc(5);
  fc.writeUInt8(flags, 0);
  fc.writeUInt32BE(counter, 1);
  return Buffer.concat([sha(Buffer.from(key.application ?? '', 'latin1')), fc, sha(data)]);
}

/** Checks the signature proper over `data` with `key`, in the key type's encoding. */
function checkKeySignature(key: SshPublicKey, encoded: Buffer, data: Buffer): SigCheck {
  const crypto = nodeCrypto();
  const r = new SshReader(encoded);
  const sigType = r.text();
  const plain = key.type;
  const k = key.keyObject();
  let ok: boolean;
  if (plain === 'ssh-rsa') {
    const hash = sigType === 'rsa-sha2-512' ? 'sha512' : sigType === 'rsa-sha2-256' ? 'sha256' : null;
    if (hash === null) return fail('algorithm', `RSA signature algorithm ${sigType} is not allowed`);
    const sig = r.string();
    r.end();
    const size = Math.ceil((k.asymmetricKeyDetails?.modulusLength ?? 0) / 8);
    if (sig.length > size) return fail('mismatch', 'the RSA signature is longer than the key');
    // OpenSSH accepts a signature shorter than the modulus and pads it on the left.
    const padded = Buffer.concat([Buffer.alloc(size - sig.length), sig]);
    ok = crypto.verify(hash, data, k, padded);
  } else {
    if (sigType !== plain) return fail('mismatch', `a ${sigType} signature for a ${plain} key`);
    const sig = r.string();
    let flags = 0;
    let counter = 0;
    const fido = plain.startsWith('sk-');
    if (fido) {
      flags = r.u8();
      counter = r.u32();
    }
    r.end();
    const message = fido ? fidoSigned(key, flags, counter, data) : data;
    if (plain === 'ssh-ed25519' || plain === 'sk-ssh-ed25519@openssh.com') {
      ok = sig.length === 64 && crypto.verify(null, message, k, sig);
    } else {
      const curve = key.curve!;
      const rs = p1363(sig, curve.bytes);
      ok = rs !== null && crypto.verify(curve.hash, message, { key: k, dsaEncoding: 'ieee-p1363' }, rs);
    }
  }
  return ok ? { ok: true, key } : fail('mismatch', 'the signature does not match the message');
}

/**
 * Verifies a parsed SSH signature of `message` for `namespace`, as `ssh-keygen -Y verify` does
 * before it looks the key up: the key is the one the signature names (who may sign is the
 * allowed-signers file's question, not this one's).
 */
export function verifyParsedSignature(sig: SshSignature, message: Uint8Array, namespace: string): SigCheck {
  if (sig.namespace !== namespace)
    return fail('namespace', `signed for namespace ${JSON.stringify(sig.namespace)}`);
  if (!HASHES.has(sig.hashAlgorithm))
    return fail('algorithm', `hash ${JSON.stringify(sig.hashAlgorithm)} is not sha256 or sha512`);
  const data = signedData(namespace, sig.hashAlgorithm, message);
  try {
    return checkKeySignature(sig.key, sig.signature, data);
  } catch (error) {
    if (error instanceof SshFormatError) return fail('format', error.message);
    throw error;
  }
}

/** Parses and verifies an armored SSH signature of `message` for `namespace`. */
export function verifySshSignature(armored: string, message: Uint8Array, namespace: string): SigCheck {
  const parsed = parseSshSignature(armored);
  return parsed.ok ? verifyParsedSignature(parsed.sig, message, namespace) : parsed;
}
