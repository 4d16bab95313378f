import { isAbsolute, join } from 'node:path';
import type { Context } from '../core/context.js';
import { InputError, UsageError } from '../core/errors.js';
import { decodeUtf8Input, readUtf8 } from './read-text.js';

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
    if ((ctx.readStdinBytes === undefined && ctx.readStdin === undefined) || ctx.io.stdinIsTTY) {
      throw new UsageError('no input: stdin is a terminal', usage, 'pass a FILE, or pipe the JSON in');
    }
    try {
      // The bytes, decoded by the one function that decodes a file's: the same bytes are
      // refused (or not) whichever way they come in.
      const bytes = ctx.readStdinBytes?.() ?? Buffer.from(ctx.readStdin!(), 'utf8');
      return { ...decodeUtf8Input(bytes), name: 'stdin' };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'error';
      throw new InputError(`cannot be read (${code})`, 'stdin', 'pipe the JSON in, or pass a FILE');
    }
  }
  const read = readUtf8(isAbsolute(file) ? file : join(ctx.cwd, file));
  if ('errorCode' in read) throw new InputError(`cannot be read (${read.errorCode})`, file, read.fix);
  return { ...read, name: file };
}
