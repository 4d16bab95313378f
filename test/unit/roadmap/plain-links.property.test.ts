import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findLinkDestinations } from '../../../src/archive/links.js';
import { markdownBlocks } from '../../../src/roadmap/blocks.js';
import { plainLinkDestinations } from '../../../src/roadmap/plain-links.js';

// Pieces of markdown, plain and tricky, that links live among.
const piece = fc.constantFrom(
  'See ',
  'the plan',
  ' and ',
  '[',
  ']',
  '(',
  ')',
  '!',
  '[a](road-to-1.md)',
  '[the plan](../x/road-to-2.md#phase-1)',
  '![pic](img/a.png)',
  '[t](a.md "Title")',
  "[t](a.md 'T')",
  '[t]( a.md )',
  '[t](a b)',
  '[t](a.md"x")',
  '[](e.md)',
  '[t]()',
  '[t][ref]',
  '[t][]',
  '[ref]: ./y.md',
  '`code`',
  '`[a](b)`',
  '``x ` y``',
  '`',
  '*',
  '**',
  '_',
  '<',
  '<a.md>',
  '&amp;',
  '\\[',
  '\n',
  '\n\n',
  '\n  ',
  '\n# ',
  '\n- ',
  '\n1. ',
  '\n> ',
  '\n===',
  '\n---',
  '\n```\n',
  'é—',
  '\t',
  '"',
  "'",
);

const markdown = fc.array(piece, { maxLength: 24 }).map((pieces) => pieces.join(''));

async function found(text: string, plain: boolean) {
  const { chunks } = markdownBlocks(text);
  const all = await findLinkDestinations(
    text,
    chunks,
    chunks.map((_, i) => i),
    { plain },
  );
  return all.map((d) => [d.start, d.end, d.raw, d.url, d.angle]);
}

describe('plain-paragraph link reading', () => {
  it('finds exactly what remark finds wherever it answers, and answers for most plain prose', async () => {
    let answered = 0;
    await fc.assert(
      fc.asyncProperty(markdown, async (text) => {
        const { chunks } = markdownBlocks(text);
        const plain = chunks.every((c) => plainLinkDestinations(text, c.start, c.end) !== null);
        if (plain) answered++;
        expect(await found(text, true)).toEqual(await found(text, false));
      }),
      { numRuns: 1500 },
    );
    // The fast path must actually be exercised, or the comparison above proves nothing.
    expect(answered).toBeGreaterThan(300);
  });

  it('reads plain prose links and declines what needs a parser', () => {
    const text = 'See [a](x.md) and ![b](y.png "t"), `code`.';
    expect(plainLinkDestinations(text, 0, text.length)?.map((d) => d.raw)).toEqual(['x.md', 'y.png']);
    for (const declined of ['[a](b\\)c)', '<a.md>', '[r]: x.md', '[a [b](c)](d)', '# [a](b)', '`[a](b)`']) {
      expect(plainLinkDestinations(declined, 0, declined.length)).toBeNull();
    }
  });
  it('reads a very long paragraph of code spans and links in one pass', () => {
    const piece = 'See `code` and [a](road-to-1.md) then ';
    const text = piece.repeat(20_000);
    const found = plainLinkDestinations(text, 0, text.length);
    expect(found).toHaveLength(20_000);
    expect(found?.[19_999]?.start).toBe(text.lastIndexOf('road-to-1.md'));
  });
});
