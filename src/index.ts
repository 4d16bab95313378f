// The library API (docs/architecture.md, "Library API"): the CLI in process, each verb as a
// function of (Context, options) that returns its report, the roadmap parser and its model,
// the configuration, the lint rules and reporters, the terminal sanitizer, and the errors.
// Everything else under src/ is internal and may change in any release.

import { runCli as runCliInProcess } from './cli/run-cli.js';
import { type ConfirmOptions, runConfirm as runConfirmInProcess } from './commands/staging/confirm.js';
import type { StagingReport } from './commands/staging/staging-shared.js';
import type { Context } from './core/context.js';
import { withControllingTerminal } from './repo/controlling-terminal.js';

/**
 * Runs the CLI in process and returns its exit code. A person's verbs (`confirm`, `window
 * open`, `signers add|remove`) ask the controlling terminal of this process: the Context's
 * `prompt` and `io.stdinIsTTY` are replaced by what the operating system says.
 */
function runCli(argv: string[], ctx: Context): Promise<number> {
  return runCliInProcess(argv, withControllingTerminal(ctx));
}

/**
 * `confirm`: only a person at this process's controlling terminal answers it; the Context's
 * `prompt` and `io.stdinIsTTY` are replaced by what the operating system says.
 */
function runConfirm(ctx: Context, options: ConfirmOptions): Promise<StagingReport> {
  return runConfirmInProcess(withControllingTerminal(ctx), options);
}

export { type ArchiveOptions, type ArchiveReport, runArchive } from './commands/archive/archive.js';
export {
  type EvidenceLogReport,
  type EvidenceVerifyReport,
  runEvidenceLog,
  runEvidenceVerify,
  VERIFY_EXIT,
} from './commands/evidence/evidence.js';
export { type GatesOptions, type GatesReport, runGates } from './commands/gates/gates.js';
export { type HooksInstallOptions, type HooksInstallReport, installHooks } from './commands/hooks/hooks.js';
export { type InitOptions, type InitReport, runInit } from './commands/init/init.js';
export { type LintOptions, runLint } from './commands/lint/lint.js';
export { type ProgressOptions, type ProgressReport, runProgress } from './commands/progress/progress.js';
export { type ClaimOptions, runClaim } from './commands/staging/claim.js';
export type { ConfirmOptions } from './commands/staging/confirm.js';
export { type DeclineOptions, runDecline } from './commands/staging/decline.js';
export { type PendingReport, type PruneReport, runPending, runPrune } from './commands/staging/pending.js';
export { runStage, type StageOptions, type StageReport } from './commands/staging/stage.js';
export type { StagingReport } from './commands/staging/staging-shared.js';
export { type Config, DEFAULT_CONFIG, parseConfig } from './core/config.js';
export type { Context, Io, OutStream, Prompt } from './core/context.js';
export type { Diagnostic, Severity } from './core/diagnostics.js';
export {
  AgentConfigError,
  ConfigError,
  EXIT_CANNOT_RUN,
  EXIT_FINDINGS,
  EXIT_OK,
  GitCommandError,
  InputError,
  RepoStateError,
  UsageError,
} from './core/errors.js';
export type { GitFactory, GitPort, StatusEntry } from './core/git-port.js';
export { type SanitizeOptions, sanitize } from './core/text/sanitize.js';
export { VERSION } from './core/version.js';
export {
  appendEvidence,
  EVIDENCE_EVENTS,
  type EvidenceEntry,
  EvidenceError,
  type EvidenceEvent,
  type LedgerRecord,
  readEvidence,
  VERIFY_REASONS,
  verifyStream,
} from './evidence/api.js';
export { canonicalize } from './evidence/canonical.js';
export { buildRecord } from './evidence/record.js';
export { createGit } from './git/git-cli-adapter.js';
export type { LintReport } from './lint/report.js';
export { formatGithub } from './lint/reporters/github.js';
export { formatJson } from './lint/reporters/json.js';
export { formatSarif } from './lint/reporters/sarif.js';
export { formatText } from './lint/reporters/text.js';
export { RULES } from './lint/rules/index.js';
export { renderRulesDoc } from './lint/rules-doc.js';
export type { LintRule, RuleMeta } from './lint/types.js';
export type { Blocker, Phase, Roadmap, Step, StepState } from './roadmap/model.js';
export { type ParseOptions, parseRoadmap } from './roadmap/scanner.js';
export { parseStageInput, SETTLEMENT_KEYS } from './staging/stage-input.js';
export { checkVerdict, VERDICT_CODES, type Verdict, type VerdictCheck } from './verdict/verdict.js';
export { runCli, runConfirm };
