import { spawnSync } from 'node:child_process';
import { createHash, generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseAllowedSigners, signersFor } from '../../../src/evidence/allowed-signers.js';
import { parsePublicKeyText } from '../../../src/evidence/ssh-key.js';
import { armor, parseSshSignature, verifyParsedSignature } from '../../../src/evidence/sshsig.js';
import { HAS_SSH_KEYGEN, makeKey, sshSign, sshVerify } from '../../helpers/ssh.js';

// Every vector is checked twice: by this build's verifier and by `ssh-keygen -Y verify`, and
// the two must agree. The verify time is fixed for both.

const NS = 'agent-config';
const TIME = '20261130120000Z';
const TIME_MS = Date.UTC(2026, 10, 30, 12);

/** This build's answer to `ssh-keygen -Y verify -f allowed -I principal -n namespace`. */
function ours(o: {
  signature: string;
  message: string | Buffer;
  allowed: string;
  principal: string;
  namespace?: string;
}) {
  const parsed = parseSshSignature(o.signature);
  if (!parsed.ok) return false;
  const check = verifyParsedSignature(parsed.sig, Buffer.from(o.message), o.namespace ?? NS);
  if (!check.ok) return false;
  return (
    signersFor(parseAllowedSigners(o.allowed), check.key, o.principal, o.namespace ?? NS, [TIME_MS]).length >
    0
  );
}

function agree(o: Parameters<typeof ours>[0]): boolean {
  const mine = ours(o);
  const theirs = sshVerify({ ...o, time: TIME });
  expect(mine, 'this build and ssh-keygen -Y verify disagree').toBe(theirs);
  return mine;
}

const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
const str = (b: Buffer | string) => {
  const buf = typeof b === 'string' ? Buffer.from(b) : b;
  return Buffer.concat([u32(buf.length), buf]);
};
const mpint = (b: Buffer) => {
  let i = 0;
  while (i < b.length - 1 && b[i] === 0) i++;
  const v = b.subarray(i);
  return str(v[0]! & 0x80 ? Buffer.concat([Buffer.from([0]), v]) : v);
};
const sha = (alg: string, b: Buffer | string) => createHash(alg).update(b).digest();

/** The bytes a signer signs (PROTOCOL.sshsig §3). */
function toSign(message: string, namespace = NS, hash = 'sha512'): Buffer {
  return Buffer.concat([Buffer.from('SSHSIG'), str(namespace), str(''), str(hash), str(sha(hash, message))]);
}

function sshsigBlob(pub: Buffer, signature: Buffer, namespace = NS, hash = 'sha512'): string {
  return armor(
    Buffer.concat([
      Buffer.from('SSHSIG'),
      u32(1),
      str(pub),
      str(namespace),
      str(''),
      str(hash),
      str(signature),
    ]),
  );
}

/** A FIDO key made in process (there is no device here), signing as PROTOCOL.u2f says a device does. */
function fidoKey(kind: 'ed25519' | 'ecdsa') {
  const app = 'ssh:';
  const pair =
    kind === 'ed25519' ? generateKeyPairSync('ed25519') : generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = pair.publicKey.export({ format: 'jwk' });
  const type = kind === 'ed25519' ? 'sk-ssh-ed25519@openssh.com' : 'sk-ecdsa-sha2-nistp256@openssh.com';
  const pub =
    kind === 'ed25519'
      ? Buffer.concat([str(type), str(Buffer.from(jwk.x!, 'base64url')), str(app)])
      : Buffer.concat([
          str(type),
          str('nistp256'),
          str(
            Buffer.concat([
              Buffer.from([4]),
              Buffer.from(jwk.x!, 'base64url'),
              Buffer.from(jwk.y!, 'base64url'),
            ]),
          ),
          str(app),
        ]);
  const signWith = (message: string, o: { namespace?: string; flags?: number; counter?: number } = {}) => {
    const flags = o.flags ?? 0x01;
    const counter = o.counter ?? 7;
    const fc = Buffer.concat([Buffer.from([flags]), u32(counter)]);
    const blob = Buffer.concat([sha('sha256', app), fc, sha('sha256', toSign(message, o.namespace))]);
    const raw =
      kind === 'ed25519'
        ? sign(null, blob, pair.privateKey)
        : sign('sha256', blob, { key: pair.privateKey as KeyObject, dsaEncoding: 'ieee-p1363' });
    const inner =
      kind === 'ed25519'
        ? str(raw)
        : str(Buffer.concat([mpint(raw.subarray(0, 32)), mpint(raw.subarray(32))]));
    return {
      encoded: Buffer.concat([str(type), inner, fc]),
      armored: sshsigBlob(pub, Buffer.concat([str(type), inner, fc]), o.namespace),
    };
  };
  return { pub, line: `${type} ${pub.toString('base64')}`, signWith };
}

const allowedFor = (principal: string, pub: string, options = `namespaces="${NS}"`) =>
  `${principal} ${options} ${pub}\n`;

/** Flips one bit of the base64 payload of an armored signature, at `at` bytes into the blob. */
function flipBlobByte(armored: string, at: number): string {
  const lines = armored.trim().split('\n');
  const blob = Buffer.from(lines.slice(1, -1).join(''), 'base64');
  blob[at]! ^= 0x01;
  return armor(blob);
}

describe.runIf(HAS_SSH_KEYGEN)('SSH signatures agree with ssh-keygen -Y verify', () => {
  const keys = [
    ['ed25519', makeKey('ed25519')],
    ['ecdsa-256', makeKey('ecdsa', { bits: 256 })],
    ['ecdsa-384', makeKey('ecdsa', { bits: 384 })],
    ['ecdsa-521', makeKey('ecdsa', { bits: 521 })],
    ['rsa (rsa-sha2-512)', makeKey('rsa', { bits: 2048 })],
  ] as const;
  const other = makeKey('ed25519');
  const message = '{"actor":"human:ada","event":"stage.confirmed"}';

  for (const [name, key] of keys) {
    it(`${name}: a good signature verifies; tampering, namespace, key and armor do not`, () => {
      const signature = sshSign(key.file, message);
      const allowed = allowedFor('human:ada', key.pub);
      expect(agree({ signature, message, allowed, principal: 'human:ada' })).toBe(true);
      // A tampered message.
      expect(agree({ signature, message: `${message} `, allowed, principal: 'human:ada' })).toBe(false);
      // Another namespace asked for, and a signature made for another namespace.
      expect(agree({ signature, message, allowed, principal: 'human:ada', namespace: 'git' })).toBe(false);
      const gitSig = sshSign(key.file, message, 'git');
      expect(agree({ signature: gitSig, message, allowed, principal: 'human:ada' })).toBe(false);
      // A key not listed, a principal not listed, a namespace the line does not allow.
      expect(
        agree({ signature, message, allowed: allowedFor('human:ada', other.pub), principal: 'human:ada' }),
      ).toBe(false);
      expect(agree({ signature, message, allowed, principal: 'human:bob' })).toBe(false);
      expect(
        agree({
          signature,
          message,
          allowed: allowedFor('human:ada', key.pub, 'namespaces="git"'),
          principal: 'human:ada',
        }),
      ).toBe(false);
      // Truncated armor, a missing footer, a flipped byte in the signature proper.
      const lines = signature.trim().split('\n');
      expect(
        agree({
          signature: `${lines.slice(0, -2).join('\n')}\n${lines.at(-1)}\n`,
          message,
          allowed,
          principal: 'human:ada',
        }),
      ).toBe(false);
      expect(
        agree({ signature: lines.slice(0, -1).join('\n'), message, allowed, principal: 'human:ada' }),
      ).toBe(false);
      const blobLength = Buffer.from(lines.slice(1, -1).join(''), 'base64').length;
      expect(
        agree({
          signature: flipBlobByte(signature, blobLength - 3),
          message,
          allowed,
          principal: 'human:ada',
        }),
      ).toBe(false);
    });
  }

  it('sha256 as the message hash verifies too', () => {
    const key = keys[0][1];
    const signature = sshSign(key.file, message, NS, ['-O', 'hashalg=sha256']);
    expect(
      parseSshSignature(signature).ok &&
        (parseSshSignature(signature) as { sig: { hashAlgorithm: string } }).sig.hashAlgorithm,
    ).toBe('sha256');
    expect(
      agree({ signature, message, allowed: allowedFor('human:ada', key.pub), principal: 'human:ada' }),
    ).toBe(true);
  });

  it('rsa-sha2-256, made with node:crypto, verifies; an ssh-rsa (SHA-1) signature does not', () => {
    const key = makeKey('rsa', { bits: 2048 });
    spawnSync('ssh-keygen', ['-p', '-m', 'PEM', '-N', '', '-P', '', '-f', key.file]);
    const pem = readFileSync(key.file, 'utf8');
    const pub = parsePublicKeyText(key.pub).key.blob;
    const make = (alg: string, hash: string) =>
      sshsigBlob(pub, Buffer.concat([str(alg), str(sign(hash, toSign(message), pem))]));
    const allowed = allowedFor('human:ada', key.pub);
    expect(
      agree({ signature: make('rsa-sha2-256', 'sha256'), message, allowed, principal: 'human:ada' }),
    ).toBe(true);
    expect(agree({ signature: make('ssh-rsa', 'sha1'), message, allowed, principal: 'human:ada' })).toBe(
      false,
    );
  });

  it('options: valid-after/valid-before in UTC, principal patterns, cert-authority refused', () => {
    const key = keys[0][1];
    const signature = sshSign(key.file, message);
    const check = (options: string, principal = 'human:ada', principals = 'human:ada') =>
      agree({ signature, message, allowed: `${principals} ${options} ${key.pub}\n`, principal });
    expect(check(`namespaces="${NS}",valid-after="20261101Z"`)).toBe(true);
    expect(check(`namespaces="${NS}",valid-after="20261201Z"`)).toBe(false);
    expect(check(`valid-before="20261130115959Z",namespaces="${NS}"`)).toBe(false);
    expect(check(`VALID-BEFORE="20261201UTC"`)).toBe(true);
    expect(check(`namespaces="git,agent-*"`)).toBe(true);
    expect(check(`namespaces="*,!agent-config"`)).toBe(false);
    expect(check(`namespaces="${NS}"`, 'human:ada', 'human:bob,human:ada')).toBe(true);
    expect(check(`namespaces="${NS}"`, 'human:ada', 'human:*')).toBe(true);
    expect(check(`namespaces="${NS}"`, 'human:ada', '"human:ada"')).toBe(true);
    expect(check(`namespaces="${NS}",unknown-option`)).toBe(false);
    // ssh-keygen refuses a plain signature on a cert-authority line too: the key is not a certificate.
    expect(check(`cert-authority,namespaces="${NS}"`)).toBe(false);
    expect(parseAllowedSigners(`human:ada cert-authority ${key.pub}\n`).problems[0]?.problem).toMatch(
      /cert-authority/,
    );
  });

  for (const kind of ['ed25519', 'ecdsa'] as const) {
    it(`sk-${kind} (FIDO, built in process): accepted by both; a flipped flag or counter is not`, () => {
      const fido = fidoKey(kind);
      const allowed = allowedFor('human:ada', fido.line);
      const good = fido.signWith(message);
      expect(agree({ signature: good.armored, message, allowed, principal: 'human:ada' })).toBe(true);
      expect(
        agree({
          signature: fido.signWith(message, { flags: 0x05, counter: 0 }).armored,
          message,
          allowed,
          principal: 'human:ada',
        }),
      ).toBe(true);
      // The flags byte and the counter follow the signature proper, at the end of the blob.
      const lines = good.armored.trim().split('\n');
      const length = Buffer.from(lines.slice(1, -1).join(''), 'base64').length;
      expect(
        agree({
          signature: flipBlobByte(good.armored, length - 5),
          message,
          allowed,
          principal: 'human:ada',
        }),
      ).toBe(false);
      expect(
        agree({
          signature: flipBlobByte(good.armored, length - 1),
          message,
          allowed,
          principal: 'human:ada',
        }),
      ).toBe(false);
      expect(
        agree({ signature: good.armored, message: `${message}!`, allowed, principal: 'human:ada' }),
      ).toBe(false);
      expect(
        agree({
          signature: fido.signWith(message, { namespace: 'git' }).armored,
          message,
          allowed,
          principal: 'human:ada',
        }),
      ).toBe(false);
    });
  }
});
