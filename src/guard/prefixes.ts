import type { WRAPPERS } from './vocabulary.js';
import { firstOperand, type OptionSpec, programName } from './words.js';

type PrefixSpec = OptionSpec & { skip?: number; notRun?: readonly string[] };

/**
 * Programs that run the rest of their words as a command, and the options they take: each is
 * one of vocabulary.ts's `WRAPPERS` (the hook's fast path sends every line naming one here).
 */
const PREFIXES: Partial<Record<(typeof WRAPPERS)[number], PrefixSpec>> = {
  env: { withValue: ['-u', '--unset', '-C', '--chdir', '-S', '--split-string'] },
  sudo: {
    withValue: [
      '-u',
      '--user',
      '-g',
      '--group',
      '-h',
      '--host',
      '-p',
      '--prompt',
      '-C',
      '--close-from',
      '-D',
      '--chdir',
      '-r',
      '--role',
      '-t',
      '--type',
      '-U',
      '--other-user',
      '-T',
      '--command-timeout',
    ],
    notRun: ['-l', '--list', '-v', '--validate', '-k', '-K', '-e', '--edit'],
  },
  doas: { withValue: ['-u', '-C'] },
  command: { withValue: [], notRun: ['-v', '-V'] },
  builtin: { withValue: [] },
  exec: { withValue: ['-a'] },
  nohup: { withValue: [] },
  time: { withValue: ['-f', '--format', '-o', '--output'] },
  nice: { withValue: ['-n', '--adjustment'] },
  ionice: { withValue: ['-c', '--class', '-n', '--classdata', '-p', '--pid'] },
  timeout: { withValue: ['-s', '--signal', '-k', '--kill-after'], skip: 1 },
  stdbuf: { withValue: ['-i', '-o', '-e', '--input', '--output', '--error'] },
  xargs: {
    withValue: [
      '-I',
      '-L',
      '-n',
      '-P',
      '-s',
      '-d',
      '-E',
      '-a',
      '--arg-file',
      '--delimiter',
      '--max-args',
      '--max-procs',
      '--max-chars',
      '--max-lines',
      '--replace',
      '--eof',
    ],
  },
  chronic: { withValue: [] },
  unbuffer: { withValue: [] },
};

/**
 * The command a line really runs once wrappers are taken off: `sudo -u x env A=1 nice -n 5
 * /usr/bin/git push` → `git push`. Null when a wrapper only looks a program up (`command -v
 * git`) or no command is left.
 */
export function unwrap(words: readonly string[]): string[] | null {
  let rest = [...words];
  for (let guard = 0; guard < 32 && rest.length > 0; guard++) {
    const spec = (PREFIXES as Record<string, PrefixSpec | undefined>)[programName(rest[0]!)];
    if (spec === undefined) return rest;
    const args = rest.slice(1);
    const at = firstOperand(args, spec);
    if (
      spec.notRun !== undefined &&
      args.slice(0, at === -1 ? args.length : at).some((a) => spec.notRun!.includes(a))
    ) {
      return null;
    }
    if (at === -1) return null;
    let i = at;
    if (programName(rest[0]!) === 'env')
      while (i < args.length && /^[A-Za-z_][A-Za-z0-9_]*=/.test(args[i]!)) i++;
    i += spec.skip ?? 0;
    rest = args.slice(i);
  }
  return rest.length > 0 ? rest : null;
}
