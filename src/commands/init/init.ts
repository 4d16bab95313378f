import { join, relative } from 'node:path';
import { CONFIG_FILE, DEFAULT_CONFIG } from '../../core/config.js';
import type { Context } from '../../core/context.js';
import { docPage } from '../../core/doc-page.js';
import { EXIT_OK, InputError, RepoStateError, UsageError } from '../../core/errors.js';
import type { ExitCode } from '../../core/outcomes.js';
import { personCommand } from '../../core/person-command.js';
import { type InitFacts, type InitItem, type InitPlan, planInit } from '../../init/plan.js';
import { isMarkdownName, listMarkdownFiles, pathKind } from '../../repo/discover.js';
import { appendText, createNewFile, readOptionalText } from '../../repo/init-files.js';
import { loadConfig } from '../../repo/load-config.js';
import { openRepository, type Repository } from '../../repo/open-repository.js';
import { INSTALLABLE_AGENTS, installAgentHook, missingHookBinary, SETTINGS } from '../hooks/agent-hooks.js';
import { claudeHookState, readSettings } from '../hooks/claude-settings.js';
import { installHooks } from '../hooks/hooks.js';
import { runProgress } from '../progress/progress.js';
import { signersListedHere } from '../signing/signers-listed.js';

export interface InitOptions {
  root?: string;
  /** Also install the git pre-commit hook. */
  hooks?: boolean;
  /** Also install the guard hook of this agent harness (`claude-code`), as `hooks install --agent`. */
  agent?: string;
  /** Print the plan, change nothing. */
  dryRun?: boolean;
}

/** What `init` planned and (unless a dry run) did; items without `content`. */
export interface InitReport {
  root: string;
  dryRun: boolean;
  items: Array<Omit<InitItem, 'content'>>;
  /**
   * With `--agent`: the binary the guard hook runs, repository-relative, when it does not exist
   * yet (the hook then refuses every shell call); else null.
   */
  missingBinary: string | null;
  /**
   * When git signs with an SSH key (`gpg.format ssh`, `user.signingkey`) and no signer is listed
   * yet: the command that registers that key as the person's signer (docs/signing.md); else null.
   */
  signerOffer: string | null;
}

/** Markdown files below a folder (0 when it does not exist); refuses a file in its place. */
function countRoadmaps(root: string, folder: string): number {
  const kind = pathKind(join(root, folder));
  if (kind === null) return 0;
  if (kind !== 'dir') {
    throw new RepoStateError(
      'is a file, not the roadmap folder',
      folder,
      'move it away, or set `roadmaps:` in agent-config.yaml',
    );
  }
  return listMarkdownFiles(root, folder, isMarkdownName).length;
}

/** The agent's settings file and whether our hook is in it; refuses settings it cannot merge into. */
function readAgentHook(root: string, agent: string): NonNullable<InitFacts['agentHook']> {
  if (!(INSTALLABLE_AGENTS as readonly string[]).includes(agent)) {
    throw new UsageError(
      `cannot install a hook for '${agent}'`,
      'agent-config init --agent',
      `use ${INSTALLABLE_AGENTS.join(', ')} (${docPage('guard.md')} shows the settings for other harnesses)`,
    );
  }
  const text = readOptionalText(join(root, SETTINGS), SETTINGS);
  const read = readSettings(text);
  if (!read.ok) {
    throw new InputError(
      read.problem,
      SETTINGS,
      'fix it by hand (it was left untouched), then run this again',
    );
  }
  return { agent, file: SETTINGS, exists: text !== null, state: claudeHookState(read.data) };
}

/** Reads what `init` needs to know about the repository; changes nothing. */
async function readFacts(ctx: Context, root: string, hooks: boolean, agent?: string): Promise<InitFacts> {
  const configExists = pathKind(join(root, CONFIG_FILE)) !== null;
  // An existing configuration is validated (a broken one stops here) and its folders are used.
  const config = configExists ? loadConfig(root) : DEFAULT_CONFIG;
  const facts: InitFacts = {
    roadmaps: config.roadmaps,
    dashboard: config.dashboard,
    configExists,
    roadmapCount: countRoadmaps(root, config.roadmaps),
    dashboardExists: pathKind(join(root, config.dashboard)) !== null,
    gitignore: readOptionalText(join(root, '.gitignore'), '.gitignore'),
  };
  if (hooks) {
    const path = join(await ctx.git(root).gitPath('hooks'), 'pre-commit');
    const shown = relative(root, path).startsWith('..') ? path : relative(root, path);
    facts.hook = { shown, exists: pathKind(path) !== null };
  }
  if (agent !== undefined) facts.agentHook = readAgentHook(root, agent);
  return facts;
}

/** Carries out a plan: creates and appends, in an order where the dashboard sees the roadmap. */
export async function applyInitPlan(ctx: Context, root: string, plan: InitPlan): Promise<void> {
  const byKind = (kind: InitItem['kind']) => plan.items.find((i) => i.kind === kind && i.action !== 'keep');
  for (const kind of ['config', 'roadmap', 'gitignore'] as const) {
    const item = byKind(kind);
    if (item === undefined || item.content === undefined) continue;
    const path = join(root, item.path);
    if (item.action === 'append') appendText(path, item.content);
    else createNewFile(path, item.content);
  }
  if (byKind('dashboard') !== undefined) await runProgress(ctx, { root });
  if (byKind('hook') !== undefined) await installHooks(ctx, { root });
  const agentHook = plan.items.find((i) => i.kind === 'agent-hook');
  if (agentHook?.agent !== undefined && agentHook.action !== 'keep') {
    await installAgentHook(ctx, { root, agent: agentHook.agent });
  }
}

/**
 * `agent-config init`: sets a repository up (roadmap folder with an example, a commented
 * `agent-config.yaml`, the runtime folder ignored, the dashboard, with `hooks` the pre-commit
 * hook and with `agent` the harness's guard hook). It never overwrites: whatever exists is kept, so a second run changes nothing.
 */
export async function runInit(ctx: Context, options: InitOptions): Promise<InitReport> {
  // `--root`, else the git top level of the current folder; never outside git.
  const repo = await openRepository(ctx, { root: options.root, find: 'git-top' });
  const { root, requireGit } = repo;
  await requireGit(`run \`git init\` first, then \`${personCommand('init')}\``);
  const plan = planInit(await readFacts(ctx, root, options.hooks === true, options.agent));
  const dryRun = options.dryRun === true;
  if (!dryRun) await applyInitPlan(ctx, root, plan);
  return {
    root,
    dryRun,
    items: plan.items.map(({ content: _content, ...item }) => item),
    missingBinary: options.agent === undefined ? null : missingHookBinary(root),
    signerOffer: await signerOffer(repo),
  };
}

/** `init` exits 0 whenever it ran (a dry run included). */
export function initExit(): ExitCode {
  return EXIT_OK;
}

/** `init --json`: the report itself. */
export type InitDocument = InitReport;

/** The document of `init --json`. */
export function initDocument(report: InitReport): InitDocument {
  return report;
}

/** The `signers add` line for git's SSH signing key, when git has one and nobody is listed yet. */
async function signerOffer(repo: Repository): Promise<string | null> {
  if (signersListedHere(repo.root) || (await repo.git.configValue('gpg.format')) !== 'ssh') return null;
  const key = await repo.git.configValue('user.signingkey');
  if (key === null) return null;
  const literal = /^(key::)?(ssh-|ecdsa-|sk-)/.test(key);
  const given = literal
    ? `"${key
        .replace(/^key::/, '')
        .split(/\s+/)
        .slice(0, 2)
        .join(' ')}"`
    : key.endsWith('.pub')
      ? key
      : `${key}.pub`;
  return personCommand(`signers add ${given} --as human:<you>`);
}
