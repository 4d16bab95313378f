// One of the concurrent appenders of concurrency.test.ts: a separate Node process that loads
// the evidence API bundle, says `ready`, waits for `go` on stdin, then appends `count` records
// (or, with count 0, appends until it is killed) and says `done`.
import { createInterface } from 'node:readline';

const [bundle, root, id, count] = process.argv.slice(2);
const { appendEvidence } = await import(bundle);
const config = { evidence: { ledger: true, recordObjects: false } };
// Every other holder of the ledger's lock is a live worker.
const ctx = { clock: () => new Date(), processes: { pid: process.pid, isAlive: () => true } };
const lines = createInterface({ input: process.stdin });
process.stdout.write('ready\n');
for await (const line of lines) {
  if (line !== 'go') break;
  const n = Number(count);
  for (let i = 0; n === 0 || i < n; i++) {
    await appendEvidence(ctx, root, config, {
      event: 'stage.staged',
      actor: `agent:worker-${id}`,
      payload: { worker: Number(id), i, padding: 'x'.repeat(2000) },
    });
  }
  process.stdout.write('done\n');
  break;
}
