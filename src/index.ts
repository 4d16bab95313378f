// The library API: the same functions the CLI uses.

export { type ApplyHooks, applyJournal } from './archive/apply.js';
export type { ArchivePlan, Edit, FileRewrite, LeftAlone, PlannedMove, Refusal } from './archive/model.js';
export { planArchive } from './archive/plan.js';
export { planFileReferences } from './archive/references.js';
export { selectArchive } from './archive/select.js';
export { runCli, VERSION } from './cli/run-cli.js';
export { type ArchiveReport, runArchive } from './commands/archive.js';
export type { ClaimOptions } from './commands/claim.js';
export { runClaim } from './commands/claim.js';
export type { ConfirmOptions } from './commands/confirm.js';
export { runConfirm } from './commands/confirm.js';
export type { DeclineOptions } from './commands/decline.js';
export { runDecline } from './commands/decline.js';
export type { EvidenceLogReport, EvidenceVerifyReport } from './commands/evidence.js';
export { runEvidenceLog, runEvidenceVerify, VERIFY_EXIT } from './commands/evidence.js';
export type { GatesOptions, GatesReport } from './commands/gates.js';
export { runGates } from './commands/gates.js';
export { installHooks, renderHookScript } from './commands/hooks.js';
export { runLint } from './commands/lint.js';
export type { PendingReport, PruneReport } from './commands/pending.js';
export { runPending, runPrune } from './commands/pending.js';
export { runProgress } from './commands/progress.js';
export type { StageOptions, StageReport } from './commands/stage.js';
export { runStage } from './commands/stage.js';
export type { StagingReport } from './commands/staging-shared.js';
export type { Config } from './core/config.js';
export { DEFAULT_CONFIG, parseConfig } from './core/config.js';
export type { Context, Io } from './core/context.js';
export type { Diagnostic, Severity } from './core/diagnostics.js';
export { AgentConfigError, ConfigError, InputError, RepoStateError, UsageError } from './core/errors.js';
export type {
  EvidenceEntry,
  EvidenceEvent,
  EvidenceRead,
  LedgerRecord,
  StreamVerification,
} from './evidence/api.js';
export {
  appendEvidence,
  appendEvidenceBatch,
  EVIDENCE_EVENTS,
  EvidenceError,
  readEvidence,
  VERIFY_REASONS,
  verifyStream,
} from './evidence/api.js';
export { canonicalize } from './evidence/canonical.js';
export { buildRecord } from './evidence/record.js';
export { createGit } from './git/git-cli-adapter.js';
export type { GitPort } from './git/port.js';
export type { LintReport } from './lint/report.js';
export { formatGithub } from './lint/reporters/github.js';
export { formatJson } from './lint/reporters/json.js';
export { formatSarif } from './lint/reporters/sarif.js';
export { formatText } from './lint/reporters/text.js';
export { findRule, RULES } from './lint/rules/index.js';
export { renderRulesDoc } from './lint/rules-doc.js';
export { lintDocuments } from './lint/runner.js';
export type { LintDocument, LintRule, RuleMeta, Workspace } from './lint/types.js';
export { renderDashboard } from './render/dashboard.js';
export type { GatesView, HiddenCharacters, RenderedGates } from './render/gates.js';
export { renderGatesJson, renderGatesReply, renderGatesText, renderNoRoadmaps } from './render/gates.js';
export { field, wrap } from './render/layout.js';
export type { PendingRow } from './render/pending.js';
export { confirmationSurface, renderPendingJson, renderPendingText } from './render/pending.js';
export type { SanitizeOptions, SanitizeResult, SanitizeWarning } from './render/sanitize.js';
export { findHiddenCharacters, sanitize, sanitizeTerminal } from './render/sanitize.js';
export { loadRoadmapTree, scanRoadmapTree } from './repo/tree.js';
export { blockerClass, isResolved, needsUser } from './roadmap/blockers.js';
export { completion, deferralProblems } from './roadmap/completion.js';
export type { GateEntry } from './roadmap/gate-entries.js';
export { collectGateEntries } from './roadmap/gate-entries.js';
export type { Blocker, Phase, Roadmap, Step, StepState } from './roadmap/model.js';
export { countSteps, roadmapCounts } from './roadmap/queries.js';
export { parseRoadmap } from './roadmap/scanner.js';
export { regroupTodo } from './roadmap/todo.js';
export type { Decision, Folder, Found, Transition } from './staging/decide.js';
export { decideClaim, decideConfirm, decideDecline, nonInteractiveDecision } from './staging/decide.js';
export type { OutcomeCode, OutcomeSpec, StagingVerb } from './staging/outcomes.js';
export { OUTCOME_CODES, OUTCOMES, outcomeExit } from './staging/outcomes.js';
export type { RecordState, StagedAction } from './staging/record.js';
export { buildStage, parseRecord, serializeRecord } from './staging/record.js';
export type { StageStatus } from './staging/status.js';
export { effectiveExpiry, isExpired, isTampered, stageStatus } from './staging/status.js';
export {
  applyTransition,
  listStore,
  locateRecord,
  pruneExpired,
  putPending,
  STORE_DIR,
} from './staging/store.js';
export { deriveToken, isSafeToken, TOKEN_PATTERN } from './staging/token.js';
