import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classifyCommand } from '../../../src/guard/classify.js';
import { fastVocabulary, provablyUnguarded } from '../../../src/guard/prefilter.js';
import { rulesFor } from '../../../src/guard/rules.js';

const rules = rulesFor({ disable: [], never: [], rules: [] });

// Shell-shaped text: programs, flags, operators, quotes, substitutions and keywords mixed.
const piece = fc.constantFrom(
  'git',
  'push',
  '-f',
  '--force',
  'origin',
  '+main',
  ':old',
  'npm',
  'publish',
  'gh',
  'pr',
  'merge',
  'sudo',
  'env',
  'A=1',
  'sh',
  '-c',
  'bash',
  'xargs',
  'psql',
  'DROP TABLE x',
  'echo',
  'ls',
  '-la',
  '&&',
  '||',
  ';',
  '|',
  '\n',
  '(',
  ')',
  '{',
  '}',
  '$(',
  '`',
  '"',
  "'",
  '\\',
  '<<EOF',
  'EOF',
  '$x',
  'terraform',
  'destroy',
  'kubectl',
  '-n',
  'delete',
  'branch',
  '-D',
  'tag',
  '-d',
  'clean',
  '-fdx',
  ' ',
  // What the classifier resolves since issue 28: assembled words, stdin scripts, inline code.
  'x=push',
  '"$x"',
  '{pu,}sh',
  '--forc',
  'pub',
  'eval',
  '<<<',
  'python3',
  "os.system('git push -f')",
  'rm',
  '-rf',
  '/',
  '*',
  'checkout',
  'reset',
  '--hard',
  'IFS=,',
  'printf',
  '\\x67it',
  'base64',
  'xargs',
  'find',
  '-exec',
  '{}',
  'git-push',
  'alias.p=push',
  '<(',
);
const shellish = fc.array(piece, { maxLength: 24 }).map((parts) => parts.join(' '));

describe('classifyCommand (properties)', () => {
  it('never throws and always answers with known actions, on shell-shaped and arbitrary text', () => {
    const known = new Set([...rules.map((r) => r.action), 'unreadable-command']);
    fc.assert(
      fc.property(
        fc.oneof(shellish, fc.string({ maxLength: 200 }), fc.string({ unit: 'grapheme', maxLength: 80 })),
        (text) => {
          const c = classifyCommand(text, rules);
          expect(c.actions.every((a) => known.has(a))).toBe(true);
          expect(c.never.every((a) => c.actions.includes(a))).toBe(true);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('is never guarded when the fast path clears it: the fast path loses no guarded command', () => {
    const vocabulary = fastVocabulary(rules);
    fc.assert(
      fc.property(fc.oneof(shellish, fc.string({ maxLength: 200 })), (text) => {
        if (provablyUnguarded(text, vocabulary)) expect(classifyCommand(text, rules).actions).toEqual([]);
      }),
      { numRuns: 400 },
    );
  });
});
