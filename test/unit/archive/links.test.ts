import { describe, expect, it } from 'vitest';
import { findLinkDestinations } from '../../../src/archive/links.js';
import { markdownBlocks } from '../../../src/roadmap/blocks.js';

async function destinations(text: string) {
  const { chunks } = markdownBlocks(text);
  const found = await findLinkDestinations(
    text,
    chunks,
    chunks.map((_, i) => i),
  );
  return found.map((d) => ({ raw: text.slice(d.start, d.end), url: d.url, angle: d.angle }));
}

describe('findLinkDestinations', () => {
  it('finds inline links, images and definitions at their exact offsets', async () => {
    const text =
      'See [plan](../x.md#phase-2 "Title") and ![pic](img/a.png).\n\n[ref]: ./y.md "T"\n\n[text][ref] is a reference.\n';
    expect(await destinations(text)).toEqual([
      { raw: '../x.md#phase-2', url: '../x.md#phase-2', angle: false },
      { raw: 'img/a.png', url: 'img/a.png', angle: false },
      { raw: './y.md', url: './y.md', angle: false },
    ]);
  });

  it('reads angle-bracket destinations, escapes, nested images and brackets in link text', async () => {
    const text = '[a [b] c](<my plan.md>) [![i](p.png)](x.md) [e](a\\_b.md) [p](a(1).md)\n';
    expect(await destinations(text)).toEqual([
      { raw: 'my plan.md', url: 'my plan.md', angle: true },
      { raw: 'x.md', url: 'x.md', angle: false },
      { raw: 'p.png', url: 'p.png', angle: false },
      { raw: 'a\\_b.md', url: 'a_b.md', angle: false },
      { raw: 'a(1).md', url: 'a(1).md', angle: false },
    ]);
  });

  it('finds links in indented list continuations and block quotes, never in fenced or indented code', async () => {
    const text =
      '- item\n\n    continued [c](c.md)\n\n> quoted [q](q.md)\n\n```\n[not](n.md)\n```\n\n    [indented](i.md)\n';
    const found = await destinations(text);
    expect(found.map((d) => d.raw)).toEqual(['c.md', 'q.md']);
  });

  it('maps offsets back through CRLF line ends and several chunks parsed together', async () => {
    const text = 'intro\r\n\r\n  - a [one](a.md)\r\n    [two](b.md)\r\n\r\ntail [three](<c d.md>)';
    expect((await destinations(text)).map((d) => d.raw)).toEqual(['a.md', 'b.md', 'c d.md']);
  });

  it('parses an indented chunk with the blocks above it: a list continuation, or indented code at the top', async () => {
    const inList = '- word\n\n    [a](a.md)\n[ref]: b.md\n';
    expect((await destinations(inList)).map((d) => d.raw)).toEqual(['a.md']);
    const atTop = '    [a](a.md)\n[ref]: b.md\n';
    expect((await destinations(atTop)).map((d) => d.raw)).toEqual(['b.md']);
  });

  it('reports nothing for chunks it is not given', async () => {
    const text = '[a](b.md)\n\n[c](d.md)\n';
    const { chunks } = markdownBlocks(text);
    expect(await findLinkDestinations(text, chunks, [])).toEqual([]);
    expect((await findLinkDestinations(text, chunks, [1])).map((d) => d.raw)).toEqual(['d.md']);
  });
});
