import type { Context } from '../../core/context.js';
import { parseAllowedSigners } from '../../evidence/allowed-signers.js';
import { fingerprint } from '../../evidence/ssh-key.js';
import { openRepository } from '../../repo/open-repository.js';
import { type LoadedTrust, loadSignerTrust } from '../signing/trust.js';
import { type SignerRow, type SignersReport, signersReport } from './signers-report.js';

const VERSIONS = ['working', 'head', 'base'] as const;

/** Every signer any version lists, once per principals field and key, with where it is listed. */
export function signerRows({ trust }: LoadedTrust): Pick<SignersReport, 'signers' | 'problems'> {
  const rows = new Map<string, SignerRow>();
  const problems: SignersReport['problems'] = [];
  trust.versions.forEach((version, i) => {
    const name = VERSIONS[i]!;
    for (const p of version.problems) problems.push({ version: name, ...p });
    for (const e of version.entries) {
      const id = `${e.principals} ${e.key.blob.toString('base64')}`;
      let row = rows.get(id);
      if (row === undefined) {
        row = {
          principals: e.principals,
          type: e.key.type,
          fingerprint: fingerprint(e.key),
          comment: e.comment,
          working: false,
          head: false,
          base: false,
          trusted: false,
        };
        rows.set(id, row);
      }
      row[name] = true;
    }
  });
  for (const row of rows.values()) row.trusted = row.working && row.head && row.base;
  return { signers: [...rows.values()], problems };
}

/** `agent-config signers list`: who may sign, and which versions of the signers file say so. */
export async function runSignersList(ctx: Context, options: { root?: string }): Promise<SignersReport> {
  const repo = await openRepository(ctx, { root: options.root });
  const loaded = await loadSignerTrust(repo);
  const rows = signerRows(loaded);
  const trusted = rows.signers.filter((r) => r.trusted).length;
  const message = !loaded.trust.required
    ? 'no signer is registered: decisions are not signed, and an agent with a shell could forge them'
    : `${trusted} of ${rows.signers.length} signer(s) trusted (listed in the working copy, at HEAD and on the base branch)`;
  return signersReport('list', 'listed', message, {
    required: loaded.trust.required,
    hasBase: loaded.versions.hasBase,
    ...rows,
  });
}

/** The working copy's signers file parsed (empty when absent). */
export function workingSigners(loaded: LoadedTrust) {
  return parseAllowedSigners(loaded.versions.working?.toString('utf8') ?? '');
}
