import type { Command } from 'commander';
import { runSignersAdd, runSignersRemove } from '../../commands/signers/signers.js';
import { runSignersList } from '../../commands/signers/signers-list.js';
import { type SignersReport, signersDocument, signersExit } from '../../commands/signers/signers-report.js';
import type { Context } from '../../core/context.js';
import { docPage } from '../../core/doc-page.js';
import { sanitize } from '../../core/text/sanitize.js';
import { err, out, printDocument } from '../output.js';
import { type Act, rootOption } from '../verb.js';

const KEY_HELP =
  'the key that signs the change (default: $AGENT_CONFIG_SIGNING_KEY, else git user.signingkey with gpg.format ssh)';
const clean = (text: string) => sanitize(text, { inline: true });

/** Prints a signers report: `outcome: message`, and for `list` the signers. */
export function renderSignersReport(ctx: Context, report: SignersReport): void {
  const line = clean(`${report.outcome}: ${report.message}`);
  if (report.exit === 2) err(ctx, `agent-config signers ${report.verb}: ${line}`);
  else out(ctx, report.verb === 'list' ? clean(report.message) : line);
  if (report.verb !== 'list') return;
  for (const s of report.signers) {
    const where = (['working', 'head', 'base'] as const).filter((v) => s[v]).join(', ');
    const mark = s.trusted ? 'trusted    ' : 'not trusted';
    out(ctx, clean(`${mark}  ${s.principals}  ${s.type} ${s.fingerprint}  listed in: ${where}`));
  }
  if (report.required && !report.hasBase)
    out(ctx, 'no base branch (refs/remotes/origin/HEAD): no key is trusted until one is fetched');
  for (const p of report.problems)
    err(ctx, clean(`${p.version} line ${p.line}: ${p.problem}; the line trusts nobody`));
}

/** `agent-config signers add|remove|list`: who may sign a person's decisions (docs/signing.md). */
export function registerSigners(program: Command, ctx: Context, act: Act): void {
  const signers = program
    .command('signers')
    .description(
      `who may sign a person's decisions: agents/evidence/allowed_signers (${docPage('signing.md')})`,
    );
  const add = signers
    .command('add')
    .description(
      'list a public key that signs as a person (a person at a terminal; signed by a trusted signer)',
    )
    .argument('<pubkey>', 'the public key, as its text ("ssh-ed25519 AAAA…") or a .pub file')
    .requiredOption('--as <human>', 'the person it signs as: human:<id>')
    .option('--key <file>', KEY_HELP);
  rootOption(add).action(
    act(
      async (publicKey: string, opts: { as: string; key?: string; root?: string }) => {
        const report = await runSignersAdd(ctx, { ...opts, publicKey });
        return { report, exit: signersExit(report) };
      },
      (report) => renderSignersReport(ctx, report),
    ),
  );
  const remove = signers
    .command('remove')
    .description('remove a person from the signers (a person at a terminal; signed by a trusted signer)')
    .argument('<human>', 'the signer: human:<id>')
    .option(
      '--only <fingerprint>',
      'remove only the line of this key (SHA256:…, as `signers list` shows): a rotation',
    )
    .option('--key <file>', KEY_HELP);
  rootOption(remove).action(
    act(
      async (principal: string, opts: { only?: string; key?: string; root?: string }) => {
        const report = await runSignersRemove(ctx, { ...opts, principal });
        return { report, exit: signersExit(report) };
      },
      (report) => renderSignersReport(ctx, report),
    ),
  );
  const list = signers
    .command('list')
    .description('the signers, and which versions of the file (working copy, HEAD, base branch) list them')
    .option('--json', 'print them as one JSON document');
  rootOption(list).action(
    act(
      async (opts: { json?: boolean; root?: string }) => {
        const report = await runSignersList(ctx, opts);
        return { report, exit: signersExit(report) };
      },
      (report, opts) => {
        if (opts.json !== true) return renderSignersReport(ctx, report);
        printDocument(ctx, signersDocument(report));
      },
    ),
  );
}
