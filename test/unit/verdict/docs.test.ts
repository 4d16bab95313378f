import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { VERDICT_RECORD_OUTCOMES } from '../../../src/verdict/recorded.js';
import { VERDICT_RULES } from '../../../src/verdict/verdict.js';

const DOC = readFileSync(new URL('../../../docs/verdicts.md', import.meta.url), 'utf8');
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('docs/verdicts.md', () => {
  it('lists every verdict code with what it refuses, in check order', () => {
    const codes = DOC.slice(DOC.indexOf('## Codes'), DOC.indexOf('\n## ', DOC.indexOf('## Codes') + 1));
    const rows = [...codes.matchAll(/^\| `(verdict-[a-z0-9-]+)` \| (.+) \|$/gm)].map((m) => [m[1], m[2]]);
    expect(rows).toEqual(VERDICT_RULES.map((r) => [r.code, r.refuses]));
  });

  it('lists every outcome of verdict record with its exit code', () => {
    for (const [code, o] of Object.entries(VERDICT_RECORD_OUTCOMES)) {
      expect(DOC, code).toMatch(new RegExp(`\\| \`${code}\` \\| ${o.exit} \\| ${escaped(o.meaning)} \\|`));
    }
  });
});
