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
  return new Promise((resolve) => {
    const child: ChildProcessWithoutNullStreams = spawn(
      'script',
      ['-qec', command.map(shellQuote).join(' '), '/dev/null'],
      { cwd, env: { ...process.env, TERM: 'dumb', ...env } },
    );
    let transcript = '';
    let typed = false;
    child.stdout.on('data', (chunk: Buffer) => {
      transcript += chunk.toString('utf8');
      if (!typed && transcript.includes(waitFor)) {
        typed = true;
        child.stdin.write(`${answer}${enter}`);
      }
    });
    child.on('close', (code) => resolve({ code, transcript }));
  });
}
