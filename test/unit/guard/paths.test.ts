import { posix } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dirname, join, normalize, relative, resolve } from '../../../src/guard/paths.js';

const segment = fc.constantFrom('a', 'b', '.', '..', '', 'c.d');
const path = fc.array(segment, { maxLength: 8 }).map((parts) => parts.join('/'));

describe('guard path arithmetic agrees with node:path/posix', () => {
  it('normalize, join, resolve, dirname and relative', () => {
    fc.assert(
      fc.property(path, path, (a, b) => {
        expect(normalize(a)).toBe(posix.normalize(a).replace(/(.)\/$/, '$1'));
        expect(join(a, b)).toBe(posix.join(a, b).replace(/(.)\/$/, '$1'));
        expect(resolve(`/${a}`, b)).toBe(posix.resolve(`/${a}`, b));
        expect(dirname(`/${a}`)).toBe(posix.dirname(posix.resolve(`/${a}`)));
        expect(relative(`/${a}`, `/${b}`)).toBe(posix.relative(`/${a}`, `/${b}`));
      }),
      { numRuns: 500 },
    );
  });
});
