import type { Command } from 'commander';
import type { AgentHookReport } from '../../commands/hooks/agent-hooks.js';
import { agentHookExit, installAgentHook, uninstallAgentHook } from '../../commands/hooks/agent-hooks.js';
import type { HooksInstallReport } from '../../commands/hooks/hooks.js';
import { hooksExit, installHooks } from '../../commands/hooks/hooks.js';
import type { HarnessStatus, HooksStatusReport } from '../../commands/hooks/status.js';
import { hooksStatus, hooksStatusDocument, hooksStatusExit } from '../../commands/hooks/status.js';
import type { Context } from '../../core/context.js';
import { docPage } from '../../core/doc-page.js';
import { sanitize } from '../../core/text/sanitize.js';
import { unsignedNotice } from '../../render/unsigned.js';
import { err, out, printDocument } from '../output.js';
import { type Act, type Ran, rootOption } from '../verb.js';

const SAID: Record<HooksInstallReport['action'], string> = {
  install: 'Installed',
  update: 'Updated',
  unchanged: 'Already installed, unchanged:',
  replace: 'Replaced the existing hook with',
};

/** Prints what `hooks install` did. */
export function renderHooksReport(ctx: Context, report: HooksInstallReport): void {
  out(
    ctx,
    sanitize(
      `✅  ${SAID[report.action]} ${report.hook} — runs \`progress --check\` and \`lint --staged\` when markdown is staged.`,
    ),
  );
  if (report.backup !== null) out(ctx, sanitize(`    The previous hook was kept as ${report.backup}.`));
}

const AGENT_SAID: Record<AgentHookReport['action'], string> = {
  installed: 'Installed the guard hook in',
  updated: 'Updated the guard hook (it fails closed and answers for Bash and the file tools) in',
  'already-installed': 'The guard hook is already in',
  removed: 'Removed the guard hook from',
  'not-installed': 'No guard hook to remove in',
};

/** Prints what `hooks install|uninstall --agent` did. */
export function renderAgentHookReport(ctx: Context, report: AgentHookReport): void {
  const tail =
    report.action === 'removed' || report.action === 'not-installed'
      ? ` (${report.agent}); every other setting is kept`
      : ` (${report.agent}, PreToolUse, matcher Bash) — see ${docPage('guard.md')}`;
  out(ctx, sanitize(`✅  ${AGENT_SAID[report.action]} ${report.file}${tail}`));
  if (report.missingBinary !== null) err(ctx, sanitize(missingBinaryWarning(report.missingBinary)));
}

/** The one line that says the hook will refuse every shell call until its binary exists. */
export function missingBinaryWarning(binary: string): string {
  return `⚠️   ${binary} does not exist yet: until it does, the hook refuses every shell command the agent runs. Run \`npm ci\` when package.json already lists agent-config, else install it (\`npm install --save-dev\` a packed tarball or a git URL of agent-config).`;
}

const HARNESS_NAME = { 'claude-code': 'Claude Code', codex: 'Codex', gemini: 'Gemini CLI' } as const;

const secondsOf = (ms: number) => `${Math.round(ms / 100) / 10} s`;

/** Why a timeout is outdated when `guard.wait` is set: what the wait is cut to. */
function timeoutNote(h: HarnessStatus): string {
  if (h.waitCutToMs === null) return '';
  const installed = h.timeoutMs === null ? 'no timeout' : `a timeout of ${secondsOf(h.timeoutMs)}`;
  return `; it gives the hook ${installed}, shorter than 30 s + guard.wait (${secondsOf(h.neededTimeoutMs)}), so a call held for a person waits only about ${secondsOf(h.waitCutToMs)}`;
}

/** One line for one harness's settings file: the mark, what was found, the fix. */
export function harnessStatusLine(h: HarnessStatus): string {
  const where = `${HARNESS_NAME[h.harness]} (${h.file})`;
  const probes = h.probes.map((p) => `\`${p.call}\` → ${p.answered} in ${p.ms} ms`).join(', ');
  if (h.ok) return `✅  ${where}: the guard is current, fails closed, and answered (${probes})`;
  const fix = `${timeoutNote(h)}${h.fix === null ? '' : ` — fix: ${h.fix}`}`;
  if (h.guard === 'unreadable') return `❌  ${where}: cannot be read as settings${fix}`;
  if (h.guard === 'absent') return `❌  ${where}: configured, but the guard is not in it${fix}`;
  if (!h.binary)
    return `❌  ${where}: node_modules/.bin/agent-config is missing, so the hook refuses every shell call${fix}`;
  const answeredWrong = h.probes.filter((p) => !p.ok);
  if (answeredWrong.length > 0 || h.failsClosed === false) {
    const what = answeredWrong.map((p) => `\`${p.call}\` → ${p.answered} (expected ${p.expected})`);
    if (h.failsClosed === false) what.unshift('it does not fail closed');
    return `❌  ${where}: ${what.join(', ')}${fix}`;
  }
  return `⚠️   ${where}: the guard is outdated (${h.outdated.join(', ')}) but answered (${probes})${fix}`;
}

/** Prints what `hooks status` found: one line per harness, then the pre-commit hook. */
export function renderHooksStatus(ctx: Context, report: HooksStatusReport): void {
  for (const h of report.harnesses) out(ctx, sanitize(harnessStatusLine(h)));
  for (const harness of report.notConfigured)
    out(ctx, `➖  ${HARNESS_NAME[harness]}: not configured in this repository`);
  const pre = {
    ours: '✅  git pre-commit hook: installed (ours)',
    foreign: "➖  git pre-commit hook: another tool's",
    missing: '➖  git pre-commit hook: not installed',
  }[report.preCommit];
  out(ctx, pre);
  if (!report.signersListed) out(ctx, `➖  ${unsignedNotice()}`);
}

const AGENT_OPTION = [
  '--agent <harness>',
  "instead of the git hook: the agent harness's guard hook (claude-code)",
] as const;

/** `agent-config hooks install [--force] [--agent claude-code]` (alias `hooks:install`), `hooks uninstall --agent`. */
export function registerHooks(program: Command, ctx: Context, act: Act): void {
  const install = act(
    async (opts: {
      force?: boolean;
      root?: string;
      agent?: string;
    }): Promise<Ran<AgentHookReport | HooksInstallReport>> => {
      if (opts.agent !== undefined) {
        const report = await installAgentHook(ctx, { root: opts.root, agent: opts.agent });
        return { report, exit: agentHookExit() };
      }
      const report = await installHooks(ctx, { root: opts.root, force: opts.force === true });
      return { report, exit: hooksExit() };
    },
    (report) => ('agent' in report ? renderAgentHookReport(ctx, report) : renderHooksReport(ctx, report)),
  );
  const hooks = program
    .command('hooks')
    .description(
      `install the git pre-commit hook (${docPage('hooks.md')}) or an agent harness guard hook (${docPage('guard.md')})`,
    );
  const installCommand = hooks
    .command('install')
    .description(
      'write .git/hooks/pre-commit (progress --check, and lint --staged when markdown is staged), or with --agent the harness guard hook',
    )
    .option('--force', 'replace a pre-commit hook agent-config did not write (kept as pre-commit.backup)')
    .option(...AGENT_OPTION);
  rootOption(installCommand).action(install);
  const uninstall = hooks
    .command('uninstall')
    .description("remove the guard hook from the agent harness's settings (only ours)")
    .requiredOption('--agent <harness>', 'the agent harness: claude-code');
  rootOption(uninstall, 'the git top level').action(
    act(
      async (opts: { root?: string; agent: string }) => {
        const report = await uninstallAgentHook(ctx, { root: opts.root, agent: opts.agent });
        return { report, exit: agentHookExit() };
      },
      (report) => renderAgentHookReport(ctx, report),
    ),
  );
  const status = hooks
    .command('status')
    .description(
      'whether the guard hook is installed, fails closed and answers, for each harness configured here (writes nothing)',
    )
    .option('--json', 'print the report as JSON');
  rootOption(status, 'the git top level').action(
    act(
      async (opts: { json?: boolean; root?: string }) => {
        const report = await hooksStatus(ctx, { root: opts.root });
        return { report, exit: hooksStatusExit(report) };
      },
      async (report, opts) => {
        if (opts.json !== true) return renderHooksStatus(ctx, report);
        printDocument(ctx, hooksStatusDocument(report));
      },
    ),
  );
  const alias = program
    .command('hooks:install')
    .description('same as `hooks install`')
    .option('--force', 'replace a pre-commit hook agent-config did not write (kept as pre-commit.backup)')
    .option(...AGENT_OPTION);
  rootOption(alias).action(install);
}
