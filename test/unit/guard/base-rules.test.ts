import { describe, expect, it } from 'vitest';
import { BASE_RULES, namesRemoteTracking } from '../../../src/guard/base-rules.js';
import { classifyCommand } from '../../../src/guard/classify.js';
import { fastVocabulary, provablyUnguarded } from '../../../src/guard/prefilter.js';

import { DEFAULT_RULES, rulesFor } from '../../../src/guard/rules.js';

const VOCABULARY = fastVocabulary(DEFAULT_RULES);
const mayConcernGuard = (command: string) => !provablyUnguarded(command, VOCABULARY);

const rules = rulesFor({ disable: [], never: [], rules: [] });
const MOVE = 'git-base-move';

// Commands that move the base (refs/remotes/origin/HEAD or what it names) by hand: held.
const HELD: string[] = [
  'git fetch origin +main:refs/remotes/origin/main',
  'git fetch origin agent:refs/remotes/origin/main',
  'git fetch -f origin agent:refs/remotes/origin/main',
  'git fetch . agent:remotes/origin/main',
  'git fetch /tmp/fake "+refs/heads/*:refs/remotes/origin/*"',
  "git fetch /tmp/fake 'refs/*:refs/*'",
  "git fetch /tmp/fake '*:*'",
  'git fetch origin +refs/heads/*:refs/remotes/origin/*',
  'git fetch --depth 1 origin agent:refs/remotes/origin/main',
  'git fetch origin agent --refmap=refs/heads/agent:refs/remotes/origin/main',
  'git fetch origin agent --refmap refs/heads/agent:refs/remotes/origin/main',
  'git fetch origin agent --refm=refs/heads/agent:refs/remotes/origin/main',
  'git pull origin agent:refs/remotes/origin/main',
  'git -c remote.origin.url=/tmp/fake fetch',
  'git -c remote.origin.fetch=+refs/heads/agent:refs/remotes/origin/main fetch origin',
  'git --config-env=remote.origin.url=FAKE fetch',
  'git -c remote.origin.url=/tmp/fake pull',
  'git -c remote.origin.url=/tmp/fake remote update',
  'git push . agent:origin/main',
  'git push . agent:refs/remotes/origin/main',
  'git push ./ HEAD:origin/main',
  'git push origin agent:refs/remotes/origin/main',
  'git send-pack . agent:refs/remotes/origin/main',
  'git receive-pack .',
  'git remote set-head origin agent',
  'git remote set-head origin --auto',
  'git remote set-head origin -d',
  'git remote set-url origin /tmp/fake',
  'git remote rename origin old',
  'git remote remove origin',
  'git remote rm origin',
  'git remote -v set-url origin /tmp/fake',
  'git remote add --mirror=fetch mirror /tmp/fake',
  // Where there is no origin: adding one creates the base (with -m, -f or the next fetch).
  'git remote add origin /tmp/fake',
  'git remote add -f origin /tmp/fake',
  'git remote add -m main origin /tmp/fake',
  'git remote add -t main -m main origin /tmp/fake',
  'git remote add Origin /tmp/fake',
  'git remote add origin /tmp/fake && git fetch origin',
  'git remote add x /tmp/fake && git remote rename x origin',
  'git update-ref refs/remotes/origin/main HEAD',
  'git update-ref -d refs/remotes/origin/HEAD',
  'git update-ref -m x refs/remotes/origin/main HEAD',
  'git update-ref --stdin',
  'echo "update refs/remotes/origin/main abc" | git update-ref --stdin',
  'git symbolic-ref refs/remotes/origin/HEAD refs/remotes/origin/agent',
  'git symbolic-ref -d refs/remotes/origin/HEAD',
  'git branch -r -d origin/main',
  'git branch -rd origin/main',
  'git branch --remotes --delete origin/main',
  'git branch -d -r origin/main',
  'git branch -D -r origin/HEAD',
  'git config remote.origin.url /tmp/fake',
  'git config remote.origin.fetch +refs/heads/agent:refs/remotes/origin/main',
  'git config --add remote.origin.fetch +refs/heads/agent:refs/remotes/origin/main',
  'git config --replace-all remote.origin.fetch x',
  'git config --unset remote.origin.url',
  'git config --remove-section remote.origin',
  'git config --rename-section remote.origin old',
  'git config set remote.origin.url /tmp/fake',
  'git config --global remote.origin.url /tmp/fake',
  'git config Remote.Origin.URL /tmp/fake',
  'git -C sub config remote.origin.url /tmp/fake',
  "sh -c 'git remote set-head origin agent'",
  'sudo git update-ref refs/remotes/origin/main HEAD',
];

// Everyday commands beside them: free.
const FREE: string[] = [
  'git fetch',
  'git fetch origin',
  'git fetch origin main',
  'git fetch --all --prune',
  'git fetch -p',
  'git fetch origin main:main',
  'git fetch origin pull/12/head:pr-12',
  'git fetch origin --refmap=',
  'git fetch --depth 1 origin main',
  'git pull',
  'git pull --rebase origin main',
  'git push origin main',
  'git push -u origin feature/x',
  'git push origin HEAD:feature/x',
  'git remote -v',
  'git remote add upstream https://example.com/x.git',
  'git remote add -f upstream /tmp/x && git fetch upstream',
  'git remote add -m main upstream /tmp/x',
  'git remote update',
  'git remote prune origin',
  'git remote show origin',
  'git remote get-url origin',
  'git update-ref refs/heads/topic HEAD',
  'git symbolic-ref HEAD',
  'git symbolic-ref --short HEAD',
  'git branch -r',
  'git branch -a',
  'git branch -d topic',
  'git branch --list -r',
  'git config remote.origin.url',
  'git config --get remote.origin.url',
  'git config get remote.origin.url',
  'git config --get-regexp remote',
  'git config user.name Ada',
  'git config --list',
  'git rev-parse origin/main',
  'git log origin/main..HEAD',
  'git diff origin/main',
  'echo "git remote set-head origin x"',
];

describe('the base-moving rules', () => {
  it.each(HELD)('holds %j', (command) => {
    expect(classifyCommand(command, rules).actions).toContain(MOVE);
    expect(mayConcernGuard(command)).toBe(true);
  });

  it.each(FREE)('leaves %j free', (command) => {
    expect(classifyCommand(command, rules).actions).toEqual([]);
  });

  it('holds a remote added under a name the text cannot fix as unreadable: it may be origin', () => {
    expect(classifyCommand('git remote add "$R" /tmp/fake', rules).actions).toEqual(['unreadable-command']);
    expect(classifyCommand('git remote add o* /tmp/fake', rules).actions).toEqual(['unreadable-command']);
  });

  it('is one default action no gate window lets through, with keywords the pre-filter carries', () => {
    expect(DEFAULT_RULES.filter((r) => r.action === MOVE)).toEqual([...BASE_RULES]);
    expect(classifyCommand('git remote set-head origin agent', rules).never).toEqual([MOVE]);
    // The fast path's vocabulary is built from the rule table, so these words always reach it.
    for (const r of BASE_RULES) for (const k of r.keywords) expect(mayConcernGuard(`git ${k}`)).toBe(true);
  });

  it('reads a destination as remote-tracking when it is, or when a glob may expand into refs/remotes/', () => {
    for (const yes of [
      'refs/remotes/origin/main',
      'remotes/x',
      '+refs/remotes/o/*',
      'refs/*',
      '*',
      'refs/re*',
    ])
      expect([yes, namesRemoteTracking(yes)]).toEqual([yes, true]);
    for (const no of ['main', 'refs/heads/*', 'refs/tags/v1', 'origin/main', 'refs/heads/remotes/x'])
      expect([no, namesRemoteTracking(no)]).toEqual([no, false]);
  });
});
