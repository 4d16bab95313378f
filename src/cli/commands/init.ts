import type { Command } from 'commander';
import type { InitReport } from '../../commands/init/init.js';
import { initDocument, initExit, runInit } from '../../commands/init/init.js';
import type { Context } from '../../core/context.js';
import { docPage } from '../../core/doc-page.js';
import { personCommand } from '../../core/person-command.js';
import { sanitize } from '../../core/text/sanitize.js';
import { err, out, printDocument } from '../output.js';
import { type Act, rootOption } from '../verb.js';
import { missingBinaryWarning } from './hooks.js';

const DONE: Record<InitReport['items'][number]['action'], [string, string]> = {
  create: ['created ', 'create  '],
  append: ['appended', 'append  '],
  merge: ['merged  ', 'merge   '],
  keep: ['kept    ', 'keep    '],
};

/** Prints what `init` did (or would do) and the next steps. */
export function renderInitReport(ctx: Context, report: InitReport): void {
  const changes = report.items.filter((i) => i.action !== 'keep').length;
  const head = report.dryRun
    ? `Would set up agent-config in ${report.root} (dry run, nothing written):`
    : changes === 0
      ? `Nothing to do: agent-config is already set up in ${report.root}.`
      : `✅  Set up agent-config in ${report.root}:`;
  const tense = report.dryRun ? 1 : 0;
  const lines = [head, ...report.items.map((i) => `  ${DONE[i.action][tense]}  ${i.path} — ${i.note}`)];
  const made = (kind: string) => report.items.some((i) => i.kind === kind && i.action === 'create');
  if (!report.dryRun && made('roadmap')) {
    const next: Array<[string, string]> = [
      [personCommand('gates'), 'the decision the example roadmap waits on'],
      ['git add -A && git commit', 'commit the roadmaps, the dashboard and the configuration'],
    ];
    if (!report.items.some((i) => i.kind === 'hook')) {
      next.push([personCommand('hooks install'), 'check the roadmaps at every commit']);
    }
    if (!report.items.some((i) => i.kind === 'agent-hook')) {
      next.push([
        personCommand('hooks install --agent claude-code'),
        "stage the agent's irreversible commands",
      ]);
    }
    next.push(['the agent-config GitHub Action', `the same checks on pull requests (${docPage('ci.md')})`]);
    const width = Math.max(...next.map(([what]) => what.length));
    lines.push('', 'Next:', ...next.map(([what, why]) => `  ${what.padEnd(width)}  ${why}`));
  }
  if (!report.dryRun && report.signerOffer !== null)
    lines.push('', `Sign your decisions with git's SSH signing key: ${report.signerOffer}`);
  for (const line of lines) out(ctx, sanitize(line));
  if (report.missingBinary !== null) err(ctx, sanitize(missingBinaryWarning(report.missingBinary)));
}

/** `agent-config init [--hooks] [--agent claude-code] [--dry-run] [--json]`. */
export function registerInit(program: Command, ctx: Context, act: Act): void {
  const init = program
    .command('init')
    .description(
      `set a repository up: example roadmap, commented agent-config.yaml, ignore rule (${docPage('init.md')})`,
    )
    .option('--hooks', 'also install the git pre-commit hook (as `hooks install`)')
    .option(
      '--agent <harness>',
      "also install the agent harness's guard hook (claude-code), as `hooks install --agent`",
    )
    .option('--dry-run', 'print what would be created, change nothing')
    .option('--json', 'print the result as one JSON document');
  rootOption(init, 'the git top level of the current folder').action(
    act(
      async (opts: { hooks?: boolean; agent?: string; dryRun?: boolean; json?: boolean; root?: string }) => {
        const report = await runInit(ctx, {
          root: opts.root,
          hooks: opts.hooks === true,
          agent: opts.agent,
          dryRun: opts.dryRun === true,
        });
        return { report, exit: initExit() };
      },
      async (report, opts) => {
        if (!opts.json) return renderInitReport(ctx, report);
        printDocument(ctx, initDocument(report));
      },
    ),
  );
}
