import { describe, expect, it } from 'vitest';
import { hiddenUnicodeRule } from '../../../src/lint/rules/hidden-unicode.js';
import { findings } from './helpers.js';

const FILE = 'agents/roadmaps/plan.md';
const body = (extra: string) => `# P\n\n## Phase 1\n\n- [ ] ${extra}\n`;

describe('hidden-unicode rule', () => {
  it('reports control, backspace, bidi and zero-width characters with their column', async () => {
    const found = await findings(hiddenUnicodeRule, FILE, body('a\u001b[2Jb\u0008c\u202Ed\u200Be'));
    expect(found).toEqual([
      '5:8 control character \\x1B — a terminal may act on it; delete it',
      '5:13 backspace \\x08 — it can hide the characters before it; delete it',
      '5:15 bidi control \\u{202E} — it reorders the text a reader sees; delete it',
      '5:17 zero-width character \\u{200B} — invisible, it makes equal-looking text differ; delete it',
    ]);
  });

  it('checks fenced code too, and accepts a leading byte-order mark, CRLF line ends, tabs and accents', async () => {
    expect(
      await findings(hiddenUnicodeRule, FILE, '\uFEFF# Pläne\r\n\r\n## Phase 1\r\n\r\n- [ ] a\tb\r\n'),
    ).toEqual([]);
    const fenced = '# P\n\n## Phase 1\n\n- [ ] a\n\n```\nx\u2066y\n```\n';
    expect(await findings(hiddenUnicodeRule, FILE, fenced)).toEqual([
      '8:2 bidi control \\u{2066} — it reorders the text a reader sees; delete it',
    ]);
  });

  it('reports mixed-script blocker ids, owners and blocked-by ids', async () => {
    const text = `${body('x <!-- blocked-by: pаy -->')}\n## Blockers\n\n### blocker: pаy\n- **Owner:** usеr\n`;
    expect(await findings(hiddenUnicodeRule, FILE, text)).toEqual([
      "5:9 blocked-by id 'pаy' mixes letters of different scripts — a look-alike of another name?",
      "9:1 blocker id 'pаy' mixes letters of different scripts — a look-alike of another name?",
      "10:1 owner 'usеr' mixes letters of different scripts — a look-alike of another name?",
    ]);
  });

  it('caps the findings of one file and says how many more there are', async () => {
    const found = await findings(hiddenUnicodeRule, FILE, body('\u0001'.repeat(50)));
    expect(found).toHaveLength(21);
    expect(found[20]).toBe('5:27 and 30 more hidden or invalid character(s) in this file');
  });
});
