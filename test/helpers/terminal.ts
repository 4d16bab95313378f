import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';

function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/**
 * Runs a command in a pseudo-terminal made by util-linux `script`; types `answer` (then
 * `enter`) once `waitFor` appears in its output.
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
      {
        cwd,
        env: { ...process.env, TERM: 'dumb', ...env },
      },
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
