import { isAbsolute, join } from 'node:path';
import type { Context } from '../core/context.js';
import { InputError, UsageError } from '../core/errors.js';
import { readUtf8 } from './read-text.js';

/** The text of an input argument, whether its bytes were UTF-8, and how to name it in messages. */
export interface InputText {
  text: string;
  invalidUtf8: boolean;
  /** The path as given, or `stdin`. */
  name: string;
}

/**
 * Reads a command's input: a file (relative to the folder the command started in), or stdin
 * for `-` or no argument. A file that cannot be read is an InputError naming it (exit 2).
 */
export async function readInput(ctx: Context, file: string | undefined, usage: string): Promise<InputText> {
  if (file === undefined || file === '-') {
    if (ctx.readStdin === undefined || ctx.io.stdinIsTTY) {
      throw new UsageError('no input: stdin is a terminal', usage, 'pass a FILE, or pipe the JSON in');
    }
    try {
      // Decoded as UTF-8 by the reader: bytes that are not UTF-8 arrive as U+FFFD.
      return { text: ctx.readStdin(), invalidUtf8: false, name: 'stdin' };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'error';
      throw new InputError(`cannot be read (${code})`, 'stdin', 'pipe the JSON in, or pass a FILE');
    }
  }
  const read = readUtf8(isAbsolute(file) ? file : join(ctx.cwd, file));
  if ('errorCode' in read) throw new InputError(`cannot be read (${read.errorCode})`, file, read.fix);
  return { ...read, name: file };
}
