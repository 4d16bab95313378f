import type { CommandWords } from './rule-types.js';
import { programName } from './words.js';

/** A run of the tool's own command line found in a shell call: the verb and what decides it. */
export interface ToolRun {
  /** The verb words as typed (`confirm`, `window open`, `hooks uninstall`, `init --agent`). */
  verb: string;
  /** For `decline`: the `--as` actor, or null when none is given (then AGENT_CONFIG_HUMAN decides). */
  as?: string | null;
  /** The verb holds an expansion (`"$@"`): it may be any of them. */
  unknown?: boolean;
}

/**
 * Programs that run another command given among their words, or in one word as a command string
 * (`script -qc "…"`, `ssh host '…'`, `tmux new '…'`): the tool's name may be anywhere there.
 */
const LAUNCHERS = new Set(
  ['npx', 'pnpx', 'bunx', 'npm', 'pnpm', 'yarn', 'bun', 'corepack', 'volta', 'script', 'expect']
    .concat(['tmux', 'screen', 'dtach', 'ssh', 'su', 'runuser', 'sg', 'setsid', 'flock', 'watch'])
    .concat(['parallel', 'unshare', 'nsenter', 'chroot', 'firejail', 'systemd-run', 'faketime']),
);
/** Programs that run a script file: the tool's entry point may be their script. */
const RUNTIMES = new Set(['node', 'nodejs', 'tsx', 'ts-node', 'bun', 'deno']);

/** `agent-config`, `agent-config@1.2`, `./node_modules/.bin/agent-config`, `--package=agent-config`. */
function namesTool(word: string): boolean {
  const name = programName(word.replace(/^--?(package|p)=/, ''));
  return name === 'agent-config' || name.startsWith('agent-config@');
}

/** The tool's own entry points: `…/agent-config/dist/bin.js`, and in its own repository `dist/bin.js`, `src/bin.ts`. */
function isEntryPoint(word: string): boolean {
  return /(^|\/)(dist\/(bin\.js|cli\.cjs)|src\/bin\.ts)$/.test(word);
}

/** The tool's arguments in a command that runs it, or null when it does not. */
function toolArgs(c: CommandWords): readonly string[] | null {
  if (c.program === 'agent-config' || c.program.startsWith('agent-config@')) return c.args;
  if (!LAUNCHERS.has(c.program) && !RUNTIMES.has(c.program)) return null;
  for (let i = 0; i < c.args.length; i++) {
    const a = c.args[i]!;
    // `npm exec -c 'agent-config confirm x'`, `script -qc "npx agent-config confirm x"`: a command string.
    const words = a.trim().split(/\s+/);
    const at = words.findIndex((w) => namesTool(w) || isEntryPoint(w));
    if (words.length > 1 && at !== -1) return words.slice(at + 1);
    if (a.startsWith('-') && !/^--?(package|p)=/.test(a)) continue;
    if (namesTool(a) || isEntryPoint(a)) {
      // `npx -p agent-config agent-config confirm`, `npm exec --package=agent-config -- agent-config
      // confirm`: the last word naming it starts the tool's own.
      let j = i + 1;
      while (j < c.args.length && (namesTool(c.args[j]!) || c.args[j] === '--')) j++;
      return c.args.slice(j);
    }
  }
  return null;
}

/** Operands of the tool's command line: its verb words, options and `--` skipped. */
function verbWords(args: readonly string[]): string[] {
  return args.filter((a) => !a.startsWith('-')).slice(0, 2);
}

function asActor(args: readonly string[]): string | null {
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--as') return args[i + 1] ?? '';
    if (a.startsWith('--as=')) return a.slice('--as='.length);
  }
  return null;
}

/**
 * The person's or set-up verb a command runs through the tool, however it is launched (`npx
 * --no agent-config confirm`, `npm exec agent-config -- confirm`, `pnpm exec`, `yarn`,
 * `node_modules/.bin/agent-config`, `node …/dist/bin.js`), or null. `decline` is returned with
 * its actor: it is a person's only when that actor (or AGENT_CONFIG_HUMAN) names one.
 */
export function toolRunOf(c: CommandWords): ToolRun | null {
  const args = toolArgs(c);
  if (args === null) return null;
  const [verb, second] = verbWords(args);
  // `npx agent-config "$@"`, `agent-config window $what`: a verb known only when it runs.
  const open = verb === 'window' || verb === 'signers' || verb === 'hooks' ? [verb, second] : [verb];
  if (open.some((w) => w !== undefined && /[$`]/.test(w))) return { verb: open.join(' '), unknown: true };
  if (verb === 'confirm' || verb === 'decide') return { verb };
  if (verb === 'decline') return { verb, as: asActor(args) };
  if (verb === 'window' && second === 'open') return { verb: 'window open' };
  if (verb === 'signers' && (second === 'add' || second === 'remove')) return { verb: `signers ${second}` };
  if ((verb === 'hooks' && second === 'uninstall') || verb === 'hooks:uninstall')
    return { verb: 'hooks uninstall' };
  if (verb === 'init' && args.some((a) => a === '--agent' || a.startsWith('--agent=')))
    return { verb: 'init --agent' };
  return null;
}

/**
 * Whether a tool run is held: every verb here but a `decline` whose actor is plainly not a
 * person (`reviewer:…`, `agent:…`, `system:…`), or that names none while no person is named
 * for the line.
 */
export function isPersonRun(run: ToolRun, humanInEnvironment: boolean): boolean {
  if (run.verb !== 'decline') return true;
  if (run.as === null || run.as === undefined) return humanInEnvironment;
  return !/^(reviewer|agent|system):/i.test(run.as);
}
