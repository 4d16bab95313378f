import type { Command } from 'commander';
import { lintExit, runLint } from '../../commands/lint/lint.js';
import type { Context } from '../../core/context.js';
import { docPage } from '../../core/doc-page.js';
import { UsageError } from '../../core/errors.js';
import { VERSION } from '../../core/version.js';
import type { LintReport } from '../../lint/report.js';
import { formatGithub } from '../../lint/reporters/github.js';
import { formatJson } from '../../lint/reporters/json.js';
import { formatSarif } from '../../lint/reporters/sarif.js';
import { formatSummary, formatText } from '../../lint/reporters/text.js';
import { RULES } from '../../lint/rules/index.js';
import { err } from '../output.js';
import { type Act, rootOption } from '../verb.js';

const FORMATS = ['text', 'json', 'github', 'sarif'] as const;
type Format = (typeof FORMATS)[number];

interface LintFlags {
  format?: string;
  staged?: boolean;
  root?: string;
}

/** The format `--format` asks for; an unknown one cannot run. */
function formatOf(opts: LintFlags): Format {
  const format = opts.format ?? 'text';
  if (!(FORMATS as readonly string[]).includes(format)) {
    throw new UsageError(`unknown format '${format}'`, '--format', `use one of ${FORMATS.join(', ')}`);
  }
  return format as Format;
}

/** Prints a lint report in the chosen format. */
export async function renderLintReport(ctx: Context, report: LintReport, format: Format): Promise<void> {
  if (format === 'json') {
    ctx.io.stdout.write(formatJson(report));
  } else if (format === 'sarif') {
    ctx.io.stdout.write(formatSarif(report, VERSION));
  } else if (format === 'github') {
    ctx.io.stdout.write(formatGithub(report));
    err(ctx, formatSummary(report));
  } else {
    ctx.io.stdout.write(formatText(report));
    err(ctx, formatSummary(report));
  }
}

/** `agent-config lint [RULE…] [PATH…]` (SPEC §6). */
export function registerLint(program: Command, ctx: Context, act: Act): void {
  const lint = program
    .command('lint')
    .description(
      `lint roadmaps, failure-signature documents, stable documents and reviewer verdicts (rules: ${docPage('rules.md')})`,
    )
    .argument('[rule-or-path...]', 'rule ids and paths')
    .option('--staged', 'lint the files staged for commit (git diff --cached)')
    .option('--format <format>', 'text, json, github (workflow annotations) or sarif (SARIF 2.1.0)', 'text');
  rootOption(lint).action(
    act(
      async (args: string[], opts: LintFlags) => {
        formatOf(opts);
        const report = await runLint(ctx, { root: opts.root, args, staged: opts.staged === true });
        return { report, exit: lintExit(report) };
      },
      (report, _args, opts) => renderLintReport(ctx, report, formatOf(opts)),
    ),
  );
  // The rule ids in the help come from the rule table itself, so the list never drifts from it.
  // It is loaded when `lint` (or its help) runs, not at every start of every command.
  program.hook('preSubcommand', async (_program, sub) => {
    if (sub !== lint) return;
    const ids = RULES.map((r) => r.meta.id).join(', ');
    lint.registeredArguments[0]!.description = `rule ids (${ids}) and paths`;
  });
}
