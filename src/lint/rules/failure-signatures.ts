import type { Cell, MarkdownTable, Row } from '../markdown-tables.js';
import type { Finding, LintDocument, LintRule } from '../types.js';

const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const SNAKE = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)+$/;
const MAX_HANDLE = 40;
const DRILLS = 'discrimination drills';

interface Keyed {
  id: string;
  row: Row;
  cell: Cell;
}

function at(cell: Pick<Cell, 'line' | 'column'>, message: string): Finding {
  return { line: cell.line, column: cell.column, message };
}

function checkShape(table: MarkdownTable, what: string, out: Finding[]): void {
  const width = table.header.cells.length;
  for (const row of table.body) {
    if (row.cells.length === width) continue;
    out.push({
      line: row.line,
      column: 1,
      message: `${what} row has ${row.cells.length} cell(s) but the header has ${width} — a cell is missing or a \`|\` is not escaped`,
    });
  }
}

function idProblem(cell: Cell): string | null {
  if (cell.kind === 'empty') return 'row has an empty ID cell';
  if (cell.kind === 'mixed')
    return `ID cell '${cell.text}' holds more than an id; write just the id, optionally in backticks`;
  if (KEBAB.test(cell.text) && cell.text.length <= MAX_HANDLE) return null;
  if (SNAKE.test(cell.text)) return null;
  return `ID '${cell.text}' is neither a short kebab-case handle (\`tool-loop\`) nor a verbatim snake_case tool code (\`missing_section\`)`;
}

/** Reads the ID column of a table: every well-formed id, findings for the rest and for repeats. */
function readIds(table: MarkdownTable, what: string, out: Finding[]): Keyed[] | null {
  const first = table.header.cells[0];
  if (first === undefined || first.text !== 'ID') {
    out.push(
      at(
        first ?? { line: table.line, column: 1 },
        `the ${what} table's first column is '${first?.text ?? ''}', expected 'ID' — add an ID column so a row can be cited by name`,
      ),
    );
    return null;
  }
  const keyed: Keyed[] = [];
  const seen = new Map<string, number>();
  for (const row of table.body) {
    const cell = row.cells[0]!;
    const problem = idProblem(cell);
    if (problem !== null) {
      out.push(at(cell, `${what} ${problem}`));
      if (cell.kind === 'empty') continue;
    }
    const firstLine = seen.get(cell.text);
    if (firstLine !== undefined) {
      out.push(at(cell, `duplicate ${what} ID '${cell.text}' (first on line ${firstLine})`));
      continue;
    }
    seen.set(cell.text, row.line);
    keyed.push({ id: cell.text, row, cell });
  }
  return keyed;
}

function checkDrills(lookup: Keyed[], drills: Keyed[], drillTable: MarkdownTable, out: Finding[]): void {
  const drillIds = new Set(drills.map((d) => d.id));
  const lookupIds = new Set(lookup.map((l) => l.id));
  for (const l of lookup) {
    if (!drillIds.has(l.id))
      out.push(at(l.cell, `ID '${l.id}' has no row in the Discrimination drills table`));
  }
  for (const d of drills) {
    if (!lookupIds.has(d.id)) out.push(at(d.cell, `drill '${d.id}' has no row in the lookup table`));
  }
  const lookupOrder = lookup.filter((l) => drillIds.has(l.id));
  const drillOrder = drills.filter((d) => lookupIds.has(d.id));
  const i = drillOrder.findIndex((d, n) => d.id !== lookupOrder[n]!.id);
  if (i >= 0) {
    const d = drillOrder[i]!;
    out.push(
      at(
        d.cell,
        `drill '${d.id}' is out of order: the lookup table lists '${lookupOrder[i]!.id}' here — keep both tables in one order`,
      ),
    );
  }
  if (drillTable.body.length === 0)
    out.push({ line: drillTable.line, column: 1, message: 'the Discrimination drills table has no rows' });
}

async function check(doc: LintDocument): Promise<Finding[]> {
  const { parseTables } = await import('../markdown-tables.js');
  const tables = parseTables(doc.text);
  const out: Finding[] = [];
  const drillTable = tables.find((t) => t.heading?.toLowerCase() === DRILLS);
  const lookupTable =
    tables.find((t) => t.heading?.toLowerCase() === 'lookup') ?? tables.find((t) => t !== drillTable);
  const present = (table: typeof drillTable, kind: 'lookup' | 'drill', missing: string) => {
    if (table === undefined) out.push({ line: 1, column: 1, message: missing });
    else checkShape(table, kind, out);
  };
  present(
    lookupTable,
    'lookup',
    'no lookup table: expected a table under `## Lookup` whose first column is `ID`',
  );
  present(
    drillTable,
    'drill',
    'no `## Discrimination drills` table: add one with exactly one row per lookup ID',
  );
  const lookup = lookupTable ? readIds(lookupTable, 'lookup', out) : null;
  const drills = drillTable ? readIds(drillTable, 'drill', out) : null;
  if (lookup !== null && drills !== null && drillTable !== undefined)
    checkDrills(lookup, drills, drillTable, out);
  return out;
}

const OK = `# Failure signatures

## Lookup

| ID | Signature (what you see) | Likely cause | First check |
|---|---|---|---|
| \`rate-limited\` | HTTP 429 | Too many calls | Read \`Retry-After\` |
| \`missing_section\` | \`missing_section\` in the linter output | A required heading is absent | Compare with the template |

## Discrimination drills

| ID | Drill — break this, expect that |
|---|---|
| \`rate-limited\` | Call the API in a tight loop; expect 429 with \`Retry-After\`. |
| \`missing_section\` | Delete a required heading; expect \`missing_section\`. |
`;

const NOT_OK = `# Failure signatures

## Lookup

| ID | Signature (what you see) | Likely cause |
|---|---|---|
| \`rate-limited\` | HTTP 429 | Too many calls |
| Hang | Nothing happens |
| \`rate-limited\` | "quota exceeded" | Shared quota |

## Discrimination drills

| ID | Drill — break this, expect that |
|---|---|
| \`timeout\` | Await a promise nothing resolves. |
`;

/** `failure-signatures`: the lookup and drills tables of a failure-signature document (reference §7.4). */
export const failureSignaturesRule: LintRule = {
  meta: {
    id: 'failure-signatures',
    description:
      'In a failure-signature document the lookup table starts with an `ID` column of unique ids (a short kebab-case handle or a verbatim snake_case tool code), and the `Discrimination drills` table has exactly one row per lookup ID, in the same order.',
    rationale:
      'An agent that meets a failure looks it up by the code it just saw. Rows without ids cannot be cited, duplicate ids make a citation ambiguous, a row without a drill was never shown to produce its signature, and tables with a missing cell shift every column after it. Tables are read with remark and remark-gfm, not with patterns.',
    severity: 'error',
    fixable: false,
    scopes: ['failure-signatures'],
    examples: {
      ok: [{ file: 'docs/guidelines/failure-signatures.md', text: OK }],
      notOk: [{ file: 'docs/guidelines/failure-signatures.md', text: NOT_OK }],
    },
  },
  check,
};
