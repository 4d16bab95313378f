import fc from 'fast-check';
import type { Nodes } from 'mdast';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { resolveFrom } from '../../../src/archive/paths.js';
import {
  planFileReferences,
  planReferences,
  referenceContext,
  spliceEdits,
} from '../../../src/archive/references.js';

const MOVES = new Map([
  ['agents/roadmaps/x.md', 'agents/roadmaps/archive/x.md'],
  ['agents/roadmaps/my plan.md', 'agents/roadmaps/archive/my plan.md'],
]);
const context = () => referenceContext(MOVES, (p) => p === 'docs/b.md');

const DESTINATIONS = [
  '../agents/roadmaps/x.md',
  '../agents/roadmaps/x.md#phase-2',
  '<../agents/roadmaps/my plan.md>',
  '../agents/roadmaps/my%20plan.md?plain=1',
  './b.md',
  '/agents/roadmaps/x.md',
  'https://example.com/agents/roadmaps/x.md',
  '#local',
];
const inline = fc.oneof(
  fc.constantFrom('word', 'agents/roadmaps/x.md', 'x.md', '`agents/roadmaps/my plan.md`', '[', ']('),
  fc.constantFrom(...DESTINATIONS).map((d) => `[t](${d})`),
  fc.constantFrom(...DESTINATIONS).map((d) => `![i](${d} "T")`),
  // A full reference when `ref` is defined (the parenthesis is then text), else text and a link.
  fc.constantFrom(...DESTINATIONS).map((d) => `[t][ref](${d})`),
);
const line = fc.oneof(
  fc.array(inline, { minLength: 1, maxLength: 4 }).map((parts) => parts.join(' ')),
  fc.constantFrom(...DESTINATIONS).map((d) => `[ref]: ${d}`),
  fc.array(inline, { minLength: 1, maxLength: 2 }).map((p) => `- ${p.join(' ')}`),
  fc.array(inline, { minLength: 1, maxLength: 2 }).map((p) => `    ${p.join(' ')}`),
  fc.constantFrom('', '```', '~~~', '> quoted [q](../agents/roadmaps/x.md)'),
);
const html = fc.constantFrom('<!-- open comment', '<pre>', '-->', '</pre>');
const document = fc.array(line, { maxLength: 14 }).map((lines) => `${lines.join('\n')}\n`);
// The line scanner does not know raw HTML (a ``` inside <!-- … --> is a fence to it, as to the
// roadmap parser), so documents mixing both are compared with themselves only (batch vs alone).
const anyDocument = fc.array(fc.oneof(line, html), { maxLength: 14 }).map((lines) => `${lines.join('\n')}\n`);

function linkUrls(text: string): string[] {
  const urls: string[] = [];
  const walk = (node: Nodes) => {
    if (node.type === 'link' || node.type === 'image' || node.type === 'definition') urls.push(node.url);
    if ('children' in node) for (const child of node.children) walk(child as Nodes);
  };
  walk(unified().use(remarkParse).parse(text) as Nodes);
  return urls;
}

function resolvesToMoved(url: string): boolean {
  if (/^[a-z]+:/i.test(url) || url.startsWith('#')) return false;
  const path = decodeURIComponent(url.split(/[#?]/)[0]!);
  return MOVES.has(resolveFrom(path.startsWith('/') ? '' : 'docs', path));
}

describe('planFileReferences (property)', () => {
  it('splices exactly what it read, leaves no link to a moved roadmap, and has nothing left to do after', async () => {
    await fc.assert(
      fc.asyncProperty(document, async (text) => {
        const first = await planFileReferences('docs/a.md', text, context());
        for (const e of first.edits) expect(text.slice(e.start, e.end)).toBe(e.before);
        const out = spliceEdits(text, first.edits);
        expect(linkUrls(out).filter(resolvesToMoved)).toEqual([]);
        const second = await planFileReferences('docs/a.md', out, context());
        expect(second.edits).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('plans many files together, in any order, exactly as it plans each alone', async () => {
    // A list, an HTML block or a definition of one file must not reach into the next.
    const batch = fc
      .array(anyDocument, { minLength: 1, maxLength: 5 })
      .chain((texts) =>
        fc.tuple(
          fc.constant(texts),
          fc.shuffledSubarray([...texts.keys()], { minLength: texts.length, maxLength: texts.length }),
        ),
      );
    await fc.assert(
      fc.asyncProperty(batch, async ([texts, order]) => {
        const files = texts.map((text, i) => ({
          path: i % 2 === 0 ? `docs/f${i}.md` : 'agents/roadmaps/x.md',
          text,
        }));
        const alone = await Promise.all(files.map((f) => planFileReferences(f.path, f.text, context())));
        const together = await planReferences(
          order.map((i) => files[i]!),
          context(),
        );
        expect(together).toEqual(order.map((i) => alone[i]));
      }),
      { numRuns: 150 },
    );
  });
});
