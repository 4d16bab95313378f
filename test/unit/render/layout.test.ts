import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { field, GUTTER, plural, ruleHeader, WIDTH, wrap } from '../../../src/core/text/layout.js';

describe('wrap', () => {
  it('fills lines greedily and lets a line be exactly the width', () => {
    expect(wrap('aaa bbb ccc', 7)).toEqual(['aaa bbb', 'ccc']);
    expect(wrap('aaa bbb ccc', 6)).toEqual(['aaa', 'bbb', 'ccc']);
  });

  it('never breaks a word: an over-long word sits alone', () => {
    expect(wrap('a verylongword b', 5)).toEqual(['a', 'verylongword', 'b']);
  });

  it('drops leading, trailing and repeated whitespace', () => {
    expect(wrap('   one \t two\n\nthree  ', 80)).toEqual(['one two three']);
  });

  it('indents continuation lines without counting the indent toward the width', () => {
    expect(wrap('aaaa bbbb cccc', 9, '>>>>')).toEqual(['aaaa bbbb', '>>>>cccc']);
  });

  it('gives no lines for empty or blank text', () => {
    expect(wrap('', 10)).toEqual([]);
    expect(wrap(' \t ', 10)).toEqual([]);
  });

  it('keeps every word, in order, within the width unless a word alone is longer', () => {
    fc.assert(
      fc.property(
        fc.array(fc.stringMatching(/^[a-z]{1,12}$/), { maxLength: 30 }),
        fc.integer({ min: 1, max: 40 }),
        (words, width) => {
          const lines = wrap(words.join(' '), width);
          expect(lines.join(' ').split(' ').filter(Boolean)).toEqual(words);
          for (const line of lines) {
            if (line.includes(' ')) expect(line.length).toBeLessThanOrEqual(width);
          }
        },
      ),
    );
  });
});

describe('field', () => {
  it('pads the label to the gutter and wraps the value to the rest of the width', () => {
    const lines = field('Blocks:', `${'word '.repeat(20)}end`);
    expect(lines[0]).toBe(`  Blocks:            ${'word '.repeat(10)}word`);
    expect(lines[0]!.length).toBeLessThanOrEqual(WIDTH);
    expect(lines[1]!.startsWith(' '.repeat(GUTTER))).toBe(true);
    expect(lines[1]!.trim()).toBe(`${'word '.repeat(9)}end`);
  });

  it('prints nothing at all for an empty value', () => {
    expect(field('The question:', '')).toEqual([]);
  });

  it('keeps a continuation step (empty label) under the values', () => {
    expect(field('', '2. next')).toEqual([`${' '.repeat(GUTTER)}2. next`]);
  });
});

describe('ruleHeader', () => {
  it('fills the width with box-drawing dashes before the tail', () => {
    const line = ruleHeader('1 · release-channel', 'unblocks: 12 steps');
    expect(line).toBe(`── 1 · release-channel ${'─'.repeat(35)} unblocks: 12 steps`);
    expect(line.length).toBe(WIDTH - 1);
  });

  it('keeps at least three dashes for a long head, and right-trims an empty tail', () => {
    expect(ruleHeader('x'.repeat(100), '')).toBe(`── ${'x'.repeat(100)} ───`);
  });
});

describe('plural', () => {
  it('uses the singular only for one', () => {
    expect([plural(0, 'step'), plural(1, 'step'), plural(2, 'step')]).toEqual([
      '0 steps',
      '1 step',
      '2 steps',
    ]);
  });
});
