import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..', '..');

/** Every name `src/index.ts` exports, values and types alike. */
function exported(): string[] {
  const text = readFileSync(join(ROOT, 'src', 'index.ts'), 'utf8');
  const names = [...text.matchAll(/export (?:type )?\{([^}]*)\}/g)].flatMap((m) =>
    m[1]!
      .split(',')
      .map((n) => n.replace(/^\s*type\s+/, '').trim())
      .filter((n) => n !== ''),
  );
  return [...new Set(names)].sort();
}

/** The backquoted names the "Library API" section of docs/architecture.md lists. */
function documented(): string[] {
  const doc = readFileSync(join(ROOT, 'docs', 'architecture.md'), 'utf8');
  const section = doc.slice(doc.indexOf('## Library API'));
  const names = [...section.matchAll(/`([A-Za-z_][A-Za-z0-9_]*)(?:\([^`]*\))?`/g)].map((m) => m[1]!);
  return [...new Set(names)].sort();
}

describe('the library API', () => {
  it('docs/architecture.md lists exactly what src/index.ts exports', () => {
    const api = exported();
    expect(api).toContain('appendEvidence');
    expect(api).toContain('checkVerdict');
    // The section may name verbs reached only through runCli; every export is listed.
    const listed = documented();
    expect(api.filter((n) => !listed.includes(n))).toEqual([]);
    const verbsOnlyByCli = ['report', 'window', 'hook'];
    expect(listed.filter((n) => !api.includes(n) && !verbsOnlyByCli.includes(n))).toEqual([]);
  });
});
