import type { KeyObject } from 'node:crypto';
import { nodeCrypto } from '../core/crypto.js';

// SSH public keys as OpenSSH encodes them (RFC 4253 §6.6, RFC 5656, PROTOCOL.u2f): the wire
// reader, the key types a person's signature may use, and their node:crypto form.

/** A malformed SSH wire encoding: a length past the end, trailing bytes, a bad field. */
export class SshFormatError extends Error {}

/** Reads RFC 4253 values (uint32, string, mpint, byte) from a buffer, refusing overruns. */
export class SshReader {
  private at = 0;
  constructor(private readonly buf: Buffer) {}

  u8(): number {
    if (this.at + 1 > this.buf.length) throw new SshFormatError('a byte is missing');
    return this.buf[this.at++]!;
  }

  u32(): number {
    if (this.at + 4 > this.buf.length) throw new SshFormatError('a length is cut short');
    const v = this.buf.readUInt32BE(this.at);
    this.at += 4;
    return v;
  }

  bytes(n: number): Buffer {
    if (this.at + n > this.buf.length) throw new SshFormatError('a field runs past the end');
    const v = this.buf.subarray(this.at, this.at + n);
    this.at += n;
    return v;
  }

  string(): Buffer {
    return this.bytes(this.u32());
  }

  /** A string that holds text without NUL (OpenSSH's `sshbuf_get_cstring`). */
  text(): string {
    const v = this.string();
    if (v.includes(0)) throw new SshFormatError('a text field holds a NUL');
    return v.toString('latin1');
  }

  /** A non-negative mpint, leading zeros removed (OpenSSH's `sshbuf_get_bignum2`). */
  mpint(): Buffer {
    const v = this.string();
    if (v.length > 0 && (v[0]! & 0x80) !== 0) throw new SshFormatError('a number is negative');
    let start = 0;
    while (start < v.length && v[start] === 0) start++;
    return v.subarray(start);
  }

  /** Throws unless every byte was read. */
  end(): void {
    if (this.at !== this.buf.length) throw new SshFormatError('trailing bytes');
  }
}

/** The plain key types a signer may hold (no certificates: a CA is not a person). */
export const SSH_KEY_TYPES = Object.freeze([
  'ssh-ed25519',
  'ecdsa-sha2-nistp256',
  'ecdsa-sha2-nistp384',
  'ecdsa-sha2-nistp521',
  'ssh-rsa',
  'sk-ssh-ed25519@openssh.com',
  'sk-ecdsa-sha2-nistp256@openssh.com',
] as const);

export type SshKeyType = (typeof SSH_KEY_TYPES)[number];

const CURVES = {
  nistp256: { jwk: 'P-256', bytes: 32, hash: 'sha256' },
  nistp384: { jwk: 'P-384', bytes: 48, hash: 'sha384' },
  nistp521: { jwk: 'P-521', bytes: 66, hash: 'sha512' },
} as const;

export type CurveName = keyof typeof CURVES;

/** A parsed public key: its type, its wire blob, and what verification needs. */
export interface SshPublicKey {
  type: SshKeyType;
  /** The key's wire encoding (what an allowed-signers line holds in base64). */
  blob: Buffer;
  /** For ECDSA keys: the curve, its coordinate size and the hash its signatures use. */
  curve?: { name: CurveName; bytes: number; hash: 'sha256' | 'sha384' | 'sha512' };
  /** For `sk-` keys: the FIDO application string (usually `ssh:`). */
  application?: string;
  /** The node:crypto key, built on first use. */
  keyObject(): KeyObject;
}

const b64url = (b: Buffer) => b.toString('base64url');
// RSA keys under 1024 bits are refused by OpenSSH (SSH_RSA_MINIMUM_MODULUS_SIZE).
const RSA_MIN_BITS = 1024;

function ecKey(r: SshReader, type: string): { curve: CurveName; jwk: object } {
  const curveName = r.text();
  const expected = type
    .replace(/^sk-/, '')
    .replace(/@openssh\.com$/, '')
    .replace('ecdsa-sha2-', '');
  if (curveName !== expected || !(curveName in CURVES)) throw new SshFormatError('the curve does not match');
  const curve = CURVES[curveName as CurveName];
  const q = r.string();
  if (q.length !== 1 + 2 * curve.bytes || q[0] !== 0x04)
    throw new SshFormatError('the point is not uncompressed');
  const x = q.subarray(1, 1 + curve.bytes);
  const y = q.subarray(1 + curve.bytes);
  return { curve: curveName as CurveName, jwk: { kty: 'EC', crv: curve.jwk, x: b64url(x), y: b64url(y) } };
}

// A ledger holds thousands of signatures by a handful of keys: each key is imported once.
const KEY_CACHE = new Map<string, KeyObject>();
const KEY_CACHE_SIZE = 256;

function cachedKeyObject(blob: Buffer, jwk: object): KeyObject {
  const id = blob.toString('base64');
  let key = KEY_CACHE.get(id);
  if (key === undefined) {
    key = nodeCrypto().createPublicKey({ key: jwk as never, format: 'jwk' });
    if (KEY_CACHE.size >= KEY_CACHE_SIZE) KEY_CACHE.clear();
    KEY_CACHE.set(id, key);
  }
  return key;
}

/**
 * Parses an SSH public key blob; throws `SshFormatError` for a type outside `SSH_KEY_TYPES`,
 * a malformed field, trailing bytes or a key node:crypto refuses (a point off its curve).
 */
export function parseSshPublicKey(blob: Buffer): SshPublicKey {
  const r = new SshReader(blob);
  const type = r.text();
  let jwk: object;
  let curve: SshPublicKey['curve'];
  let application: string | undefined;
  switch (type) {
    case 'ssh-ed25519':
    case 'sk-ssh-ed25519@openssh.com': {
      const k = r.string();
      if (k.length !== 32) throw new SshFormatError('an Ed25519 key is 32 bytes');
      jwk = { kty: 'OKP', crv: 'Ed25519', x: b64url(k) };
      break;
    }
    case 'ecdsa-sha2-nistp256':
    case 'ecdsa-sha2-nistp384':
    case 'ecdsa-sha2-nistp521':
    case 'sk-ecdsa-sha2-nistp256@openssh.com': {
      const ec = ecKey(r, type);
      jwk = ec.jwk;
      curve = { name: ec.curve, ...CURVES[ec.curve] };
      break;
    }
    case 'ssh-rsa': {
      const e = r.mpint();
      const n = r.mpint();
      if (e.length === 0 || n.length * 8 < RSA_MIN_BITS) throw new SshFormatError('the RSA key is too small');
      jwk = { kty: 'RSA', n: b64url(n), e: b64url(e) };
      break;
    }
    default:
      throw new SshFormatError(`unsupported key type ${JSON.stringify(type.slice(0, 64))}`);
  }
  if (type.startsWith('sk-')) application = r.text();
  r.end();
  let built: KeyObject | undefined;
  const keyObject = () => {
    built ??= cachedKeyObject(blob, jwk);
    return built;
  };
  try {
    keyObject();
  } catch (error) {
    throw new SshFormatError(`the key is not valid (${(error as Error).message})`);
  }
  return {
    type: type as SshKeyType,
    blob,
    keyObject,
    ...(curve ? { curve } : {}),
    ...(application !== undefined ? { application } : {}),
  };
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** Strict base64 (padding required, no other characters); null when it is not. */
export function decodeBase64(text: string): Buffer | null {
  return BASE64.test(text) ? Buffer.from(text, 'base64') : null;
}

/**
 * A key as written in `authorized_keys`, `*.pub` or allowed-signers: `TYPE BASE64 [COMMENT]`.
 * The type word must name the type inside the blob. Throws `SshFormatError`.
 */
export function parsePublicKeyText(text: string): { key: SshPublicKey; comment: string } {
  const [type = '', data = '', ...rest] = text.trim().split(/[ \t]+/);
  const blob = decodeBase64(data);
  if (blob === null || blob.length === 0) throw new SshFormatError('the key is not base64');
  const key = parseSshPublicKey(blob);
  if (key.type !== type) throw new SshFormatError(`the key says ${key.type}, the line says ${type}`);
  return { key, comment: rest.join(' ') };
}

/** A key's one-line text form, `TYPE BASE64` (no comment). */
export function publicKeyText(key: Pick<SshPublicKey, 'type' | 'blob'>): string {
  return `${key.type} ${key.blob.toString('base64')}`;
}

/** OpenSSH's default fingerprint, `SHA256:` and the unpadded base64 of the blob's SHA-256. */
export function fingerprint(key: Pick<SshPublicKey, 'blob'>): string {
  const digest = nodeCrypto().createHash('sha256').update(key.blob).digest('base64');
  return `SHA256:${digest.replace(/=+$/, '')}`;
}
