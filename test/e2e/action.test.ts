import { cpSync, existsSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { readAction, runAction } from '../helpers/action-runner.js';
import { ensureBuilt, ROOT, runBin } from '../helpers/bin.js';
import { git, makeRepo, OPEN_BLOCKER_GO, tempDir, writeFiles } from '../helpers/repo.js';

beforeAll(() => ensureBuilt());

/** A repository set up by `init` and committed: every check passes on it. */
function cleanRepo(): string {
  const dir = makeRepo();
  expect(runBin(dir, ['init']).code).toBe(0);
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', 'init');
  return dir;
}

const BROKEN = `# Broken

## Phase 1

- [ ] wait <!-- blocked-by: nowhere -->

## Blockers

### blocker: half
- **Status:** open
- **Owner:** user
`;

const head = (dir: string) => git(dir, 'rev-parse', 'HEAD').trim();
const pullRequest = (base: string) => ({
  event_name: 'pull_request',
  event: { pull_request: { base: { sha: base } } },
});

describe('action.yml', () => {
  const action = readAction(ROOT);

  it('is a composite action whose run steps all say shell: bash and interpolate no input into a script', () => {
    expect(action.runs.using).toBe('composite');
    expect(action.runs.steps.length).toBeGreaterThan(0);
    for (const step of action.runs.steps) {
      expect(step.run, step.name).toBeTypeOf('string');
      expect(step.shell, step.name).toBe('bash');
      expect(step.run, step.name).not.toMatch(/\$\{\{/);
    }
  });

  it('passes every input to the run step, and only through env or working-directory', () => {
    const passed = action.runs.steps.flatMap((s) => [
      ...Object.values(s.env ?? {}),
      s['working-directory'] ?? '',
    ]);
    for (const name of Object.keys(action.inputs)) {
      expect(passed.join('\n'), name).toContain(`\${{ inputs.${name} }}`);
    }
  });

  it('is used in docs/ci.md from a checkout of this repository (no release tag yet), with inputs and outputs it has', () => {
    const page = readFileSync(join(ROOT, 'docs', 'ci.md'), 'utf8');
    const blocks = [...page.matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => parse(m[1]!));
    type Step = { uses?: string; with?: Record<string, unknown> };
    const jobs = blocks.flatMap((b) => Object.values(b?.jobs ?? {}) as Array<{ steps?: Step[] }>);
    const uses = jobs.flatMap((job) => {
      const steps = job.steps ?? [];
      return steps.flatMap((s, i) => {
        if (s.uses !== './.agent-config') return [];
        // The repository's own checkout first (it would clean the folder away), then this one's.
        const checkouts = steps.slice(0, i).filter((c) => c.uses === 'actions/checkout@v5');
        expect(checkouts.length).toBe(2);
        expect(checkouts[0]!.with?.repository).toBeUndefined();
        expect(checkouts[1]!.with).toMatchObject({
          repository: '<owner>/agent-config',
          path: '.agent-config',
        });
        return [s];
      });
    });
    expect(uses.length).toBe(2);
    expect(page).not.toMatch(/^\s*- uses: <owner>\/agent-config@/m);
    for (const step of uses)
      for (const key of Object.keys(step.with ?? {})) expect(action.inputs).toHaveProperty(key);
    for (const m of page.matchAll(/steps\.agent-config\.outputs\.([\w-]+)/g))
      expect(action.outputs).toHaveProperty(m[1]!);
  });
});

describe('the action, run as a runner runs it', () => {
  it('passes on a clean repository: outputs, SARIF, summary, and the evidence check run against the base without a ledger', () => {
    const dir = cleanRepo();
    const r = runAction({ actionPath: ROOT, workspace: dir, github: pullRequest(head(dir)) });
    expect(r.code, r.log).toBe(0);
    expect(r.outputs).toMatchObject({ 'sarif-file': 'agent-config.sarif', findings: '0', failed: '' });
    const sarif = JSON.parse(readFileSync(join(dir, 'agent-config.sarif'), 'utf8'));
    expect(sarif.version).toBe('2.1.0');
    expect(r.summary).toContain('| `progress --check` | ✅ passed |');
    expect(r.summary).toContain('| `lint` | ✅ passed — 0 finding(s) |');
    expect(r.summary).toMatch(/\| `evidence verify --against [^`]+` \| ✅ passed/);
    expect(r.log).not.toContain('evidence verify skipped');
  });

  it('fails a pull request that deletes the whole ledger folder (the check is not skipped)', () => {
    const dir = cleanRepo();
    expect(runBin(dir, ['stage', '--action', 'deploy', '--object', 'prod', '--source', 'test']).code).toBe(0);
    git(dir, 'add', '-A');
    git(dir, 'commit', '-q', '-m', 'a ledger');
    const base = head(dir);
    git(dir, 'rm', '-rq', 'agents/evidence/ledger');
    git(dir, 'commit', '-q', '-m', 'the ledger is gone');
    const r = runAction({ actionPath: ROOT, workspace: dir, github: pullRequest(base) });
    expect(r.code, r.log).toBe(1);
    expect(r.outputs.failed).toContain('evidence');
    expect(r.log).toContain('stream-deleted');
    expect(r.log).not.toContain('evidence verify skipped');
  });

  it('skips the evidence check with a notice only when there is neither a base nor a ledger', () => {
    const dir = cleanRepo();
    const r = runAction({ actionPath: ROOT, workspace: dir, github: { event_name: 'push', event: {} } });
    expect(r.summary).toContain(
      '| `evidence verify` | ⏭️ skipped — no agents/evidence/ledger/ folder and no base to compare against |',
    );
    expect(r.log).toContain('::notice title=agent-config::evidence verify skipped');
  });

  it('fails on findings, counts them, annotates them and lists them in the summary', () => {
    const dir = makeRepo({ 'agents/roadmaps/broken.md': BROKEN });
    const r = runAction({
      actionPath: ROOT,
      workspace: dir,
      inputs: { 'sarif-file': 'out/lint.sarif' },
      github: pullRequest(head(dir)),
    });
    expect(r.code).toBe(1);
    const sarif = JSON.parse(readFileSync(join(dir, 'out', 'lint.sarif'), 'utf8'));
    const results = sarif.runs.flatMap((run: { results: unknown[] }) => run.results);
    const json = JSON.parse(runBin(dir, ['lint', '--format', 'json']).stdout);
    expect(results.length).toBeGreaterThan(1);
    expect(results.length).toBe(json.findings.length);
    expect(r.outputs).toMatchObject({
      'sarif-file': 'out/lint.sarif',
      findings: String(results.length),
      failed: 'progress,lint',
    });
    expect(r.summary).toContain('| `progress --check` | ❌ failed |');
    expect(r.summary).toContain(`| \`lint\` | ❌ failed — ${results.length} finding(s) |`);
    expect(r.summary).toContain('### Lint findings');
    expect(r.summary).toMatch(/\| agents\/roadmaps\/broken\.md \| \d+ \| blockers \| .*half/);
    expect(r.summary).toContain('<details><summary>progress --check: output</summary>');
    expect(r.summary).toContain('agents/roadmaps-progress.md is missing');
    expect(r.log).toMatch(/::error file=agents\/roadmaps\/broken\.md,line=\d+,title=blockers::/);
  });

  it('reports findings without failing when fail-on-findings is false', () => {
    const dir = makeRepo({ 'agents/roadmaps/broken.md': BROKEN });
    const r = runAction({
      actionPath: ROOT,
      workspace: dir,
      inputs: { 'fail-on-findings': 'false', checks: 'lint', annotations: 'false' },
    });
    expect(r.code).toBe(0);
    expect(Number(r.outputs.findings)).toBeGreaterThan(0);
    expect(r.outputs.failed).toBe('lint');
    expect(r.summary).not.toContain('progress --check');
    expect(r.log).not.toContain('::error');
  });

  it('runs only the chosen checks, and refuses an unknown one', () => {
    const dir = cleanRepo();
    const only = runAction({ actionPath: ROOT, workspace: dir, inputs: { checks: 'progress' } });
    expect(only.code).toBe(0);
    expect(only.outputs['sarif-file']).toBe('');
    expect(existsSync(join(dir, 'agent-config.sarif'))).toBe(false);
    expect(only.summary).not.toContain('`lint`');
    const bad = runAction({ actionPath: ROOT, workspace: dir, inputs: { checks: 'progress, speling' } });
    expect(bad.code).toBe(2);
    expect(bad.log).toContain(
      "::error title=agent-config::unknown check 'speling' in the checks input (known: progress, lint, evidence)",
    );
  });

  it('verifies the evidence against the pull request base once the ledger folder exists', () => {
    const dir = cleanRepo();
    const base = head(dir);
    writeFiles(dir, { 'agents/evidence/ledger/.keep': '' });
    const r = runAction({
      actionPath: ROOT,
      workspace: dir,
      inputs: { checks: 'evidence' },
      github: pullRequest(base),
    });
    expect(r.log).toContain(`$ agent-config evidence verify --against ${base}`);
    expect(r.summary).not.toContain('skipped');
    const noBase = runAction({ actionPath: ROOT, workspace: dir, inputs: { checks: 'evidence' } });
    expect(noBase.code).toBe(2);
    expect(noBase.log).toContain('no base to verify against');
  });

  it('passes a ledger that was only appended to, and fails one rewritten since the base', () => {
    const dir = cleanRepo();
    expect(runBin(dir, ['stage', '--action', 'deploy', '--object', 'prod', '--source', 'test']).code).toBe(0);
    git(dir, 'add', '-A');
    git(dir, 'commit', '-q', '-m', 'a stage, recorded');
    const base = head(dir);
    const clean = runAction({
      actionPath: ROOT,
      workspace: dir,
      inputs: { checks: 'evidence' },
      github: pullRequest(base),
    });
    expect(clean.code, clean.log).toBe(0);
    expect(clean.summary).toContain(`| \`evidence verify --against ${base}\` | ✅ passed |`);
    const [stream] = git(dir, 'ls-files', 'agents/evidence/ledger').split('\n');
    const path = join(dir, stream!);
    writeFiles(dir, { [stream!]: readFileSync(path, 'utf8').replace('"deploy"', '"destroy"') });
    git(dir, 'commit', '-q', '-am', 'rewrite the record');
    const broken = runAction({
      actionPath: ROOT,
      workspace: dir,
      inputs: { checks: 'evidence' },
      github: pullRequest(base),
    });
    expect(broken.code).toBe(1);
    expect(broken.outputs.failed).toBe('evidence');
    expect(broken.summary).toContain(`| \`evidence verify --against ${base}\` | ❌ failed |`);
    expect(broken.summary).toContain('hash-mismatch');
  });

  it('fails a pull request that resolves a blocker by hand and switches the check off in the same commit', () => {
    const dir = cleanRepo();
    const config = readFileSync(join(dir, 'agent-config.yaml'), 'utf8');
    const plan = (status: string) =>
      `# Plan\n\n## Phase 1: Ship\n\n- [ ] ship it\n\n## Blockers\n\n${OPEN_BLOCKER_GO.replace('open', status)}`;
    writeFiles(dir, {
      'agent-config.yaml': `${config}\nlint:\n  rules:\n    unrecorded-resolution: on\n`,
      'agents/roadmaps/plan.md': plan('open'),
      'agents/evidence/ledger/.keep': '',
    });
    expect(runBin(dir, ['progress']).code).toBe(0);
    git(dir, 'add', '-A');
    git(dir, 'commit', '-q', '-m', 'the plan, its check on');
    const base = head(dir);
    writeFiles(dir, {
      'agent-config.yaml': `${config}\nlint:\n  rules:\n    unrecorded-resolution: off\n`,
      'agents/roadmaps/plan.md': plan('resolved — go'),
    });
    expect(runBin(dir, ['progress']).code).toBe(0);
    git(dir, 'commit', '-q', '-am', 'resolve it by hand');
    const r = runAction({ actionPath: ROOT, workspace: dir, github: pullRequest(base) });
    expect(r.code, r.log).toBe(1);
    expect(r.summary).toContain('| `lint` | ✅ passed — 0 finding(s) |');
    expect(r.outputs.failed).toBe('evidence');
    expect(r.summary).toContain(`| \`evidence verify --against ${base}\` | ❌ failed |`);
    expect(r.summary).toContain('lint-loosened  agent-config.yaml:');
    expect(r.summary).toContain('lint.rules.unrecorded-resolution');
  });

  it('fetches the base commit a shallow checkout lacks before verifying against it', () => {
    const origin = cleanRepo();
    const base = head(origin);
    writeFiles(origin, { 'agents/evidence/ledger/.keep': '' });
    git(origin, 'add', '-A');
    git(origin, 'commit', '-q', '-m', 'ledger');
    const dir = tempDir();
    git(dir, 'clone', '-q', '--depth=1', `file://${origin}`, '.');
    expect(() => git(dir, 'cat-file', '-e', `${base}^{commit}`)).toThrow();
    const r = runAction({
      actionPath: ROOT,
      workspace: dir,
      inputs: { checks: 'evidence' },
      github: pullRequest(base),
    });
    expect(r.log).toContain(`$ agent-config evidence verify --against ${base}`);
    git(dir, 'cat-file', '-e', `${base}^{commit}`);
  });

  it('fails with exit 2 when a check cannot run, and shows why in the summary', () => {
    const dir = makeRepo({
      'agent-config.yaml': 'roadmap: x\n',
      'agents/roadmaps/a.md': '# A\n\n## P\n\n- [ ] a\n',
    });
    const r = runAction({ actionPath: ROOT, workspace: dir, inputs: { checks: 'lint' } });
    expect(r.code).toBe(2);
    expect(r.outputs).toMatchObject({ 'sarif-file': '', failed: 'lint', findings: '0' });
    expect(r.summary).toContain('| `lint` | ⚠️ could not run |');
    expect(r.summary).toContain("agent-config.yaml:1: unknown key 'roadmap'");
  });

  it('works from a sub-folder given as working-directory', () => {
    const outer = makeRepo({ 'site/agents/roadmaps/broken.md': BROKEN });
    const r = runAction({
      actionPath: ROOT,
      workspace: outer,
      inputs: { 'working-directory': 'site', checks: 'lint' },
    });
    expect(r.code).toBe(1);
    expect(existsSync(join(outer, 'site', 'agent-config.sarif'))).toBe(true);
    expect(r.log).toMatch(/::error file=site\/agents\/roadmaps\/broken\.md,line=\d+,title=blockers::/);
  });
});

describe('the action in archive mode', () => {
  /** A clone of a bare `origin` whose last push ticked the last step of a roadmap. */
  function pushedRepo() {
    const origin = tempDir();
    git(origin, 'init', '-q', '--bare', '-b', 'main');
    const dir = makeRepo({ 'agents/roadmaps/done.md': '# Done\n\n## Phase 1\n\n- [ ] ship it\n' });
    git(dir, 'remote', 'add', 'origin', origin);
    runBin(dir, ['progress']);
    git(dir, 'add', '-A');
    git(dir, 'commit', '-q', '-m', 'dashboard');
    const before = head(dir);
    writeFiles(dir, { 'agents/roadmaps/done.md': '# Done\n\n## Phase 1\n\n- [x] ship it\n' });
    runBin(dir, ['progress']);
    git(dir, 'commit', '-q', '-am', 'ship it');
    git(dir, 'push', '-q', 'origin', 'main');
    return { origin, dir, before };
  }

  it('archives what the push finished, commits the moves and pushes them', () => {
    const { origin, dir, before } = pushedRepo();
    const github = { event_name: 'push', event: { before } };
    const env = { GITHUB_REF: 'refs/heads/main' };
    const r = runAction({ actionPath: ROOT, workspace: dir, inputs: { mode: 'archive' }, github, env });
    expect(r.code, r.log).toBe(0);
    expect(existsSync(join(dir, 'agents/roadmaps/archive/done.md'))).toBe(true);
    expect(r.outputs.archived).toBe('1');
    expect(r.outputs.commit).toBe(head(dir));
    expect(git(origin, 'rev-parse', 'main').trim()).toBe(head(dir));
    expect(git(dir, 'log', '-1', '--format=%s').trim()).toBe('Archive finished roadmaps');
    expect(git(dir, 'status', '--porcelain')).toBe('');
    expect(git(dir, 'show', '--name-status', '--format=', 'HEAD')).toContain('agents/roadmaps-progress.md');
    expect(r.summary).toContain(`Archived 1 roadmap(s) in ${head(dir).slice(0, 12)}:`);
    expect(r.summary).toContain('* agents/roadmaps/done.md → agents/roadmaps/archive/done.md');

    const again = runAction({ actionPath: ROOT, workspace: dir, inputs: { mode: 'archive' }, github, env });
    expect(again.code).toBe(0);
    expect(again.outputs).toMatchObject({ archived: '0', commit: '' });
    expect(again.summary).toContain('Nothing to archive.');
  });

  it('warns about a roadmap it may not archive, and commits nothing', () => {
    const origin = tempDir();
    git(origin, 'init', '-q', '--bare', '-b', 'main');
    const dir = makeRepo({
      'agents/roadmaps/held.md': `# Held\n\n## Phase 1\n\n- [x] done\n\n## Blockers\n\n${OPEN_BLOCKER_GO}`,
    });
    git(dir, 'remote', 'add', 'origin', origin);
    const r = runAction({ actionPath: ROOT, workspace: dir, inputs: { mode: 'archive', push: 'false' } });
    expect(r.code, r.log).toBe(0);
    expect(r.outputs).toMatchObject({ archived: '0', commit: '' });
    expect(r.log).toMatch(/::warning file=agents\/roadmaps\/held\.md,title=not archived::blockers: go/);
    expect(r.summary).toContain('Not archived:');
  });
});

describe('the action from a checkout of this repository inside the workspace, as docs/ci.md shows', () => {
  /** `.agent-config/` in the workspace, built: the action, its CLI, and this repository's own roadmaps and docs. */
  function checkoutInto(workspace: string): string {
    const path = join(workspace, '.agent-config');
    for (const part of ['action.yml', 'package.json', 'action', 'dist', 'agents', 'docs'])
      cpSync(join(ROOT, part), join(path, part), { recursive: true });
    // What the action's first step leaves there after building: node_modules beside dist/.
    symlinkSync(join(ROOT, 'node_modules'), join(path, 'node_modules'));
    return path;
  }

  it('checks the repository alone: the checkout folder is neither linted nor counted', () => {
    const dir = cleanRepo();
    const r = runAction({ actionPath: checkoutInto(dir), workspace: dir, github: pullRequest(head(dir)) });
    expect(r.code, r.log).toBe(0);
    expect(r.outputs).toMatchObject({ findings: '0', failed: '' });
  });

  it('archives and commits the moves, never the checkout folder', () => {
    const origin = tempDir();
    git(origin, 'init', '-q', '--bare', '-b', 'main');
    const dir = makeRepo({ 'agents/roadmaps/done.md': '# Done\n\n## Phase 1\n\n- [ ] ship it\n' });
    git(dir, 'remote', 'add', 'origin', origin);
    runBin(dir, ['progress']);
    git(dir, 'add', '-A');
    git(dir, 'commit', '-q', '-m', 'dashboard');
    const before = head(dir);
    writeFiles(dir, { 'agents/roadmaps/done.md': '# Done\n\n## Phase 1\n\n- [x] ship it\n' });
    runBin(dir, ['progress']);
    git(dir, 'commit', '-q', '-am', 'ship it');
    git(dir, 'push', '-q', 'origin', 'main');
    const r = runAction({
      actionPath: checkoutInto(dir),
      workspace: dir,
      inputs: { mode: 'archive' },
      github: { event_name: 'push', event: { before } },
      env: { GITHUB_REF: 'refs/heads/main' },
    });
    expect(r.code, r.log).toBe(0);
    expect(r.outputs.archived).toBe('1');
    expect(git(dir, 'show', '--name-only', '--format=', 'HEAD')).not.toContain('.agent-config');
    expect(git(dir, 'status', '--porcelain')).toBe('?? .agent-config/\n');
  });
});

describe('the action from a checkout without dist/', () => {
  it('builds the CLI in the action folder, then runs it', () => {
    const copy = tempDir();
    const files = git(ROOT, 'ls-files', '-co', '--exclude-standard').split('\n').filter(Boolean);
    for (const f of files) if (existsSync(join(ROOT, f))) cpSync(join(ROOT, f), join(copy, f));
    // `npm ci` needs the registry; the modules installed here stand in for what it would fetch.
    symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'));
    expect(existsSync(join(copy, 'dist'))).toBe(false);
    const dir = cleanRepo();
    const r = runAction({ actionPath: copy, workspace: dir, inputs: { checks: 'progress,lint' } });
    expect(r.code, r.log).toBe(0);
    expect(existsSync(join(copy, 'dist', 'bin.js'))).toBe(true);
    expect(r.log).toContain('::group::Build agent-config');
    expect(r.outputs.findings).toBe('0');
  });
});
