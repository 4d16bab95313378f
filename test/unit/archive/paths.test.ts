import { describe, expect, it } from 'vitest';
import {
  decodePath,
  encodeLike,
  escapesRoot,
  isLocalDestination,
  relativeTo,
  resolveFrom,
  splitSuffix,
} from '../../../src/archive/paths.js';

describe('repository paths', () => {
  it('resolves relative paths against a folder, keeping leading .. when the link escapes', () => {
    expect(resolveFrom('docs', '../agents/roadmaps/x.md')).toBe('agents/roadmaps/x.md');
    expect(resolveFrom('agents/roadmaps', './topic/../x.md')).toBe('agents/roadmaps/x.md');
    expect(resolveFrom('docs', '../../outside.md')).toBe('../outside.md');
    expect(resolveFrom('', '../../a/b.md')).toBe('../../a/b.md');
    expect(escapesRoot('../outside.md')).toBe(true);
    expect(escapesRoot('..x/a.md')).toBe(false);
  });

  it('computes relative paths between folders, also to targets outside the repository', () => {
    expect(relativeTo('agents/roadmaps/archive', 'agents/roadmaps/other.md')).toBe('../other.md');
    expect(relativeTo('docs', 'agents/roadmaps/archive/x.md')).toBe('../agents/roadmaps/archive/x.md');
    expect(relativeTo('agents/roadmaps/archive', '../outside.md')).toBe('../../../../outside.md');
    expect(relativeTo('', 'a.md')).toBe('a.md');
    expect(relativeTo('a/b', 'a/b/c.md')).toBe('c.md');
  });

  it('tells local destinations from URLs and anchors', () => {
    expect(isLocalDestination('x.md')).toBe(true);
    expect(isLocalDestination('/agents/roadmaps/x.md')).toBe(true);
    expect(isLocalDestination('https://example.com/agents/roadmaps/x.md')).toBe(false);
    expect(isLocalDestination('mailto:a@b')).toBe(false);
    expect(isLocalDestination('#phase-1')).toBe(false);
    expect(isLocalDestination('//cdn.example.com/x.md')).toBe(false);
    expect(isLocalDestination('')).toBe(false);
  });

  it('keeps anchors and queries apart from the path', () => {
    expect(splitSuffix('x.md#phase-2')).toEqual({ path: 'x.md', suffix: '#phase-2' });
    expect(splitSuffix('x.md?plain=1#L3')).toEqual({ path: 'x.md', suffix: '?plain=1#L3' });
    expect(splitSuffix('x.md')).toEqual({ path: 'x.md', suffix: '' });
  });

  it('decodes percent-encoding, keeping text that is not valid encoding', () => {
    expect(decodePath('my%20plan.md')).toBe('my plan.md');
    expect(decodePath('caf%C3%A9.md')).toBe('café.md');
    expect(decodePath('100%.md')).toBe('100%.md');
  });

  it('writes the new path in the style of the old one', () => {
    expect(encodeLike('my%20plan.md', 'archive/my plan.md', false)).toBe('archive/my%20plan.md');
    expect(encodeLike('caf%C3%A9.md', 'archive/café.md', false)).toBe('archive/caf%C3%A9.md');
    expect(encodeLike('café.md', 'archive/café.md', false)).toBe('archive/café.md');
    expect(encodeLike('my plan.md', 'archive/my plan.md', true)).toBe('archive/my plan.md');
    expect(encodeLike('./x.md', 'archive/x.md', false)).toBe('./archive/x.md');
    expect(encodeLike('./x.md', '../x.md', false)).toBe('../x.md');
  });
});
