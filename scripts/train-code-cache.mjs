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
const {
  loadCli,
  loadBundle,
  bundleStamp,
  cacheFile,
  CACHE_FILE,
  BUNDLE_FILE,
  PARSER_FILE,
  PARSER_CACHE_FILE,
  packageName,
} = createRequire(import.meta.url)(join(dist, 'code-cache.js'));

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

const PARSER_SAMPLES = [
  'cd x && git -C dir push --force origin +main || echo "failed: $(date)"; ls | wc -l',
  "sudo env A=1 bash -lc 'git push -f' && (cd sub; `git tag -d v1`) &",
  'cat <<EOF | psql -c "DROP TABLE x"\nDROP DATABASE y;\nEOF\nif [ -n "$x" ]; then for f in *.md; do echo "$f"; done; fi',
  'echo "unterminated $(git push',
];

/** Writes a bundle's code cache: whole, then renamed, so a stopped build leaves no half a cache. */
function writeCache(bundle, name, script) {
  const stamp = bundleStamp(readFileSync(join(dist, bundle), 'utf8'));
  if (stamp === null) throw new Error(`${bundle} carries no build stamp`);
  const cache = join(dist, name);
  writeFileSync(`${cache}.tmp`, cacheFile(stamp, script.createCachedData()));
  renameSync(`${cache}.tmp`, cache);
}

const sink = { write: () => true };
const root = mkdtempSync(join(tmpdir(), 'agent-config-train-'));
try {
  writeTree(root);
  const hasGit = gitRepo(root);
  // Compiled under its package path: V8 keeps the name in the cache (src/cli/code-cache.ts).
  const { cli, script } = loadCli(dist, { cache: false, scriptName: packageName(BUNDLE_FILE) });
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
  // The guard hook's full decision (rules, parser shim, staging): a parsed command and a guarded one.
  for (const command of ['git push origin main', 'git push --force']) {
    const input = JSON.stringify({
      cwd: root,
      hook_event_name: 'PreToolUse',
      tool_name: 'Bash',
      tool_input: { command },
    });
    await cli.runCli(['hook', 'claude-code'], { ...ctx, env: {}, readStdin: () => input });
  }
  writeCache(BUNDLE_FILE, CACHE_FILE, script);
  // The guard's shell parser: its own bundle and cache, trained on the shapes the guard reads.
  const parser = loadBundle(dist, PARSER_FILE, PARSER_CACHE_FILE, {
    cache: false,
    scriptName: packageName(PARSER_FILE),
  });
  const walk = (node) => parser.exports.forEachChild(node, walk);
  for (const line of PARSER_SAMPLES) walk(parser.exports.parse(line));
  writeCache(PARSER_FILE, PARSER_CACHE_FILE, parser.script);
} finally {
  rmSync(root, { recursive: true, force: true });
}
