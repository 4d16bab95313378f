import { isAbsolute, join, relative, resolve } from 'node:path';
import type { Config } from '../../core/config.js';
import type { Context } from '../../core/context.js';
import { compareDiagnostics, type Diagnostic } from '../../core/diagnostics.js';
import { EXIT_FINDINGS, EXIT_OK, UsageError } from '../../core/errors.js';
import type { ExitCode } from '../../core/outcomes.js';
import { ruleOn } from '../../lint/loosenings.js';
import { countSeverities, type LintReport } from '../../lint/report.js';
import { findRule, RULES } from '../../lint/rules/index.js';
import { lintDocuments } from '../../lint/runner.js';
import type { LintDocument, LintRule } from '../../lint/types.js';
import { listMarkdownFiles, pathKind } from '../../repo/discover.js';
import { allTargets, createClassifier, createWorkspace, loadDocument } from '../../repo/lint-workspace.js';
import { openRepository, type Repository } from '../../repo/open-repository.js';
import { toPosix } from '../../repo/posix-path.js';
import { isResolved } from '../../roadmap/blockers.js';
import { needsApproval } from '../../roadmap/decision-entry.js';
import type { Roadmap } from '../../roadmap/model.js';
import { loadSignerTrust } from '../signing/trust.js';

/** A roadmap the decision rules check against the ledger: a resolved blocker, or a plan to approve. */
function mayAskLedger(roadmap: Roadmap): boolean {
  return needsApproval(roadmap) || (roadmap.blockersSection?.blockers ?? []).some(isResolved);
}

export interface LintOptions {
  root?: string;
  /** Positional arguments: rule ids and paths, in any order. */
  args?: string[];
  /** Lint what `git diff --cached` names instead of paths. */
  staged?: boolean;
}

/** Splits `[RULE…] [PATH…]`: a rule id is a rule (write `./blockers` for a file of that name). */
function splitArgs(args: readonly string[]): { rules: LintRule[]; paths: string[] } {
  const rules: LintRule[] = [];
  const paths: string[] = [];
  for (const arg of args) {
    const rule = findRule(arg);
    if (rule !== undefined) {
      if (!rules.includes(rule)) rules.push(rule);
    } else {
      paths.push(arg);
    }
  }
  return { rules, paths };
}

// A folder argument stands for the files a rule can apply to: markdown, and JSON verdicts.
const isDocumentName = (name: string) => name.endsWith('.md') || name.endsWith('.json');

/** Turns path arguments into repository-relative files; a folder stands for its markdown and JSON files. */
function explicitTargets(
  ctx: Context,
  root: string,
  paths: readonly string[],
): { files: string[]; named: Set<string> } {
  const files: string[] = [];
  const named = new Set<string>();
  for (const p of paths) {
    const abs = resolve(ctx.cwd, p);
    const rel = toPosix(relative(root, abs));
    if (rel.startsWith('..') || isAbsolute(rel)) {
      throw new UsageError(`lies outside the repository ${root}`, p, 'pass paths below the repository root');
    }
    const kind = pathKind(abs);
    if (kind === null) {
      if (/[/.]/.test(p)) throw new UsageError('does not exist', p, 'check the path');
      const rules = RULES.map((r) => r.meta.id).join(', ');
      throw new UsageError('is neither a rule nor an existing path', p, `the rules are ${rules}`);
    }
    if (kind === 'dir') for (const file of listMarkdownFiles(root, rel, isDocumentName)) files.push(file);
    else {
      files.push(rel);
      named.add(rel);
    }
  }
  return { files: [...new Set(files)].sort(), named };
}

async function stagedTargets(repo: Repository): Promise<string[]> {
  // The pre-commit path: a root holding `.git` is its top level, without a git process.
  const view = await repo.requireGit('drop --staged and pass the paths to lint', { dotGitIsTop: true });
  const files: string[] = [];
  for (const p of await repo.git.stagedPaths()) {
    const rel = view.toRootRelative(p);
    // A staged file deleted from the work tree since has nothing to lint.
    if (rel !== null && pathKind(join(repo.root, rel)) === 'file') files.push(rel);
  }
  return files.sort();
}

/** Reads the targets that some rule applies to; named files that none applies to are skipped. */
function loadTargets(
  root: string,
  config: Config,
  targets: readonly string[],
  named: ReadonlySet<string>,
): { loaded: Map<string, LintDocument>; skipped: string[] } {
  const classifier = createClassifier(config);
  const loaded = new Map<string, LintDocument>();
  const skipped: string[] = [];
  for (const rel of targets) {
    const doc = loadDocument(root, config, rel, classifier.scopes(rel));
    // A staged commit is mostly code: only files someone named are worth a mention.
    if (doc === null) {
      if (named.has(rel)) skipped.push(rel);
    } else {
      loaded.set(rel, doc);
    }
  }
  return { loaded, skipped };
}

/**
 * `agent-config lint`: runs the rules over the whole repository, over the given paths, or over
 * the staged files. Rules that look across files (`<stem>#<id>` references) still resolve
 * against the whole roadmap tree, reading other roadmaps only when a reference needs them.
 */
export async function runLint(ctx: Context, options: LintOptions): Promise<LintReport> {
  const repo = await openRepository(ctx, { root: options.root, config: 'roadmaps' });
  const { root, config } = repo;
  const { rules: picked, paths } = splitArgs(options.args ?? []);
  if (options.staged && paths.length > 0) {
    throw new UsageError(
      '--staged lints what git names; it takes no paths',
      `lint --staged ${paths[0]}`,
      'drop the paths or --staged',
    );
  }
  const rules = picked.length > 0 ? picked : RULES.filter((r) => ruleOn(r, config));
  let targets: string[];
  let named = new Set<string>();
  // Symbolic-link loops and broken links met while walking the roadmap folder.
  let walkWarnings: Diagnostic[] = [];
  if (options.staged) targets = await stagedTargets(repo);
  else if (paths.length > 0) ({ files: targets, named } = explicitTargets(ctx, root, paths));
  else ({ files: targets, warnings: walkWarnings } = allTargets(root, config));
  const { loaded, skipped } = loadTargets(root, config, targets, named);
  // The decision rules read the ledger; where signers are registered only signed decisions
  // count, so the signers in force are read — only when a roadmap has something to check.
  const asksLedger = rules.some((r) => r.meta.id === 'unrecorded-resolution' || r.meta.id === 'plan-drift');
  const needsTrust =
    asksLedger && [...loaded.values()].some((d) => d.roadmap !== null && mayAskLedger(d.roadmap));
  const signing = needsTrust ? { trust: (await loadSignerTrust(repo)).trust, now: ctx.clock() } : null;
  const workspace = createWorkspace(root, config, loaded, signing);
  const diagnostics = await lintDocuments([...loaded.values()], workspace, rules, {
    parserDiagnostics: picked.length === 0,
  });
  if (picked.length === 0 && walkWarnings.length > 0) {
    diagnostics.push(...walkWarnings);
    diagnostics.sort(compareDiagnostics);
  }
  return {
    root,
    rules: rules.map((r) => r.meta.id),
    checked: [...loaded.keys()],
    skipped,
    diagnostics,
    ...countSeverities(diagnostics),
  };
}

/** The ids of every lint rule, in `docs/rules.md` order. */
export function lintRuleIds(): string[] {
  return RULES.map((r) => r.meta.id);
}

/** The exit code of `lint`: 1 when any error was found, whatever the format. */
export function lintExit(report: LintReport): ExitCode {
  return report.errors > 0 ? EXIT_FINDINGS : EXIT_OK;
}
