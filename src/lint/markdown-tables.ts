import type { Heading, Nodes, Root, Table } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';

// Loaded lazily by the failure-signatures rule: only a run that lints such a document pays
// for remark.

/** One table cell: its plain text and whether it is exactly one code span. */
export interface Cell {
  text: string;
  /** `code`: one inline code span; `text`: plain text; `mixed`: anything else (emphasis, links, …). */
  kind: 'code' | 'text' | 'mixed' | 'empty';
  line: number;
  column: number;
}

export interface Row {
  line: number;
  cells: Cell[];
}

/** A GFM table with the text of the nearest heading above it. */
export interface MarkdownTable {
  heading: string | null;
  line: number;
  header: Row;
  body: Row[];
}

function plainText(node: Nodes): string {
  if ('value' in node && typeof node.value === 'string') return node.value;
  if ('children' in node) return (node.children as Nodes[]).map(plainText).join('');
  return '';
}

function cellKind(children: Nodes[]): Cell['kind'] {
  const meaningful = children.filter((c) => !(c.type === 'text' && c.value.trim() === ''));
  if (meaningful.length === 0) return 'empty';
  if (meaningful.length === 1 && meaningful[0]!.type === 'inlineCode') return 'code';
  return meaningful.every((c) => c.type === 'text') ? 'text' : 'mixed';
}

function toTable(table: Table, heading: string | null): MarkdownTable {
  const rows: Row[] = table.children.map((row) => ({
    line: row.position?.start.line ?? 1,
    cells: row.children.map((cell) => ({
      text: plainText(cell).trim(),
      kind: cellKind(cell.children as Nodes[]),
      line: cell.position?.start.line ?? 1,
      column: (cell.children[0] ?? cell).position?.start.column ?? 1,
    })),
  }));
  return { heading, line: table.position?.start.line ?? 1, header: rows[0]!, body: rows.slice(1) };
}

/** Every top-level GFM table of a markdown document, in order. */
export function parseTables(text: string): MarkdownTable[] {
  const tree = unified().use(remarkParse).use(remarkGfm).parse(text) as Root;
  const tables: MarkdownTable[] = [];
  let heading: string | null = null;
  for (const node of tree.children) {
    if (node.type === 'heading') heading = plainText(node as Heading).trim();
    else if (node.type === 'table') tables.push(toTable(node, heading));
  }
  return tables;
}
