// Writes dist/cli.cache: runs the commands of the CLI bundle once, in this process, on a small
// repository made for the purpose, then asks V8 for the code of every function compiled so far
// (see docs/decisions.md, "Performance: the optimisations that stay"). Run by scripts/build.mjs with the Node
// that will run the CLI: V8 refuses a cache made by another version or with other flags.
// Usage: node scripts/train-code-cache.mjs DIST
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

const dist = resolve(process.argv[2] ?? 'dist');
const { loadCli, bundleStamp, cacheFile, CACHE_FILE, BUNDLE_FILE } = createRequire(import.meta.url)(
  join(dist, 'code-cache.js'),
);

const PLAN = `---
status: in-progress
owner: agent
---

# Roadmap: Training run

Follows [the parked plan](later/road-to-later.md).

## Phase 1 — Build

- [x] done step
- [ ] open step <!-- blocked-by: go-live -->
- [~] deferred step <!-- deferred-resolution: carried-to=road-to-later -->
- [-] cancelled step
- [ ] merge-gated step, waiting on PR #12
  - [ ] nested step

\`\`\`bash
- [ ] not a step
\`\`\`

## Phase 2: Ship

- [ ] release

> Blocked until: the owner signs off

## Blockers

### Blocker: go-live

- **Owner:** user
- **Class:** 2
- **Question:** Ship it?
- **Recommendation:** Yes.
- **What to do:** Reply "go".
- **If nothing happens:** Nothing ships.
- **Unblocks:** Phase 2
- **Status:** open
`;

const DONE = `# Roadmap: Finished

## Phase 1 — All

- [x] one
- [x] two
`;

const LATER = `---
parent_roadmap: road-to-training
---

# Roadmap: Later

Resume when the training run is done.

## Phase 1 — Later

- [ ] later step
`;

function writeTree(root) {
  const files = {
    'agents/roadmaps/road-to-training.md': PLAN,
    'agents/roadmaps/road-to-finished.md': DONE,
    'agents/roadmaps/later/road-to-later.md': LATER,
    'agents/evidence/run.md': 'Cites agents/roadmaps/road-to-finished.md as it was.\n',
    'docs/notes.md': 'See [the finished plan](../agents/roadmaps/road-to-finished.md#phase-1).\n',
  };
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
}

function gitRepo(root) {
  const git = (...args) =>
    spawnSync('git', ['-c', 'user.name=Build', '-c', 'user.email=build@example.invalid', ...args], {
      cwd: root,
      stdio: 'ignore',
    }).status === 0;
  return git('init', '-q') && git('add', '-A') && git('commit', '-q', '-m', 'training');
}

const sink = { write: () => true };
const root = mkdtempSync(join(tmpdir(), 'agent-config-train-'));
try {
  writeTree(root);
  const hasGit = gitRepo(root);
  const { cli, script } = loadCli(dist, { cache: false });
  const ctx = {
    ...cli.processContext(),
    cwd: root,
    io: { stdout: sink, stderr: sink, isTTY: false, stdinIsTTY: false, color: false, columns: 80 },
    prompt: undefined,
  };
  const runs = [
    ['--version'],
    ['--help'],
    ['progress', '--help'],
    ['gates', '--help'],
    ['progress'],
    ['progress', '--check'],
    ['gates'],
    ['gates', '--all'],
    ['gates', '--json'],
    ['gates', '--reply'],
    ['gates', '--pending'],
    ['lint'],
    ['lint', '--format', 'json'],
    ...(hasGit
      ? [
          ['archive', '--all', '--dry-run'],
          ['lint', '--staged'],
        ]
      : []),
  ];
  for (const argv of runs) await cli.runCli(argv, ctx);
  const stamp = bundleStamp(readFileSync(join(dist, BUNDLE_FILE), 'utf8'));
  if (stamp === null) throw new Error(`${BUNDLE_FILE} carries no build stamp`);
  // Written whole, then renamed: a build stopped half-way leaves no half-written cache.
  const cache = join(dist, CACHE_FILE);
  writeFileSync(`${cache}.tmp`, cacheFile(stamp, script.createCachedData()));
  renameSync(`${cache}.tmp`, cache);
} finally {
  rmSync(root, { recursive: true, force: true });
}
