import { describe, expect, it } from 'vitest';
import { dashboardEntry, renderDashboard } from '../../../src/render/dashboard.js';
import { parseRoadmap } from '../../../src/roadmap/scanner.js';

const RAW = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\u200B-\u200F]/;

describe('the progress dashboard escapes text from roadmaps', () => {
  it('shows control, bidi and zero-width characters from titles, phases, blockers and later/ as escapes', () => {
    const text = `# Title\x1b[2J\u202Eevil

## Phase 1 — Name\x07\u200B

- [ ] a
- [x] b

## Blockers

### blocker: id\x1b]0;t\x07
- **Owner:** user\x08
- **Blocks:** Phase 1\r overwritten
- **Recommendation:** yes\u2066
- **If you do nothing:** \x9bnothing
- **What to do:**
  1. step\x1b[31m
- **Resolved when:** done\x00
`;
    const roadmap = parseRoadmap(text, { rel: 'hostile\x1b.md' });
    const out = renderDashboard({
      entries: [dashboardEntry(roadmap, undefined, 'roadmaps/')],
      parked: [{ name: 'parked\x07.md', resume: 'Blocked until \x1b[1mnever' }],
      linkPrefix: 'roadmaps/',
    });
    expect(RAW.test(out)).toBe(false);
    for (const shown of [
      '**Title\\x1B[2J\\u{202E}evil**',
      'Name\\x07\\u{200B}',
      '- **id\\x1B]0;t\\x07** (owner: user\\x08) — blocks Phase 1\\x0D overwritten',
      '**Recommendation:** yes\\u{2066}',
      '**If you do nothing:** \\x9Bnothing',
      '    1. step\\x1B[31m',
      '**Resolved when:** done\\x00',
      '[hostile\\x1B.md](roadmaps/hostile\\x1B.md)',
      'parked\\x07.md',
      '\\x1B[1mnever',
    ]) {
      expect(out).toContain(shown);
    }
  });

  it('links roadmaps whose path or link prefix is not ASCII as their text', () => {
    for (const rel of ['größe/plan-ü.md', 'plan.md']) {
      const roadmap = parseRoadmap('# Pläne\n\n## Phase 1 — Ä\n\n- [ ] a\n', { rel });
      for (const prefix of ['roadmaps/', 'wege-ß/']) {
        const out = renderDashboard({
          entries: [dashboardEntry(roadmap, undefined, prefix)],
          parked: [],
          linkPrefix: prefix,
        });
        expect(out).toContain(`| 1 | [${rel}](${prefix}${rel}) | 1 |`);
        expect(out).toContain(`### [${rel}](${prefix}${rel})\n\n**Pläne** — 0 / 1 done`);
      }
    }
  });
});
