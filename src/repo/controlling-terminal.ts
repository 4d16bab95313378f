import type { Context, Prompt } from '../core/context.js';
import { lazyRequire } from '../core/lazy-require.js';

type FsModule = typeof import('node:fs');
type TtyModule = typeof import('node:tty');
type ReadlineModule = typeof import('node:readline/promises');

/**
 * Whether this process is run from a terminal a person can answer at: stdin is a terminal and
 * the process has a controlling terminal (`/dev/tty` opens and is one). Asked of the operating
 * system, never of a caller.
 */
export function hasControllingTerminal(): boolean {
  const tty = lazyRequire<TtyModule>('node:tty');
  if (!tty.isatty(0)) return false;
  const fs = lazyRequire<FsModule>('node:fs');
  let fd: number;
  try {
    fd = fs.openSync('/dev/tty', 'r');
  } catch {
    return false;
  }
  try {
    return tty.isatty(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Asks one question on the controlling terminal itself (`/dev/tty`, question and answer both),
 * not on stdin and stderr: what a person types there is the answer, whatever stdin carries.
 * Ctrl-C or Ctrl-D rejects.
 */
const askAtTerminal: Prompt = async (question) => {
  const fs = lazyRequire<FsModule>('node:fs');
  const tty = lazyRequire<TtyModule>('node:tty');
  const { createInterface } = lazyRequire<ReadlineModule>('node:readline/promises');
  const input = new tty.ReadStream(fs.openSync('/dev/tty', 'r'));
  const output = new tty.WriteStream(fs.openSync('/dev/tty', 'w'));
  const rl = createInterface({ input, output, terminal: true });
  try {
    return await rl.question(question);
  } finally {
    rl.close();
    input.destroy();
    output.destroy();
  }
};

/** The prompt of the controlling terminal, or undefined when this process has none. */
export function controllingTerminalPrompt(): Prompt | undefined {
  return hasControllingTerminal() ? askAtTerminal : undefined;
}

/**
 * The Context with its terminal facts taken from the operating system: `io.stdinIsTTY` and
 * `prompt` are replaced by the controlling terminal's, whatever the caller passed. The library
 * entry (src/index.ts) hands every run through this, so a program cannot declare a terminal or
 * answer a person's question for them.
 */
export function withControllingTerminal<C extends Context>(ctx: C): C {
  const prompt = controllingTerminalPrompt();
  return { ...ctx, io: { ...ctx.io, stdinIsTTY: prompt !== undefined }, prompt };
}
