import { describe, expect, it } from 'vitest';
import { DocExampleError, findExamples, replaceExample } from '../helpers/doc-examples.js';

const doc = (...lines: string[]) => `${lines.join('\n')}\n`;

describe('findExamples', () => {
  it('reads a marked console block: its commands, their shown output, the tree and the folder', () => {
    const text = doc(
      '# Page',
      '',
      '<!-- example -->',
      '```console',
      '$ npx --no agent-config gates',
      'No open blockers at all.',
      '$ npx --no agent-config gates --reply | tail -n 2',
      '```',
      '',
      '<!-- example tree=test/fixtures/doc-trees/shapes cwd=. -->',
      '```console',
      '$ npx --no agent-config stage --action \'force push\' --object "a \\"b\\"" --source s',
      '```',
    );
    const [first, second] = findExamples('docs/x.md', text);
    expect(first).toMatchObject({
      line: 3,
      tree: 'examples/demo',
      cwd: 'examples/demo',
      bodyStart: 4,
      bodyEnd: 7,
    });
    expect(first!.commands).toEqual([
      {
        line: 'npx --no agent-config gates',
        args: ['gates'],
        filters: [],
        shown: 'No open blockers at all.\n',
      },
      {
        line: 'npx --no agent-config gates --reply | tail -n 2',
        args: ['gates', '--reply'],
        filters: [{ kind: 'tail', lines: 2 }],
        shown: '',
      },
    ]);
    expect(second).toMatchObject({ tree: 'test/fixtures/doc-trees/shapes', cwd: '.' });
    expect(second!.commands[0]!.args).toEqual([
      'stage',
      '--action',
      'force push',
      '--object',
      'a "b"',
      '--source',
      's',
    ]);
  });

  it('runs an example in an empty repository from its top folder with tree=none', () => {
    const [example] = findExamples(
      'x.md',
      doc('<!-- example tree=none -->', '```console', '$ npx --no agent-config init', '```'),
    );
    expect(example).toMatchObject({ tree: 'none', cwd: '.' });
  });

  it('refuses a console block with neither marker, naming the file and line', () => {
    expect(() => findExamples('docs/x.md', doc('text', '```console', '$ agent-config gates', '```'))).toThrow(
      'docs/x.md:2: a console block needs `<!-- example -->`',
    );
  });

  it('leaves a console block marked not run, and blocks of other languages, alone', () => {
    const text = doc(
      '<!-- not run: the output of a tree built elsewhere -->',
      '```console',
      '$ agent-config gates',
      '```',
      '```sh',
      'npx --no agent-config gates',
      '```',
      '````markdown',
      '```console',
      '````',
    );
    expect(findExamples('x.md', text)).toEqual([]);
  });

  it('refuses a command that is not `npx --no agent-config`, shell syntax, other pipes and output before a command', () => {
    const block = (line: string) => doc('<!-- example -->', '```console', line, '```');
    expect(() => findExamples('x.md', block('$ agent-config gates'))).toThrow(DocExampleError);
    expect(() => findExamples('x.md', block('$ npx agent-config gates'))).toThrow(
      'starts with `npx --no agent-config`',
    );
    expect(() => findExamples('x.md', block('$ npx --no agent-config gates && rm -rf x'))).toThrow(
      "'&' is not supported",
    );
    expect(() => findExamples('x.md', block('$ npx --no agent-config gates | grep x'))).toThrow(
      'only `| head -n N`',
    );
    expect(() => findExamples('x.md', block('output'))).toThrow('x.md:3: a run example starts with a `$');
    expect(() =>
      findExamples('x.md', doc('<!-- example -->', '```console', '$ npx --no agent-config gates')),
    ).toThrow('never closed');
  });
});

describe('replaceExample', () => {
  it('rewrites only the body of the n-th example, keeping the marker, the fence and everything around it', () => {
    const text = doc(
      'before',
      '<!-- example -->',
      '```console',
      '$ npx --no agent-config gates',
      'old',
      '```',
      'between',
      '<!-- example -->',
      '```console',
      '$ npx --no agent-config lint',
      'old too',
      '```',
      'after',
    );
    const out = replaceExample(text, 'x.md', 1, '$ npx --no agent-config lint\nnew\nlines\n');
    expect(out).toBe(text.replace('old too\n', 'new\nlines\n'));
    expect(findExamples('x.md', out)[1]!.commands[0]!.shown).toBe('new\nlines\n');
  });
});
