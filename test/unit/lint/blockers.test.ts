import { describe, expect, it } from 'vitest';
import { blockersRule } from '../../../src/lint/rules/blockers.js';
import { findings } from './helpers.js';

const FILE = 'agents/roadmaps/plan.md';

function roadmap(blockers: string, steps = '- [ ] Do it'): string {
  return `# Plan\n\n## Phase 1 — Work\n\n${steps}\n\n## Blockers\n\n${blockers}`;
}

const FULL = (id: string, status = 'open', extra = '') =>
  `### blocker: ${id}\n- **Status:** ${status}\n- **Owner:** user\n- **Blocks:** Phase 1\n- **Recommendation:** yes\n- **If you do nothing:** it waits\n- **What to do:** decide\n- **Resolved when:** decided\n${extra}`;

describe('blockers rule', () => {
  it('accepts a complete open entry and a marker that names it', async () => {
    expect(await findings(blockersRule, FILE, roadmap(FULL('a'), '- [ ] x <!-- blocked-by: a -->'))).toEqual(
      [],
    );
  });

  it('names every missing required field, in the reference order, at the heading', async () => {
    const text = roadmap('### blocker: a\n- **Recommendation:** r\n- **If you do nothing:** n\n');
    expect(await findings(blockersRule, FILE, text)).toEqual([
      "9:1 blocker 'a' missing required field(s): Status, Owner, Blocks, What to do, Resolved when",
    ]);
  });

  it('counts indented field bullets as present, as the parser (and so the dashboard) reads them', async () => {
    const text = roadmap(FULL('a').replace(/^- /gm, '  - '));
    expect(await findings(blockersRule, FILE, text)).toEqual([]);
  });

  it('asks open entries for Recommendation and If you do nothing, but not resolved ones', async () => {
    const bare = (id: string, status: string) =>
      `### blocker: ${id}\n- **Status:** ${status}\n- **Owner:** user\n- **Blocks:** 1\n- **What to do:** x\n- **Resolved when:** y\n\n`;
    const text = roadmap(bare('open-one', 'open') + bare('done-one', 'RESOLVED 2026-08-17 — option (b)'));
    expect(await findings(blockersRule, FILE, text)).toEqual([
      "9:1 open blocker 'open-one' gives no Recommendation and no If you do nothing — a person cannot decide it without them",
    ]);
  });

  it('checks the shape of an Options list: items on their own lines, at most one recommended', async () => {
    const good = FULL('a', 'open', '- **Options:**\n  1. yes (recommended)\n  2. no\n');
    expect(await findings(blockersRule, FILE, roadmap(good))).toEqual([]);
    const inline = FULL('a', 'open', '- **Options:** yes or no\n');
    expect(await findings(blockersRule, FILE, roadmap(inline))).toEqual([
      "17:1 blocker 'a' writes its options on the Options line; put each option on its own list line below it (`  1. …`)",
    ]);
    const none = FULL('a', 'open', '- **Options:**\n');
    expect((await findings(blockersRule, FILE, roadmap(none)))[0]).toContain(
      'Options field with no list below it',
    );
    const two = FULL('a', 'open', '- **Options:**\n  - yes (recommended)\n  - no (Recommended)\n');
    expect(await findings(blockersRule, FILE, roadmap(two))).toEqual([
      "19:1 blocker 'a' marks 2 options (recommended); mark one at most",
    ]);
  });

  it('reports duplicate ids and ids a marker cannot name', async () => {
    const text = roadmap(`${FULL('a')}\n${FULL('a')}\n${FULL('two words')}`);
    const found = await findings(blockersRule, FILE, text);
    expect(found).toContain("18:1 duplicate blocker id 'a' (first declared on line 9)");
    expect(found).toContain(
      "27:1 blocker heading has id 'two words', which a blocked-by marker cannot name; use a kebab-case id",
    );
  });

  it('checks Class: 0–3 only, and classes 0 and 1 need a Run command', async () => {
    const text = roadmap(
      `${FULL('c1', 'open', '- **Class:** 1 — budget-preauthorized\n')}\n${FULL('c7', 'open', '- **Class:** 7\n')}\n${FULL('c0', 'open', '- **Class:** 0\n- **Run:** `npm test`\n')}\n${FULL('c3', 'open', '- **Class:** 3\n')}`,
    );
    expect(await findings(blockersRule, FILE, text)).toEqual([
      "17:1 class 1 blocker 'c1' names no `- **Run:**` command to run",
      "27:1 blocker 'c7' has Class '7'; expected 0, 1, 2 or 3 (it reads as 3, human-only)",
    ]);
  });

  it('does not check Class and Run on a resolved blocker: it is history', async () => {
    const text = roadmap(
      `${FULL('done', 'resolved 2026-11-02', '- **Class:** 0\n')}\n${FULL('odd', 'RESOLVED — shipped', '- **Class:** 9\n')}`,
    );
    expect(await findings(blockersRule, FILE, text)).toEqual([]);
  });

  it('reads an empty Class line as absent (class 3), as gates and upstream do', async () => {
    const text = roadmap(
      `${FULL('blank', 'open', '- **Class:**\n')}\n${FULL('note', 'open', '- **Class:** <!-- later -->\n')}`,
    );
    expect(await findings(blockersRule, FILE, text)).toEqual([]);
  });

  it('reports ### headings inside ## Blockers that are not entries', async () => {
    const text = roadmap(`${FULL('a')}\n### Options\n\ntext\n`);
    expect(await findings(blockersRule, FILE, text)).toEqual([
      "18:1 heading '### Options' inside ## Blockers is not a blocker entry; write '### blocker: <id>' or move it below another ## heading",
    ]);
  });

  it('resolves markers on any line, reports unknown, stale and unparseable ones', async () => {
    const text = roadmap(
      `${FULL('live')}\n${FULL('gone', 'resolved')}`,
      '- [ ] a <!-- blocked-by: live -->\n  continued <!-- blocked-by: nope -->\n- [ ] b <!-- blocked-by: gone -->\n- [ ] c <!-- blocked-by: what ever -->',
    );
    const found = await findings(blockersRule, FILE, text);
    expect(found).toEqual([
      "6:13 blocked-by references unknown blocker id 'nope' (no matching '### blocker: nope' in this file)",
      "7:9 blocked-by 'gone' is stale: blocker 'gone' (line 21) is resolved — remove the marker",
      "8:9 blocked-by marker does not parse: 'what ever' — write <!-- blocked-by: <id> --> or <roadmap>#<id>",
    ]);
  });

  it('ignores markers and entries inside fenced code and markers inside inline code', async () => {
    const text = roadmap(
      FULL('a'),
      '- [ ] x `<!-- blocked-by: nope -->`\n\n```\n- [ ] y <!-- blocked-by: nope -->\n### blocker: fenced\n```',
    );
    expect(await findings(blockersRule, FILE, text)).toEqual([]);
  });

  it('resolves <stem>#<id> against the open blockers of another active roadmap', async () => {
    const other = {
      file: 'agents/roadmaps/topic/release.md',
      text: roadmap(`${FULL('go')}\n${FULL('old', 'resolved')}`),
    };
    const text = roadmap(
      FULL('a'),
      '- [ ] a <!-- blocked-by: release#go -->\n- [ ] b <!-- blocked-by: release#old -->\n- [ ] c <!-- blocked-by: release#missing -->\n- [ ] d <!-- blocked-by: nowhere#x -->\n- [ ] e <!-- blocked-by: plan#a -->',
    );
    expect(await findings(blockersRule, FILE, text, [other])).toEqual([
      "6:9 blocked-by 'release#old' is stale: blocker 'old' in agents/roadmaps/topic/release.md is resolved — remove the marker",
      "7:9 blocked-by 'release#missing' references unknown blocker 'missing' (no '### blocker: missing' in agents/roadmaps/topic/release.md)",
      "8:9 blocked-by 'nowhere#x' names roadmap 'nowhere', which is not an active roadmap",
    ]);
  });

  it('reports an ambiguous stem', async () => {
    const a = { file: 'agents/roadmaps/x/release.md', text: roadmap(FULL('go')) };
    const b = { file: 'agents/roadmaps/y/release.md', text: roadmap(FULL('go')) };
    const found = await findings(
      blockersRule,
      FILE,
      roadmap(FULL('a'), '- [ ] a <!-- blocked-by: release#go -->'),
      [a, b],
    );
    expect(found).toEqual([
      "5:9 blocked-by 'release#go' is ambiguous: agents/roadmaps/x/release.md, agents/roadmaps/y/release.md all have the stem 'release'",
    ]);
  });

  it('does not lint the synthetic blocker of a legacy `> Blocked until` note', async () => {
    const text = '# Plan\n\n> Blocked until the vendor answers.\n\n## Phase 1\n\n- [ ] x\n';
    expect(await findings(blockersRule, FILE, text)).toEqual([]);
  });
});
