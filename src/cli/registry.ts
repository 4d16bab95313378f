import type { Command } from 'commander';
import type { Context } from '../core/context.js';
import { registerArchive } from './commands/archive.js';
import { registerEvidence } from './commands/evidence.js';
import { registerGates } from './commands/gates.js';
import { registerHooks } from './commands/hooks.js';
import { registerLint } from './commands/lint.js';
import { registerMcp } from './commands/mcp.js';
import { registerProgress } from './commands/progress.js';
import { registerStaging } from './commands/staging.js';
import type { CliState } from './state.js';

/** Adds one verb (and its aliases) to the program. Command modules are loaded lazily in actions. */
export type Registration = (program: Command, ctx: Context, state: CliState) => void;

/**
 * A module's verbs: every top-level command name and alias `register` adds (a test checks the
 * list against what it adds), so a run that names one of them builds only that module's
 * commands.
 */
export interface VerbGroup {
  verbs: readonly string[];
  register: Registration;
}

/** Every verb of the CLI, in the order `--help` lists them. */
export const registrations: readonly VerbGroup[] = [
  { verbs: ['progress', 'roadmap:progress', 'roadmap:progress-check'], register: registerProgress },
  { verbs: ['gates'], register: registerGates },
  { verbs: ['archive', 'roadmap:archive'], register: registerArchive },
  { verbs: ['lint'], register: registerLint },
  { verbs: ['hooks', 'hooks:install'], register: registerHooks },
  { verbs: ['stage', 'confirm', 'decline', 'claim', 'pending', 'prune'], register: registerStaging },
  { verbs: ['evidence'], register: registerEvidence },
  { verbs: ['mcp'], register: registerMcp },
];

/**
 * The groups a run with `argv` needs: the one that owns its first word, or all of them (no
 * verb, an option first, `help`, or an unknown word, which the full program answers with its
 * help or a suggestion). Building commander's commands for every verb costs 1–2 ms of a start.
 */
export function groupsFor(argv: readonly string[]): readonly VerbGroup[] {
  const first = argv[0];
  const owner = first === undefined ? undefined : registrations.find((g) => g.verbs.includes(first));
  return owner === undefined ? registrations : [owner];
}
