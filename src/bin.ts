#!/usr/bin/env node
import { BUNDLE_FILE, type LoadedCli, loadCli } from './cli/code-cache.js';
import { hookFastPath } from './cli/hook-fast-path.js';
import { HOOK_WATCHDOG_MS } from './guard/deadline.js';

/**
 * The hook's last line of defence: a process beside this one that ends it when the decision has
 * not answered in time. A read that never returns (a named pipe, a hung disk) blocks the thread
 * that decides, and its timers with it; the harness would run the call once its timeout passed.
 * Killed, the hook's installed command turns the exit into a block (exit 2), after the
 * watchdog's line that says why. A `/bin/sh` that sleeps costs the hook next to nothing, where a
 * worker thread costs ≈ 20 ms of CPU at every start (docs/guard.md). It is ended when this
 * process exits, and never signals a process id that may have been reused: after the wait it
 * checks, where `ps` exists, that this process is still its parent. Windows has no named pipes
 * in the file system and no `/bin/sh`: there the decision's own deadline stands alone.
 */
function watchHook(ms: number): (() => void) | undefined {
  if (process.platform === 'win32') return undefined;
  const line = `agent-config guard: no answer within ${ms / 1000} s (a read that never returns, such as a named pipe, or a hung disk), so the command was refused. Ask a person to look.`;
  const script =
    'sleep "$1" 2>/dev/null; p=$(ps -o ppid= -p $$ 2>/dev/null) && [ -n "$p" ] && [ "$p" -ne "$PPID" ] && exit 0; ' +
    'printf "%s\\n" "$2" >&2; kill -9 "$PPID"';
  const { spawn } = require('node:child_process') as typeof import('node:child_process');
  // Its own process group, so that it goes with its `sleep` when this process exits.
  const child = spawn('/bin/sh', ['-c', script, 'agent-config-watchdog', String(ms / 1000), line], {
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  child.on('error', () => {}); // no /bin/sh: the decision's own deadline still holds
  child.unref();
  const end = () => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    } catch {}
  };
  process.on('exit', end);
  return () => {
    process.off('exit', end);
    end();
  };
}

/**
 * A hook that holds a call for a person (`--wait`, `guard.wait`) moves its watchdog: the old
 * one ends and a new one counts `ms` from now. Only the decision that has staged the call asks.
 */
let stopWatchdog: (() => void) | undefined;
function holdWatchdog(ms: number): void {
  if (stopWatchdog === undefined) return;
  stopWatchdog();
  stopWatchdog = watchHook(ms);
}

// dist/bin.js (CommonJS): loads the CLI bundle beside it, dist/cli.cjs, with its code cache.
const argv = process.argv.slice(2);
let stdin: string | undefined;
let answered = false;
// `hook H` as installed, or `hook H --wait D` (docs/notify.md): the same fast path and watchdog.
if (argv[0] === 'hook' && (argv.length === 2 || (argv.length === 4 && argv[2] === '--wait'))) {
  // The agent harness hook runs before every tool call: most calls are answered here.
  const fast = hookFastPath(argv[1]!, process.cwd(), process.env);
  if ('answer' in fast) {
    if (fast.answer !== '') require('node:fs').writeSync(1, fast.answer);
    answered = true;
  } else {
    stdin = fast.stdin;
    stopWatchdog = watchHook(HOOK_WATCHDOG_MS);
  }
}
let loaded: LoadedCli | undefined;
try {
  if (!answered) loaded = loadCli(__dirname);
} catch (error) {
  const code = (error as NodeJS.ErrnoException).code;
  if (code !== 'ENOENT' && code !== 'EACCES') throw error;
  // An install that lost its build: one line and exit 2, as for any problem we cannot fix.
  // The sanitizer, loaded only here: every other start would pay for it.
  const { sanitize } = require('./core/text/sanitize.js') as typeof import('./core/text/sanitize.js');
  const where = sanitize(`${__dirname}/${BUNDLE_FILE}`, { inline: true });
  process.stderr.write(
    `agent-config: ${where} cannot be read (${code}) — rebuild it with \`npm run build\` (or reinstall)\n`,
  );
  process.exitCode = 2;
}
loaded?.cli.main(argv, stdin, stopWatchdog === undefined ? undefined : holdWatchdog);
