import { describe, expect, it } from 'vitest';
import { type GatesReport, gatesDocument, gatesDocumentCompact } from '../../../src/commands/gates/gates.js';
import { documentText } from '../../../src/core/document.js';
import { renderGatesReply, renderGatesText, renderNoRoadmaps } from '../../../src/render/gates.js';
import { collectGateEntries, type GateEntry } from '../../../src/roadmap/gate-entries.js';
import { parseRoadmap } from '../../../src/roadmap/scanner.js';

function entries(rel: string, open: number, blockers: string, preamble = ''): GateEntry[] {
  const steps = Array.from({ length: open }, (_, i) => `- [ ] step ${i}`).join('\n');
  const text = `# T\n${preamble}\n## Phase 1 — Go\n\n${steps}\n\n## Blockers\n\n${blockers}`;
  return collectGateEntries([parseRoadmap(text, { rel, file: `agents/roadmaps/${rel}` })]);
}

/** A `gates` report of these entries, with no stage record and no window. */
function report(e: GateEntry[], hasRoadmaps = true): GatesReport {
  const pending = { root: '', rows: [], unreadable: [], tampered: [] };
  return {
    root: '',
    roadmapsDir: 'agents/roadmaps',
    hasRoadmaps,
    entries: e,
    problems: [],
    warnings: [],
    pending,
  };
}

const FULL = `### blocker: pick-name
- **Status:** open
- **Owner:** user
- **Blocks:** Phase 5 — publishing
- **Question:** Which name?
- **Recommendation:** the scoped one.
- **If you do nothing:** never published.
- **What to do:**
  1. Pick the name.
  2. Record it
     in package.json.
- **Options:**
  1. the scoped name (recommended)
  2. the bare name
- **Resolved when:** the name is recorded.
`;
const BARE = '### blocker: bare\n';
const MAINT =
  '### blocker: infra\n- **Status:** open\n- **Owner:** maintainer\n- **What to do:** rotate keys\n';

describe('headline', () => {
  const first = (e: GateEntry[], all = false) => renderGatesText(e, { all }).text.split('\n')[0];

  it('says so when nothing is open', () => {
    expect(renderGatesText([], { all: false }).text).toBe('No open blockers at all.\n');
  });

  it('points at --all when only other owners have blockers', () => {
    const e = entries('a.md', 1, MAINT);
    expect(renderGatesText(e, { all: false }).text).toBe(
      'Nothing is waiting on you. 1 open blocker sit with maintainer/external — see --all.\n',
    );
    expect(first(e, true)).toBe('Nothing is waiting on you. 1 open blocker sit with maintainer/external.');
  });

  it('counts decisions in the singular and plural, with the others', () => {
    expect(first(entries('a.md', 1, FULL))).toBe('1 decision needs you');
    expect(first(entries('a.md', 1, FULL + BARE + MAINT))).toBe(
      '2 decisions need you · 1 more with maintainer/external (--all)',
    );
    expect(first(entries('a.md', 1, FULL + MAINT + MAINT), true)).toBe(
      '1 decision needs you · 2 more with maintainer/external',
    );
  });
});

describe('renderGatesText', () => {
  it('renders an entry action-first with labelled, wrapped fields and the footer', () => {
    expect(renderGatesText(entries('a.md', 2, FULL), { all: false }).text).toBe(
      [
        '1 decision needs you',
        '',
        `── 1 · pick-name ${'─'.repeat(42)} unblocks: 2 steps`,
        '  Roadmap:           a.md',
        '  Blocks:            Phase 5 — publishing',
        '  The question:      Which name?',
        '  Recommendation:    the scoped one.',
        '  Do this:           1. Pick the name.',
        '                     2. Record it in package.json.',
        '  Options:           1. the scoped name (recommended)',
        '                     2. the bare name',
        '  If you do nothing: never published.',
        '  Done when:         the name is recorded.',
        '  Decide:            npx --no agent-config decide pick-name --roadmap agents/roadmaps/a.md --option N',
        '',
        'Not sure about one of these? Ask your agent:',
        '  "guide me through <id>"   — one decision, step by step',
        '',
        '',
      ].join('\n'),
    );
  });

  it('shows placeholders for a blocker with no fields, and no tail when nothing is open', () => {
    const text = renderGatesText(entries('a.md', 0, BARE), { all: false }).text;
    expect(text).toContain(`── 1 · bare ${'─'.repeat(64)}\n`);
    expect(text).toContain('  Blocks:            (unspecified)\n');
    expect(text).toContain(
      '  Recommendation:    (none recorded — this entry predates the field; ask for\n                     one before deciding)\n',
    );
    expect(text).toContain(
      '  Do this:           (no steps recorded — the blocker entry in the roadmap\n                     needs a **What to do:** list)\n',
    );
    expect(text).toContain('  Done when:         (unspecified)\n');
    expect(text).not.toContain('The question:');
    expect(text).not.toContain('If you do nothing:');
  });

  it('renders the legacy Blocked-until note with its own head and label', () => {
    const e = entries('l.md', 1, '', '\n> Blocked until: the vendor API\n> ships v2.\n');
    const text = renderGatesText(e, { all: false }).text;
    expect(text).toContain(`── 1 · blocked-until note ${'─'.repeat(34)} unblocks: 1 step\n`);
    expect(text).toContain('  Blocks:            entire roadmap\n');
    expect(text).toContain('  Blocked until:     the vendor API ships v2.\n');
    expect(text).toContain('  Done when:         condition described above clears\n');
  });

  it('lists every open blocker in global order with --all, numbered from 1', () => {
    const text = renderGatesText(entries('a.md', 1, `${MAINT}${FULL}`), { all: true }).text;
    expect(text.match(/^── \d · \S+/gm)).toEqual(['── 1 · infra', '── 2 · pick-name']);
  });

  it('escapes hostile bytes in every field and reports them per file', () => {
    const hostile = `### blocker: evil\x1b[2J
- **Owner:** user
- **Blocks:** Phase 1\x1b]0;pwned\x07 now
- **Recommendation:** say \u202Eyes\u202C
- **What to do:** run\r rm -rf
- **Resolved when:** done\u200B
`;
    const r = renderGatesText(entries('a.md', 1, hostile), { all: false });
    expect(r.text).not.toMatch(/[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u200B]/);
    expect(r.text).toContain('── 1 · evil\\x1B[2J');
    expect(r.text).toContain('Phase 1\\x1B]0;pwned\\x07 now');
    expect(r.text).toContain('say \\u{202E}yes\\u{202C}');
    expect(r.text).toContain('run\\x0D rm -rf');
    expect(r.hidden).toEqual([
      {
        file: 'agents/roadmaps/a.md',
        warnings: [
          // The id shows twice (head and Decide command) and counts once.
          { kind: 'control', count: 4 },
          { kind: 'bidi', count: 2 },
          { kind: 'zero-width', count: 1 },
        ],
      },
    ]);
  });

  it('wraps a 100 KB field without losing a word', () => {
    const huge = Array.from({ length: 20_000 }, (_, i) => `w${i}`).join(' ');
    const text = renderGatesText(entries('a.md', 1, `### blocker: big\n- **Blocks:** ${huge}\n`), {
      all: false,
    }).text;
    const blocks = text.split('\n').filter((l) => l.startsWith('  Blocks:') || l.startsWith(' '.repeat(21)));
    expect(blocks.every((l) => l.length <= 78)).toBe(true);
    expect(
      blocks
        .join(' ')
        .split(/\s+/)
        .filter((w) => w.startsWith('w')).length,
    ).toBe(20_000);
  });
});

describe('renderGatesReply', () => {
  it('is empty when only other owners have blockers', () => {
    expect(renderGatesReply(entries('a.md', 9, MAINT)).text).toBe('');
  });

  it('leads with the first user-owned decision even when a maintainer one sorts first', () => {
    const e = [...entries('big.md', 9, MAINT), ...entries('small.md', 1, FULL)];
    expect(renderGatesReply(e).text).toBe(
      [
        'Blocked: Phase 5 — publishing — small.md',
        'Do:',
        '1. Pick the name.',
        '2. Record it in package.json.',
        'Done when: the name is recorded.',
        'Options: 1. the scoped name (recommended)',
        '         2. the bare name',
        'Decide: `npx --no agent-config decide pick-name --roadmap agents/roadmaps/small.md --option N`',
        '',
      ].join('\n'),
    );
  });

  it('puts a single step on the label line and counts the other decisions', () => {
    const one = '### blocker: a\n- **What to do:** rotate keys\n';
    const e = entries('a.md', 1, one + BARE + BARE.replace('bare', 'c'));
    expect(renderGatesReply(e).text).toBe(
      [
        'Blocked: (unspecified) — a.md',
        'Do: rotate keys',
        'Done when: (unspecified)',
        "Decide: `npx --no agent-config decide a --roadmap agents/roadmaps/a.md --answer '…'`",
        '',
        '2 other decisions also wait on you, none blocking this —',
        '    `npx --no agent-config gates`.',
        '',
      ].join('\n'),
    );
  });

  it('says "1 other decision also waits" and shows the no-steps placeholder', () => {
    const e = entries('a.md', 1, BARE + BARE.replace('bare', 'c'));
    const text = renderGatesReply(e).text;
    expect(text).toContain('Do: (no steps recorded — the blocker entry needs a **What to do:** list)\n');
    expect(text).toContain(
      '\n1 other decision also waits on you, none blocking this —\n    `npx --no agent-config gates`.\n',
    );
  });

  it('wraps long steps with a five-space continuation and never renumbers', () => {
    const long = `### blocker: a\n- **What to do:**\n  3. ${'word '.repeat(20)}end\n  1. short\n`;
    const lines = renderGatesReply(entries('a.md', 1, long)).text.split('\n');
    expect(lines[1]).toBe('Do:');
    expect(lines[2]).toMatch(/^3\. word/);
    expect(lines[3]).toMatch(/^ {5}word/);
    expect(lines[4]).toBe('1. short');
  });

  it('uses the Blocked until label for the legacy note and escapes hostile bytes', () => {
    const e = entries('l\x1b.md', 1, '', '\n> Blocked until: vendor\x07 ships\n');
    expect(renderGatesReply(e).text).toBe(
      'Blocked: entire roadmap — l\\x1B.md\nBlocked until: vendor\\x07 ships\nDone when: condition described above clears\n',
    );
  });
});

describe('gatesDocument', () => {
  it("keeps upstream's keys in upstream's order, then ours, with raw values", () => {
    const e = entries('a.md', 3, `${FULL.replace('Which name?', 'Which \x1b name?')}- **Class:** 1 — pre\n`);
    const doc = gatesDocument(report(e), false);
    expect(Object.keys(doc)).toEqual(['needsYou', 'other', 'blockers']);
    expect(Object.keys(doc.blockers[0]!)).toEqual([
      'id',
      'roadmap',
      'owner',
      'needsYou',
      'blocks',
      'unblocksSteps',
      'todo',
      'resolvedWhen',
      'class',
      'question',
      'recommendation',
      'ifNothing',
      'options',
      'decide',
      'line',
    ]);
    expect(doc.blockers[0]!.options).toEqual([
      { n: 1, text: 'the scoped name', recommended: true },
      { n: 2, text: 'the bare name', recommended: false },
    ]);
    expect(doc.blockers[0]!.decide).toBe(
      'npx --no agent-config decide pick-name --roadmap agents/roadmaps/a.md --option N',
    );
    expect(doc.blockers[0]).toMatchObject({
      id: 'pick-name',
      roadmap: 'a.md',
      unblocksSteps: 3,
      todo: ['1. Pick the name.', '2. Record it in package.json.'],
      class: '1',
      question: 'Which \x1b name?',
      line: 11,
    });
  });

  it('counts every open blocker but lists only the person’s unless --all', () => {
    const e = entries('a.md', 1, FULL + MAINT);
    const mine = gatesDocument(report(e), false);
    const all = gatesDocument(report(e), true);
    expect([mine.needsYou, mine.other, mine.blockers.length]).toEqual([1, 1, 1]);
    expect(all.blockers.map((b: { id: string }) => b.id)).toEqual(['infra', 'pick-name']);
    expect(documentText(gatesDocument(report(e), true)).endsWith('}\n')).toBe(true);
  });
});

describe('renderNoRoadmaps', () => {
  it("prints upstream's message per view", () => {
    expect(renderNoRoadmaps('text')).toBe('No roadmaps directory — nothing to report.\n');
    const none = report([], false);
    expect(documentText(gatesDocument(none, false), gatesDocumentCompact(none))).toBe(
      '{"needsYou":0,"other":0,"blockers":[]}\n',
    );
    expect(renderNoRoadmaps('reply')).toBe('');
  });
});
