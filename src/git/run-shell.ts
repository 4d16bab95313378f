import { lazyRequire } from '../core/lazy-require.js';

type ChildProcessModule = typeof import('node:child_process');

/** How one `sh -c` run ended. */
export interface ShellRun {
  /** The exit code, or null when a signal (or the timeout) ended it. */
  code: number | null;
  stdout: string;
  stderr: string;
  /** It outlived `timeoutMs` and was killed, as a harness kills a hook past its timeout. */
  timedOut: boolean;
  /** How long it ran, in milliseconds. */
  ms: number;
}

/**
 * Runs a harness's hook command as the harness does: `sh -c <command>` in `cwd`, `input` on
 * stdin, killed after `timeoutMs`. Only `hooks status` uses it, to probe an installed hook.
 */
export function runShellCommand(
  command: string,
  options: {
    cwd: string;
    env: Readonly<Record<string, string | undefined>>;
    input: string;
    timeoutMs: number;
  },
): ShellRun {
  const cp = lazyRequire<ChildProcessModule>('node:child_process');
  const started = performance.now();
  const r = cp.spawnSync('sh', ['-c', command], {
    cwd: options.cwd,
    env: options.env as NodeJS.ProcessEnv,
    input: options.input,
    encoding: 'utf8',
    timeout: options.timeoutMs,
    killSignal: 'SIGKILL',
    maxBuffer: 16 * 1024 * 1024,
  });
  const ms = Math.round(performance.now() - started);
  const timedOut = (r.error as NodeJS.ErrnoException | undefined)?.code === 'ETIMEDOUT';
  return { code: r.status, stdout: r.stdout ?? '', stderr: r.stderr ?? '', timedOut, ms };
}
