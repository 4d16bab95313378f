import { describe, expect, it } from 'vitest';
import { run } from '../helpers/context.js';
import { expectGolden as expectGoldenIn, goldenDir } from '../helpers/golden.js';
import { makeRepo } from '../helpers/repo.js';
import { HOSTILE, SHAPES } from './gates-shapes.js';

const GOLDEN = goldenDir('gates');
const expectGolden = (name: string, actual: string) => expectGoldenIn(GOLDEN, name, actual);

describe('gates golden output on a tree with blockers of every shape', () => {
  const repo = makeRepo(SHAPES);
  const cases: Array<[string, string[]]> = [
    ['default.txt', ['gates']],
    ['all.txt', ['gates', '--all']],
    ['reply.txt', ['gates', '--reply']],
    ['json.json', ['gates', '--json']],
    ['all-json.json', ['gates', '--json', '--all']],
  ];
  for (const [name, argv] of cases) {
    it(`${argv.join(' ')} matches ${name}, exits 0 and prints nothing on stderr`, async () => {
      const r = await run(repo, argv);
      expect(r.code).toBe(0);
      expect(r.stderr).toBe('');
      expectGolden(name, r.stdout);
    });
  }
});

describe('gates golden output on a hostile roadmap', () => {
  const repo = makeRepo(HOSTILE);
  for (const [name, argv] of [
    ['hostile.txt', ['gates']],
    ['hostile-reply.txt', ['gates', '--reply']],
  ] as const) {
    it(`${argv.join(' ')} matches ${name}: every hostile byte shown, none obeyed`, async () => {
      const r = await run(repo, [...argv]);
      expect(r.code).toBe(0);
      expect(r.stdout).not.toMatch(/[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u200B]/);
      expect(r.stderr).toMatch(/^agent-config gates: warning: agents\/roadmaps\/hostile\.md holds /);
      expectGolden(name, r.stdout);
    });
  }
});
