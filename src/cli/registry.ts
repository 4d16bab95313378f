import type { Command } from 'commander';
import type { Context } from '../core/context.js';
import { registerArchive } from './commands/archive.js';
import { registerDecide } from './commands/decide.js';
import { registerEvidence } from './commands/evidence.js';
import { registerGates } from './commands/gates.js';
import { registerHook, registerWindow } from './commands/guard.js';
import { registerHooks } from './commands/hooks.js';
import { registerInbox } from './commands/inbox.js';
import { registerInit } from './commands/init.js';
import { registerLint } from './commands/lint.js';
import { registerMcp } from './commands/mcp.js';
import { registerNotify } from './commands/notify.js';
import { registerProgress } from './commands/progress.js';
import { registerReport } from './commands/report.js';
import { registerSigners } from './commands/signers.js';
import { registerStaging } from './commands/staging.js';
import { registerVerdict } from './commands/verdict.js';
import type { Act } from './verb.js';

/**
 * Adds one verb (or a family of verbs) with its options and aliases to the program; `act` makes
 * each action (run → exit code → render). The command's module is loaded lazily in the action,
 * so registering costs no start-up.
 */
export type Registration = (program: Command, ctx: Context, act: Act) => void;

/** Every verb of the CLI, in the order `--help` lists them. Add a verb by adding its line. */
export const registrations: readonly Registration[] = [
  registerProgress,
  registerGates,
  registerInbox,
  registerArchive,
  registerLint,
  registerHooks,
  registerInit,
  registerStaging,
  registerDecide,
  registerReport,
  registerVerdict,
  registerEvidence,
  registerHook,
  registerWindow,
  registerNotify,
  registerSigners,
  registerMcp,
];
