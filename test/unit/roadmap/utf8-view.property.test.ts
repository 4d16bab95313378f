import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Utf8View, viewReadsLikeText } from '../../../src/core/utf8-view.js';
import { dashboardEntry } from '../../../src/render/dashboard.js';
import { completion, type TargetLookup } from '../../../src/roadmap/completion.js';
import { decodeRoadmap, parseRoadmap, parseRoadmapBytes } from '../../../src/roadmap/scanner.js';

// Pieces of text a roadmap's fields are made of: ASCII, the em dash of every phase heading,
// letters that lower-case to other bytes, controls, bidi and zero-width characters, emoji, CJK
// — all of which a view is trusted with — and, in half the roadmaps, the white space
// JavaScript knows beyond ASCII, a character with an A0 byte and the line separator, which
// send the file to the text parser.
const SAFE = [
  'a',
  'Zz',
  ' ',
  '\t',
  '—',
  '–',
  'é',
  'É',
  'Ölçü',
  '日本',
  '🙂',
  '✅',
  'Ж',
  '\u0085',
  '\u200b',
  '\u202e',
  '\u0007',
  '*',
  '`',
  ':',
  '#',
  'user',
  'RESOLVED',
  'PR #12',
  'merge-gated',
  '\r',
];
const UNSAFE = ['à', '\u00a0', '\u2003', '\u2028', '\u3000', '\ufeff'];

function roadmapText(unsafe: boolean): fc.Arbitrary<string> {
  const piece = fc.constantFrom(...SAFE, ...(unsafe ? UNSAFE : []));
  const words = fc.array(piece, { maxLength: 6 }).map((p) => p.join(''));
  const nonBlank = fc.array(piece, { minLength: 1, maxLength: 6 }).map((p) => p.join(''));
  const line = fc.oneof(
    words.map((w) => `# ${w}`),
    fc
      .tuple(
        fc.constantFrom('1', '2a', 'IV'),
        fc.constantFrom(' — ', '—', ': ', ' - ', ' ', '', ...(unsafe ? [' \u2003'] : [])),
        words,
      )
      .map(([id, sep, w]) => `## Phase ${id}${sep}${w}`),
    fc
      .tuple(
        fc.constantFrom(' ', 'x', '~', '-'),
        fc.constantFrom('', '  ', ...(unsafe ? ['\u00a0'] : [])),
        words,
        fc.integer({ max: 3, min: 0 }),
      )
      .map(([mark, indent, w, extra]) =>
        [
          `${indent}- [${mark}] ${w}`,
          ` <!-- blocked-by: ${w} -->`,
          ' <!-- deferred-resolution: carried-to=road-to-x -->',
          ` ${w}${w}${w}${w}${w}${w}${w}${w}${w}${w}${w}${w}${w}${w}${w}${w}${w}${w}${w}${w}`,
        ]
          .slice(0, extra + 1)
          .join(''),
      ),
    fc.constantFrom('## Blockers', '## blockers', '## Notes'),
    nonBlank.map((w) => `### blocker: ${w}`),
    words.map((w) => `### Blocker:${w}`),
    words.map((w) => `### Notes ${w}`),
    fc
      .tuple(
        fc.constantFrom(
          'Status',
          'Owner',
          'Blocks',
          'Recommendation',
          'If you do nothing',
          'Class',
          'Resolved when',
          'What to do',
          'Größe',
          'OWNER',
        ),
        words,
      )
      .map(([label, w]) => `- **${label}:** ${w}`),
    words.map((w) => `  1. ${w}`),
    words.map((w) => `> Blocked until: ${w}`),
    fc.constantFrom('```', '~~~', '', '---'),
    words,
  );
  const frontmatter = fc.option(
    words.map((w) => `---\nstatus: ready\ntitle: "${w.replace(/["\\\r\n\u2028\u0085]/g, '')}"\n---`),
  );
  return fc.tuple(frontmatter, fc.array(line, { maxLength: 30 }), fc.boolean()).map(([fm, lines, crlf]) => {
    const all = fm === null ? lines : [fm, ...lines];
    return `${all.join(crlf ? '\r\n' : '\n')}\n`;
  });
}

const noTargets: TargetLookup = () => ({ location: null, frontmatter: null, text: '' });

const latin1 = (bytes: Buffer) => bytes.toString('latin1') as Utf8View;

describe('a model of UTF-8 views', () => {
  it('decodes to exactly the model of the text, and renders the same dashboard entry', () => {
    let views = 0;
    const runs = 3000;
    fc.assert(
      fc.property(
        fc.oneof(roadmapText(false), roadmapText(true)),
        fc.constantFrom('road-to-x.md', 'plan—é.md'),
        (text, rel) => {
          const bytes = Buffer.from(text, 'utf8');
          const fromText = parseRoadmap(bytes.toString('utf8'), { rel });
          const fromBytes = parseRoadmapBytes(bytes, { rel, views: true });
          const isViews = fromBytes.encoding === 'utf8-view';
          if (isViews) views++;
          // Views are used exactly when the text is not ASCII and its bytes read like it.
          expect(isViews).toBe(!/^[\0-\x7f]*$/.test(text) && viewReadsLikeText(bytes.toString('latin1')));
          expect(decodeRoadmap(fromBytes)).toEqual(fromText);
          // The view a reader has made already (`readTextBytes`) gives the same model.
          const withView = parseRoadmapBytes(bytes, { rel, views: true, bytesView: latin1(bytes) });
          expect(withView).toEqual(fromBytes);
          expect(parseRoadmapBytes(bytes, { rel, bytesView: latin1(bytes) })).toEqual(fromText);
          if (fromText.phases.length === 0) return;
          const a = completion(fromBytes, noTargets);
          const b = completion(fromText, noTargets);
          expect(a).toEqual(b);
          expect(dashboardEntry(fromBytes, a, 'roadmaps/')).toEqual(dashboardEntry(fromText, b, 'roadmaps/'));
        },
      ),
      { numRuns: runs },
    );
    // The view parser is what is under test: most of the safe half must have reached it.
    expect(views).toBeGreaterThan(runs / 4);
  });

  it('agrees with the text on any Unicode in any place of the grammar', () => {
    const prefix = fc.constantFrom(
      '# ',
      '## Phase 1 ',
      '## Phase 2—',
      '- [ ] ',
      '  * [x] ',
      '- [~] ',
      '## Blockers\n### blocker: ',
      '- **Status:** ',
      '- **Owner:** ',
      '- **Blocks:** ',
      '- **What to do:** ',
      '  1. ',
      '> Blocked until: ',
      '- [ ] a <!-- blocked-by: ',
      '```',
      '',
    );
    // Any grapheme, or (for half the roadmaps) any grapheme a view is trusted with: drawn freely,
    // almost every roadmap would hold one that sends it to the text parser.
    const grapheme = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 });
    const trusted = grapheme.filter((g) => viewReadsLikeText(Buffer.from(g).toString('latin1')));
    const roadmapOf = (unit: fc.Arbitrary<string>) => {
      const words = fc.string({ unit, maxLength: 10 });
      return fc
        .array(fc.tuple(prefix, words, words), { maxLength: 20 })
        .map(
          (lines) =>
            `${lines.map(([p, a, b]) => `${p}${a} ${b}${p.includes('blocked-by') ? ' -->' : ''}`).join('\n')}\n`,
        );
    };
    const text = fc.oneof(roadmapOf(grapheme), roadmapOf(trusted));
    let views = 0;
    fc.assert(
      fc.property(text, (t) => {
        const bytes = Buffer.from(t, 'utf8');
        const fromText = parseRoadmap(bytes.toString('utf8'), { rel: 'x.md' });
        const fromBytes = parseRoadmapBytes(bytes, { rel: 'x.md', views: true });
        if (fromBytes.encoding === 'utf8-view') views++;
        expect(decodeRoadmap(fromBytes)).toEqual(fromText);
        if (fromText.phases.length > 0) {
          expect(dashboardEntry(fromBytes, undefined, 'roadmaps/')).toEqual(
            dashboardEntry(fromText, undefined, 'roadmaps/'),
          );
        }
      }),
      { numRuns: 2000 },
    );
    expect(views).toBeGreaterThan(500);
  });

  it('is used for the common roadmap: em dashes, accents, emoji', () => {
    const text =
      '# Plan — Straße\n\n## Phase 1 — Größe\n\n- [ ] Schritt ✅ <!-- blocked-by: Prüfung -->\n\n## Blockers\n\n### blocker: Prüfung\n\n- **Status:** ÖFFEN\n- **Owner:** user\n';
    const r = parseRoadmapBytes(Buffer.from(text), { rel: 'x.md', views: true });
    expect(r.encoding).toBe('utf8-view');
    const decoded = decodeRoadmap(r);
    expect(decoded.title).toBe('Plan — Straße');
    expect(decoded.phases[0]!.name).toBe('Größe');
    // Lower-cased as text, not byte by byte.
    expect(decoded.blockers[0]!.status).toBe('öffen');
    // Counted in characters of the text.
    expect(decoded.blockedBy[0]!.column).toBe('- [ ] Schritt ✅ '.length + 1);
    expect(decoded).toEqual(parseRoadmap(text, { rel: 'x.md' }));
    // Without `views`, or where the bytes would read differently, the text is parsed.
    expect(parseRoadmapBytes(Buffer.from(text), { rel: 'x.md' }).encoding).toBeUndefined();
    expect(
      parseRoadmapBytes(Buffer.from(`${text}\u00a0`), { rel: 'x.md', views: true }).encoding,
    ).toBeUndefined();
  });

  it('found by the property: blanked code spans and blocker ids read as text', () => {
    for (const text of [
      '- [ ] a`–`a <!-- blocked-by: a`–`a -->\n',
      '## Phase 1 — \n- [x] \n## Blockers\n### blocker: \u0085\n',
    ]) {
      const r = parseRoadmapBytes(Buffer.from(text), { rel: 'x.md', views: true });
      expect(r.encoding).toBe('utf8-view');
      const t = parseRoadmap(text, { rel: 'x.md' });
      expect(decodeRoadmap(r)).toEqual(t);
      if (t.phases.length > 0) expect(completion(r, noTargets)).toEqual(completion(t, noTargets));
    }
  });

  it('quotes a deferred step as text, cut at 120 characters of the text', () => {
    const long = `Größe prüfen — ${'ä'.repeat(60)} ${'ö'.repeat(60)}`;
    const text = `# Plan\n\n## Phase 1 — Größe\n\n- [x] done\n- [~] ${long}\n`;
    const r = parseRoadmapBytes(Buffer.from(text), { rel: 'x.md', views: true });
    expect(r.encoding).toBe('utf8-view');
    const verdict = completion(r, noTargets);
    expect(verdict).toEqual(completion(parseRoadmap(text, { rel: 'x.md' }), noTargets));
    expect(verdict).toMatchObject({ finished: false, reason: 'deferrals' });
    const problems = (verdict as { problems: string[] }).problems;
    expect(problems[0]).toContain(JSON.stringify(`${long.slice(0, 117)}...`));
  });
});
