import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/bin.js';
import { run } from '../helpers/context.js';
import {
  type DocExample,
  exampleDocuments,
  findExamples,
  replaceExample,
  runExample,
} from '../helpers/doc-examples.js';

// Every marked command example in README.md and docs/*.md is run against a copy of the example
// tree (examples/demo) with the fixed clock and nonces, and must show exactly what it prints.
// UPDATE_DOC_EXAMPLES=1 rewrites the shown output of every marked example instead; review the
// diff like code.

const UPDATE = process.env.UPDATE_DOC_EXAMPLES === '1';
const HINT = 'rewrite it with UPDATE_DOC_EXAMPLES=1 npx vitest run test/integration/doc-examples.test.ts';

function examplesOf(file: string): DocExample[] {
  try {
    return findExamples(file, readFileSync(join(ROOT, file), 'utf8'));
  } catch {
    return []; // reported by the test below
  }
}

describe('command examples in README.md and docs/*.md', () => {
  for (const file of exampleDocuments()) {
    describe(file, () => {
      it('marks every console block as run or says why it is not', () => {
        expect(() => findExamples(file, readFileSync(join(ROOT, file), 'utf8'))).not.toThrow();
      });
      examplesOf(file).forEach((example, n) => {
        const title = `${file}:${example.line} ${example.commands.map((c) => `$ ${c.line}`).join(' ; ')}`;
        it(`shows what ${title} prints`, async () => {
          const actual = await runExample(example);
          if (UPDATE) {
            const path = join(ROOT, file);
            writeFileSync(path, replaceExample(readFileSync(path, 'utf8'), file, n, actual));
            return;
          }
          expect(actual, `${file}:${example.line}: the shown output differs — ${HINT}`).toBe(example.body);
        });
      });
    });
  }

  it('runs the command the README gives a newcomer, on the example tree, and it shows open decisions', () => {
    const readme = examplesOf('README.md');
    const first = readme[0];
    expect(first?.cwd).toBe('.');
    expect(first?.commands[0]?.line).toBe('npx --no agent-config gates --root examples/demo');
    expect(first?.body).toMatch(/^\d+ decisions need you/m);
  });
});

describe('the example tree examples/demo', () => {
  const demo = join(ROOT, 'examples', 'demo');

  it('has a current dashboard and nothing progress --check objects to', async () => {
    const r = await run(ROOT, ['progress', '--check', '--root', demo]);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('✅  agents/roadmaps-progress.md is up to date.\n');
    expect(r.code).toBe(0);
  });

  it('lints clean with every rule', async () => {
    const r = await run(ROOT, ['lint', '--root', demo, '--format', 'json']);
    const doc = JSON.parse(r.stdout);
    expect(doc.findings).toEqual([]);
    expect(doc.checked.length).toBeGreaterThanOrEqual(3);
    expect(r.code).toBe(0);
  });

  it('holds decisions for a person, one for a maintainer, and a roadmap one decision away from its archive', async () => {
    const r = await run(ROOT, ['gates', '--all', '--json', '--root', demo]);
    const doc = JSON.parse(r.stdout) as {
      needsYou: number;
      other: number;
      blockers: Array<{ id: string; unblocksSteps: number; question: string; ifNothing: string }>;
    };
    expect(doc.needsYou).toBeGreaterThanOrEqual(2);
    expect(doc.other).toBeGreaterThanOrEqual(1);
    for (const b of doc.blockers) expect(b.ifNothing).not.toBe('');
    expect(doc.blockers.some((b) => b.question !== '')).toBe(true);
    expect(doc.blockers.some((b) => b.unblocksSteps === 0)).toBe(true);
  });
});

describe("this repository's own checks", () => {
  it('do not look into examples/: the whole-repository lint checks none of its files', async () => {
    const r = await run(ROOT, ['lint', '--format', 'json']);
    const doc = JSON.parse(r.stdout) as { checked: string[] };
    expect(doc.checked.filter((f) => f.startsWith('examples/'))).toEqual([]);
  });
});
