import type { Context } from '../core/context.js';
import { lazyRequire } from '../core/lazy-require.js';
import { createGit } from '../git/git-cli-adapter.js';
import { runCli } from './run-cli.js';

type ReadlineModule = typeof import('node:readline/promises');

// The only module that touches `process`: everything below receives a Context.
// stdin is looked at only when a command asks (only `confirm` does): creating process.stdin
// costs every other command a few milliseconds at start.
let stdinIsTTY: boolean | undefined;
const isStdinTTY = () => {
  stdinIsTTY ??= process.stdin.isTTY === true;
  return stdinIsTTY;
};

const prompt = async (question: string) => {
  const { createInterface } = lazyRequire<ReadlineModule>('node:readline/promises');
  const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: true });
  try {
    return await rl.question(question);
  } finally {
    rl.close();
  }
};

/** The Context of a real run: this process's folder, environment, clock, streams and terminal. */
export function processContext(): Context {
  return {
    cwd: process.cwd(),
    env: process.env,
    clock: () => new Date(),
    io: {
      stdout: process.stdout,
      stderr: process.stderr,
      isTTY: process.stdout.isTTY === true,
      get stdinIsTTY() {
        return isStdinTTY();
      },
      color: process.stdout.isTTY === true && process.env.NO_COLOR === undefined,
      columns: process.stdout.columns ?? 80,
    },
    git: createGit,
    get prompt() {
      return isStdinTTY() ? prompt : undefined;
    },
  };
}

/** Runs the CLI on `argv` (without `node` and the script) in this process and sets its exit code. */
export function main(argv: string[]): void {
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    // A closed pipe (`agent-config gates | head`) is not an error of ours.
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
  runCli(argv, processContext()).then(exitOnceWritten);
}

/**
 * Exits with `code` as soon as everything written to stdout and stderr is out. Left to end by
 * itself, Node would first wait for V8's background compiler to finish optimizing functions
 * that will never run again (≈ 5 % of a `gates --json` on 2,000 roadmaps). An empty write's
 * callback runs once the writes before it are done, so no output is ever cut short.
 */
function exitOnceWritten(code: number): void {
  process.exitCode = code;
  let pending = 2;
  const done = () => {
    pending -= 1;
    if (pending === 0) process.exit(code);
  };
  process.stdout.write('', done);
  process.stderr.write('', done);
}
