import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  matchPatternList,
  parseAllowedSigners,
  parseSignerTime,
  signersFor,
} from '../../../src/evidence/allowed-signers.js';
import { fingerprint, parsePublicKeyText } from '../../../src/evidence/ssh-key.js';
import { dearmor, parseSshSignature } from '../../../src/evidence/sshsig.js';

function ed25519Line(): string {
  const x = Buffer.from(generateKeyPairSync('ed25519').publicKey.export({ format: 'jwk' }).x!, 'base64url');
  const str = (b: Buffer) => Buffer.concat([Buffer.from([0, 0, 0, b.length]), b]);
  return `ssh-ed25519 ${Buffer.concat([str(Buffer.from('ssh-ed25519')), str(x)]).toString('base64')}`;
}

describe('allowed-signers', () => {
  const key = ed25519Line();

  it('reads principals, options, key and comment; blank and comment lines list nobody', () => {
    const read = parseAllowedSigners(`# people\n\nhuman:ada namespaces="agent-config" ${key} ada@laptop\n`);
    expect(read.listsAnyone).toBe(true);
    expect(read.problems).toEqual([]);
    expect(read.entries).toHaveLength(1);
    expect(read.entries[0]).toMatchObject({
      line: 3,
      principals: 'human:ada',
      namespaces: 'agent-config',
      comment: 'ada@laptop',
    });
    expect(parseAllowedSigners('# nobody yet\n\n').listsAnyone).toBe(false);
  });

  it('a line it cannot use trusts nothing, is named with its line, and still lists someone', () => {
    const read = parseAllowedSigners(
      [
        `human:a namespaces="x ${key}`,
        `human:b bogus ${key}`,
        `human:c valid-after="20260101" ${key}`,
        `human:d cert-authority ${key}`,
        'human:e ssh-ed25519 AAAA',
        `human:f ${key.replace('ssh-ed25519', 'ecdsa-sha2-nistp256')}`,
        'human:g',
      ].join('\n'),
    );
    expect(read.entries).toEqual([]);
    expect(read.listsAnyone).toBe(true);
    expect(read.problems.map((p) => p.line)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('times are UTC only, and real', () => {
    expect(parseSignerTime('20261130Z')).toBe(Date.UTC(2026, 10, 30));
    expect(parseSignerTime('202611301201UTC')).toBe(Date.UTC(2026, 10, 30, 12, 1));
    expect(parseSignerTime('20261130120102z')).toBe(Date.UTC(2026, 10, 30, 12, 1, 2));
    expect(typeof parseSignerTime('20261130')).toBe('string');
    expect(typeof parseSignerTime('20260230Z')).toBe('string');
    expect(typeof parseSignerTime('20261130250000Z')).toBe('string');
  });

  it('pattern lists as OpenSSH matches them', () => {
    expect(matchPatternList('human:ada', 'human:ada')).toBe(true);
    expect(matchPatternList('human:ada', 'human:*')).toBe(true);
    expect(matchPatternList('human:ada', 'human:a?a')).toBe(true);
    expect(matchPatternList('human:ada', 'human:*,!human:ada')).toBe(false);
    expect(matchPatternList('human:adam', 'human:ada')).toBe(false);
    expect(matchPatternList('x', '')).toBe(false);
  });

  it('signersFor needs the same key, a matching principal and namespace, and every time valid', () => {
    const read = parseAllowedSigners(`human:ada valid-before="20261201Z" ${key}\n`);
    const k = parsePublicKeyText(key).key;
    const before = Date.UTC(2026, 10, 30);
    const after = Date.UTC(2026, 11, 2);
    expect(signersFor(read, k, 'human:ada', 'agent-config', [before])).toHaveLength(1);
    expect(signersFor(read, k, 'human:ada', 'agent-config', [before, after])).toEqual([]);
    expect(signersFor(read, k, 'human:bob', 'agent-config', [before])).toEqual([]);
    expect(
      signersFor(read, parsePublicKeyText(ed25519Line()).key, 'human:ada', 'agent-config', [before]),
    ).toEqual([]);
    expect(fingerprint(k)).toMatch(/^SHA256:[A-Za-z0-9+/]{43}$/);
  });
});

describe('SSH signature armor', () => {
  it('refuses what is not armor, and takes CRLF after the header', () => {
    expect(dearmor('')).toBeNull();
    expect(dearmor('-----BEGIN SSH SIGNATURE-----AAAA\n-----END SSH SIGNATURE-----')).toBeNull();
    expect(dearmor('-----BEGIN SSH SIGNATURE-----\r\nAAAA\n-----END SSH SIGNATURE-----')).toEqual(
      Buffer.from([0, 0, 0]),
    );
    expect(dearmor('-----BEGIN SSH SIGNATURE-----\nA*AA\n-----END SSH SIGNATURE-----')).toBeNull();
    expect(
      parseSshSignature('-----BEGIN SSH SIGNATURE-----\nAAAA\n-----END SSH SIGNATURE-----\n'),
    ).toMatchObject({ ok: false, reason: 'format' });
    expect(parseSshSignature('nope')).toMatchObject({ ok: false, reason: 'armor' });
  });
});
