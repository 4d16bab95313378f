import { describe, expect, it } from 'vitest';
import { safeLabel } from '../../../src/core/text/label.js';

describe('safeLabel', () => {
  it('never calls a value’s own toString, valueOf or toJSON', () => {
    const hostile = {
      toString() {
        throw new Error('toString called');
      },
      valueOf() {
        throw new Error('valueOf called');
      },
      toJSON() {
        throw new Error('toJSON called');
      },
      [Symbol.toPrimitive]() {
        throw new Error('toPrimitive called');
      },
    };
    expect(safeLabel(hostile)).toBe('an object');
    expect(safeLabel([hostile])).toBe('an array');
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    expect(safeLabel(proxy)).toBe('an object');
    const trap = new Proxy([], {
      get() {
        throw new Error('get trap');
      },
    });
    expect(safeLabel(trap)).toBe('an array');
  });

  it('writes primitives out and names the rest by kind', () => {
    expect([1, -0.5, 1e21, Number.NaN, Number.POSITIVE_INFINITY].map((v) => safeLabel(v))).toEqual([
      '1',
      '-0.5',
      '1e+21',
      'a non-finite number',
      'a non-finite number',
    ]);
    expect([true, false, null, undefined, 10n, Symbol('s'), () => 1].map((v) => safeLabel(v))).toEqual([
      'true',
      'false',
      'null',
      'nothing',
      'a big integer',
      'a symbol',
      'a function',
    ]);
  });

  it('quotes strings on one line, escapes control and invisible characters, and cuts long ones', () => {
    expect(safeLabel('allow')).toBe('"allow"');
    expect(safeLabel('a"b\\c')).toBe('"a\\"b\\\\c"');
    expect(safeLabel('line\nnext\u001b[31m')).toBe('"line\\x0Anext\\x1B[31m"');
    expect(safeLabel('rtl\u202eevil')).not.toContain('\u202e');
    const label = safeLabel('z'.repeat(10_000));
    expect(label).toBe(`"${'z'.repeat(60)}…" (10000 characters)`);
    // A cut never splits a surrogate pair.
    expect(safeLabel('😀'.repeat(61))).toBe(`"${'😀'.repeat(60)}…" (122 characters)`);
  });
});
