import type { Command } from 'commander';
import type { Context } from '../core/context.js';
import { registerArchive } from './commands/archive.js';
import { registerGates } from './commands/gates.js';
import { registerHooks } from './commands/hooks.js';
import { registerLint } from './commands/lint.js';
import { registerProgress } from './commands/progress.js';
import { registerStaging } from './commands/staging.js';
import type { CliState } from './state.js';

/** Adds one verb (and its aliases) to the program. Command modules are loaded lazily in actions. */
export type Registration = (program: Command, ctx: Context, state: CliState) => void;

/** Every verb of the CLI, in the order `--help` lists them. */
export const registrations: Registration[] = [
  registerProgress,
  registerGates,
  registerArchive,
  registerLint,
  registerHooks,
  registerStaging,
];
