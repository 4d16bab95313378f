// The library API: the same functions the CLI uses.
export { runCli, VERSION } from './cli/run-cli.js';
export { runProgress } from './commands/progress.js';
export type { Config } from './core/config.js';
export { DEFAULT_CONFIG, parseConfig } from './core/config.js';
export type { Context, Io } from './core/context.js';
export type { Diagnostic, Severity } from './core/diagnostics.js';
export { AgentConfigError, ConfigError, InputError, RepoStateError, UsageError } from './core/errors.js';
export type { GitPort } from './git/port.js';
export { renderDashboard } from './render/dashboard.js';
export { sanitize, sanitizeTerminal } from './render/sanitize.js';
export { loadRoadmapTree } from './repo/tree.js';
export { blockerClass, isResolved, needsUser } from './roadmap/blockers.js';
export { completion, deferralProblems } from './roadmap/completion.js';
export type { Blocker, Phase, Roadmap, Step, StepState } from './roadmap/model.js';
export { countSteps, roadmapCounts } from './roadmap/queries.js';
export { parseRoadmap } from './roadmap/scanner.js';
