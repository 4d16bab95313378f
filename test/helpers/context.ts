import type { Context, OutStream, Processes } from '../../src/core/context.js';
import { createGit } from '../../src/git/git-cli-adapter.js';

/** A stream that keeps what was written. */
export class Capture implements OutStream {
  text = '';
  write(chunk: string): boolean {
    this.text += chunk;
    return true;
  }
}

/** The processes a test sees: itself, alive, and no other (a lock another pid holds is stale). */
export const testProcesses: Processes = { pid: process.pid, isAlive: (pid) => pid === process.pid };

export interface TestContext extends Context {
  stdout: Capture;
  stderr: Capture;
}

/** A Context for in-process CLI runs: captured streams, a fixed clock, no terminal. */
export function makeContext(cwd: string, overrides: Partial<Context> = {}): TestContext {
  const stdout = new Capture();
  const stderr = new Capture();
  return {
    cwd,
    env: {},
    clock: () => new Date('2026-11-30T12:00:00Z'),
    io: { stdout, stderr, isTTY: false, stdinIsTTY: false, color: false, columns: 80 },
    git: createGit,
    processes: testProcesses,
    ...overrides,
    stdout,
    stderr,
  };
}

/** Runs the CLI in process and returns exit code and captured output. */
export async function run(
  cwd: string,
  argv: string[],
  overrides: Partial<Context> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  const { runCli } = await import('../../src/cli/run-cli.js');
  const ctx = makeContext(cwd, overrides);
  const code = await runCli(argv, ctx);
  return { code, stdout: ctx.stdout.text, stderr: ctx.stderr.text };
}
