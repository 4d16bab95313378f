import { describe, expect, it } from 'vitest';
import { FdOutput, type WriteFd } from '../../../src/cli/fd-output.js';

/** A stream that records what it is given and runs `write('', done)` callbacks at once. */
function recordingStream() {
  const chunks: string[] = [];
  const stream = {
    write(chunk: string | Uint8Array, done?: () => void) {
      chunks.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
      done?.();
      return true;
    },
  } as unknown as NodeJS.WritableStream;
  return { stream, chunks };
}

const errno = (code: string) => Object.assign(new Error(code), { code });

describe('FdOutput', () => {
  it('writes whole chunks to the descriptor, taking partial writes in turn', () => {
    const taken: string[] = [];
    // At most 3 bytes per call, as a pipe near full would.
    const write: WriteFd = (fd, bytes, offset) => {
      expect(fd).toBe(7);
      const n = Math.min(3, bytes.length - offset);
      taken.push(Buffer.from(bytes.subarray(offset, offset + n)).toString('latin1'));
      return n;
    };
    const { stream, chunks } = recordingStream();
    const out = new FdOutput(
      7,
      () => stream,
      () => {},
      write,
    );
    out.write('héllo — ok\n');
    expect(Buffer.from(taken.join(''), 'latin1').toString('utf8')).toBe('héllo — ok\n');
    expect(chunks).toEqual([]);
    let flushed = false;
    out.flush(() => {
      flushed = true;
    });
    expect(flushed).toBe(true);
  });

  it('hands the rest to the stream on EAGAIN, and everything after it', () => {
    let calls = 0;
    const write: WriteFd = () => {
      calls += 1;
      if (calls === 1) return 4;
      throw errno('EAGAIN');
    };
    const { stream, chunks } = recordingStream();
    const out = new FdOutput(
      1,
      () => stream,
      () => {},
      write,
    );
    out.write('abcdefgh');
    out.write('ij');
    expect(chunks).toEqual(['efgh', 'ij']);
    expect(calls).toBe(2);
    let flushed = 0;
    out.flush(() => {
      flushed += 1;
    });
    expect(flushed).toBe(1);
    expect(chunks.at(-1)).toBe('');
  });

  it('tells once that the reader went away (EPIPE) and drops what follows', () => {
    let closed = 0;
    let calls = 0;
    const write: WriteFd = () => {
      calls += 1;
      throw errno('EPIPE');
    };
    const out = new FdOutput(
      1,
      () => recordingStream().stream,
      () => (closed += 1),
      write,
    );
    expect(out.write('a')).toBe(false);
    expect(out.write('b')).toBe(true);
    expect(closed).toBe(1);
    expect(calls).toBe(1);
  });

  it('throws any other error of the descriptor', () => {
    const out = new FdOutput(
      1,
      () => recordingStream().stream,
      () => {},
      () => {
        throw errno('EIO');
      },
    );
    expect(() => out.write('a')).toThrow('EIO');
  });

  it('uses only the stream when it has no descriptor writer (Windows)', () => {
    const { stream, chunks } = recordingStream();
    const out = new FdOutput(
      1,
      () => stream,
      () => {},
      null,
    );
    out.write('a');
    out.write('');
    expect(chunks).toEqual(['a', '']);
  });
});
