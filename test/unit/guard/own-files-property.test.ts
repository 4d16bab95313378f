import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classifyCommand } from '../../../src/guard/classify.js';
import { DEFAULT_RULES } from '../../../src/guard/default-rules.js';
import { ownFilesFindings, watchOwnFiles } from '../../../src/guard/own-files.js';
import { mayConcernOwnFiles } from '../../../src/guard/own-files-prefilter.js';
import { fastVocabulary, provablyUnguarded } from '../../../src/guard/prefilter.js';

const VOCABULARY = fastVocabulary(DEFAULT_RULES);
const mayConcernGuard = (command: string) => !provablyUnguarded(command, VOCABULARY);

const PLACE = { cwd: '/p/sub', home: '/h', anchors: ['/p'], homes: ['/h'] };

/** Split a word with the quoting a shell removes: `ag""ent`, `'a'gent`, `a\gent`. */
const quoted = (word: string) =>
  fc.tuple(fc.nat(word.length), fc.constantFrom('""', "''", '\\', '')).map(([at, q]) => {
    if (q === '\\')
      return at < word.length && /[a-z]/.test(word[at]!) ? `${word.slice(0, at)}\\${word.slice(at)}` : word;
    return `${word.slice(0, at)}${q}${word.slice(at)}`;
  });

/** A protected path as written from /p/sub: relative, absolute, with `.`/`..` detours, quoted. */
const target = fc
  .tuple(
    fc.constantFrom(
      'agent-config.yaml',
      '.claude/settings.json',
      '.claude/settings.local.json',
      'agents/runtime/lock',
      'agents/evidence/ledger/main.jsonl',
      '.git/config',
      '.git/hooks/pre-commit',
      'node_modules/.bin/agent-config',
    ),
    fc.constantFrom('../', '/p/', '../sub/../', './../', '/p/./', '$HOME/../../p/'),
  )
  .chain(([file, lead]) => quoted(file).map((q) => `${lead}${q}`));

/** One shell write of a path, in one of the forms the guard reads. */
const write = target.chain((t) =>
  fc.constantFrom(
    `echo x > ${t}`,
    `echo x >> ${t}`,
    `: >| ${t}`,
    `cat <> ${t}`,
    `printf x | tee -a ${t}`,
    `sed -i s/a/b/ ${t}`,
    `cp /tmp/x ${t}`,
    `mv /tmp/x ${t}`,
    `rm -f ${t}`,
    `truncate -s0 ${t}`,
    `dd of=${t}`,
    `ln -sf /tmp/x ${t}`,
    `sh -c 'echo x > ${t}'`,
    `{ echo; } > ${t}`,
    `sudo tee ${t} < /dev/null`,
  ),
);

describe("the guard's own files, generated", () => {
  it('every generated write of a protected file is held, and the fast path hands it on', () => {
    fc.assert(
      fc.property(write, fc.constantFrom('', 'ls && ', 'cd . ; '), (command, before) => {
        const line = `${before}${command}`;
        const watch = watchOwnFiles();
        classifyCommand(line, [watch.rule]);
        const { finding } = ownFilesFindings(watch.seen, PLACE, { command: line, humanInEnvironment: false });
        expect(finding?.kind, line).toBe('write');
        expect(mayConcernGuard(line) || mayConcernOwnFiles(line, PLACE.cwd), line).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
