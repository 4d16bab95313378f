import { describe, expect, it } from 'vitest';
import { planRemoval, type RemovalContext } from '../../../src/guard/removal.js';

const ctx: RemovalContext = {
  root: '/home/ada/src/proj',
  home: '/home/ada',
  cwd: '/home/ada/src/proj',
  realpath: (p) =>
    p.startsWith('/tmp/link-to-root') ? p.replace('/tmp/link-to-root', '/home/ada/src/proj') : p,
};
const plan = (paths: string[], cwd = '', at: Partial<RemovalContext> = {}) =>
  planRemoval({ action: 'rm-recursive', cwd, paths }, { ...ctx, ...at });
const held = { held: true, pathspecs: [] };

describe('planRemoval: which paths rm -r may take', () => {
  it.each([
    [['.'], ''],
    [['..'], ''],
    [['../..'], ''],
    [['/'], ''],
    [['/usr'], ''],
    [['/home'], ''],
    [['/home/ada'], ''],
    [['/home/ada/Documents'], ''],
    [['~'], ''],
    [['~/src'], ''],
    [['~otheruser/x'], ''],
    [['*'], '..'],
    [['../*'], ''],
    [['/home/ada/*'], ''],
    [['/tmp/link-to-root/'], ''],
    [['proj'], '..'],
    [['x'], '~other'],
  ])('holds %j (from %j): the root, above it, home, or a child of / or home', (paths, cwd) => {
    expect(plan(paths, cwd)).toEqual(held);
  });

  it('holds every path when home is unknown and a path starts with ~', () => {
    expect(plan(['~/x/y/z'], '', { home: null })).toEqual(held);
  });

  it('asks git about paths inside the repository, literally, or as a pattern for globs', () => {
    expect(plan(['node_modules', 'dist/', './build'])).toEqual({
      held: false,
      pathspecs: [':(top,literal)node_modules', ':(top,literal)dist', ':(top,literal)build'],
    });
    expect(plan(['*'])).toEqual({ held: false, pathspecs: [':(top)*'] });
    expect(plan(['dist/*.js', 'a/*/b'])).toEqual({
      held: false,
      pathspecs: [':(top)dist/*.js', ':(top)a/*/b'],
    });
    expect(plan(['../dist'], 'src')).toEqual({ held: false, pathspecs: [':(top,literal)dist'] });
    expect(plan(['~/src/proj/coverage'])).toEqual({ held: false, pathspecs: [':(top,literal)coverage'] });
  });

  it('leaves paths outside the repository and not above it free', () => {
    expect(plan(['/tmp/x', '/var/tmp/build/*', '~/src/other/dist', '../other'])).toEqual({
      held: false,
      pathspecs: [],
    });
  });
});
