import { describe, expect, it } from 'vitest';
import { classifyCommand } from '../../../src/guard/classify.js';
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
