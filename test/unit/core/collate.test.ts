import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { collateEnglish } from '../../../src/core/collate.js';

const icu = new Intl.Collator('en');
const sign = (n: number) => Math.sign(n);

describe('collateEnglish', () => {
  it('orders exactly as Intl.Collator("en") on printable ASCII', () => {
    const ascii = fc.string({
      unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
      maxLength: 12,
    });
    fc.assert(
      fc.property(ascii, ascii, (a, b) => {
        expect(sign(collateEnglish(a, b))).toBe(sign(icu.compare(a, b)));
      }),
      { numRuns: 20000 },
    );
  });

  it('orders exactly as Intl.Collator("en") on near-equal paths and on any text', () => {
    const piece = fc.constantFrom(
      'a',
      'A',
      'b',
      'B',
      '-',
      '_',
      '.',
      '/',
      '0',
      '9',
      ' ',
      'é',
      'É',
      '\u0000',
      '\t',
      'ß',
      'ſ',
      '😀',
    );
    const near = fc.array(piece, { maxLength: 8 }).map((p) => p.join(''));
    for (const gen of [near, fc.string({ maxLength: 10 }), fc.string({ unit: 'binary', maxLength: 6 })]) {
      fc.assert(
        fc.property(gen, gen, (a, b) => {
          expect(sign(collateEnglish(a, b))).toBe(sign(icu.compare(a, b)));
        }),
        { numRuns: 5000 },
      );
    }
  });

  it('sorts a typical list of roadmap paths as ICU does', () => {
    const paths = [
      'b.md',
      'A.md',
      'a.md',
      'a-b.md',
      'ab.md',
      'a_b.md',
      'a/b.md',
      'Z.md',
      'road-to-10.md',
      'road-to-9.md',
    ];
    expect([...paths].sort(collateEnglish)).toEqual([...paths].sort(icu.compare));
  });
});
