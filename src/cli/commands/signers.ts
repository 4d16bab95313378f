import type { Command } from 'commander';
import type { SignersReport } from '../../commands/signers/signers-report.js';
import type { Context } from '../../core/context.js';
import { docPage } from '../../core/doc-page.js';
import { sanitize } from '../../core/text/sanitize.js';
import { err, out } from '../output.js';
import type { CliState } from '../state.js';

const ROOT_HELP = 'repository root (default: the current folder or the git top level)';
const KEY_HELP =
  'the key that signs the change (default: $AGENT_CONFIG_SIGNING_KEY, else git user.signingkey with gpg.format ssh)';
const clean = (text: string) => sanitize(text, { inline: true });

/** The signers in JSON, one document; the shape is `signers list --json`'s. */
function signersJson(report: SignersReport): string {
  const { outcome, exit, required, hasBase, signers, problems } = report;
  return `${JSON.stringify({ outcome, exit, required, hasBase, signers, problems }, null, 2)}\n`;
}

/** Prints a signers report: `outcome: message`, the list, or JSON; returns its exit code. */
export function renderSignersReport(ctx: Context, report: SignersReport, json = false): number {
  if (json) {
    ctx.io.stdout.write(signersJson(report));
    return report.exit;
  }
  const line = clean(`${report.outcome}: ${report.message}`);
  if (report.exit === 2) err(ctx, `agent-config signers ${report.verb}: ${line}`);
  else out(ctx, report.verb === 'list' ? clean(report.message) : line);
  if (report.verb !== 'list') return report.exit;
  for (const s of report.signers) {
    const where = (['working', 'head', 'base'] as const).filter((v) => s[v]).join(', ');
    const mark = s.trusted ? 'trusted    ' : 'not trusted';
    out(ctx, clean(`${mark}  ${s.principals}  ${s.type} ${s.fingerprint}  listed in: ${where}`));
  }
  if (report.required && !report.hasBase)
    out(ctx, 'no base branch (refs/remotes/origin/HEAD): no key is trusted until one is fetched');
  for (const p of report.problems)
    err(ctx, clean(`${p.version} line ${p.line}: ${p.problem}; the line trusts nobody`));
  return report.exit;
}

/** `agent-config signers add|remove|list`: who may sign a person's decisions (docs/signing.md). */
export function registerSigners(program: Command, ctx: Context, state: CliState): void {
  const signers = program
    .command('signers')
    .description(
      `who may sign a person's decisions: agents/evidence/allowed_signers (${docPage('signing.md')})`,
    );
  signers
    .command('add')
    .description(
      'list a public key that signs as a person (a person at a terminal; signed by a trusted signer)',
    )
    .argument('<pubkey>', 'the public key, as its text ("ssh-ed25519 AAAA…") or a .pub file')
    .requiredOption('--as <human>', 'the person it signs as: human:<id>')
    .option('--key <file>', KEY_HELP)
    .option('--root <dir>', ROOT_HELP)
    .action(async (publicKey: string, opts: { as: string; key?: string; root?: string }) => {
      const { runSignersAdd } = await import('../../commands/signers/signers.js');
      state.exitCode = renderSignersReport(ctx, await runSignersAdd(ctx, { ...opts, publicKey }));
    });
  signers
    .command('remove')
    .description('remove a person from the signers (a person at a terminal; signed by a trusted signer)')
    .argument('<human>', 'the signer: human:<id>')
    .option(
      '--only <fingerprint>',
      'remove only the line of this key (SHA256:…, as `signers list` shows): a rotation',
    )
    .option('--key <file>', KEY_HELP)
    .option('--root <dir>', ROOT_HELP)
    .action(async (principal: string, opts: { only?: string; key?: string; root?: string }) => {
      const { runSignersRemove } = await import('../../commands/signers/signers.js');
      state.exitCode = renderSignersReport(ctx, await runSignersRemove(ctx, { ...opts, principal }));
    });
  signers
    .command('list')
    .description('the signers, and which versions of the file (working copy, HEAD, base branch) list them')
    .option('--json', 'print them as one JSON document')
    .option('--root <dir>', ROOT_HELP)
    .action(async (opts: { json?: boolean; root?: string }) => {
      const { runSignersList } = await import('../../commands/signers/signers-list.js');
      state.exitCode = renderSignersReport(ctx, await runSignersList(ctx, opts), opts.json === true);
    });
}
