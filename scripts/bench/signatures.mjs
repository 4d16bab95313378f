// `evidence verify` on 100,000 records of which 10,000 are signed decisions of a person (SSH
// signatures, ed25519, made in process as ssh-keygen makes them), against a bare Node script
// that only hashes every line of the file and verifies the same 10,000 signatures.

import { execFileSync } from 'node:child_process';
import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');
const BIN = join(ROOT, 'dist', 'bin.js');
const LIB = join(ROOT, 'dist', 'index.mjs');
const RECORDS = 100_000;
const SIGNED_EVERY = 10;
const STREAM_ID = 'bench0000sig';
const STREAM = `agents/evidence/ledger/${STREAM_ID}.jsonl`;

const u32 = (n) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
const str = (b) => {
  const buf = typeof b === 'string' ? Buffer.from(b) : b;
  return Buffer.concat([u32(buf.length), buf]);
};

/** The bytes an SSH signature covers (PROTOCOL.sshsig §3), sha512 of the message. */
function toSign(message) {
  const h = createHash('sha512').update(message).digest();
  return Buffer.concat([Buffer.from('SSHSIG'), str('agent-config'), str(''), str('sha512'), str(h)]);
}

function armor(blob) {
  const b64 = blob.toString('base64');
  const lines = [];
  for (let i = 0; i < b64.length; i += 70) lines.push(b64.slice(i, i + 70));
  return `-----BEGIN SSH SIGNATURE-----\n${lines.join('\n')}\n-----END SSH SIGNATURE-----\n`;
}

async function generated(dir) {
  const file = join(dir, STREAM);
  const pairs = join(dir, 'signatures.json');
  if (existsSync(file) && existsSync(pairs)) return { file, pairs };
  const { buildRecord, canonicalize } = await import(LIB);
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x, 'base64url');
  const pub = Buffer.concat([str('ssh-ed25519'), str(raw)]);
  mkdirSync(join(dir, 'agents/evidence/ledger'), { recursive: true });
  writeFileSync(
    join(dir, 'agents/evidence/allowed_signers'),
    `human:bench namespaces="agent-config" ssh-ed25519 ${pub.toString('base64')}\n`,
  );
  const lines = [];
  const reference = [];
  let after = { seq: 0, head: null };
  const start = Date.parse('2026-01-01T00:00:00.000Z');
  for (let i = 0; i < RECORDS; i++) {
    const ts = new Date(start + i * 1000);
    const token = i.toString(16).padStart(16, '0');
    let entry = {
      event: i % 2 === 0 ? 'stage.staged' : 'stage.claimed',
      actor: 'agent:bench',
      payload: { token, action: 'push', object_sha256: 'ab'.repeat(32) },
    };
    if (i % SIGNED_EVERY === 5) {
      const base = {
        event: 'stage.confirmed',
        actor: 'human:bench',
        payload: { token, decided_by: 'human:bench' },
      };
      const content = canonicalize({ ...base, stream: STREAM_ID, ts: ts.toISOString() });
      const data = toSign(content);
      const signature = sign(null, data, privateKey);
      const blob = Buffer.concat([
        Buffer.from('SSHSIG'),
        u32(1),
        str(pub),
        str('agent-config'),
        str(''),
        str('sha512'),
        str(Buffer.concat([str('ssh-ed25519'), str(signature)])),
      ]);
      entry = { ...base, signed: { sig: armor(blob), ts: ts.toISOString(), stream: STREAM_ID } };
      reference.push([content, signature.toString('base64')]);
    }
    const { record, line } = buildRecord(entry, after, ts);
    lines.push(line);
    after = { seq: record.seq, head: record.hash };
  }
  writeFileSync(pairs, JSON.stringify({ key: publicKey.export({ format: 'jwk' }), reference }));
  writeFileSync(`${file}.tmp`, lines.join(''));
  execFileSync('mv', [`${file}.tmp`, file]);
  return { file, pairs };
}

// The reference: read the ledger and SHA-256 every line; for each of the same signatures, build
// the bytes it covers from its message and verify it. Nothing else.
const BARE = `
const c = require('node:crypto');
const fs = require('node:fs');
const t = fs.readFileSync(process.argv[1], 'utf8');
let h = '';
for (const l of t.split('\\n')) if (l) h = c.createHash('sha256').update(l).digest('hex');
const { key, reference } = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const k = c.createPublicKey({ key, format: 'jwk' });
const str = (b) => { const l = Buffer.alloc(4); l.writeUInt32BE(b.length); return Buffer.concat([l, b]); };
let ok = 0;
for (const [content, sig] of reference) {
  const d = c.createHash('sha512').update(content).digest();
  const data = Buffer.concat([Buffer.from('SSHSIG'), str(Buffer.from('agent-config')), str(Buffer.alloc(0)), str(Buffer.from('sha512')), str(d)]);
  if (c.verify(null, data, k, Buffer.from(sig, 'base64'))) ok++;
}
if (ok !== reference.length) throw new Error('bad reference');
`;

export default async function bench(h) {
  const dir = join(ROOT, '.bench', 'signatures-v1');
  const { file, pairs } = await generated(dir);
  const mb = statSync(file).size / 1e6;
  const check = execFileSync(process.execPath, [BIN, 'evidence', 'verify', '--root', dir], {
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  if (!/verified/.test(check)) throw new Error(`the bench ledger does not verify:\n${check}`);
  const m = await h.timePair(
    `evidence verify, ${RECORDS.toLocaleString('en')} records, ${(RECORDS / SIGNED_EVERY).toLocaleString('en')} signed (${mb.toFixed(1)} MB)`,
    {
      cmd: process.execPath,
      args: [BIN, 'evidence', 'verify', '--root', dir],
      before: () => readFileSync(file),
    },
    'bare node: SHA-256 every line and verify the same signatures',
    { cmd: process.execPath, args: ['-e', BARE, file, pairs] },
    { runs: 5 },
  );
  h.line(`ratio ${m.ratio.toFixed(2)}× (target ≤ 3×: ${m.ratio <= 3 ? 'met' : 'MISSED'})`);
}
