import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { DEFAULT_CONFIG, onlyComments, parseConfigSource } from '../../../src/core/config.js';
import { renderConfigTemplate } from '../../../src/init/templates.js';

// parseConfigSource answers the defaults without loading yaml for text of blank lines and
// comments only. The shortcut must never take a text in which yaml reads anything: a key, a
// directive, an error or a warning (a key hidden after a character some YAML reads as a line
// break would otherwise count for yaml and not for the guard).

const piece = fc.constantFrom(
  '',
  ' ',
  '  ',
  '\t',
  '#',
  '# note',
  'key: v',
  'guard:',
  '- x',
  '---',
  '...',
  '%YAML 1.2',
  '\r',
  '\u0085',
  '\u2028',
  '\u2029',
  '\ufeff',
  ':',
  '"',
  'é',
  '&a',
  '!t',
);
const line = fc.array(piece, { maxLength: 5 }).map((parts) => parts.join(''));
const text = fc
  .tuple(fc.array(line, { maxLength: 6 }), fc.constantFrom('\n', '\r\n'))
  .map(([lines, eol]) => lines.join(eol));
const commentLine = fc
  .tuple(fc.nat(3), fc.array(piece, { maxLength: 5 }))
  .map(([spaces, parts]) => `${' '.repeat(spaces)}#${parts.join('')}`);
const comments = fc
  .array(fc.oneof(commentLine, fc.constantFrom('', ' ')), { maxLength: 6 })
  .map((lines) => lines.join('\n'));

function yamlReadsNothing(t: string): boolean {
  const doc = parseDocument(t, { prettyErrors: false, uniqueKeys: true });
  const data: unknown = doc.errors.length === 0 ? doc.toJS() : 'error';
  return doc.errors.length === 0 && doc.warnings.length === 0 && (data === null || data === undefined);
}

describe('the comments-only reading of agent-config.yaml', () => {
  it('takes only text in which yaml reads nothing, whatever it is made of', () => {
    fc.assert(
      fc.property(fc.oneof(text, comments), (t) => {
        if (onlyComments(t)) expect(yamlReadsNothing(t), JSON.stringify(t)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('takes the file init writes, blank and comment-only text, and answers the defaults', () => {
    const template = renderConfigTemplate();
    for (const t of [template, '', '\n\n', '# a\n  # b\n\n#', '   ']) {
      expect(onlyComments(t), JSON.stringify(t)).toBe(true);
      expect(yamlReadsNothing(t)).toBe(true);
      expect(parseConfigSource(t)).toEqual({ config: DEFAULT_CONFIG, keyAt: {} });
    }
  });

  it('leaves to yaml anything else, keys behind a comment included', () => {
    for (const t of [
      'key: v',
      '# a\nroadmaps: x\n',
      '#\u0085roadmaps: x',
      '\t# tab',
      '# a\r\n',
      '\ufeff# bom',
      '---\n',
    ])
      expect(onlyComments(t), JSON.stringify(t)).toBe(false);
    expect(parseConfigSource('# a\nroadmaps: plans\n').config.roadmaps).toBe('plans');
  });
});
