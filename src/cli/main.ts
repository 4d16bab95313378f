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
  runCli(argv, processContext()).then((code) => {
    process.exitCode = code;
  });
}
