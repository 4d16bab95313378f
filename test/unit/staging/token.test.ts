import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { deriveToken, isSafeToken } from '../../../src/staging/token.js';

describe('deriveToken', () => {
  it('is the first 16 hex characters of SHA-256 over action NUL object NUL nonce', () => {
    const full = createHash('sha256').update('delete-branch\0feature/x\0n1').digest('hex');
    expect(deriveToken('delete-branch', 'feature/x', 'n1')).toBe(full.slice(0, 16));
    expect(deriveToken('delete-branch', 'feature/x', 'n1')).toMatch(/^[0-9a-f]{16}$/);
  });

  it('changes when any one input changes, and NUL keeps the fields apart', () => {
    const t = deriveToken('a', 'b', 'c');
    expect(deriveToken('a', 'b', 'c')).toBe(t);
    expect(deriveToken('x', 'b', 'c')).not.toBe(t);
    expect(deriveToken('a', 'x', 'c')).not.toBe(t);
    expect(deriveToken('a', 'b', 'x')).not.toBe(t);
    expect(deriveToken('ab', '', 'c')).not.toBe(deriveToken('a', 'b', 'c'));
  });
});

describe('isSafeToken', () => {
  it('accepts 8 to 64 lower-case hex characters only', () => {
    expect(isSafeToken('0123abcd')).toBe(true);
    expect(isSafeToken('a'.repeat(64))).toBe(true);
    for (const bad of [
      '0123abc',
      'a'.repeat(65),
      '0123ABCD',
      '../../x',
      '..%2f',
      '0123abcd/',
      '0123abcd\0',
      '0123abcd\n',
      ' 0123abcd',
      '',
    ]) {
      expect(isSafeToken(bad), JSON.stringify(bad)).toBe(false);
    }
  });
});
