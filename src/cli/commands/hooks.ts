import type { Command } from 'commander';
import type { HooksInstallReport } from '../../commands/hooks.js';
import type { Context } from '../../core/context.js';
import { EXIT_OK } from '../../core/errors.js';
import { sanitize } from '../../render/sanitize.js';
import { out } from '../output.js';
import type { CliState } from '../state.js';

const SAID: Record<HooksInstallReport['action'], string> = {
  install: 'Installed',
  update: 'Updated',
  unchanged: 'Already installed, unchanged:',
  replace: 'Replaced the existing hook with',
};

/** Prints what `hooks install` did. */
export function renderHooksReport(ctx: Context, report: HooksInstallReport): number {
  out(
    ctx,
    sanitize(
      `✅  ${SAID[report.action]} ${report.hook} — runs \`progress --check\` and \`lint --staged\` when markdown is staged.`,
    ),
  );
  if (report.backup !== null) out(ctx, sanitize(`    The previous hook was kept as ${report.backup}.`));
  return EXIT_OK;
}

/** `agent-config hooks install [--force]` (alias `hooks:install`). */
export function registerHooks(program: Command, ctx: Context, state: CliState): void {
  const install = async (opts: { force?: boolean; root?: string }) => {
    const { installHooks } = await import('../../commands/hooks.js');
    const report = await installHooks(ctx, { root: opts.root, force: opts.force === true });
    state.exitCode = renderHooksReport(ctx, report);
  };
  const hooks = program.command('hooks').description('install the git pre-commit hook (docs/hooks.md)');
  hooks
    .command('install')
    .description('write .git/hooks/pre-commit: progress --check and lint --staged when markdown is staged')
    .option('--force', 'replace a pre-commit hook agent-config did not write (kept as pre-commit.backup)')
    .option('--root <dir>', 'repository root (default: the current folder or the git top level)')
    .action(install);
  program
    .command('hooks:install')
    .description('same as `hooks install`')
    .option('--force', 'replace a pre-commit hook agent-config did not write (kept as pre-commit.backup)')
    .option('--root <dir>', 'repository root (default: the current folder or the git top level)')
    .action(install);
}
