import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { divergedAt } from '../../../src/evidence/against.js';
import { verifyStream } from '../../../src/evidence/verify.js';
import { makeChain } from './chain.js';

// Tamper evidence: every change to a generated chain is detected at the line it touched. A
// change only git can see (the last lines cut off cleanly) is detected by the anchor check of
// `verify --against`, at the first seq that is gone.

const CHAINS = Array.from({ length: 24 }, (_, i) =>
  Buffer.from(makeChain(i + 1, Date.UTC(2026, 11, 1, i)).text),
);
const RUNS = 1000;

/** The 0-based line a byte offset lies on. */
function lineOf(bytes: Uint8Array, offset: number): number {
  let line = 0;
  for (let i = 0; i < offset; i++) if (bytes[i] === 0x0a) line++;
  return line;
}

function lines(bytes: Buffer): Buffer[] {
  const out: Buffer[] = [];
  let start = 0;
  for (let end = bytes.indexOf(0x0a); end !== -1; end = bytes.indexOf(0x0a, start)) {
    out.push(bytes.subarray(start, end + 1));
    start = end + 1;
  }
  return out;
}

/** The first seq at which verification (or, for a clean cut, git's prefix check) fails. */
function detectedAt(original: Buffer, tampered: Buffer): number | null {
  const v = verifyStream(tampered);
  if (v.status !== 'clean') return v.intactThroughSeq + 1;
  return divergedAt(original, tampered);
}

const chain = fc.integer({ min: 0, max: CHAINS.length - 1 }).map((i) => CHAINS[i]!);

describe('tamper evidence (fuzz)', () => {
  it('detects a flipped byte at the line it is in', () => {
    fc.assert(
      fc.property(chain, fc.nat(), fc.integer({ min: 1, max: 255 }), (bytes, at, mask) => {
        const offset = at % bytes.length;
        const tampered = Buffer.from(bytes);
        tampered[offset] = tampered[offset]! ^ mask;
        const v = verifyStream(tampered);
        expect(v.status).not.toBe('clean');
        expect(v.intactThroughSeq + 1).toBe(lineOf(bytes, offset) + 1);
      }),
      { numRuns: RUNS },
    );
  });

  it('detects two swapped lines at the first of them', () => {
    fc.assert(
      fc.property(
        chain.filter((b) => lines(b).length >= 2),
        fc.nat(),
        fc.nat(),
        (bytes, x, y) => {
          const all = lines(bytes);
          const i = x % all.length;
          const j = y % all.length;
          fc.pre(i !== j);
          const swapped = [...all];
          [swapped[i], swapped[j]] = [swapped[j]!, swapped[i]!];
          const v = verifyStream(Buffer.concat(swapped));
          expect(v.status).toBe('corrupt');
          expect(v.firstBadSeq).toBe(Math.min(i, j) + 1);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('detects a deleted line at its seq (the last one through git)', () => {
    fc.assert(
      fc.property(chain, fc.nat(), (bytes, x) => {
        const all = lines(bytes);
        const i = x % all.length;
        const tampered = Buffer.concat(all.filter((_, k) => k !== i));
        expect(detectedAt(bytes, tampered)).toBe(i + 1);
        if (i < all.length - 1) expect(verifyStream(tampered).status).toBe('corrupt');
      }),
      { numRuns: RUNS },
    );
  });

  it('detects a truncation at the line it cuts (a clean cut through git)', () => {
    fc.assert(
      fc.property(chain, fc.nat(), (bytes, x) => {
        const cut = x % bytes.length;
        const tampered = bytes.subarray(0, cut);
        expect(detectedAt(bytes, tampered)).toBe(lineOf(bytes, cut) + 1);
        // Never corrupt: a cut leaves an intact prefix, torn or clean.
        expect(verifyStream(tampered).status).not.toBe('corrupt');
      }),
      { numRuns: RUNS },
    );
  });

  it('accepts the untouched chains and an appended one', () => {
    for (const bytes of CHAINS) expect(verifyStream(bytes).status).toBe('clean');
    expect(divergedAt(CHAINS[3]!, Buffer.concat([CHAINS[3]!, Buffer.from('more\n')]))).toBeNull();
  });
});
