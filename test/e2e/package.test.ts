import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, ROOT } from '../helpers/bin.js';
import { tempDir, writeFiles } from '../helpers/repo.js';

// The package as npm would publish it: packed without running `prepare` (dist/ is built once for
// the whole run, and other tests read it while this one packs), then installed into an empty
// project. The registry is not reachable here, and `npm install --offline <tgz>` needs the
// registry's metadata of each dependency, which `npm ci` never caches; so the project gets a
// lockfile naming the tarball and this repository's locked production dependencies, and
// `npm ci --offline` installs them from the tarballs in npm's cache.

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8'));

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : [relative(ROOT, join(dir, e.name)).split('\\').join('/')],
  );
}

/** Local files the README links to (`[text](docs/x.md)`, without anchors). */
function readmeLinks(): string[] {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const links = [...readme.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)].map((m) => m[1]!);
  return [...new Set(links.filter((l) => !/^[a-z]+:/i.test(l)))];
}

let tarball = '';
let packed: string[] = [];

beforeAll(() => {
  ensureBuilt();
  const out = tempDir('agent-config-pack-');
  const json = execFileSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', out], {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const [info] = JSON.parse(json) as Array<{ filename: string; files: Array<{ path: string }> }>;
  tarball = join(out, info!.filename);
  packed = info!.files.map((f) => f.path).sort();
}, 120_000);

describe('the npm package', () => {
  it('is named agent-config and holds exactly dist/, examples/, README, LICENSE and the docs the README links to', () => {
    expect(pkg.name).toBe('agent-config');
    const expected = [
      'package.json',
      'README.md',
      'LICENSE',
      ...files(join(ROOT, 'dist')),
      ...files(join(ROOT, 'examples')),
      ...readmeLinks(),
    ];
    expect(packed).toEqual([...new Set(expected)].sort());
    expect(packed).toContain('dist/types/index.d.ts');
    expect(packed).toContain('examples/demo/agents/roadmaps-progress.md');
  });

  it('installs into an empty project and runs there as `npx agent-config`', () => {
    const project = tempDir('agent-config-install-');
    const spec = `file:${tarball}`;
    const packages: Record<string, unknown> = {
      '': { name: 'p', version: '1.0.0', dependencies: { 'agent-config': spec } },
      'node_modules/agent-config': {
        version: pkg.version,
        resolved: spec,
        integrity: `sha512-${createHash('sha512').update(readFileSync(tarball)).digest('base64')}`,
        license: pkg.license,
        dependencies: pkg.dependencies,
        bin: pkg.bin,
        engines: pkg.engines,
      },
    };
    for (const [path, entry] of Object.entries(lock.packages as Record<string, { dev?: boolean }>)) {
      if (path !== '' && entry.dev !== true) packages[path] = entry;
    }
    writeFiles(project, {
      'package.json': JSON.stringify({
        name: 'p',
        version: '1.0.0',
        private: true,
        dependencies: { 'agent-config': spec },
      }),
      'package-lock.json': JSON.stringify({
        name: 'p',
        version: '1.0.0',
        lockfileVersion: 3,
        requires: true,
        packages,
      }),
      'agents/roadmaps/plan.md':
        '# Plan\n\n## Phase 1\n\n- [ ] ship\n\n## Blockers\n\n### blocker: pick-name\n- **Status:** open\n- **Owner:** user\n- **Blocks:** Phase 1\n',
    });
    execFileSync('npm', ['ci', '--offline', '--no-audit', '--no-fund'], { cwd: project, stdio: 'pipe' });
    const npx = (args: string[]) =>
      execFileSync('npx', ['--offline', 'agent-config', ...args], {
        cwd: project,
        encoding: 'utf8',
        stdio: 'pipe',
      });
    expect(npx(['--version']).trim()).toBe(pkg.version);
    const gates = JSON.parse(npx(['gates', '--json']));
    expect(JSON.stringify(gates)).toContain('pick-name');
    const version = readFileSync(join(project, 'node_modules', 'agent-config', 'package.json'), 'utf8');
    expect(JSON.parse(version).version).toBe(pkg.version);
  }, 180_000);
});
