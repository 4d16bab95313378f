import { readSync } from 'node:fs';

const pause = new Int32Array(new SharedArrayBuffer(4));
const RETRY_MS = 5;
const CHUNK = 64 * 1024;

/**
 * Everything readable from a descriptor until its end. A non-blocking pipe whose writer is late
 * (EAGAIN) is waited for, not taken for the end: a read that stopped there would leave the rest
 * of the text to a second reader, which sees only its tail. On any other error, what was read
 * so far comes back with the error, so the caller can judge the part it has.
 */
export function readFdToEnd(fd: number): { bytes: Buffer; error: NodeJS.ErrnoException | null } {
  const chunks: Buffer[] = [];
  for (;;) {
    const chunk = Buffer.allocUnsafe(CHUNK);
    let n: number;
    try {
      n = readSync(fd, chunk, 0, chunk.length, null);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EAGAIN' || code === 'EWOULDBLOCK') {
        Atomics.wait(pause, 0, 0, RETRY_MS);
        continue;
      }
      if (code === 'EOF') break; // a closed pipe on Windows
      return { bytes: Buffer.concat(chunks), error: error as NodeJS.ErrnoException };
    }
    if (n === 0) break;
    chunks.push(chunk.subarray(0, n));
  }
  return { bytes: Buffer.concat(chunks), error: null };
}
