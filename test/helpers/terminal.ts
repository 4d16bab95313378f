import { type ChildProcessWithoutNullStreams, spawn, spawnSync } from 'node:child_process';

function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/** Whether util-linux `script`, which makes the pseudo-terminal, is on this machine. */
export const HAS_SCRIPT = spawnSync('script', ['--version']).status === 0;

/**
 * Runs a command in a pseudo-terminal made by util-linux `script`, and types `answer` (then
 * `enter`, Enter by default) once `waitFor` appears in its output: a person at a terminal.
 */
export function inTerminal(
  cwd: string,
  command: string[],
  answer: string,
  env: Record<string, string> = {},
  waitFor = 'anything else cancels',
  enter = '\r',
): Promise<{ code: number | null; transcript: string }> {
  return inTerminalSteps(cwd, command, [[waitFor, `${answer}${enter}`]], env);
}

/**
 * Like `inTerminal`, for several questions: each step types its keys once its text appears
 * after what the step before it answered.
 */
export function inTerminalSteps(
  cwd: string,
  command: string[],
  steps: ReadonlyArray<readonly [waitFor: string, keys: string]>,
  env: Record<string, string> = {},
): Promise<{ code: number | null; transcript: string }> {
  return new Promise((resolve) => {
    const child: ChildProcessWithoutNullStreams = spawn(
      'script',
      ['-qec', command.map(shellQuote).join(' '), '/dev/null'],
      { cwd, env: { ...process.env, TERM: 'dumb', ...env } },
    );
    let transcript = '';
    let next = 0;
    let from = 0;
    child.stdout.on('data', (chunk: Buffer) => {
      transcript += chunk.toString('utf8');
      const step = steps[next];
      if (step === undefined) return;
      const at = transcript.indexOf(step[0], from);
      if (at < 0) return;
      next += 1;
      from = at + step[0].length;
      child.stdin.write(step[1]);
    });
    child.on('close', (code) => resolve({ code, transcript }));
  });
}
