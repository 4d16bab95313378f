import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const GUARD = join(import.meta.dirname, '..', '..', '..', 'src', 'guard');
const code = (text: string) => text.replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, '');
const imports = (text: string) => [...text.matchAll(/(?:from\s+|import\()\s*'([^']+)'/g)].map((m) => m[1]!);

describe('architecture: guard/', () => {
  it('is pure: no fs, child_process, commander, process, clock or randomness, and no commands or cli', () => {
    const offenders = readdirSync(GUARD)
      .filter((f) => f.endsWith('.ts'))
      .flatMap((f) => {
        const text = readFileSync(join(GUARD, f), 'utf8');
        const bad = imports(text).filter((m) =>
          /^(node:|fs$|child_process$|commander$)|\/(commands|cli|repo|git)\//.test(m),
        );
        if (/\bprocess\.|Date\.now\(\)|new Date\(\)|Math\.random/.test(code(text)))
          bad.push('process/clock/random');
        return bad.map((b) => `${f} → ${b}`);
      });
    expect(offenders).toEqual([]);
  });
});
