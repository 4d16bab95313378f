import { createRequire } from 'node:module';
import { join } from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import * as yaml from 'yaml';
import { ensureBuilt, ROOT } from '../helpers/bin.js';

// The CLI reads agent-config.yaml and frontmatter with dist/yaml.cjs, the package's ES module
// build bundled into one file (scripts/build-dist.mjs): it must read every text exactly as the
// package does — the values, the errors and their positions, the warnings — and write the same.

type Yaml = Pick<typeof yaml, 'LineCounter' | 'parseDocument' | 'stringify'>;
let bundled: Yaml;

beforeAll(() => {
  ensureBuilt();
  bundled = createRequire(import.meta.url)(join(ROOT, 'dist', 'yaml.cjs')) as Yaml;
});

/** Everything the CLI takes from a parse (src/core/config.ts, src/roadmap/frontmatter.ts). */
function reading(y: Yaml, text: string, uniqueKeys: boolean) {
  const lineCounter = new y.LineCounter();
  const doc = y.parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys });
  let value: unknown;
  try {
    value = doc.errors.length === 0 ? doc.toJS() : null;
  } catch (error) {
    value = `throws: ${(error as Error).message}`;
  }
  const at = (pos: number) => lineCounter.linePos(pos);
  return {
    value,
    errors: doc.errors.map((e) => [e.code, e.message, at(e.pos[0])]),
    warnings: doc.warnings.map((w) => [w.code, w.message, at(w.pos[0])]),
  };
}

const word = fc.constantFrom(
  'roadmaps',
  'guard',
  'wait',
  'notify',
  'webhook',
  'true',
  'no',
  '~',
  '1e3',
  '0x1F',
  'a b',
  '"q"',
  "'s'",
  '[x, y]',
  '{k: v}',
  '!foo x',
  '&a',
  '*a',
  '<<',
  '- ',
  '? ',
  ': ',
  '#c',
  '|',
  '>-',
  '%YAML 1.1',
  '---',
  '...',
  '\t',
  '"\\u00e9"',
  'é',
  '2026-01-01',
);
const line = fc
  .tuple(fc.nat(4), fc.array(word, { minLength: 1, maxLength: 4 }))
  .map(([indent, words]) => `${'  '.repeat(indent)}${words.join('')}`);
const text = fc.array(line, { maxLength: 8 }).map((lines) => `${lines.join('\n')}\n`);

const SAMPLES = [
  '',
  '# only a comment\n',
  'roadmaps: agents/roadmaps\nguard:\n  wait: 30s\n  rules:\n    - git-force-push\nnotify:\n  - webhook: https://example.invalid/hook\n  - command: [ntfy, publish, "topic"]\n  - desktop: true\n',
  'a: 1\na: 2\n',
  'guard:\n  wait: [\n',
  '? [a, b]\n: c\n',
  '%YAML 1.1\n---\nkey: !!binary aGVsbG8=\nother: <<\n',
  'x: &a {k: v}\ny: *a\nz: *missing\n',
];

describe('dist/yaml.cjs, the CLI’s yaml', () => {
  it('reads the samples as the package does', () => {
    for (const sample of SAMPLES)
      for (const uniqueKeys of [true, false])
        expect(reading(bundled, sample, uniqueKeys), sample).toEqual(reading(yaml, sample, uniqueKeys));
  });

  it('reads any text made of YAML’s pieces as the package does', () => {
    fc.assert(
      fc.property(text, fc.boolean(), (t, uniqueKeys) => {
        expect(reading(bundled, t, uniqueKeys)).toEqual(reading(yaml, t, uniqueKeys));
      }),
      { numRuns: 500 },
    );
  });

  it('writes as the package does', () => {
    const value = {
      guard: { wait: '30s', rules: ['a', 'b: c'] },
      notify: [{ webhook: 'x' }],
      n: null,
      y: 'yes',
    };
    expect(bundled.stringify(value, { lineWidth: 0 })).toBe(yaml.stringify(value, { lineWidth: 0 }));
  });
});
