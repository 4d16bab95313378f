import { nodeCrypto } from '../core/crypto.js';

/** What `verify --against REF` finds when git is the anchor (SPEC §11). */
export type AnchorProblemCode = 'prefix-diverged' | 'stream-deleted' | 'frozen-modified' | 'frozen-deleted';

export interface AnchorProblem {
  code: AnchorProblemCode;
  /** Repository-relative, `/`-separated. */
  file: string;
  /** For `prefix-diverged`: the first seq whose line differs from REF's. */
  seq?: number;
}

/**
 * The first seq of a stream whose bytes differ from REF's, or null when `then` is a byte prefix
 * of `now` (appending is the only change a stream may see).
 */
export function divergedAt(then: Uint8Array, now: Uint8Array): number | null {
  const common = Math.min(then.length, now.length);
  let at = 0;
  while (at < common && then[at] === now[at]) at++;
  if (at === then.length) return null;
  let seq = 1;
  for (let i = 0; i < at; i++) if (then[i] === 0x0a) seq++;
  return seq;
}

/** The id git gives a blob of these bytes, in the hash of `oid` (SHA-1, or SHA-256 repositories). */
export function gitBlobId(bytes: Uint8Array, likeOid: string): string {
  const algorithm = likeOid.length === 64 ? 'sha256' : 'sha1';
  return nodeCrypto().createHash(algorithm).update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
}

/**
 * Compares the streams and frozen records tracked at REF with the working tree. `streamsNow`
 * and `readNow` answer null for a file that no longer exists.
 */
export function compareWithAnchor(input: {
  streamsThen: ReadonlyMap<string, Uint8Array>;
  streamNow: (file: string) => Uint8Array | null;
  frozenThen: ReadonlyArray<{ file: string; oid: string }>;
  frozenNow: (file: string) => Uint8Array | null;
}): AnchorProblem[] {
  const problems: AnchorProblem[] = [];
  for (const [file, then] of [...input.streamsThen].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const now = input.streamNow(file);
    if (now === null) {
      problems.push({ code: 'stream-deleted', file });
      continue;
    }
    const seq = divergedAt(then, now);
    if (seq !== null) problems.push({ code: 'prefix-diverged', file, seq });
  }
  for (const { file, oid } of [...input.frozenThen].sort((a, b) => (a.file < b.file ? -1 : 1))) {
    const now = input.frozenNow(file);
    if (now === null) problems.push({ code: 'frozen-deleted', file });
    else if (gitBlobId(now, oid) !== oid) problems.push({ code: 'frozen-modified', file });
  }
  return problems;
}
