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
 * Frontmatter already read, by its text: the roadmaps of one repository often carry the same
 * frontmatter word for word (a template; 13 of the 25 upstream roadmaps with frontmatter repeat
 * another's). Only results without findings are kept (findings name their file), as copies that
 * hold none of a file's text, and each caller gets a copy of its own. Bounded: when full, it
 * starts again.
 */
const known = new Map<string, { data: Record<string, unknown>; flat: boolean }>();
const KNOWN_LIMIT = 256;
const KNOWN_MAX_LENGTH = 4096;

/** A copy of remembered data for one caller: flat string records shallowly, YAML's deeply. */
function copyOf(entry: { data: Record<string, unknown>; flat: boolean }): Record<string, unknown> {
  return entry.flat ? { ...entry.data } : structuredClone(entry.data);
}

/**
 * Parses frontmatter body text as real YAML. `firstLine` is the file line of the body's first
 * line, so diagnostics point into the file. Invalid YAML yields a diagnostic and no data.
 */
export function parseFrontmatter(body: string, file: string, firstLine: number): FrontmatterResult {
  const hit = known.get(body);
  if (hit !== undefined) return { data: copyOf(hit), diagnostics: [] };
  const result = readFrontmatterText(body, file, firstLine);
  if (result.data !== null && result.diagnostics.length === 0 && body.length <= KNOWN_MAX_LENGTH) {
    if (known.size >= KNOWN_LIMIT) known.clear();
    // structuredClone copies the strings, so the entry keeps no slice of the file alive.
    try {
      known.set(structuredClone(body), { data: structuredClone(result.data), flat: isFlat(result.data) });
    } catch {
      // Data that cannot be cloned is simply not remembered.
    }
  }
  return result;
}

/** Every value is a string: a shallow copy is a full one. */
function isFlat(data: Record<string, unknown>): boolean {
  for (const key in data) if (typeof data[key] !== 'string') return false;
  return true;
}

function readFrontmatterText(body: string, file: string, firstLine: number): FrontmatterResult {
  if (body.trim() === '') return { data: {}, diagnostics: [] };
  const simple = parseSimpleFrontmatter(body);
  if (simple !== null) return { data: simple, diagnostics: [] };
  const { LineCounter, parseDocument } = loadYaml();
  const lineCounter = new LineCounter();
  const doc = parseDocument(body, { lineCounter, prettyErrors: false, uniqueKeys: false });
  if (doc.errors.length > 0) {
    const error = doc.errors[0]!;
    const pos = lineCounter.linePos(error.pos[0]);
    return {
      data: null,
      diagnostics: [
        {
          file,
          line: firstLine + pos.line - 1,
          column: pos.col,
          severity: 'error',
          code: 'frontmatter-invalid-yaml',
          message: `frontmatter is not valid YAML (${error.message.split('\n')[0]}); fix it or the roadmap's settings (status: draft …) are ignored`,
        },
      ],
    };
  }
  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: 100 });
  } catch (error) {
    return {
      data: null,
      diagnostics: [
        {
          file,
          line: firstLine,
          column: 1,
          severity: 'error',
          code: 'frontmatter-invalid-yaml',
          message: `frontmatter cannot be read (${(error as Error).message}); simplify it`,
        },
      ],
    };
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    return {
      data: null,
      diagnostics: [
        {
          file,
          line: firstLine,
          column: 1,
          severity: 'warning',
          code: 'frontmatter-not-mapping',
          message: 'frontmatter is not a mapping of keys; it is ignored',
        },
      ],
    };
  }
  return { data: data as Record<string, unknown>, diagnostics: [] };
}

/** `status: draft` (any case) hides a roadmap everywhere. */
export function isDraft(frontmatter: Record<string, unknown> | null): boolean {
  const status = frontmatter?.status;
  return typeof status === 'string' && status.trim().toLowerCase() === 'draft';
}
