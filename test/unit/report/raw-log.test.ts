import { describe, expect, it } from 'vitest';
import { parseCatFileBatch, parseRawLog } from '../../../src/git/git-cli-adapter.js';

const Z = '0'.repeat(40);
const A = 'a'.repeat(40);
const B = 'b'.repeat(40);

describe('parseRawLog', () => {
  it('reads headers, changes and paths that hold spaces, newlines and \\x01', () => {
    const out =
      `\x01${A} 1767225600 2026-01-01T00:00:00+00:00\0\n:000000 100644 ${Z} ${B} A\0r/a b.md\0:100644 000000 ${B} ${Z} D\0r/\x01odd\nname.md\0` +
      `\x01${B} 1767312000 2026-01-02T00:00:00+00:00\0\n:100644 120000 ${A} ${B} T\0r/link.md\0`;
    expect(parseRawLog(out)).toEqual([
      {
        commit: A,
        time: 1767225600,
        date: '2026-01-01T00:00:00+00:00',
        changes: [
          { path: 'r/a b.md', blob: B, mode: '100644' },
          { path: 'r/\x01odd\nname.md', blob: null, mode: '000000' },
        ],
      },
      {
        commit: B,
        time: 1767312000,
        date: '2026-01-02T00:00:00+00:00',
        changes: [{ path: 'r/link.md', blob: B, mode: '120000' }],
      },
    ]);
  });
});

describe('parseCatFileBatch', () => {
  it('splits by sizes, so contents may hold newlines and header-like lines', () => {
    const body = Buffer.from(`x\n${B} blob 3\nyz`);
    const out = Buffer.concat([
      Buffer.from(`${A} blob ${body.length}\n`),
      body,
      Buffer.from(`\n${B} missing\n${Z} tree 0\n\n`),
    ]);
    const blobs = parseCatFileBatch(out);
    expect(blobs.get(A)!.toString()).toBe(body.toString());
    expect(blobs.get(B)).toBeNull();
    expect(blobs.get(Z)).toBeNull();
  });
});
