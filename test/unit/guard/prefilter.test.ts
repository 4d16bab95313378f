import { describe, expect, it } from 'vitest';
import { DEFAULT_RULE_WORDS } from '../../../src/guard/default-rule-words.js';
import { INTERPRETERS as CODE_INTERPRETERS } from '../../../src/guard/interpreters.js';
import { SHELLS as LAUNCHING_SHELLS } from '../../../src/guard/launchers.js';
import { fastVocabulary, plainCommands, provablyUnguarded } from '../../../src/guard/prefilter.js';
import { DEFAULT_RULES } from '../../../src/guard/rules.js';
import {
  FILE_WRITERS,
  GIT_PLAIN_SUBCOMMANDS,
  INTERPRETERS,
  NPM_PLAIN_SUBCOMMANDS,
  SHELL_BUILTINS,
  SHELLS,
  WRAPPERS,
} from '../../../src/guard/vocabulary.js';
import { WRAPPERS as CLASSIFIER_WRAPPERS, RUNNERS } from '../../../src/guard/wrappers.js';

const vocabulary = fastVocabulary(DEFAULT_RULES);
const cleared = (command: string) => provablyUnguarded(command, vocabulary);

describe('plainCommands', () => {
  it('splits a line of plain words into its simple commands, redirections to /dev/null and descriptors dropped', () => {
    expect(plainCommands('npm run build && ls -la')).toEqual([
      ['npm', 'run', 'build'],
      ['ls', '-la'],
    ]);
    expect(
      plainCommands('npm test 2>&1 | tail -20; pwd &\nls >/dev/null 2> /dev/null &>/dev/null >&2'),
    ).toEqual([['npm', 'test'], ['tail', '-20'], ['pwd'], ['ls']]);
    expect(plainCommands('ls &&\n\n  ls')).toEqual([['ls'], ['ls']]);
    expect(plainCommands('git diff HEAD~1 HEAD^ a:b x=y')).toEqual([
      ['git', 'diff', 'HEAD~1', 'HEAD^', 'a:b', 'x=y'],
    ]);
    expect(plainCommands('')).toEqual([]);
  });

  it.each([
    'git pu\\\nsh',
    'npm pub$""lish',
    "npm pub''lish",
    'a `b`',
    'a $(b)',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: shell text
    'a ${b}',
    "a $'b'",
    'a {b,c}',
    'a *',
    'a b?',
    'a [b]',
    'a ~/b',
    'a --x=~/b',
    'a b:~',
    'a ~',
    'a ^b',
    'a <b',
    'a <<<b',
    'a <(b)',
    'a >b',
    'a >>b',
    'a >&b',
    'a 2>b',
    'a1>/dev/null',
    '(a)',
    'a # b',
    '! a',
    'a\r',
    'a\u00a0b',
    'caf\u00e9',
    '; a',
    'a;;',
    'a && && b',
    'a &&',
    'a |',
    'a &| b',
    'a &! b',
    'a\n&& b',
  ])('refuses %j: a word the shell could build, or a syntax it does not know', (text) => {
    expect(plainCommands(text)).toBeNull();
  });
});

describe('provablyUnguarded', () => {
  it.each([
    'ls',
    'ls -la',
    'ls .',
    'ls ..',
    'cat README.md',
    'cat git.md',
    'git status',
    'git diff',
    'git log --oneline',
    'git -C packages/a --no-pager log -3',
    'npm test',
    'npm run build',
    'npm run lint && npm test 2>&1 | tail -5',
  ])('clears %j', (command) => {
    expect(cleared(command)).toBe(true);
  });

  it.each([
    'git push',
    'git st',
    'git Status',
    '/usr/bin/git status',
    'GIT status',
    'git -c alias.status=push status',
    'git --git-dir=x status',
    'git log --grep push',
    'git log -- src/git/x.ts',
    'npm publish --dry-run',
    'npm pub',
    'npm unpub',
    'npm t',
    'npm --loglevel warn test',
    'npm test -- --runner node',
    'git-push -f',
    'ls git-push',
    'echo git push -f',
    'python3.12 x.py',
    '/usr/local/bin/python3 x.py',
    'node x.js',
    '. ./env.sh',
    'source env.sh',
    'eval ls',
    'x=1',
    'FOO=1 ls',
    'if true',
    'for x in a',
    'rm -rf node_modules',
    'tee out.txt',
  ])('leaves %j to the full classification', (command) => {
    expect(cleared(command)).toBe(false);
  });

  it("names every shell, interpreter, wrapper, code builtin, writer and rule program in vocabulary.ts's lists", () => {
    const named = [
      ...SHELLS,
      ...INTERPRETERS,
      ...WRAPPERS,
      ...SHELL_BUILTINS,
      ...FILE_WRITERS,
      ...DEFAULT_RULES.flatMap((r) => r.programs),
    ];
    for (const name of named) {
      expect([name, cleared(`${name} x`), cleared(`ls ${name}`), cleared(`ls && ${name}`)]).toEqual([
        name,
        false,
        name === '.',
        false,
      ]);
    }
  });

  it('names every program the classifier looks through: wrappers, runners, shells, interpreters', () => {
    const through = [
      ...Object.keys(CLASSIFIER_WRAPPERS),
      ...Object.keys(RUNNERS),
      ...LAUNCHING_SHELLS,
      ...Object.keys(CODE_INTERPRETERS),
      ...['python3', 'python3.12', 'pypy3', 'eval', 'source', 'trap', 'alias', 'deno', 'tmux', 'screen'],
      ...['at', 'batch', 'psql', 'mysql', 'mariadb', 'sqlite3', 'duckdb'],
    ];
    const missed = through.filter((name) => cleared(`${name} x`) || cleared(`ls && ${name} x`));
    expect(missed).toEqual([]);
  });

  it("reads the default rules' programs and keywords from a table kept equal to the rules'", () => {
    expect(DEFAULT_RULE_WORDS).toEqual(
      DEFAULT_RULES.map((r) => ({ action: r.action, programs: r.programs, keywords: r.keywords })),
    );
  });

  it("takes its programs and keywords from the rule table it is given: a new rule's program is never cleared", () => {
    const more = fastVocabulary([...DEFAULT_RULES, { programs: ['zig'], keywords: ['publish'] }]);
    expect(provablyUnguarded('zig build', vocabulary)).toBe(true);
    expect(provablyUnguarded('zig build', more)).toBe(false);
    const gitKeyword = fastVocabulary([...DEFAULT_RULES, { programs: ['git'], keywords: ['commit'] }]);
    expect(provablyUnguarded('git commit -a', vocabulary)).toBe(true);
    expect(provablyUnguarded('git commit -a', gitKeyword)).toBe(false);
  });

  it('reads git and npm subcommands only from their own lists, none of them a keyword or its abbreviation', () => {
    const keywords = DEFAULT_RULES.flatMap((r) => r.keywords);
    for (const sub of [...GIT_PLAIN_SUBCOMMANDS, ...NPM_PLAIN_SUBCOMMANDS]) {
      const abbreviates = keywords.some((k) => k.startsWith(sub));
      const program = (GIT_PLAIN_SUBCOMMANDS as readonly string[]).includes(sub) ? 'git' : 'npm';
      expect([sub, cleared(`${program} ${sub}`)]).toEqual([sub, !abbreviates]);
    }
  });
});
