import type { Diagnostic } from '../core/diagnostics.js';
import { loadYaml } from '../core/yaml.js';

export interface FrontmatterResult {
  data: Record<string, unknown> | null;
  diagnostics: Diagnostic[];
}

const SIMPLE_LINE = /^([A-Za-z_][A-Za-z0-9_-]*):[ \t]+([A-Za-z][A-Za-z0-9_./ -]*?)[ \t]*$/;
const YAML_WORDS = /^(?:true|false|null|yes|no|on|off|y|n)$/i;

/**
 * The frontmatter most roadmaps carry — `key: word …` lines, blank lines and comments — read
 * without building a YAML document. Returns null for anything else, which then goes to the
 * YAML parser; for what it accepts the result equals the parser's (a property test checks it).
 */
export function parseSimpleFrontmatter(body: string): Record<string, unknown> | null {
  const data: Record<string, unknown> = {};
  for (const raw of body.split('\n')) {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line.trim() === '' || line.startsWith('#')) continue;
    const m = SIMPLE_LINE.exec(line);
    if (m === null || YAML_WORDS.test(m[2]!) || Object.hasOwn(data, m[1]!)) return null;
    data[m[1]!] = m[2]!;
  }
  return data;
}

/**
 * Parses frontmatter body text as real YAML. `firstLine` is the file line of the body's first
 * line, so diagnostics point into the file. Invalid YAML yields a diagnostic and no data.
 */
export function parseFrontmatter(body: string, file: string, firstLine: number): FrontmatterResult {
  if (body.trim() === '') return { data: {}, diagnostics: [] };
  const simple = parseSimpleFrontmatter(body);
  if (simple !== null) return { data: simple, diagnostics: [] };
  const { LineCounter, parseDocument } = loadYaml();
  const lineCounter = new LineCounter();
  const doc = parseDocument(body, { lineCounter, prettyErrors: false, uniqueKeys: false });
  const refuse = (
    line: number,
    column: number,
    severity: Diagnostic['severity'],
    code: string,
    message: string,
  ) => ({
    data: null,
    diagnostics: [{ file, line, column, severity, code, message }],
  });
  if (doc.errors.length > 0) {
    const error = doc.errors[0]!;
    const pos = lineCounter.linePos(error.pos[0]);
    return refuse(
      firstLine + pos.line - 1,
      pos.col,
      'error',
      'frontmatter-invalid-yaml',
      `frontmatter is not valid YAML (${error.message.split('\n')[0]}); fix it or the roadmap's settings (status: draft …) are ignored`,
    );
  }
  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: 100 });
  } catch (error) {
    const message = `frontmatter cannot be read (${(error as Error).message}); simplify it`;
    return refuse(firstLine, 1, 'error', 'frontmatter-invalid-yaml', message);
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    const message = 'frontmatter is not a mapping of keys; it is ignored';
    return refuse(firstLine, 1, 'warning', 'frontmatter-not-mapping', message);
  }
  return { data: data as Record<string, unknown>, diagnostics: [] };
}

/** `status: draft` (any case) hides a roadmap everywhere. */
export function isDraft(frontmatter: Record<string, unknown> | null): boolean {
  const status = frontmatter?.status;
  return typeof status === 'string' && status.trim().toLowerCase() === 'draft';
}
