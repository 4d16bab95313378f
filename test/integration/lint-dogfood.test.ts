import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseTables } from '../../src/lint/markdown-tables.js';
import { RULES } from '../../src/lint/rules/index.js';
import { OUTCOMES } from '../../src/staging/outcomes.js';
import { run } from '../helpers/context.js';

const ROOT = join(import.meta.dirname, '..', '..');
const DOC = join(ROOT, 'docs', 'guidelines', 'failure-signatures.md');

// Signatures the tool prints as a sentence rather than a code, and a fragment of that sentence.
const HANDLES: Record<string, string> = {
  'dashboard-stale': 'is stale. Run ',
  'completed-not-archived': 'Completed roadmaps are still in the active tree',
  'iron-law-3': 'Iron Law 3 — roadmaps with no open step but unresolved',
  'base-unresolvable': 'cannot resolve ',
  'unknown-config-key': 'unknown key ',
  'foreign-hook': 'is a pre-commit hook agent-config did not write',
  'hook-cli-missing': 'roadmaps were not checked',
  'guard-cli-missing': 'so the command was refused. Ask a person to run npm ci',
};
const PARSER_CODES = [
  'frontmatter-invalid-yaml',
  'frontmatter-unterminated',
  'frontmatter-not-mapping',
  'unterminated-fence',
];

function sources(dir: string): string {
  return readdirSync(dir)
    .map((name) => join(dir, name))
    .map((p) => (statSync(p).isDirectory() ? sources(p) : p.endsWith('.ts') ? readFileSync(p, 'utf8') : ''))
    .join('\n');
}

describe('this repository lints clean with its own tool', () => {
  it('passes every rule over its roadmaps, its failure-signature document and its stable documents', async () => {
    const r = await run(ROOT, ['lint', '--format', 'json']);
    const doc = JSON.parse(r.stdout);
    expect(doc.findings).toEqual([]);
    expect(doc.checked).toContain('docs/guidelines/failure-signatures.md');
    expect(doc.checked).toContain('README.md');
    expect(doc.checked.some((f: string) => f.startsWith('agents/roadmaps/'))).toBe(true);
    expect(r.code).toBe(0);
  });

  it('keys its failure signatures by the codes the tool prints, or by a handle for a printed sentence', () => {
    const [lookup] = parseTables(readFileSync(DOC, 'utf8'));
    const ids = lookup!.body.map((row) => row.cells[0]!.text);
    const codes = new Set<string>([
      ...RULES.map((r) => r.meta.id),
      ...PARSER_CODES,
      ...Object.values(OUTCOMES).flatMap((table) => Object.keys(table)),
    ]);
    const src = sources(join(ROOT, 'src'));
    for (const id of ids) {
      if (codes.has(id)) {
        expect(src, `code ${id} is printed somewhere`).toContain(`'${id}'`);
      } else {
        expect(Object.keys(HANDLES), `${id} is a code the tool prints or a known handle`).toContain(id);
        expect(src, `the sentence behind ${id} is still printed`).toContain(HANDLES[id]!);
      }
    }
    for (const handle of Object.keys(HANDLES)) expect(codes.has(handle)).toBe(false);
    expect(ids.length).toBeGreaterThanOrEqual(10);
  });
});
