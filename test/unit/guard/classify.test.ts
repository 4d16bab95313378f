import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../../src/core/config.js';
import type { ConfigError } from '../../../src/core/errors.js';
import { classifyCommand } from '../../../src/guard/classify.js';
import { fastVocabulary, provablyUnguarded } from '../../../src/guard/prefilter.js';
import { DEFAULT_RULES, rulesFor } from '../../../src/guard/rules.js';

const rules = rulesFor({ disable: [], never: [], rules: [] });

// [command, the actions it performs (empty: not guarded)]
const TABLE: [string, string[]][] = [
  // force pushes: every spelling is one action
  ['git push --force', ['git-force-push']],
  ['git push -f origin main', ['git-force-push']],
  ['git push --force-with-lease', ['git-force-push']],
  ['git push --force-with-lease=main:abc123 origin main', ['git-force-push']],
  ['git push origin +main', ['git-force-push']],
  ['git push origin +HEAD:refs/heads/main', ['git-force-push']],
  ['git push -fu origin x', ['git-force-push']],
  ['git push -uf origin x', ['git-force-push']],
  ['git push --mirror backup', ['git-force-push']],
  ['git -C dir push -f', ['git-force-push']],
  ['git -c core.askPass=x -C ../other push --force', ['git-force-push']],
  ['git --git-dir=.git --work-tree . push -f', ['git-force-push']],
  ['/usr/bin/git push --force', ['git-force-push']],
  ['cd x && git push --force', ['git-force-push']],
  ['make test || git push -f', ['git-force-push']],
  ['echo hi; git push -f', ['git-force-push']],
  ['echo hi\ngit push -f', ['git-force-push']],
  ['git status | git push -f', ['git-force-push']],
  ['(cd sub && git push -f)', ['git-force-push']],
  ['{ git push -f; }', ['git-force-push']],
  ['echo $(git push -f)', ['git-force-push']],
  ['echo `git push -f`', ['git-force-push']],
  ['x="$(git push --force)"', ['git-force-push']],
  ['if true; then git push -f; fi', ['git-force-push']],
  ['for r in a b; do git push -f "$r"; done', ['git-force-push']],
  ['GIT_TRACE=1 git push -f', ['git-force-push']],
  ['env GIT_TRACE=1 git push -f', ['git-force-push']],
  ['env -u HOME A=b git push -f', ['git-force-push']],
  ['sudo git push -f', ['git-force-push']],
  ['sudo -u deploy git push -f', ['git-force-push']],
  ['command git push -f', ['git-force-push']],
  ['nice -n 10 git push -f', ['git-force-push']],
  ['time git push -f', ['git-force-push']],
  ['/usr/bin/time -v git push -f', ['git-force-push']],
  ['timeout 30 git push -f', ['git-force-push']],
  ['nohup git push -f &', ['git-force-push']],
  ['echo main | xargs git push -f origin', ['git-force-push']],
  ['echo main | xargs -I{} git push -f origin {}', ['git-force-push']],
  ['sh -c "git push -f"', ['git-force-push']],
  ["bash -c 'cd x && git push --force'", ['git-force-push']],
  ["bash -lc 'git push -f'", ['git-force-push']],
  ['sh -c "bash -c \\"git push -f\\""', ['git-force-push']],
  ['eval "git push -f"', ['git-force-push']],
  ['g\\it push "--for"ce', ['git-force-push']],
  ["'git' push '-f'", ['git-force-push']],
  ['git push -o ci.skip -f', ['git-force-push']],
  // deleting refs
  ['git push -d origin x', ['git-push-delete']],
  ['git push --delete origin v1', ['git-push-delete']],
  ['git push origin :old-branch', ['git-push-delete']],
  ['git push --prune origin', ['git-push-delete']],
  ['git push -fd origin x', ['git-force-push', 'git-push-delete']],
  ['git branch -D feature', ['git-branch-delete']],
  ['git branch --delete --force feature', ['git-branch-delete']],
  ['git branch -df feature', ['git-branch-delete']],
  ['git tag -d v1', ['git-tag-delete']],
  ['git tag --delete v1', ['git-tag-delete']],
  ['git clean -fdx', ['git-clean']],
  ['git clean -xdf', ['git-clean']],
  ['git clean --force', ['git-clean']],
  // other tools
  ['npm publish', ['npm-publish']],
  ['npm --registry https://r.example publish --access public', ['npm-publish']],
  ['pnpm publish', ['npm-publish']],
  ['yarn npm publish', ['npm-publish']],
  ['npm unpublish pkg@1.0.0', ['npm-unpublish']],
  ['gh release create v1.0.0', ['gh-release']],
  ['gh release delete v1.0.0 --yes', ['gh-release']],
  ['gh -R owner/repo release create v1', ['gh-release']],
  ['gh repo delete owner/repo --yes', ['gh-repo-delete']],
  ['gh pr merge 12 --squash', ['gh-pr-merge']],
  ['terraform apply', ['terraform-apply']],
  ['terraform -chdir=infra apply -auto-approve', ['terraform-apply']],
  ['terraform destroy', ['terraform-destroy']],
  ['terraform -chdir=infra apply -destroy', ['terraform-destroy']],
  ['tofu apply', ['terraform-apply']],
  ['kubectl delete pod x', ['kubectl-delete']],
  ['kubectl -n prod delete deploy web', ['kubectl-delete']],
  ['kubectl --context staging -n ns delete ns x', ['kubectl-delete']],
  ['psql -c "DROP TABLE users"', ['sql-drop']],
  ['psql mydb -c "drop database app"', ['sql-drop']],
  ['echo "DROP TABLE users;" | psql', ['sql-drop']],
  ['cat <<EOF | mysql\nDROP DATABASE app;\nEOF', ['sql-drop']],
  ['psql <<EOF\nDROP SCHEMA public CASCADE;\nEOF', ['sql-drop']],
  ['sqlite3 app.db "DROP TABLE t"', ['sql-drop']],
  ['mysql -e "drop   table x"', ['sql-drop']],
  ['psql <<< "drop table x"', ['sql-drop']],
  ['dropdb app', ['sql-drop']],
  ['git push -f && npm publish', ['git-force-push', 'npm-publish']],
  // unreadable but naming a guarded word
  ['git push --force "unterminated', ['git-force-push']],
  ['echo "unterminated git push', ['unreadable-command']],
  ['x=$(git push', ['unreadable-command']],
  ['$GIT push -f', ['unreadable-command']],
  ['$(which git) push --force', ['unreadable-command']],
  // not guarded
  ['git push', []],
  ['git push origin main', []],
  ['git push -u origin feature', []],
  ['git push --no-force-with-lease', []],
  ['git log --force-with-lease', []],
  ['git fetch --force', []],
  ['git branch -d merged', []],
  ['git branch feature', []],
  ['git tag v1', []],
  ['git tag -l', []],
  ['git clean -n', []],
  ['git clean -fn', []],
  ['git status && git diff', []],
  ['npm run publish-docs', []],
  ['npm publish --help | head', ['npm-publish']],
  ['npm run build', []],
  ['npm view pkg', []],
  ['echo "git push --force"', []],
  ["echo 'git push -f' > notes.txt", []],
  ['grep -r "git push -f" docs', []],
  ['git commit -m "drop table support; push -f later"', []],
  ['gh pr view 12', []],
  ['gh release list', []],
  ['gh repo view', []],
  ['terraform plan', []],
  ['terraform plan -destroy', []],
  ['kubectl get pods -n prod', []],
  ['kubectl -n delete get pods', []],
  ['psql -c "SELECT 1"', []],
  ['echo "drop table x" > notes.sql', []],
  ['command -v git', []],
  ['which git', []],
  ['ls -la', []],
  ['cat push.md', []],
  ['bash script.sh -c', []],
  ['"$EDITOR" notes.md', []],
];

describe('classifyCommand (the default rules)', () => {
  it('has at least 60 rows', () => {
    expect(TABLE.length).toBeGreaterThanOrEqual(60);
  });

  it.each(TABLE)('%j → %j', (command, actions) => {
    expect(classifyCommand(command, rules).actions).toEqual(actions);
  });

  it('leaves every guarded row to the full classification: the fast path answers for none', () => {
    const vocabulary = fastVocabulary(DEFAULT_RULES);
    for (const [command, actions] of TABLE) {
      if (actions.length > 0)
        expect([command, provablyUnguarded(command, vocabulary)]).toEqual([command, false]);
    }
  });

  it('reads ANSI-C quoting as the shell does', () => {
    expect(classifyCommand("$'\\x67it' push -f", rules).actions).toEqual(['git-force-push']);
  });

  it('marks publishing, repository deletion, destroy, drops and unreadable lines window: never', () => {
    const never = DEFAULT_RULES.filter((r) => r.window === 'never').map((r) => r.action);
    expect(never).toEqual([
      'npm-publish',
      'npm-unpublish',
      'gh-release',
      'gh-repo-delete',
      'terraform-destroy',
      'sql-drop',
      'cargo-publish',
      'python-publish',
      'gem-push',
      'gh-api-delete',
      'git-base-move',
    ]);
    expect(classifyCommand('x=$(git push', rules).never).toEqual(['unreadable-command']);
    expect(classifyCommand('git push -f && npm publish', rules).never).toEqual(['npm-publish']);
  });
});

describe('guard rules from agent-config.yaml', () => {
  it('adds a repository rule, switches a default off and marks one never', () => {
    const config = parseConfig(
      [
        'guard:',
        '  disable: [gh-pr-merge]',
        '  never: [git-force-push]',
        '  rules:',
        '    - action: deploy-production',
        '      command: [./scripts/deploy.sh, production]',
        '      window: never',
        '    - action: kubectl-drain',
        '      command: [kubectl, drain]',
        '      any-of: [--force, -f]',
      ].join('\n'),
    );
    const custom = rulesFor(config.guard);
    expect(classifyCommand('gh pr merge 1', custom).actions).toEqual([]);
    expect(classifyCommand('git push -f', custom).never).toEqual(['git-force-push']);
    expect(classifyCommand('./scripts/deploy.sh production', custom).actions).toEqual(['deploy-production']);
    expect(classifyCommand('sudo scripts/deploy.sh production --fast', custom).actions).toEqual([
      'deploy-production',
    ]);
    expect(classifyCommand('./scripts/deploy.sh staging', custom).actions).toEqual([]);
    expect(classifyCommand('kubectl drain node1 --force', custom).actions).toEqual(['kubectl-drain']);
    expect(classifyCommand('kubectl drain node1 -fq', custom).actions).toEqual(['kubectl-drain']);
    expect(classifyCommand('kubectl drain node1', custom).actions).toEqual([]);
  });

  it.each([
    ['guard: [x]', /agent-config.yaml:1: 'guard' must be a mapping/],
    ['guard:\n  off: [x]', /agent-config.yaml:2: unknown key 'guard.off'/],
    ['guard:\n  disable: [Bad Name]', /'guard.disable' must be a list of action names/],
    ['guard:\n  rules:\n    - action: x\n', /agent-config.yaml:3: 'guard.rules\[0\].command' must be a list/],
    [
      'guard:\n  rules:\n    - action: x\n      command: [a]\n      window: sometimes',
      /'guard.rules\[0\].window' must be never or allow/,
    ],
    ['guard:\n  rules:\n    - command: [a]', /'guard.rules\[0\].action' must be an action name/],
    [
      'guard:\n  rules:\n    - action: x\n      command: [a]\n      when: now',
      /unknown key 'guard.rules\[0\].when'/,
    ],
  ])('refuses %j naming the key and line', (text, message) => {
    let line = '';
    try {
      parseConfig(text);
    } catch (error) {
      line = (error as ConfigError).oneLine();
    }
    expect(line).toMatch(message);
  });
});

describe('guard.disable', () => {
  it('refuses an action that is not a default', () => {
    expect(() => rulesFor({ disable: ['git-forcepush'], never: [], rules: [] })).toThrow(
      /'guard.disable' names 'git-forcepush'/,
    );
  });
});
