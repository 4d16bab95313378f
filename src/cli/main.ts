import type { Context } from '../core/context.js';
import { lazyRequire } from '../core/lazy-require.js';
import { createGit } from '../git/git-cli-adapter.js';
import { controllingTerminalPrompt } from '../repo/controlling-terminal.js';
import { readToEnd } from '../repo/read-text.js';
import { FdOutput } from './fd-output.js';
import { processHttp, processSpawn } from './process-ports.js';
import { runCli } from './run-cli.js';

type TtyModule = typeof import('node:tty');

// With bin.ts (argv and the hook's fast path), the only module that touches `process`:
// everything below receives a Context and its ports.
// stdin is looked at only when a command asks: creating process.stdin costs every other command
// a few milliseconds at start.
let stdinIsTTY: boolean | undefined;
const isStdinTTY = () => {
  stdinIsTTY ??= process.stdin.isTTY === true;
  return stdinIsTTY;
};

/** Whether stdout is a terminal, asked only when a command wants to know. */
let stdoutIsTTY: boolean | undefined;
const isStdoutTTY = () => {
  stdoutIsTTY ??= lazyRequire<TtyModule>('node:tty').isatty(1);
  return stdoutIsTTY;
};

/**
 * What a run writes to: stdout and stderr straight to their descriptors (see FdOutput), except
 * on Windows, whose console wants Node's own streams. A closed stdout (`agent-config gates |
 * head`) is not an error of ours: the run ends with the exit code it has so far.
 */
function processOutputs(): { stdout: FdOutput; stderr: FdOutput } {
  const endQuietly = () => process.exit(process.exitCode ?? 0);
  const stdoutStream = () => {
    process.stdout.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EPIPE') endQuietly();
      throw error;
    });
    return process.stdout;
  };
  // `undefined` takes FdOutput's default (fs.writeSync); `null` means the stream only.
  const writeBytes = process.platform === 'win32' ? null : undefined;
  return {
    stdout: new FdOutput(1, stdoutStream, endQuietly, writeBytes),
    stderr: new FdOutput(
      2,
      () => process.stderr,
      () => {},
      writeBytes,
    ),
  };
}

let outputs: { stdout: FdOutput; stderr: FdOutput } | undefined;

/** Whether process `pid` exists: signal 0 only asks, and EPERM means it does, under another user. */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The Context of a real run: this process's folder, environment, clock, streams and terminal.
 * `stdin`: what bin.js already read from stdin (the hook's fast path), so it is not read twice.
 */
export function processContext(stdin?: string, holdWatchdog?: (ms: number) => void): Context {
  outputs ??= processOutputs();
  return {
    cwd: process.cwd(),
    env: process.env,
    clock: () => new Date(),
    io: {
      stdout: outputs.stdout,
      stderr: outputs.stderr,
      get isTTY() {
        return isStdoutTTY();
      },
      get stdinIsTTY() {
        return isStdinTTY();
      },
      get color() {
        return isStdoutTTY() && process.env.NO_COLOR === undefined;
      },
      get columns() {
        return (isStdoutTTY() ? process.stdout.columns : undefined) ?? 80;
      },
    },
    git: createGit,
    processes: { pid: process.pid, isAlive },
    http: processHttp(),
    spawn: processSpawn({ execPath: process.execPath, script: process.argv[1], env: process.env }),
    platform: process.platform,
    ...(holdWatchdog === undefined ? {} : { holdWatchdog }),
    // A person's question goes to the controlling terminal itself, asked of the operating
    // system when a verb asks (only the person-only verbs do).
    get prompt() {
      return controllingTerminalPrompt();
    },
    readStdin: () => stdin ?? readToEnd(0).toString('utf8'),
    readStdinBytes: () => (stdin === undefined ? readToEnd(0) : Buffer.from(stdin)),
  };
}

/**
 * Runs the CLI on `argv` (without `node` and the script) in this process and sets its exit
 * code; `stdin` is stdin's text when the caller has read it already.
 */
export function main(argv: string[], stdin?: string, holdWatchdog?: (ms: number) => void): void {
  runCli(argv, processContext(stdin, holdWatchdog)).then(exitOnceWritten);
}

/**
 * Exits with `code` as soon as everything written to stdout and stderr is out. Left to end by
 * itself, Node would first wait for V8's background compiler to finish optimizing functions
 * that will never run again (≈ 5 % of a `gates --json` on 2,000 roadmaps).
 */
function exitOnceWritten(code: number): void {
  process.exitCode = code;
  const { stdout, stderr } = outputs!;
  stdout.flush(() => stderr.flush(() => process.exit(code)));
}
