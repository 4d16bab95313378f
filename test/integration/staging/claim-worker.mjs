// One of the concurrent claimers of staging-concurrency.test.ts: a separate Node process that
// loads the library once, then for every `go <root> <token> <iso-time>` line on stdin runs
// `agent-config claim <token> --root <root>` through runCli (what the binary runs) with a
// fixed clock, and answers its exit code on stdout.
import { createInterface } from 'node:readline';

const { runCli, createGit } = await import(process.argv[2]);
const sink = { write: () => true };
const lines = createInterface({ input: process.stdin });
process.stdout.write('ready\n');
for await (const line of lines) {
  const [verb, root, token, iso] = line.split(' ');
  if (verb !== 'go') break;
  const ctx = {
    cwd: root,
    env: {},
    clock: () => new Date(iso),
    io: { stdout: sink, stderr: sink, isTTY: false, stdinIsTTY: false, color: false, columns: 80 },
    // claim reads the signers in force (working copy, HEAD, base branch) through git.
    git: createGit,
    // Every other holder of the ledger's lock is a live claimer.
    processes: { pid: process.pid, isAlive: () => true },
  };
  const code = await runCli(['claim', token, '--root', root], ctx);
  process.stdout.write(`${code}\n`);
}
