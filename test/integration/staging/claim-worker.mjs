// One concurrent claimer: loads the built CLI, says `ready`, waits for `go` on stdin, then runs
// `agent-config claim <token>` through the same runCli the binary uses and exits with its code.
import { createInterface } from 'node:readline';

const [dist, cwd, token] = process.argv.slice(2);
const { runCli } = await import(dist);
const sink = { write: () => true };
const ctx = {
  cwd,
  env: process.env,
  clock: () => new Date(),
  io: { stdout: sink, stderr: sink, isTTY: false, stdinIsTTY: false, color: false, columns: 80 },
  git: () => {
    throw new Error('claim must not need git when --root is given');
  },
};
const lines = createInterface({ input: process.stdin });
process.stdout.write('ready\n');
for await (const line of lines) {
  if (line === 'go') break;
}
lines.close();
process.exitCode = await runCli(['claim', token, '--root', cwd], ctx);
