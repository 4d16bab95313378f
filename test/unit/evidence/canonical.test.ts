import { describe, expect, it } from 'vitest';
import { CanonicalJsonError, canonicalize } from '../../../src/evidence/canonical.js';

// Examples from RFC 8785: §3.2.2 (the sample input), §3.2.3 (sorting) and Appendix B (numbers).
describe('canonicalize (RFC 8785)', () => {
  it('writes the sample of §3.2.2 as the RFC does', () => {
    const input = JSON.parse(`{
      "numbers": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001],
      "string": "\\u20ac$\\u000F\\u000aA'\\u0042\\u0022\\u005c\\\\\\"\\/",
      "literals": [null, true, false]
    }`);
    expect(canonicalize(input)).toBe(
      '{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],' +
        '"string":"€$\\u000f\\nA\'B\\"\\\\\\\\\\"/"}',
    );
  });

  it('sorts keys by UTF-16 code units (§3.2.3)', () => {
    const input = JSON.parse(`{
      "\\u20ac": "Euro Sign",
      "\\r": "Carriage Return",
      "\\ufb33": "Hebrew Letter Dalet With Dagesh",
      "1": "One",
      "\\ud83d\\ude00": "Emoji: Grinning Face",
      "\\u0080": "Control",
      "\\u00f6": "Latin Small Letter O With Diaeresis"
    }`);
    // Object.values would list the integer-like key first again: read the order off the text.
    const order = [...canonicalize(input).matchAll(/:"([^"]+)"/g)].map((m) => m[1]);
    expect(order).toEqual([
      'Carriage Return',
      'One',
      'Control',
      'Latin Small Letter O With Diaeresis',
      'Euro Sign',
      'Emoji: Grinning Face',
      'Hebrew Letter Dalet With Dagesh',
    ]);
  });

  it('writes the numbers of Appendix B as the RFC does', () => {
    const cases: Array<[string, string]> = [
      ['0000000000000000', '0'],
      ['8000000000000000', '0'],
      ['0000000000000001', '5e-324'],
      ['8000000000000001', '-5e-324'],
      ['7fefffffffffffff', '1.7976931348623157e+308'],
      ['ffefffffffffffff', '-1.7976931348623157e+308'],
      ['4340000000000000', '9007199254740992'],
      ['c340000000000000', '-9007199254740992'],
      ['4430000000000000', '295147905179352830000'],
      ['44b52d02c7e14af5', '9.999999999999997e+22'],
      ['44b52d02c7e14af6', '1e+23'],
      ['44b52d02c7e14af7', '1.0000000000000001e+23'],
      ['444b1ae4d6e2ef4e', '999999999999999700000'],
      ['444b1ae4d6e2ef4f', '999999999999999900000'],
      ['444b1ae4d6e2ef50', '1e+21'],
      ['3eb0c6f7a0b5ed8c', '9.999999999999997e-7'],
      ['3eb0c6f7a0b5ed8d', '0.000001'],
      ['41b3de4355555553', '333333333.3333332'],
      ['41b3de4355555554', '333333333.33333325'],
      ['41b3de4355555555', '333333333.3333333'],
      ['41b3de4355555556', '333333333.3333334'],
      ['41b3de4355555557', '333333333.33333343'],
      ['becbf647612f3696', '-0.0000033333333333333333'],
      ['43143ff3c1cb0959', '1424953923781206.2'],
    ];
    for (const [bits, expected] of cases) {
      const view = new DataView(new ArrayBuffer(8));
      view.setBigUint64(0, BigInt(`0x${bits}`));
      expect(canonicalize(view.getFloat64(0)), bits).toBe(expected);
    }
  });

  it('refuses NaN, Infinity, lone surrogates and values JSON cannot hold', () => {
    const view = new DataView(new ArrayBuffer(8));
    view.setBigUint64(0, 0x7fffffffffffffffn);
    for (const bad of [view.getFloat64(0), Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      expect(() => canonicalize({ n: bad })).toThrow(CanonicalJsonError);
    }
    expect(() => canonicalize('\ud800')).toThrow(CanonicalJsonError);
    expect(() => canonicalize('a\udc00')).toThrow(CanonicalJsonError);
    expect(() => canonicalize({ '\ud83d': 1 })).toThrow(CanonicalJsonError);
    expect(canonicalize('\ud83d\ude00')).toBe('"😀"');
    expect(() => canonicalize(10n)).toThrow(CanonicalJsonError);
    expect(() => canonicalize([undefined])).toThrow(CanonicalJsonError);
  });

  it('writes no white space and nests', () => {
    expect(canonicalize({ b: [1, { d: true, c: null }], a: 'x' })).toBe(
      '{"a":"x","b":[1,{"c":null,"d":true}]}',
    );
  });
});
