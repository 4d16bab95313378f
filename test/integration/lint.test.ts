import { symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RULES } from '../../src/lint/rules/index.js';
import { run } from '../helpers/context.js';
import { git, makeRepo, OPEN_BLOCKER_GO, tempDir, writeFiles } from '../helpers/repo.js';

const roadmap = (steps: string, blockers = '') =>
  `# Plan\n\n## Phase 1 — Work\n\n${steps}\n${blockers ? `\n## Blockers\n\n${blockers}` : ''}`;

const FAILURES = `# Failure signatures

## Lookup

| ID | Signature | First check |
|---|---|---|
| \`hang\` | Nothing happens | What does it wait on? |

## Discrimination drills

| ID | Drill — break this, expect that |
|---|---|
| \`hang\` | Await a promise nothing resolves; expect no output. |
`;

function cleanRepo(extra: Record<string, string> = {}): string {
  return makeRepo({
    'agents/roadmaps/plan.md': roadmap('- [ ] a <!-- blocked-by: go -->', OPEN_BLOCKER_GO),
    'agents/roadmaps/release.md': roadmap('- [ ] b <!-- blocked-by: plan#go -->'),
    'docs/guidelines/failure-signatures.md': FAILURES,
    'docs/guidelines/reviews.md': '# Reviews\n\nPlans live in agents/roadmaps/.\n',
    ...extra,
  });
}

describe('agent-config lint over the whole repository', () => {
  it('exits 0 on a clean repository with nothing on stdout and a summary on stderr', async () => {
    const r = await run(cleanRepo(), ['lint']);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('✅  agent-config lint: 4 file(s) checked, no findings.\n');
    expect(r.code).toBe(0);
  });

  it('reports each rule in path:line:col  severity  message  rule-id and exits 1', async () => {
    const dir = cleanRepo({
      'agents/roadmaps/loose.md': '# Loose\n\n- [ ] a\n',
      'docs/guidelines/reviews.md': '# Reviews\n\nSee agents/roadmaps/plan.md.\n',
      'docs/guidelines/failure-signatures.md': FAILURES.replace('| `hang` | Await', '| `race` | Await'),
      'agents/roadmaps/archive/old.md': '# Old\n\nno phases\n',
      'agents/roadmaps/draft.md': '---\nstatus: draft\n---\n# Draft\n',
    });
    const r = await run(dir, ['lint']);
    expect(r.stdout).toBe(
      [
        'agents/roadmaps/loose.md:1:1  error  no `## Phase <id>` or `### Phase <id>` heading: the dashboard does not list this roadmap — name its headings `Phase <id>` or add `status: draft` to the frontmatter  trackable',
        "docs/guidelines/failure-signatures.md:7:3  error  ID 'hang' has no row in the Discrimination drills table  failure-signatures",
        "docs/guidelines/failure-signatures.md:13:3  error  drill 'race' has no row in the lookup table  failure-signatures",
        "docs/guidelines/reviews.md:3:5  error  stable document cites the roadmap file 'agents/roadmaps/plan.md'; roadmaps move and get archived — describe the rule itself, or cite the roadmap folder  roadmap-refs",
        '',
      ].join('\n'),
    );
    expect(r.stderr).toMatch(
      /^❌ {2}agent-config lint: 4 error\(s\), 0 warning\(s\) in 3 of 5 file\(s\) checked/,
    );
    expect(r.code).toBe(1);
  });

  it('runs only the named rules, and then leaves out the parser warnings', async () => {
    const dir = cleanRepo({
      'agents/roadmaps/loose.md': '# Loose\n\n## Phase 1\n\n- [ ] a\n\n```\nnever closed\n',
    });
    const all = await run(dir, ['lint']);
    expect(all.stdout).toContain(
      'agents/roadmaps/loose.md:7:1  warning  code fence opened here is never closed',
    );
    expect(all.code).toBe(0);
    const only = await run(dir, ['lint', 'trackable', 'roadmap-refs']);
    expect(only.stdout).toBe('');
    expect(only.code).toBe(0);
  });

  it('reports bytes that are not UTF-8 and binary content as findings with their position', async () => {
    const dir = cleanRepo();
    writeFileSync(
      join(dir, 'agents/roadmaps/latin1.md'),
      Buffer.from('# Plan\n\n## Phase 1 \xe9t\xe9\n\n- [ ] a\n', 'latin1'),
    );
    writeFileSync(join(dir, 'agents/roadmaps/binary.md'), Buffer.from([0x23, 0x20, 0x00, 0x01, 0x0a]));
    const r = await run(dir, ['lint', 'hidden-unicode']);
    expect(r.stdout).toBe(
      [
        'agents/roadmaps/binary.md:1:3  error  control character \\x00 — a terminal may act on it; delete it  hidden-unicode',
        'agents/roadmaps/binary.md:1:4  error  control character \\x01 — a terminal may act on it; delete it  hidden-unicode',
        'agents/roadmaps/latin1.md:3:12  error  bytes that are not UTF-8; re-save the file as UTF-8  hidden-unicode',
        'agents/roadmaps/latin1.md:3:14  error  bytes that are not UTF-8; re-save the file as UTF-8  hidden-unicode',
        '',
      ].join('\n'),
    );
    expect(r.code).toBe(1);
  });

  it('reads a CRLF roadmap exactly like the LF one: same findings, no carriage return reported', async () => {
    const lf = roadmap('- [ ] a <!-- blocked-by: nope -->', OPEN_BLOCKER_GO);
    const dir = makeRepo({
      'agents/roadmaps/lf.md': lf,
      'agents/roadmaps/crlf.md': lf.replace(/\n/g, '\r\n'),
    });
    const r = await run(dir, ['lint', '--format', 'json']);
    const byFile = (f: string) =>
      JSON.parse(r.stdout)
        .findings.filter((x: { file: string }) => x.file === f)
        .map((x: { line: number; column: number; message: string }) => `${x.line}:${x.column} ${x.message}`);
    expect(byFile('agents/roadmaps/crlf.md')).toEqual(byFile('agents/roadmaps/lf.md'));
    expect(byFile('agents/roadmaps/lf.md')).toHaveLength(1);
  });

  it('reports a symbolic-link loop and a broken link in the roadmap folder as warnings', async () => {
    const dir = cleanRepo();
    symlinkSync('..', join(dir, 'agents/roadmaps/loop'));
    symlinkSync('nowhere.md', join(dir, 'agents/roadmaps/gone.md'));
    const r = await run(dir, ['lint']);
    expect(r.stdout).toBe(
      'agents/roadmaps/gone.md:1:1  warning  symbolic link points nowhere (or into a loop); skipped  broken-symlink\n' +
        'agents/roadmaps/loop/roadmaps:1:1  warning  folder was already read through another path (symbolic link loop?); skipped  symlink-loop\n',
    );
    expect(r.code).toBe(0);
    expect((await run(dir, ['lint', 'trackable'])).stdout).toBe('');
  });

  it('never lets a control sequence from a file reach the terminal in text output', async () => {
    const dir = cleanRepo({ 'agents/roadmaps/evil.md': '# E\n\n## Phase 1 \u001b[2J\n\n' });
    const r = await run(dir, ['lint']);
    expect(r.stdout).not.toContain('\u001b');
    expect(r.stdout).toContain('Phase 1 (\\x1B[2J) has no step');
  });
});

describe('agent-config lint --help', () => {
  it('lists every rule of the rule table, so the list never drifts from it', async () => {
    const dir = tempDir();
    for (const argv of [
      ['lint', '--help'],
      ['help', 'lint'],
    ]) {
      const r = await run(dir, argv);
      expect(r.code, argv.join(' ')).toBe(0);
      const help = r.stdout.replace(/\s+/g, ' ');
      const ids = RULES.map((rule) => rule.meta.id);
      expect(ids).toContain('verdicts');
      expect(help, argv.join(' ')).toContain(`rule ids (${ids.join(', ')}) and paths`);
    }
  });
});

describe('agent-config lint with paths', () => {
  it('lints only the named files, resolving cross-roadmap references against the whole tree', async () => {
    const dir = cleanRepo({ 'agents/roadmaps/loose.md': '# Loose\n' });
    const r = await run(dir, ['lint', 'agents/roadmaps/release.md']);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('1 file(s) checked');
    writeFiles(dir, {
      'agents/roadmaps/plan.md': roadmap('- [ ] a', OPEN_BLOCKER_GO.replace('open', 'resolved')),
    });
    const stale = await run(dir, ['lint', 'agents/roadmaps/release.md']);
    expect(stale.stdout).toBe(
      "agents/roadmaps/release.md:5:9  error  blocked-by 'plan#go' is stale: blocker 'go' in agents/roadmaps/plan.md is resolved — remove the marker  blockers\n",
    );
    expect(stale.code).toBe(1);
  });

  it('takes paths relative to the current folder and folders for their markdown files', async () => {
    const dir = cleanRepo({ 'docs/guidelines/more/x.md': 'see agents/roadmaps/a.md\n' });
    const r = await run(join(dir, 'docs'), ['lint', 'guidelines', '--root', '..']);
    expect(r.stdout).toContain('docs/guidelines/more/x.md:1:5');
    expect(r.stderr).toContain('3 file(s) checked');
  });

  it('counts a named file that no rule applies to as skipped', async () => {
    const dir = cleanRepo({ 'notes.md': '# notes agents/roadmaps/plan.md\n' });
    const r = await run(dir, ['lint', 'notes.md']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe(
      "✅  agent-config lint: 0 file(s) checked, no findings; 1 path(s) outside every rule's scope.\n",
    );
  });

  it('refuses a path outside the repository, a missing path and an unknown word with one line, exit 2', async () => {
    const dir = cleanRepo();
    const outside = await run(dir, ['lint', tempDir()]);
    expect(outside.code).toBe(2);
    expect(outside.stderr).toMatch(
      /^agent-config: .*: lies outside the repository .* — pass paths below the repository root\n$/,
    );
    const missing = await run(dir, ['lint', 'agents/roadmaps/nope.md']);
    expect(missing.stderr).toBe('agent-config: agents/roadmaps/nope.md: does not exist — check the path\n');
    expect(missing.code).toBe(2);
    const word = await run(dir, ['lint', 'blocker']);
    expect(word.stderr).toBe(
      'agent-config: blocker: is neither a rule nor an existing path — the rules are blockers, trackable, failure-signatures, roadmap-refs, hidden-unicode, verdicts, step-past-gate, unrecorded-resolution, plan-drift\n',
    );
    expect(word.code).toBe(2);
    expect(outside.stdout + missing.stdout + word.stdout).toBe('');
  });

  it('refuses an unknown --format with exit 2', async () => {
    const r = await run(cleanRepo(), ['lint', '--format', 'xml']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      "agent-config: --format: unknown format 'xml' — use one of text, json, github, sarif\n",
    );
  });
});

describe('agent-config lint --staged', () => {
  it('lints what git diff --cached names, not unstaged files', async () => {
    const dir = cleanRepo();
    writeFiles(dir, {
      'agents/roadmaps/plan.md': roadmap('- [ ] a <!-- blocked-by: gone -->', OPEN_BLOCKER_GO),
      'agents/roadmaps/unstaged.md': '# nothing trackable\n',
      'src/code.ts': 'export {};\n',
    });
    git(dir, 'add', 'agents/roadmaps/plan.md', 'src/code.ts');
    const r = await run(dir, ['lint', '--staged']);
    expect(r.stdout).toBe(
      "agents/roadmaps/plan.md:5:9  error  blocked-by references unknown blocker id 'gone' (no matching '### blocker: gone' in this file)  blockers\n",
    );
    expect(r.code).toBe(1);
  });

  it('exits 0 when nothing relevant is staged', async () => {
    const dir = cleanRepo();
    writeFiles(dir, { 'src/code.ts': 'export {};\n' });
    git(dir, 'add', 'src/code.ts');
    const r = await run(dir, ['lint', '--staged']);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('0 file(s) checked');
  });

  it('refuses --staged outside a git repository, and with paths', async () => {
    const dir = tempDir();
    writeFiles(dir, { 'agents/roadmaps/a.md': roadmap('- [ ] a') });
    const r = await run(dir, ['lint', '--staged']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/is not inside a git repository — drop --staged and pass the paths to lint\n$/);
    const both = await run(cleanRepo(), ['lint', '--staged', 'agents/roadmaps/plan.md']);
    expect(both.code).toBe(2);
  });

  it('leaves a resolved blocker alone, and lint and gates agree that an empty Class is class 3', async () => {
    const resolved = OPEN_BLOCKER_GO.replace('### blocker: go', '### blocker: old')
      .replace('**Status:** open', '**Status:** resolved 2026-11-02')
      .concat('- **Class:** 0\n');
    const blank = OPEN_BLOCKER_GO.concat('- **Class:**\n');
    const dir = makeRepo({ 'agents/roadmaps/plan.md': roadmap('- [ ] a', `${blank}\n${resolved}`) });
    const lint = await run(dir, ['lint', 'agents/roadmaps/plan.md']);
    expect(lint.stdout).toBe('');
    expect(lint.code).toBe(0);
    const gates = JSON.parse((await run(dir, ['gates', '--json'])).stdout);
    expect(gates.blockers.map((b: { id: string; class: string }) => [b.id, b.class])).toEqual([['go', '3']]);
  });
});

describe('agent-config lint configuration', () => {
  it('follows agent-config.yaml globs and roadmap folder', async () => {
    const dir = makeRepo({
      'agent-config.yaml':
        'roadmaps: plans\nfailure-signatures: [handbook/failures.md]\nstable-docs: [handbook/*.md]\n',
      'plans/a.md': '# A\n',
      'handbook/failures.md': '# F\n',
      'handbook/rules.md': 'cites plans/a.md\n',
      'docs/guidelines/failure-signatures.md': '# not in scope any more\n',
    });
    const r = await run(dir, ['lint', '--format', 'json']);
    const doc = JSON.parse(r.stdout);
    expect(doc.checked).toEqual(['handbook/failures.md', 'handbook/rules.md', 'plans/a.md']);
    expect(doc.findings.map((f: { file: string; rule: string }) => `${f.file} ${f.rule}`)).toEqual([
      'handbook/failures.md failure-signatures',
      'handbook/failures.md failure-signatures',
      'handbook/rules.md roadmap-refs',
      'plans/a.md trackable',
    ]);
  });

  it('refuses an unknown key in agent-config.yaml with its name and line, exit 2', async () => {
    const dir = makeRepo({ 'agent-config.yaml': 'roadmaps: agents/roadmaps\nlint-rules: [x]\n' });
    const r = await run(dir, ['lint']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^agent-config: agent-config.yaml:2: unknown key 'lint-rules'/);
  });
});
