import { describe, expect, it } from 'vitest';
import { classifyCommand } from '../../../src/guard/classify.js';
import { DEFAULT_RULES } from '../../../src/guard/default-rules.js';
import { ownFilesFindings, personNamedFor, watchOwnFiles } from '../../../src/guard/own-files.js';
import { mayConcernOwnFiles, WRITING_PROGRAMS } from '../../../src/guard/own-files-prefilter.js';
import { fastVocabulary, provablyUnguarded } from '../../../src/guard/prefilter.js';

const VOCABULARY = fastVocabulary(DEFAULT_RULES);
const mayConcernGuard = (command: string) => !provablyUnguarded(command, VOCABULARY);

import { rulesFor } from '../../../src/guard/rules.js';
import { REDIRECT_PROGRAM, WRITERS } from '../../../src/guard/write-targets.js';

const rules = rulesFor({ disable: [], never: [], rules: [] });
const PLACE = { cwd: '/p', home: '/h', anchors: ['/p'], homes: ['/h'] };

/** What the hook makes of a command, from its text alone: the finding, as one short string. */
function judge(command: string, human = false): string | null {
  const watch = watchOwnFiles();
  classifyCommand(command, [...rules, watch.rule]);
  const { finding } = ownFilesFindings(watch.seen, PLACE, { command, humanInEnvironment: human });
  if (finding === null) return null;
  if (finding.kind === 'write')
    return `${finding.link ? 'link' : 'write'} ${finding.unknown ? 'named ' : ''}${finding.file}`;
  if (finding.kind === 'person-verb' && finding.unknown) return `verb? ${finding.verb}`;
  return finding.kind === 'setting' ? `set ${finding.setting}` : `verb ${finding.verb}`;
}

// [command, what it is held as]: shell writes to the guard's own files, every spelling.
const WRITES: [string, string][] = [
  ['echo x > agent-config.yaml', 'write agent-config.yaml'],
  ['echo x >> agent-config.yaml', 'write agent-config.yaml'],
  ['echo x >| agent-config.yaml', 'write agent-config.yaml'],
  ['echo x &> agent-config.yaml', 'write agent-config.yaml'],
  ['echo x &>> agent-config.yaml', 'write agent-config.yaml'],
  ['echo x 2> agent-config.yaml', 'write agent-config.yaml'],
  ['echo x >&agent-config.yaml', 'write agent-config.yaml'],
  ['cat <> agent-config.yaml', 'write agent-config.yaml'],
  ['> agent-config.yaml', 'write agent-config.yaml'],
  [': > agent-config.yaml', 'write agent-config.yaml'],
  ['exec 3> agent-config.yaml', 'write agent-config.yaml'],
  ['{ echo a; echo b; } > agent-config.yaml', 'write agent-config.yaml'],
  ['(echo a) > agent-config.yaml', 'write agent-config.yaml'],
  ['for i in 1; do echo {}; done > .claude/settings.json', 'write .claude/settings*.json'],
  ['$EDITOR x > agent-config.yaml', 'write agent-config.yaml'],
  ["echo x > 'agent'-config.yaml", 'write agent-config.yaml'],
  ['echo x > a\\gent-config.yaml', 'write agent-config.yaml'],
  ['echo x > ./sub/../agent-config.yaml', 'write agent-config.yaml'],
  ['echo x > /p/agent-config.yaml', 'write agent-config.yaml'],
  ['echo x > //p/./agent-config.yaml', 'write agent-config.yaml'],
  ['echo x | tee agent-config.yaml', 'write agent-config.yaml'],
  ['echo x | tee -a .claude/settings.local.json', 'write .claude/settings*.json'],
  ['echo x | sudo tee /p/agent-config.yaml > /dev/null', 'write agent-config.yaml'],
  ["sed -i 's/a/b/' agent-config.yaml", 'write agent-config.yaml'],
  ["sed -i.bak -e 's/a/b/' agent-config.yaml", 'write agent-config.yaml'],
  ["sed --in-place=.bak 's/a/b/' agent-config.yaml", 'write agent-config.yaml'],
  ["sed -Ei 's/a/b/' agent-config.yaml", 'write agent-config.yaml'],
  ["sed -i '' 's/a/b/' agent-config.yaml", 'write agent-config.yaml'],
  ["perl -pi -e 's/a/b/' agent-config.yaml", 'write agent-config.yaml'],
  ["perl -i.bak -pe 's/a/b/' .claude/settings.json", 'write .claude/settings*.json'],
  ["ruby -i -pe 'x' agent-config.yaml", 'write agent-config.yaml'],
  ["yq -i '.guard = {}' agent-config.yaml", 'write agent-config.yaml'],
  ['cp /tmp/x agent-config.yaml', 'write agent-config.yaml'],
  ['cp /tmp/agent-config.yaml .', 'write agent-config.yaml'],
  ['cp -f /tmp/agent-config.yaml ./', 'write agent-config.yaml'],
  ['cp -t . /tmp/agent-config.yaml', 'write agent-config.yaml'],
  ['cp --target-directory=.claude /tmp/settings.json', 'write .claude/settings*.json'],
  ['cp -r /tmp/evil/. .claude', 'write .claude/settings*.json'],
  ['cp /tmp/*.yaml .', 'write agent-config.yaml'],
  ['mv /tmp/x .claude/settings.json', 'write .claude/settings*.json'],
  ['mv agent-config.yaml /tmp/', 'write agent-config.yaml'],
  ['mv .claude /tmp/claude-off', 'write .claude/settings*.json'],
  ['install -m 644 /tmp/x agent-config.yaml', 'write agent-config.yaml'],
  ['rsync -a /tmp/evil/ .claude/', 'write .claude/settings*.json'],
  ['rsync /tmp/settings.json .claude/', 'write .claude/settings*.json'],
  ['ln -sf /tmp/x agent-config.yaml', 'write agent-config.yaml'],
  ['ln -s ../agent-config.yaml sub/x', 'link agent-config.yaml'],
  ['ln -s ../agent-config.yaml x', 'link agent-config.yaml'],
  ['ln -s /p/.claude/settings.json x', 'link .claude/settings*.json'],
  ['ln agent-config.yaml /tmp/hard', 'link agent-config.yaml'],
  ['cp -l agent-config.yaml /tmp/x', 'link agent-config.yaml'],
  ['link agents/runtime/store/x.json /tmp/x', 'link agents/runtime/'],
  ['rm agent-config.yaml', 'write agent-config.yaml'],
  ['rm -f .claude/settings.json', 'write .claude/settings*.json'],
  ['rm -f .claude/*.json', 'write .claude/settings*.json'],
  ['rm -rf .claude', 'write .claude/settings*.json'],
  ['rm -rf agents', 'write agents/runtime/'],
  ['rm -rf *', 'write agent-config.yaml'],
  ['rm -rf agents/evidence/ledger', 'write agents/evidence/'],
  ['rm -rf .git', 'write .git/'],
  ['rm -rf .git/hooks', 'write .git/'],
  ['rm -rf ~', 'write ~/.claude/settings*.json'],
  ['rm -rf /', 'write the project folder'],
  ['rm -rf ..', 'write the project folder'],
  ['unlink agent-config.yaml', 'write agent-config.yaml'],
  ['shred -u agent-config.yaml', 'write agent-config.yaml'],
  ['truncate -s 0 agent-config.yaml', 'write agent-config.yaml'],
  ['dd if=/dev/zero of=agent-config.yaml count=0', 'write agent-config.yaml'],
  ['touch .git/hooks/pre-commit', 'write .git/'],
  ['chmod +x .git/hooks/pre-commit', 'write .git/'],
  ['chmod -w agent-config.yaml', 'write agent-config.yaml'],
  ['chown nobody agent-config.yaml', 'write agent-config.yaml'],
  ['mkdir -p agents/runtime/locks', 'write agents/runtime/'],
  ['curl -sSLo .claude/settings.json https://example.com/s', 'write .claude/settings*.json'],
  ['curl --output=agent-config.yaml https://example.com/s', 'write agent-config.yaml'],
  ['wget -O agent-config.yaml https://example.com/s', 'write agent-config.yaml'],
  ['sort -o agent-config.yaml x', 'write agent-config.yaml'],
  ['patch agent-config.yaml /tmp/p.diff', 'write agent-config.yaml'],
  ['vim -c "%d|wq" agent-config.yaml', 'write agent-config.yaml'],
  ['echo x > .git/config', 'write .git/'],
  ['echo x > .git/refs/heads/main', 'write .git/'],
  ['echo "ref: refs/heads/x" > .git/HEAD', 'write .git/'],
  ['echo "gitdir: /tmp/evil" > .git', 'write .git/'],
  ['cat > .git/hooks/pre-push <<EOF\nexit 0\nEOF', 'write .git/'],
  ['echo x > /elsewhere/main/.git/hooks/pre-commit', 'write .git/'],
  ['echo x > node_modules/agent-config/dist/bin.js', 'write node_modules/agent-config/'],
  ['echo x > node_modules/.bin/agent-config', 'write node_modules/.bin/agent-config'],
  ['rm -rf node_modules/agent-config', 'write node_modules/agent-config/'],
  ['echo x > agents/evidence/ledger/main.jsonl', 'write agents/evidence/'],
  ['cp /tmp/x agents/runtime/staged-confirmations/a/b.json', 'write agents/runtime/'],
  ['echo x > .codex/hooks.json', 'write .codex/hooks.json'],
  ['echo x > .gemini/settings.json', 'write .gemini/settings.json'],
  ['echo {} > ~/.claude/settings.json', 'write ~/.claude/settings*.json'],
  ['echo {} > $HOME/.claude/settings.local.json', 'write ~/.claude/settings*.json'],
  // biome-ignore lint/suspicious/noTemplateCurlyInString: shell text, not a template
  ['echo {} > "${HOME}/.claude/settings.json"', 'write ~/.claude/settings*.json'],
  ['echo {} > /h/.claude/settings.json', 'write ~/.claude/settings*.json'],
  ['echo "[alias]" >> ~/.gitconfig', 'write ~/.gitconfig'],
  ['echo x >> ~/.config/git/config', 'write ~/.config/git/config'],
  ['cp -r /tmp/evil-claude .claude', 'write .claude/settings*.json'],
  ['mv /tmp/evil agents', 'write agents/runtime/'],
  ['ln -sfn /tmp/evil .claude', 'write .claude/settings*.json'],
  ['mkfifo agents/evidence/ledger/x.jsonl', 'write agents/evidence/'],
  ['tar -xzf /tmp/x.tgz -C .claude', 'write .claude/settings*.json'],
  ['unzip -o /tmp/x.zip -d agents/evidence', 'write agents/evidence/'],
  // The installed tool, replaced through the package manager.
  ['npm install -D agent-config', 'write node_modules/agent-config/'],
  ['npm i -D ./agent-config-0.1.0.tgz', 'write node_modules/agent-config/'],
  ['pnpm add -D git+https://example.com/o/agent-config.git', 'write node_modules/agent-config/'],
  ['npm link agent-config', 'write node_modules/agent-config/'],
  // The folder a relative path is relative to: `cd`, the home, a folder the text does not give.
  ['cd sub && echo x > ../agent-config.yaml', 'write agent-config.yaml'],
  ['cd .claude && echo {} > settings.json', 'write .claude/settings*.json'],
  ['cd .cl""aude; echo {} > settings.json', 'write .claude/settings*.json'],
  ['pushd agents && echo x > runtime/lock', 'write agents/runtime/'],
  ['cd ~/.claude && echo {} > settings.json', 'write ~/.claude/settings*.json'],
  ['cd && echo {} > .gitconfig', 'write ~/.gitconfig'],
  ['(cd /tmp) ; echo x > agent-config.yaml', 'write agent-config.yaml'],
  ['echo x > "$DIR/.claude/settings.json"', 'write .claude/settings*.json'],
  ['echo x > "$(git rev-parse --show-toplevel)/agent-config.yaml"', 'write agent-config.yaml'],
  ['echo x > `pwd`/agent-config.yaml', 'write agent-config.yaml'],
  ['cd "$D" && echo x > agents/runtime/lock', 'write agents/runtime/'],
  ['echo x > "$D"/.git/config', 'write .git/'],
  ['echo x > AGENT-CONFIG.YAML', 'write agent-config.yaml'],
  ['echo x > agent-config.ya?l', 'write agent-config.yaml'],
  ['echo x > .cla*/settings.json', 'write .claude/settings*.json'],
  // A path only known when it runs, in a line that names a protected file elsewhere.
  // The classifier resolves what the line assigns and prints (issue 28): the path is known.
  ['f=agent-config.yaml; echo x > "$f"', 'write agent-config.yaml'],
  ['echo x > $(echo agent-config.yaml)', 'write agent-config.yaml'],
  ['D=.claude; echo {} > $D/settings.json', 'write .claude/settings*.json'],
  ['echo x > "$(cat name.txt)"; : agent-config.yaml', 'write named agent-config.yaml'],
  ['D=$(pwd)/.claude; echo {} > "$D"/x', 'write named .claude'],
  ['ls .claude/*.json | xargs -I{} rm {}', 'write named .claude'],
  ['find .claude -delete', 'write .claude/settings*.json'],
  ['find agents/evidence -name "*.jsonl" -delete', 'write agents/evidence/'],
  // Nested shells, substitutions, wrappers: the same words the rules get.
  ['sh -c "echo x > agent-config.yaml"', 'write agent-config.yaml'],
  ["bash -c 'tee .claude/settings.json < /tmp/x'", 'write .claude/settings*.json'],
  ['eval "echo x > agent-config.yaml"', 'write agent-config.yaml'],
  ['echo $(echo x > agent-config.yaml)', 'write agent-config.yaml'],
  ['x=$(cat > agent-config.yaml)', 'write agent-config.yaml'],
  ['sudo -u root cp /tmp/x agent-config.yaml', 'write agent-config.yaml'],
  ['env A=1 nice rm agent-config.yaml', 'write agent-config.yaml'],
  ['echo agent-config.yaml | xargs rm agent-config.yaml', 'write agent-config.yaml'],
  // git, writing the guard's files from elsewhere.
  ['git rm agent-config.yaml', 'write agent-config.yaml'],
  ['git rm -r --cached agents/evidence', 'write agents/evidence/'],
  ['git mv agent-config.yaml x.yaml', 'write agent-config.yaml'],
  ['git checkout evil -- .claude/settings.json', 'write .claude/settings*.json'],
  ['git checkout evil -- .claude', 'write .claude/settings*.json'],
  ['git restore --source evil agent-config.yaml', 'write agent-config.yaml'],
  ['git restore --staged --worktree agent-config.yaml', 'write agent-config.yaml'],
  ['git -C .claude checkout evil -- settings.json', 'write .claude/settings*.json'],
  ['git config -f agent-config.yaml guard.disable x', 'write agent-config.yaml'],
];

// git settings that change what git runs.
const SETTINGS: [string, string][] = [
  ['git config alias.p "push -f"', 'set alias.p'],
  ['git config --global alias.p "push -f"', 'set alias.p'],
  ['git config --add alias.p x', 'set alias.p'],
  ['git config --replace-all alias.p x', 'set alias.p'],
  ['git config set alias.p x', 'set alias.p'],
  ['git config unset alias.p', 'set alias.p'],
  ['git config core.hooksPath /tmp/h', 'set core.hookspath'],
  ['git config --local CORE.HOOKSPATH .hooks', 'set core.hookspath'],
  ['git config --unset core.hooksPath', 'set core.hookspath'],
  ['git config include.path /tmp/evil', 'set include.path'],
  ['git config includeIf.gitdir:/p/.path /tmp/evil', 'set includeif.gitdir:/p/.path'],
  ['git config --remove-section alias', 'set alias'],
  ['git config --rename-section alias x', 'set alias'],
  ['git config --edit', 'set the whole configuration (--edit)'],
  ['git -C sub config alias.x y', 'set alias.x'],
  ['sh -c "git config alias.p \\"push -f\\""', 'set alias.p'],
  // Settings that turn a plain command into a guarded one.
  ['git config remote.origin.push +refs/heads/*:refs/heads/*', 'set remote.origin.push'],
  ['git config remote.origin.mirror true', 'set remote.origin.mirror'],
  ['git config clean.requireForce false', 'set clean.requireforce'],
];

// The person's and set-up verbs, every way the tool is launched.
const VERBS: [string, string][] = [
  ['npx --no agent-config confirm abcd', 'verb confirm'],
  ['npx agent-config confirm abcd', 'verb confirm'],
  ['npx -y agent-config@latest confirm abcd', 'verb confirm'],
  ['npm exec agent-config -- confirm abcd', 'verb confirm'],
  ['npm x agent-config -- confirm abcd', 'verb confirm'],
  ['npm exec --package=agent-config -- agent-config confirm abcd', 'verb confirm'],
  ['npx -p agent-config agent-config confirm abcd', 'verb confirm'],
  ['pnpm exec agent-config confirm abcd', 'verb confirm'],
  ['pnpm agent-config confirm abcd', 'verb confirm'],
  ['pnpm dlx agent-config confirm abcd', 'verb confirm'],
  ['yarn agent-config confirm abcd', 'verb confirm'],
  ['yarn run agent-config confirm abcd', 'verb confirm'],
  ['bunx agent-config confirm abcd', 'verb confirm'],
  ['agent-config confirm abcd', 'verb confirm'],
  ['agent-config --debug confirm abcd', 'verb confirm'],
  ['node_modules/.bin/agent-config confirm abcd', 'verb confirm'],
  ['./node_modules/.bin/agent-config confirm --as human:ada abcd', 'verb confirm'],
  ['node node_modules/agent-config/dist/bin.js confirm abcd', 'verb confirm'],
  ['node dist/bin.js confirm abcd', 'verb confirm'],
  ['npx tsx src/bin.ts confirm abcd', 'verb confirm'],
  ['sh -c "npx --no agent-config confirm abcd"', 'verb confirm'],
  ['echo abcd | npx --no agent-config confirm abcd', 'verb confirm'],
  ['npx --no agent-config decide x', 'verb decide'],
  ['npx --no agent-config window open --for 30m --actions git-force-push --reason x', 'verb window open'],
  ['npx --no agent-config signers add x', 'verb signers add'],
  ['npx --no agent-config signers remove x', 'verb signers remove'],
  ['npx --no agent-config hooks uninstall --agent claude-code', 'verb hooks uninstall'],
  ['npx --no agent-config hooks:uninstall', 'verb hooks uninstall'],
  ['npx --no agent-config init --agent claude-code', 'verb init --agent'],
  ['npx --no agent-config init --hooks --agent=claude-code', 'verb init --agent'],
  ['npx --no agent-config decline abcd --as human:ada', 'verb decline'],
  ['npx --no agent-config decline abcd --as=human:ada --reason x', 'verb decline'],
  ['npx --no agent-config decline abcd --as HUMAN:ada', 'verb decline'],
  ['npx --no agent-config decline abcd --as ada', 'verb decline'],
  ['script -qc "npx --no agent-config confirm abcd" /dev/null', 'verb confirm'],
  ['ssh localhost npx --no agent-config confirm abcd', 'verb confirm'],
  ["tmux new-session -d 'agent-config confirm abcd'", 'verb confirm'],
  ["npm exec -c 'agent-config confirm abcd'", 'verb confirm'],
  ['yarn exec "agent-config window open --for 1h"', 'verb window open'],
  ['ac() { npx --no agent-config "$@"; }; ac confirm abcd', 'verb? $@'],
  ['npx --no agent-config window "$w" --for 1h', 'verb? window $w'],
];

// Reading stays free, and so does every everyday command.
const FREE: string[] = [
  'cat agent-config.yaml',
  'grep -n guard agent-config.yaml .claude/settings.json',
  'less .claude/settings.json',
  'head -20 agents/evidence/ledger/main.jsonl',
  'cp agent-config.yaml /tmp/backup.yaml',
  'cp agent-config.yaml agent-config.yaml.bak',
  'cp .claude/settings.json /tmp/',
  'diff agent-config.yaml /tmp/x',
  'git diff agent-config.yaml',
  'git log -p -- .claude/settings.json',
  'git show HEAD:agent-config.yaml > /tmp/old.yaml',
  'git add agent-config.yaml',
  'git commit -m "say why agent-config.yaml changed"',
  'sed -n 1,20p agent-config.yaml',
  "perl -ne 'print' agent-config.yaml",
  'ls -la .git .claude agents/runtime',
  'cat .git/HEAD .git/config',
  'cd .claude && cat settings.json',
  'git status',
  'git diff',
  'git push origin main',
  'git stash pop',
  'git reset --soft HEAD~1',
  'git restore --staged agent-config.yaml',
  'git restore --staged .',
  'git checkout main',
  'git checkout -b agents',
  'git checkout .',
  'rm -rf node_modules',
  'rm -rf node_modules/.bin',
  'rm -rf dist coverage',
  'rm -f /tmp/agent-config.yaml',
  'npm ci',
  'npm test',
  'ls',
  'echo "never write agent-config.yaml"',
  'echo x > /tmp/agent-config.yaml',
  'echo x > docs/agent-config.yaml',
  'echo x > agents/roadmaps/README.md',
  'echo x > agents/runtime-notes.md',
  'mkdir -p agents/roadmaps/phase-1',
  'cp -r templates/* /tmp/x',
  'echo x > "$OUT/settings.json"',
  'rm -rf "$TMPDIR/agents"',
  'ln -s /tmp/x node_modules/foo',
  'touch src/a.ts',
  'chmod +x scripts/run.sh',
  'echo x 2>&1 >/dev/null',
  'npm test > /tmp/out.txt 2>&1',
  'git config --get alias.p',
  'git config alias.p',
  'git config get alias.p',
  'git config --list',
  'git config user.email x@example.com',
  'git config --global core.editor vim',
  'npx --no agent-config pending',
  'npx --no agent-config window status',
  'npx --no agent-config window close --note done',
  'npx --no agent-config claim abcd',
  'npx --no agent-config decline abcd --as reviewer:bot --reason x',
  'npx --no agent-config decline abcd --reason x',
  'npx --no agent-config hooks install --agent claude-code',
  'npx --no agent-config init',
  'npx --no agent-config progress --check',
  'npx --no agent-config help confirm',
  'npm install',
  'npm install -D typescript',
  'npm view agent-config',
  'npm ls agent-config',
  'pnpm exec agent-config pending',
  'cp -r src/components dist/',
  'mv build dist',
  'tar -xzf x.tgz -C /tmp/x',
  'tar -czf /tmp/out.tgz .claude agent-config.yaml',
  'git config remote.origin.url https://example.com/r.git',
  'node dist/bin.js progress',
  'echo "npx --no agent-config confirm abcd"',
  'grep -r "agent-config confirm" docs',
  'find . -name "*.pyc" -delete',
  'find dist -type f -delete',
  'find . -name agent-config.yaml',
  'cp "$SRC" "$DST"',
  'cat README.md > "$OUT"',
];

describe("the guard's own files, from a shell call's text", () => {
  it.each([...WRITES, ...SETTINGS, ...VERBS])('holds %j (%s)', (command, held) => {
    expect(judge(command)).toBe(held);
  });

  it.each(FREE)('leaves %j free', (command) => {
    expect(judge(command)).toBeNull();
  });

  it('holds a decline without --as when a person is named for the line: in the environment, or set in it', () => {
    const decline = 'npx --no agent-config decline abcd --reason x';
    expect(judge(decline, true)).toBe('verb decline');
    expect(judge('npx --no agent-config decline abcd --as reviewer:bot', true)).toBeNull();
    expect(personNamedFor(decline, undefined)).toBe(false);
    expect(personNamedFor(decline, '')).toBe(false);
    expect(personNamedFor(decline, 'human:ada')).toBe(true);
    expect(personNamedFor(`AGENT_CONFIG_HUMAN=human:ada ${decline}`, undefined)).toBe(true);
    expect(personNamedFor(`env AGENT_CONFIG_HUMAN=human:ada ${decline}`, undefined)).toBe(true);
  });

  it('holds the tool run through a variable as an unreadable command, as `$GIT push -f` is', () => {
    const watch = watchOwnFiles();
    const c = classifyCommand('"$CLAUDE_PROJECT_DIR"/node_modules/.bin/agent-config confirm abcd', [
      ...rules,
      watch.rule,
    ]);
    expect(c.actions).toEqual(['unreadable-command']);
  });

  it('hands the paths the text leaves open to the hook, to look at again with links resolved', () => {
    const watch = watchOwnFiles();
    classifyCommand('echo x > out.txt; cp a b; cd sub && echo y > ../c', [...rules, watch.rule]);
    const { finding, candidates } = ownFilesFindings(watch.seen, PLACE, {
      command: '',
      humanInEnvironment: false,
    });
    expect(finding).toBeNull();
    expect(candidates.map((c) => c.path)).toEqual(
      expect.arrayContaining(['/p/out.txt', '/p/b', '/p/b/a', '/p/c']),
    );
  });

  it('the fast path sends every held command to the full decision, and keeps everyday commands for itself', () => {
    for (const [command] of [...WRITES, ...SETTINGS, ...VERBS]) {
      const sent = mayConcernGuard(command) || mayConcernOwnFiles(command, '/p');
      expect(sent, command).toBe(true);
    }
    for (const command of [
      'ls',
      'ls -la',
      'git status',
      'git diff',
      'git log --oneline -5',
      'npm test',
      'npm test 2>&1 | tail -20',
      'cat src/a.ts',
    ]) {
      expect(mayConcernOwnFiles(command, '/p'), command).toBe(false);
    }
    // In a protected folder a plain relative write is one: the folder decides.
    expect(mayConcernOwnFiles('echo x | cat', '/p/agents/runtime')).toBe(true);
    expect(mayConcernOwnFiles('ls', '/p/.git/hooks')).toBe(true);
  });

  it("the fast path's list of writing programs is exactly the programs whose writes are read", () => {
    // These write protected files only by naming them (a keyword) or with `-delete`.
    const named = [REDIRECT_PROGRAM, 'find', 'tar', 'bsdtar', 'unzip', 'npm', 'pnpm', 'yarn', 'bun'];
    const read = Object.keys(WRITERS).filter((p) => !named.includes(p));
    expect([...read].sort()).toEqual([...WRITING_PROGRAMS].sort());
  });
});
