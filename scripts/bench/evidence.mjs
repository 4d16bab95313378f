// `evidence verify` on a generated 100,000-record stream (MB/s, and the ratio to a bare Node
// script that only reads the file and hashes every line), and `stage` / `claim` with the
// evidence ledger on against the same commands with it off.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');
const BIN = join(ROOT, 'dist', 'bin.js');
const LIB = join(ROOT, 'dist', 'index.mjs');
const RECORDS = 100_000;
const STREAM = 'agents/evidence/ledger/bench00000000.jsonl';
const GIT_ENV = { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' };

async function generated(dir) {
  const file = join(dir, STREAM);
  if (existsSync(file)) return file;
  const { buildRecord } = await import(LIB);
  mkdirSync(join(dir, 'agents/evidence/ledger'), { recursive: true });
  const lines = [];
  let after = { seq: 0, head: null };
  const start = Date.parse('2026-12-01T00:00:00.000Z');
  for (let i = 0; i < RECORDS; i++) {
    const entry = {
      event: i % 2 === 0 ? 'stage.staged' : 'stage.claimed',
      actor: 'agent:bench',
      payload: { token: i.toString(16).padStart(16, '0'), action: 'push', object_sha256: 'ab'.repeat(32) },
    };
    const { record, line } = buildRecord(entry, after, new Date(start + i * 1000));
    lines.push(line);
    after = { seq: record.seq, head: record.hash };
  }
  writeFileSync(`${file}.tmp`, lines.join(''));
  execFileSync('mv', [`${file}.tmp`, file]);
  return file;
}

// The reference: read the file, split it into lines, SHA-256 every line. Nothing else.
const BARE = `const c=require('node:crypto');const t=require('node:fs').readFileSync(process.argv[1],'utf8');let h='';for(const l of t.split('\\n'))if(l)h=c.createHash('sha256').update(l).digest('hex');`;

function stagingRepo(dir, ledger) {
  if (!existsSync(join(dir, '.git'))) {
    mkdirSync(join(dir, 'agents'), { recursive: true });
    writeFileSync(join(dir, 'agents', 'README.md'), 'bench\n');
    writeFileSync(join(dir, 'agent-config.yaml'), `evidence:\n  ledger: ${ledger}\n`);
    execFileSync('git', ['init', '-q', '-b', 'main'], { cwd: dir, env: GIT_ENV });
  }
  return dir;
}

// Stages `deploy prod` through the library and confirms it the way an agent could where no
// signer is registered (docs/signing.md): the stage moved to confirmed/ and its stage.confirmed
// record appended. The library cannot answer a person's question (its prompt is the
// controlling terminal's), so the bench does what the ceremony would leave behind.
const CONFIRMED = `
const { runStage, appendEvidence, createGit, DEFAULT_CONFIG } = await import(process.argv[1]);
const { mkdirSync, readFileSync, rmSync, writeFileSync } = await import('node:fs');
const { join } = await import('node:path');
const root = process.argv[2];
const io = { stdout: { write() {} }, stderr: { write() {} }, isTTY: false, stdinIsTTY: false, color: false, columns: 80 };
const processes = { pid: process.pid, isAlive: () => true }; // the only writer of the ledger
const ctx = { cwd: root, env: {}, clock: () => new Date(), io, git: createGit, processes };
const { token } = await runStage(ctx, { action: 'deploy', object: 'prod', source: 'agent:bench' });
const store = join(root, 'agents/runtime/staged-confirmations');
const record = JSON.parse(readFileSync(join(store, 'pending', token + '.json'), 'utf8'));
Object.assign(record, { state: 'confirmed', decided_by: 'human:bench', resolved_at: new Date().toISOString().replace(/\\.\\d{3}Z$/, 'Z') });
mkdirSync(join(store, 'confirmed'), { recursive: true });
writeFileSync(join(store, 'confirmed', token + '.json'), JSON.stringify(record, null, 2) + '\\n');
rmSync(join(store, 'pending', token + '.json'));
const ledger = readFileSync(join(root, 'agent-config.yaml'), 'utf8').includes('ledger: true');
const config = { ...DEFAULT_CONFIG, evidence: { ...DEFAULT_CONFIG.evidence, ledger } };
await appendEvidence(ctx, root, config, { event: 'stage.confirmed', actor: 'human:bench', payload: { token, decided_by: 'human:bench' } });
`;

export default async function bench(h) {
  const dir = join(ROOT, '.bench', 'evidence-v1');
  const file = await generated(dir);
  const mb = statSync(file).size / 1e6;
  const verify = await h.timePair(
    `evidence verify, ${RECORDS.toLocaleString('en')} records (${mb.toFixed(1)} MB)`,
    {
      cmd: process.execPath,
      args: [BIN, 'evidence', 'verify', '--root', dir],
      before: () => readFileSync(file),
    },
    'bare node: read the file and SHA-256 every line',
    { cmd: process.execPath, args: ['-e', BARE, file] },
    { runs: 7 },
  );
  h.line(
    `verify: ${(mb / (verify.a / 1000)).toFixed(1)} MB/s (bare script ${(mb / (verify.b / 1000)).toFixed(1)} MB/s); ratio ${verify.ratio.toFixed(2)}× (target ≤ 3×: ${verify.ratio <= 3 ? 'met' : 'MISSED'})`,
  );

  const on = stagingRepo(join(ROOT, '.bench', 'evidence-ledger-on'), true);
  const off = stagingRepo(join(ROOT, '.bench', 'evidence-ledger-off'), false);
  const fresh = (repo) => () =>
    rmSync(join(repo, 'agents/runtime/staged-confirmations'), { recursive: true, force: true });
  const stageArgs = ['stage', '--action', 'deploy', '--object', 'prod', '--source', 'agent:bench'];
  const stage = await h.timePair(
    'stage, ledger on',
    { cmd: process.execPath, args: [BIN, ...stageArgs], cwd: on, before: fresh(on) },
    'stage, ledger off',
    { cmd: process.execPath, args: [BIN, ...stageArgs], cwd: off, before: fresh(off) },
  );
  const confirmed = (repo) => () => {
    fresh(repo)();
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', CONFIRMED, LIB, repo], {
      encoding: 'utf8',
    });
    if (r.status !== 0) throw new Error(r.stderr);
  };
  const claimArgs = ['claim', '--action', 'deploy', '--object', 'prod'];
  const claim = await h.timePair(
    'claim, ledger on',
    { cmd: process.execPath, args: [BIN, ...claimArgs], cwd: on, before: confirmed(on) },
    'claim, ledger off',
    { cmd: process.execPath, args: [BIN, ...claimArgs], cwd: off, before: confirmed(off) },
  );
  h.line(
    `ledger on ÷ off (median of pairs): stage ${stage.ratio.toFixed(2)}×, claim ${claim.ratio.toFixed(2)}× (target ≤ 1.3×: ${stage.ratio <= 1.3 && claim.ratio <= 1.3 ? 'met' : 'MISSED'})`,
  );
}
