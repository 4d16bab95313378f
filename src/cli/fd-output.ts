import { writeSync } from 'node:fs';
import type { OutStream } from '../core/context.js';

/** Writes `bytes[offset…]` to a descriptor and returns how many bytes it took (fs.writeSync's shape). */
export type WriteFd = (fd: number, bytes: Uint8Array, offset: number) => number;

const writeFd: WriteFd = (fd, bytes, offset) => writeSync(fd, bytes, offset);

/**
 * Standard output or error, written straight to its file descriptor. Node's `process.stdout`
 * and `process.stderr` are streams that load Node's stream and socket modules the first time
 * they are touched — a tenth of a bare `node`'s start for a command that prints a few lines
 * (docs/decisions.md, "Performance"). A write to a blocking descriptor returns once the
 * kernel has every byte, so nothing is left to wait for at exit.
 *
 * A descriptor another process left non-blocking (a shared pipe) can refuse a write with
 * EAGAIN: from then on everything goes through Node's stream, which waits for the reader,
 * and `flush` waits for that stream. A reader that went away (EPIPE) calls `onClosed`.
 * With `writeBytes` null (Windows) everything goes through the stream from the start.
 */
export class FdOutput implements OutStream {
  private stream: NodeJS.WritableStream | undefined;
  private closed = false;

  constructor(
    private readonly fd: number,
    private readonly openStream: () => NodeJS.WritableStream,
    private readonly onClosed: () => void,
    private readonly writeBytes: WriteFd | null = writeFd,
  ) {}

  write(chunk: string): boolean {
    const writeBytes = this.writeBytes;
    if (writeBytes === null || this.stream !== undefined) {
      this.stream ??= this.openStream();
      return this.stream.write(chunk);
    }
    if (this.closed || chunk === '') return true;
    const bytes = Buffer.from(chunk, 'utf8');
    let offset = 0;
    while (offset < bytes.length) {
      try {
        offset += writeBytes(this.fd, bytes, offset);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'EAGAIN') {
          this.stream = this.openStream();
          return this.stream.write(bytes.subarray(offset));
        }
        if (code !== 'EPIPE') throw error;
        this.closed = true;
        this.onClosed();
        return false;
      }
    }
    return true;
  }

  /** Calls `done` once everything written so far is out. */
  flush(done: () => void): void {
    if (this.stream === undefined) done();
    else this.stream.write('', done);
  }
}
