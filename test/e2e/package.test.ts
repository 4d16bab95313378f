import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, ROOT } from '../helpers/bin.js';
import { GIT_ENV, git, makeRepo, tempDir, writeFiles } from '../helpers/repo.js';
import { inTerminalSteps } from '../helpers/terminal.js';

// The package installed the ways the docs say, with the registry out of reach: from a tarball
// that `npm pack` made in a clone, and from a git URL (`git+file://` of that clone). The clone
// is this work tree as it stands (committed or not) in a fresh repository, with this checkout's
// node_modules linked in so that its `prepack` can build dist/ there; this checkout's dist/ is
// never rebuilt (other tests read it). npm runs with `offline`, which also reaches the npm that
// prepares a git dependency; every project gets a lockfile naming this repository's locked
// dependencies, whose tarballs `npm ci` left in npm's cache (`npm install --offline` of a new
// dependency would need the registry's metadata, which `npm ci` never caches).

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8'));
const TARBALL = `agent-config-${pkg.version}.tgz`;
const NPM_ENV = {
  ...process.env,
  ...GIT_ENV,
  npm_config_offline: 'true',
  npm_config_audit: 'false',
  npm_config_fund: 'false',
  npm_config_update_notifier: 'false',
};
/** What npm 11 says about a dependency's `prepare` it will not run. */
const PREPARE_WARNING = /allowScripts|install-scripts|prepare/;

function files(root: string, dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? files(root, join(dir, e.name))
      : [relative(root, join(dir, e.name)).split('\\').join('/')],
  );
}

/** Local files the README links to (`[text](docs/x.md)`, without anchors). */
function readmeLinks(): string[] {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const links = [...readme.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)].map((m) => m[1]!);
  return [...new Set(links.filter((l) => !/^[a-z]+:/i.test(l)))];
}

/** This work tree's files (tracked and untracked, not ignored) committed in a fresh repository. */
function cloneWorkTree(): { dir: string; commit: string } {
  const dir = tempDir('agent-config-clone-');
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  const present = listed.split('\0').filter((f) => f !== '' && existsSync(join(ROOT, f)));
  for (const file of present) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    copyFileSync(join(ROOT, file), join(dir, file));
  }
  git(dir, 'init', '-q', '-b', 'main');
  execFileSync('git', ['add', '--', ...present], { cwd: dir, env: { ...process.env, ...GIT_ENV } });
  git(dir, 'commit', '-q', '-m', 'the work tree');
  return { dir, commit: git(dir, 'rev-parse', 'HEAD').trim() };
}

function npm(cwd: string, args: string[]) {
  const r = spawnSync('npm', args, { cwd, encoding: 'utf8', env: NPM_ENV });
  return { code: r.status, output: `${r.stdout}${r.stderr}` };
}

/** npm pack into a fresh folder; returns the tarball and what npm listed in it. */
function pack(cwd: string, extra: string[] = []): { tarball: string; packed: string[] } {
  const out = tempDir('agent-config-pack-');
  const json = execFileSync('npm', ['pack', ...extra, '--json', '--pack-destination', out], {
    cwd,
    encoding: 'utf8',
    env: NPM_ENV,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // prepack's build prints to stdout too; npm's JSON is the last thing written.
  const [info] = JSON.parse(json.slice(json.lastIndexOf('\n[\n') + 1)) as Array<{
    filename: string;
    files: Array<{ path: string }>;
  }>;
  return { tarball: join(out, info!.filename), packed: info!.files.map((f) => f.path).sort() };
}

/** An empty repository whose package.json and lockfile name agent-config at `spec` as a dev dependency. */
function project(spec: string, resolved: string, integrity?: string): string {
  const dir = makeRepo();
  const packages: Record<string, unknown> = {
    '': { name: 'p', version: '1.0.0', devDependencies: { 'agent-config': spec } },
    'node_modules/agent-config': {
      version: pkg.version,
      resolved,
      ...(integrity === undefined ? {} : { integrity }),
      dev: true,
      license: pkg.license,
      dependencies: pkg.dependencies,
      bin: pkg.bin,
      engines: pkg.engines,
    },
  };
  for (const [path, entry] of Object.entries(lock.packages as Record<string, { dev?: boolean }>)) {
    if (path !== '' && entry.dev !== true) packages[path] = { ...entry, dev: true };
  }
  writeFiles(dir, {
    'package.json': `${JSON.stringify({ name: 'p', version: '1.0.0', private: true, devDependencies: { 'agent-config': spec } }, null, 2)}\n`,
    'package-lock.json': JSON.stringify({
      name: 'p',
      version: '1.0.0',
      lockfileVersion: 3,
      requires: true,
      packages,
    }),
  });
  return dir;
}

/** A project with the tarball copied in, installed as the docs say. */
function installTarball(tarball: string): { dir: string; output: string } {
  const integrity = `sha512-${createHash('sha512').update(readFileSync(tarball)).digest('base64')}`;
  const dir = project(`file:${TARBALL}`, `file:${TARBALL}`, integrity);
  copyFileSync(tarball, join(dir, TARBALL));
  const r = npm(dir, ['install', '--save-dev', `./${TARBALL}`]);
  expect(r.code, r.output).toBe(0);
  return { dir, output: r.output };
}

const npx = (cwd: string, args: string[], env: Record<string, string> = {}) => {
  const r = spawnSync('npx', ['--no', 'agent-config', ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...NPM_ENV, ...env },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
};

/** The local binary itself (`npx --no agent-config --version` would print npm's version). */
const version = (cwd: string) =>
  execFileSync(join(cwd, 'node_modules', '.bin', 'agent-config'), ['--version'], { encoding: 'utf8' }).trim();

const bashCall = (command: string, cwd: string) =>
  JSON.stringify({
    session_id: 'e2e',
    cwd,
    hook_event_name: 'PreToolUse',
    tool_name: 'Bash',
    tool_input: { command },
  });

/** Claude Code: the settings' hook command under `sh -c`, CLAUDE_PROJECT_DIR set, the call on stdin. */
function claudeHook(dir: string, call: string) {
  const settings = JSON.parse(readFileSync(join(dir, '.claude', 'settings.json'), 'utf8'));
  const command: string = settings.hooks.PreToolUse[0].hooks[0].command;
  const env: Record<string, string | undefined> = { ...NPM_ENV, CLAUDE_PROJECT_DIR: dir };
  const r = spawnSync('sh', ['-c', command], { cwd: dir, input: bashCall(call, dir), encoding: 'utf8', env });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

let clone = { dir: '', commit: '' };
let packed = { tarball: '', packed: [] as string[] };

beforeAll(() => {
  ensureBuilt();
  clone = cloneWorkTree();
  symlinkSync(join(ROOT, 'node_modules'), join(clone.dir, 'node_modules'));
  packed = pack(clone.dir);
}, 300_000);

describe('the npm package', () => {
  it('is named agent-config and holds exactly dist/, examples/, README, LICENSE and the docs the README links to', () => {
    expect(pkg.name).toBe('agent-config');
    const expected = [
      'package.json',
      'README.md',
      'LICENSE',
      ...files(clone.dir, join(clone.dir, 'dist')),
      ...files(clone.dir, join(clone.dir, 'examples')),
      ...readmeLinks(),
    ];
    expect(packed.packed).toEqual([...new Set(expected)].sort());
    expect(packed.packed).toContain('dist/types/index.d.ts');
    expect(packed.packed).toContain('examples/demo/agents/roadmaps-progress.md');
  });

  it("`npm pack` leaves `prepare` out of the packed package.json and puts the clone's back byte for byte", () => {
    const inside = JSON.parse(
      execFileSync('tar', ['-xOzf', packed.tarball, 'package/package.json'], { encoding: 'utf8' }),
    );
    const { prepare, ...scripts } = pkg.scripts;
    expect(prepare).toBe('node scripts/build.mjs');
    expect(inside).toEqual({ ...pkg, scripts });
    expect(readFileSync(join(clone.dir, 'package.json'), 'utf8')).toBe(
      readFileSync(join(ROOT, 'package.json'), 'utf8'),
    );
    expect(existsSync(join(clone.dir, 'package.json.prepack'))).toBe(false);
    expect(git(clone.dir, 'status', '--porcelain', '--', 'package.json')).toBe('');
  });

  it('installs from the tarball without a word about a `prepare` script (one that keeps it gets the warning)', () => {
    expect(installTarball(packed.tarball).output).not.toMatch(PREPARE_WARNING);
    // The check can fail: the same package packed without prepack still names `prepare`.
    const raw = pack(ROOT, ['--ignore-scripts']);
    expect(installTarball(raw.tarball).output).toMatch(PREPARE_WARNING);
  }, 180_000);

  it('in an empty repository runs init --agent claude-code, gates and the guard as the docs say; without node_modules the hook refuses a force push', async () => {
    const { dir } = installTarball(packed.tarball);
    expect(version(dir)).toBe(pkg.version);
    const init = npx(dir, ['init', '--agent', 'claude-code']);
    expect([init.code, init.stderr]).toEqual([0, '']);
    expect(init.stdout).toContain('  created   .claude/settings.json');
    expect(init.stdout).toMatch(
      /^ {2}npx --no agent-config gates {2,}the decision the example roadmap waits on$/m,
    );
    const gates = npx(dir, ['gates']);
    expect(gates.code).toBe(0);
    expect(gates.stdout).toContain('first-plan');

    const denied = claudeHook(dir, 'git push -f origin main');
    expect([denied.code, denied.stderr]).toEqual([0, '']);
    const reason: string = JSON.parse(denied.stdout).hookSpecificOutput.permissionDecisionReason;
    const line = /`(npx --no agent-config confirm ([0-9a-f]{16}))`/.exec(reason);
    expect(line).not.toBeNull();
    // The line the guard hands the person runs as shown, from the repository, with no decider set.
    const confirmed = await inTerminalSteps(
      dir,
      line![1]!.split(' '),
      [
        ['Your name: ', 'ada\r'],
        ['anything else cancels', `${line![2]!.slice(-4)}\r`],
      ],
      { ...NPM_ENV, AGENT_CONFIG_HUMAN: '' } as Record<string, string>,
    );
    expect(confirmed.code).toBe(0);
    expect(confirmed.transcript).toContain(`confirmed: ${line![2]}`);
    const allowed = claudeHook(dir, 'git push -f origin main');
    expect(JSON.parse(allowed.stdout).hookSpecificOutput.permissionDecision).toBe('allow');

    rmSync(join(dir, 'node_modules'), { recursive: true, force: true });
    const closed = claudeHook(dir, 'git push -f origin main');
    expect(closed.code).toBe(2);
    expect(closed.stdout).toBe('');
    expect(closed.stderr.trim().split('\n').at(-1)).toBe(
      'agent-config guard: node_modules/.bin/agent-config could not run (exit 127), so the command was refused. Ask a person to run npm ci in the project.',
    );
  }, 180_000);

  it('installs from a git URL (git+file://): npm clones it, its `prepare` builds dist/, and the local binary runs', () => {
    const url = `git+file://${clone.dir}`;
    const dir = project(url, `${url}#${clone.commit}`);
    expect(git(clone.dir, 'ls-files', 'dist')).toBe('');
    const r = npm(dir, ['install', '--save-dev', url]);
    expect(r.code, r.output).toBe(0);
    expect(existsSync(join(dir, 'node_modules', 'agent-config', 'dist', 'cli.cjs'))).toBe(true);
    expect(version(dir)).toBe(pkg.version);
    const gates = npx(dir, ['gates', '--json']);
    expect(JSON.parse(gates.stdout)).toMatchObject({ needsYou: 0 });
  }, 300_000);
});
