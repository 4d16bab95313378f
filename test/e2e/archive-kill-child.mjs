// Child process for the kill -9 test: runs `archive --all` through the built library and
// kills itself with SIGKILL right before step N (no cleanup, no finally blocks run).
import { createGit, runArchive } from '../../dist/index.mjs';

const [cwd, killAt] = process.argv.slice(2);
let step = 0;
const io = { stdout: process.stdout, stderr: process.stderr, isTTY: false, stdinIsTTY: false, color: false, columns: 80 };
// The only process writing this repository's ledger.
const processes = { pid: process.pid, isAlive: () => true };
const ctx = { cwd, env: process.env, clock: () => new Date(), io, git: createGit, processes };
await runArchive(ctx, { all: true }, {
  beforeStep: () => {
    if (step++ === Number(killAt)) process.kill(process.pid, 'SIGKILL');
  },
});
console.log(`finished after ${step} steps`);
