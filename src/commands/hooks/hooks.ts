import { join, relative } from 'node:path';
import type { Context } from '../../core/context.js';
import { EXIT_OK, RepoStateError } from '../../core/errors.js';
import type { ExitCode } from '../../core/outcomes.js';
import { personCommand } from '../../core/person-command.js';
import { backUpHook, readHook, runningCli, writeHook } from '../../repo/hook-file.js';
import { openRepository } from '../../repo/open-repository.js';

/** The line that marks a pre-commit hook as ours: a hook carrying it may be rewritten. */
export const HOOK_MARKER = '# agent-config pre-commit hook';

export interface HooksInstallOptions {
  root?: string;
  /** Replace a pre-commit hook that agent-config did not write (it is kept as `pre-commit.backup`). */
  force?: boolean;
  /** The CLI the hook falls back to when none is installed in the repository; default: this one. */
  cliPath?: string | null;
}

/** What `hooks install` decided, before anything is written. */
export interface HookPlan {
  action: 'install' | 'update' | 'unchanged' | 'replace' | 'refuse';
  script: string;
}

/** What `hooks install` did. */
export interface HooksInstallReport {
  /** The hook file, repository-relative when it lies inside the repository. */
  hook: string;
  action: Exclude<HookPlan['action'], 'refuse'>;
  /** Where a replaced foreign hook was kept. */
  backup: string | null;
  /** The CLI path written into the hook as the last fallback, or null. */
  cliPath: string | null;
}

function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/**
 * The pre-commit hook. It runs only when markdown or `agent-config.yaml` is staged, finds the
 * CLI in the repository's `node_modules`, then on PATH, then at the path it was installed
 * from, and runs both checks so one commit attempt shows every problem.
 */
export function renderHookScript(cliPath: string | null): string {
  const fallback =
    cliPath === null
      ? ''
      : `elif [ -f ${shellQuote(cliPath)} ]; then\n  set -- node ${shellQuote(cliPath)}\n`;
  return `#!/bin/sh
${HOOK_MARKER} — written by \`agent-config hooks install\`; rerun it to update.
# When markdown or agent-config.yaml is staged: \`agent-config progress --check\` and
# \`agent-config lint --staged\`; when evidence-ledger streams are staged:
# \`agent-config evidence verify --staged\`. Skip once with \`git commit --no-verify\`.
docs=$(git diff --cached --name-only --diff-filter=ACMRD -- '*.md' 'agent-config.yaml')
ledger=$(git diff --cached --name-only --diff-filter=ACMRD -- '*agents/evidence/ledger/*.jsonl')
if [ -z "$docs" ] && [ -z "$ledger" ]; then
  exit 0
fi
top=$(git rev-parse --show-toplevel) || exit 1
if [ -x "$top/node_modules/.bin/agent-config" ]; then
  set -- "$top/node_modules/.bin/agent-config"
elif command -v agent-config >/dev/null 2>&1; then
  set -- agent-config
${fallback}else
  echo "agent-config pre-commit: agent-config is not installed in this repository (npm ci installs it when it is a dev dependency); roadmaps were not checked" >&2
  exit 0
fi
cd "$top" || exit 1
status=0
if [ -n "$docs" ]; then
  "$@" progress --check || status=1
  "$@" lint --staged || status=1
fi
if [ -n "$ledger" ]; then
  "$@" evidence verify --staged || status=1
fi
if [ "$status" -ne 0 ]; then
  echo "agent-config pre-commit: fix the findings above and stage the fixes (git commit --no-verify skips the check once)" >&2
fi
exit "$status"
`;
}

/** Decides what to do with the existing hook (null when there is none). */
function planHookInstall(existing: string | null, script: string, force: boolean): HookPlan {
  if (existing === null) return { action: 'install', script };
  if (existing === script) return { action: 'unchanged', script };
  if (existing.includes(HOOK_MARKER)) return { action: 'update', script };
  return { action: force ? 'replace' : 'refuse', script };
}

/** `agent-config hooks install`: writes `.git/hooks/pre-commit` (or core.hooksPath's), idempotently. */
export async function installHooks(ctx: Context, options: HooksInstallOptions): Promise<HooksInstallReport> {
  const { root, git, requireGit } = await openRepository(ctx, { root: options.root });
  await requireGit('run `git init` first, or pass --root');
  const path = join(await git.gitPath('hooks'), 'pre-commit');
  const shown = relative(root, path).startsWith('..') ? path : relative(root, path);
  const existing = readHook(path);
  const cliPath = options.cliPath === undefined ? runningCli() : options.cliPath;
  const plan = planHookInstall(existing, renderHookScript(cliPath), options.force === true);
  if (plan.action === 'refuse') {
    throw new RepoStateError(
      'is a pre-commit hook agent-config did not write',
      shown,
      `rerun with --force to replace it (it is kept as pre-commit.backup), or call \`${personCommand('lint --staged')}\` from it`,
    );
  }
  const backup = plan.action === 'replace' ? backUpHook(path) : null;
  if (plan.action !== 'unchanged') writeHook(path, plan.script);
  return { hook: shown, action: plan.action, backup: backup && `${shown}.backup`, cliPath };
}

/** `hooks install` exits 0 whenever it ran. */
export function hooksExit(): ExitCode {
  return EXIT_OK;
}
