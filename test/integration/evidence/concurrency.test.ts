import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { build } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { readEvidence } from '../../../src/evidence/api.js';
import { makeRepo, tempDir } from '../../helpers/repo.js';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const WORKER = join(import.meta.dirname, 'append-worker.mjs');
const LEDGER = 'agents/evidence/ledger';
// Generous for a loaded two-core machine: the tests assert outcomes, never speed.
const TIMEOUT = 300_000;
let bundle = '';

beforeAll(async () => {
  bundle = join(tempDir(), 'evidence.mjs');
  await build({
    entryPoints: [join(ROOT, 'src/evidence/api.ts')],
    outfile: bundle,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    banner: {
      js: "import { createRequire as __cr } from 'node:module';\nconst require = __cr(import.meta.url);",
    },
    logLevel: 'warning',
  });
}, TIMEOUT);

interface Worker {
  child: ChildProcessWithoutNullStreams;
  said: (word: string) => Promise<void>;
}

function startWorker(root: string, id: number, count: number): Worker {
  const child = spawn(process.execPath, [WORKER, bundle, root, String(id), String(count)]);
  const heard: string[] = [];
  const waiting: Array<[string, () => void]> = [];
  createInterface({ input: child.stdout }).on('line', (line) => {
    heard.push(line);
    for (const [, resolve] of waiting.filter(([w]) => w === line)) resolve();
  });
  let stderr = '';
  child.stderr.on('data', (d) => {
    stderr += d;
  });
  const said = (word: string) =>
    new Promise<void>((resolve, reject) => {
      if (heard.includes(word)) return resolve();
      waiting.push([word, resolve]);
      child.on('exit', (code, signal) => {
        if (!heard.includes(word)) reject(new Error(`worker ${id} exited (${code ?? signal}): ${stderr}`));
      });
    });
  return { child, said };
}

describe('appends from many processes', () => {
  it(
    '20 processes appending at once lose nothing and leave one contiguous chain',
    async () => {
      const root = makeRepo({ 'README.md': 'x\n' });
      const workers = Array.from({ length: 20 }, (_, id) => startWorker(root, id, 10));
      await Promise.all(workers.map((w) => w.said('ready')));
      for (const w of workers) w.child.stdin.write('go\n');
      await Promise.all(workers.map((w) => w.said('done')));
      const read = readEvidence(root, { collect: true });
      expect(read.streams).toHaveLength(1);
      expect(read.streams[0]!.verification).toMatchObject({ status: 'clean', records: 200 });
      const seqs = read.records.map((r) => r.record.seq).sort((a, b) => a - b);
      expect(seqs).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
      const written = new Set(read.records.map((r) => `${r.record.payload.worker}/${r.record.payload.i}`));
      expect(written.size).toBe(200);
      expect(readdirSync(join(root, LEDGER)).filter((n) => n.endsWith('.lock'))).toEqual([]);
    },
    TIMEOUT,
  );

  it(
    'a process killed with SIGKILL mid-append leaves its stream clean or torn, never corrupt',
    async () => {
      for (let round = 0; round < 8; round++) {
        const root = makeRepo({ 'README.md': 'x\n' });
        const worker = startWorker(root, round, 0);
        await worker.said('ready');
        worker.child.stdin.write('go\n');
        // Let it append for a while (a different while each round), then kill it mid-flight.
        const target = 3 + round * 7;
        for (;;) {
          await new Promise((r) => setTimeout(r, 5));
          const names = existsSync(join(root, LEDGER)) ? readdirSync(join(root, LEDGER)) : [];
          const stream = names.find((n) => n.endsWith('.jsonl'));
          if (
            stream &&
            readFileSync(join(root, LEDGER, stream))
              .toString()
              .split('\n').length > target
          )
            break;
        }
        worker.child.kill('SIGKILL');
        await new Promise((r) => worker.child.on('exit', r));
        const read = readEvidence(root);
        for (const s of read.streams) expect(['clean', 'torn-tail']).toContain(s.verification?.status);
        expect(read.streams[0]!.verification!.records).toBeGreaterThanOrEqual(target);
        // A lock the dead process held is reported as stale; clearing it lets appends go on.
        for (const lock of readdirSync(join(root, LEDGER)).filter((n) => n.endsWith('.lock')))
          rmSync(join(root, LEDGER, lock));
        const again = startWorker(root, 99, 1);
        await again.said('ready');
        again.child.stdin.write('go\n');
        await again.said('done');
        for (const s of readEvidence(root).streams) expect(s.verification?.status).not.toBe('corrupt');
      }
    },
    TIMEOUT,
  );
});
