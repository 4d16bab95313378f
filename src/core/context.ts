import type { GitFactory } from './git-port.js';

/** A stream the CLI writes to; `process.stdout` and a test's string buffer both fit. */
export interface OutStream {
  write(chunk: string): unknown;
}

/** Terminal facts cli/main.ts reads once from `process`. */
export interface Io {
  stdout: OutStream;
  stderr: OutStream;
  /** stdout is a terminal. */
  isTTY: boolean;
  /**
   * stdin is a terminal (a person could answer a prompt). For a person's verbs the entry sets it
   * from the controlling terminal (src/index.ts replaces a library caller's value).
   */
  stdinIsTTY: boolean;
  color: boolean;
  columns: number;
}

/**
 * This process and the others on this machine, as the evidence ledger's lock needs them: the
 * id it writes into a lock it takes, and whether the holder of a lock it finds still runs.
 */
export interface Processes {
  /** This process's id. */
  pid: number;
  /** Whether process `pid` on this machine exists (one of another user's counts). */
  isAlive(pid: number): boolean;
}

/**
 * How long a command that must answer soon (the agent hook, before its deadline) waits for
 * what other processes hold: a ledger lock held on another machine, whose process cannot be
 * checked from here, is refused at once, and one held by a live process here is waited for at
 * most `lockWaitMs`. Absent, a command waits as a person at a terminal expects.
 */
export interface Patience {
  lockWaitMs: number;
  /**
   * When the hook must have answered (epoch ms, by `clock`): a confirmed stage is claimed only
   * while its lock wait and a margin still fit before it, so a claim is never spent on an
   * answer that comes too late (the hook denies instead, and the confirmation stands).
   */
  answerBy?: number;
}

/** The network, as notifications need it (docs/notify.md): one POST, answered with its status. */
export interface HttpPort {
  /** POSTs `body` to `url`; resolves with the status, or 0 when no answer came within `timeoutMs`. */
  post(url: string, headers: Record<string, string>, body: string, timeoutMs: number): Promise<number>;
}

/** Other programs, as notifications need them: run one with input, find one, start a drainer. */
export interface SpawnPort {
  /** Runs `argv` (no shell) with `input` on stdin; its exit code, or null when it could not start or timed out. */
  run(argv: string[], input: string, timeoutMs: number): Promise<number | null>;
  /** Whether `program` is found on PATH. */
  has(program: string): boolean;
  /** Starts this CLI again with `args`, detached from this process: never waits for it, never throws. */
  detachSelf(args: string[]): void;
}

/** Asks a person one question at a terminal; absent when nobody can answer. */
export type Prompt = (question: string) => Promise<string>;

/**
 * Everything a command may touch outside pure code, built once in cli/main.ts and passed down.
 * Tests build the same object with a fixed clock and captured streams.
 */
export interface Context {
  /** The directory the command was started in (never `process.cwd()` below cli/main.ts). */
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  /** Every timestamp and every expiry decision goes through this clock. */
  clock: () => Date;
  /**
   * `bytes` random bytes as lower-case hex, for the nonces that become visible (a stage's token,
   * a gate window's id); absent, node:crypto draws them. Tests fix it as they fix the clock.
   */
  nonce?: (bytes: number) => string;
  /**
   * The identity of the working tree at a root, which a stage is bound to (docs/staging.md,
   * "Bound to its working tree"); absent, the root's real path. Tests that show tokens fix it
   * as they fix the nonce.
   */
  worktreeIdentity?: (root: string) => string;
  io: Io;
  git: GitFactory;
  processes: Processes;
  /** POSTs for webhook notifications; absent, webhooks are not sent (tests of pure code). */
  http?: HttpPort;
  /** Programs for command and desktop notifications and the detached drainer; absent, none run. */
  spawn?: SpawnPort;
  /** The operating system (`process.platform`): which desktop notifier to look for. */
  platform?: string;
  /**
   * The hook's watchdog (bin.ts), moved to end the process `ms` from now: a hook that holds a
   * call for a person (`--wait`) asks for the time it holds it. Absent outside the hook.
   */
  holdWatchdog?: (ms: number) => void;
  /** Set by the agent hook: see `Patience`. */
  patience?: Patience;
  /**
   * Asks the person at the controlling terminal (`/dev/tty`); absent when there is none. Set by
   * the entry from the operating system: src/index.ts replaces whatever a library caller passes,
   * so a program never answers a person's question.
   */
  prompt?: Prompt;
  /** Reads all of stdin as UTF-8 (the hook's JSON); absent where nothing can be read. */
  readStdin?: () => string;
  /**
   * Reads all of stdin as bytes, for a command that must refuse bytes that are not UTF-8 as it
   * refuses them in a file (`verdict check -`); absent, `readStdin`'s text is used.
   */
  readStdinBytes?: () => Buffer;
}
