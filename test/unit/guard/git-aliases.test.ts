import { describe, expect, it } from 'vitest';
import { classifyCommand } from '../../../src/guard/classify.js';
import { watchOwnFiles } from '../../../src/guard/own-files.js';
import { rulesFor } from '../../../src/guard/rules.js';

// Issue 28: `git st` where the repository's git configuration says `alias.st = push -f`. The
// classifier names the words that may be aliases; given the configuration's aliases, it reads
// them as git does (never one that shadows git's own command; a `!` alias is shell text).
const rules = rulesFor({ disable: [], never: [], rules: [] });
const ALIASES = new Map([
  ['st', 'push -f'],
  ['yolo', '!git push --force origin main'],
  ['shell', '!f() { git push -f; }; f'],
  ['fn', '!f() { git push -f; }; f'],
  ['a', 'b'],
  ['b', 'push --mirror'],
  ['lg', 'log --oneline --graph'],
  ['status', 'push -f'],
  ['nuke', 'reset --hard'],
  ['wipe', '!rm -rf ~'],
]);

const classify = (command: string) => classifyCommand(command, rules, { gitAliases: ALIASES });

describe("git aliases of the repository's configuration", () => {
  it.each([
    ['git st', ['git-force-push']],
    ['git st origin main', ['git-force-push']],
    ['git ST origin main', ['git-force-push']],
    ['git -C sub st', ['git-force-push']],
    ['git --no-pager st', ['git-force-push']],
    ['git yolo', ['git-force-push']],
    ['git fn', ['git-force-push']],
    ['git a', ['git-force-push']],
    ['git nuke', ['git-reset-hard']],
    ['git wipe', ['rm-recursive']],
    ['sudo git st', ['git-force-push']],
    ["sh -c 'git st'", ['git-force-push']],
    ['x=st; git $x', ['git-force-push']],
  ])('%j → %j', (command, actions) => {
    expect(classify(command).actions).toEqual(actions);
  });

  it.each(['git lg', 'git status', 'git shell', 'git log', 'git unknown-word', 'git -c alias.st=status st'])(
    '%j stays free: an alias that shadows git’s own command is ignored, as git ignores it',
    (command) => {
      expect(classify(command).actions).toEqual([]);
    },
  );

  it('names the words that may be aliases only when no aliases were given, never git’s own commands', () => {
    const plain = (command: string) => classifyCommand(command, rules).gitAliasWords;
    expect(plain('git st origin main')).toEqual(['st']);
    expect(plain('git status && git -C x lg')).toEqual(['lg']);
    expect(plain('git push -f')).toEqual([]);
    expect(plain("git -c alias.st='push -f' st")).toEqual([]);
    expect(plain("git -c alias.st='!echo' st")).toEqual([]);
    expect(plain('echo st')).toEqual([]);
    expect(plain("bash -c 'git yolo'")).toEqual(['yolo']);
    expect(classifyCommand('git st', rules).actions).toEqual([]);
    expect(classify('git st').gitAliasWords).toEqual([]);
  });

  it('reads aliases the environment defines on the line, `!` ones as shell text', () => {
    expect(
      classifyCommand(
        "GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=alias.p GIT_CONFIG_VALUE_0='!git push -f' git p",
        rules,
      ).actions,
    ).toEqual(['git-force-push']);
    expect(
      classifyCommand(
        "export GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=alias.p GIT_CONFIG_VALUE_0='push -f'; git p",
        rules,
      ).actions,
    ).toEqual(['git-force-push']);
    expect(classifyCommand('GIT_CONFIG_PARAMETERS="\'alias.p=!git push -f\'" git p', rules).actions).toEqual([
      'git-force-push',
    ]);
    expect(classifyCommand('GIT_CONFIG_COUNT=$N git p', rules).actions).toEqual(['unreadable-command']);
  });
});

// Issue 28 (gaps): git reads the aliases of the repository it runs in. The classifier names
// each place (the call's folder after `cd` and `-C`, the repository `--git-dir`/`GIT_DIR`
// names) and reads each place's aliases from the lookup it is given.
describe('git aliases by the place git reads them', () => {
  const places = (command: string) =>
    classifyCommand(command, rules).gitAliasPlaces.map(({ place, words }) => [place, words]);

  it('names the place of each word: -C, cd, --git-dir and GIT_DIR from the call’s folder', () => {
    expect(places('git st')).toEqual([[{ dir: '.', gitDir: null }, ['st']]]);
    expect(places('git -C a -C ../b st')).toEqual([[{ dir: 'b', gitDir: null }, ['st']]]);
    expect(places('git -C /abs st')).toEqual([[{ dir: '/abs', gitDir: null }, ['st']]]);
    expect(places('cd a && git -C b st')).toEqual([[{ dir: 'a/b', gitDir: null }, ['st']]]);
    expect(places('git -C a --git-dir=.git st')).toEqual([[{ dir: 'a', gitDir: 'a/.git' }, ['st']]]);
    expect(places('GIT_DIR=x/.git git st')).toEqual([[{ dir: '.', gitDir: 'x/.git' }, ['st']]]);
    expect(places('git --work-tree=w st')).toEqual([[{ dir: '.', gitDir: null }, ['st']]]);
    expect(places('git -C "$X" st')).toEqual([[null, ['st']]]);
    expect(places('cd "$X"; git st')).toEqual([[null, ['st']]]);
    // git's own commands are never aliases, wherever they run: nothing to read.
    expect(places('git -C "$X" status; cd "$Y" && git log')).toEqual([]);
  });

  it('reads each place’s aliases; a place whose aliases cannot be known is unreadable', () => {
    const at = new Map([
      ['.', new Map([['st', 'log --oneline']])],
      [
        'other',
        new Map([
          ['st', 'push -f'],
          ['cfg', 'config'],
          ['go', '!git st'],
        ]),
      ],
    ]);
    const lookup = (place: { dir: string } | null) =>
      place === null ? null : (at.get(place.dir) ?? undefined);
    const classify = (command: string) => classifyCommand(command, rules, { gitAliases: lookup });
    expect(classify('git st').actions).toEqual([]);
    expect(classify('git -C other st').actions).toEqual(['git-force-push']);
    expect(classify('cd other && git st').actions).toEqual(['git-force-push']);
    // A `!` alias runs in the repository it came from: its `git st` is that repository's.
    expect(classify('git -C other go').actions).toEqual(['git-force-push']);
    expect(classify('git -C "$X" st').actions).toEqual(['unreadable-command']);
    expect(classify('git -C "$X" status').actions).toEqual([]);
    // A place not read yet is named again, for the next round.
    expect(classify('git -C elsewhere st').gitAliasPlaces).toEqual([
      { place: { dir: 'elsewhere', gitDir: null }, words: ['st'] },
    ]);
  });

  it('lets the own-files watch see a `git config` spelled through an alias', () => {
    const watch = watchOwnFiles();
    classifyCommand('git cfg alias.x "push -f"', [...rules, watch.rule], {
      gitAliases: new Map([['cfg', 'config']]),
    });
    expect(watch.seen.settings).toEqual(['alias.x']);
    const plain = watchOwnFiles();
    classifyCommand('git cfg --get alias.x', [...rules, plain.rule], {
      gitAliases: new Map([['cfg', 'config']]),
    });
    expect(plain.seen.settings).toEqual([]);
  });
});
