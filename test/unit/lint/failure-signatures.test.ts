import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { failureSignaturesRule } from '../../../src/lint/rules/failure-signatures.js';
import { fixturePath } from '../../helpers/repo.js';
import { findings } from './helpers.js';

const FILE = 'docs/guidelines/failure-signatures.md';
const REAL = fixturePath('agent-config-real', 'later-versions');
const read = (...p: string[]) =>
  readFileSync(join(REAL, ...p, 'docs', 'guidelines', 'agent-infra', 'failure-signatures.md'), 'utf8');

function doc(lookup: string[], drills: string[] | null): string {
  const head = '# Failure signatures\n\n## Lookup\n\n| ID | Signature | First check |\n|---|---|---|\n';
  const drillPart =
    drills === null
      ? ''
      : `\n## Discrimination drills\n\n| ID | Drill — break this, expect that |\n|---|---|\n${drills.join('\n')}\n`;
  return `${head}${lookup.join('\n')}\n${drillPart}`;
}

const row = (id: string) => `| ${id} | sig | check |`;
const drill = (id: string) => `| ${id} | break it |`;

describe('failure-signatures rule', () => {
  it('accepts the real upstream document with an ID column and drills', async () => {
    expect(await findings(failureSignaturesRule, FILE, read())).toEqual([]);
  });

  it('reports the older upstream document: no ID column, no drills', async () => {
    expect(await findings(failureSignaturesRule, FILE, read('older-versions'))).toEqual([
      '1:1 no `## Discrimination drills` table: add one with exactly one row per lookup ID',
      "15:3 the lookup table's first column is 'Signature (what you see)', expected 'ID' — add an ID column so a row can be cited by name",
    ]);
  });

  it('accepts ids with and without backticks, and snake_case tool codes', async () => {
    const ids = ['`tool-loop`', 'hang', '`missing_section`'];
    expect(await findings(failureSignaturesRule, FILE, doc(ids.map(row), ids.map(drill)))).toEqual([]);
  });

  it('reports a row with a missing cell and one with an extra cell', async () => {
    const text = doc(['| `a` | sig |', '| `b` | sig | check | extra |'], [drill('`a`'), drill('`b`')]);
    expect(await findings(failureSignaturesRule, FILE, text)).toEqual([
      '7:1 lookup row has 2 cell(s) but the header has 3 — a cell is missing or a `|` is not escaped',
      '8:1 lookup row has 4 cell(s) but the header has 3 — a cell is missing or a `|` is not escaped',
    ]);
  });

  it('reports duplicate ids, malformed ids and empty id cells', async () => {
    const text = doc(
      [
        row('`a`'),
        row('`a`'),
        row('Tool Loop'),
        row('**bold**'),
        row(''),
        row('`a-very-long-handle-that-nobody-can-remember-at-all`'),
      ],
      [drill('`a`')],
    );
    const found = await findings(failureSignaturesRule, FILE, text);
    expect(found).toEqual(
      expect.arrayContaining([
        "8:3 duplicate lookup ID 'a' (first on line 7)",
        "9:3 lookup ID 'Tool Loop' is neither a short kebab-case handle (`tool-loop`) nor a verbatim snake_case tool code (`missing_section`)",
        "10:3 lookup ID cell 'bold' holds more than an id; write just the id, optionally in backticks",
        '11:1 lookup row has an empty ID cell',
        "12:3 lookup ID 'a-very-long-handle-that-nobody-can-remember-at-all' is neither a short kebab-case handle (`tool-loop`) nor a verbatim snake_case tool code (`missing_section`)",
      ]),
    );
  });

  it('wants exactly one drill per lookup id, in the same order, and no orphan drill', async () => {
    const text = doc(
      [row('`a`'), row('`b`'), row('`c`')],
      [drill('`b`'), drill('`a`'), drill('`a`'), drill('`z`')],
    );
    expect(await findings(failureSignaturesRule, FILE, text)).toEqual([
      "9:3 ID 'c' has no row in the Discrimination drills table",
      "15:3 drill 'b' is out of order: the lookup table lists 'a' here — keep both tables in one order",
      "17:3 duplicate drill ID 'a' (first on line 16)",
      "18:3 drill 'z' has no row in the lookup table",
    ]);
  });

  it('reports an empty document and a document whose tables do not parse as tables', async () => {
    expect(await findings(failureSignaturesRule, FILE, '')).toEqual([
      '1:1 no lookup table: expected a table under `## Lookup` whose first column is `ID`',
      '1:1 no `## Discrimination drills` table: add one with exactly one row per lookup ID',
    ]);
    const noDelimiter = '## Lookup\n\n| ID | Signature |\n| `a` | sig |\n';
    expect(await findings(failureSignaturesRule, FILE, noDelimiter)).toHaveLength(2);
  });

  it('does not take a table inside fenced code for the lookup table', async () => {
    const text = `# F\n\n\`\`\`\n| ID | x |\n|---|---|\n| a | b |\n\`\`\`\n`;
    expect(await findings(failureSignaturesRule, FILE, text)).toContain(
      '1:1 no lookup table: expected a table under `## Lookup` whose first column is `ID`',
    );
  });
});
