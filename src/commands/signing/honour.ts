import type { LedgerRecord } from '../../evidence/record.js';
import { checkRecordSignature, type SignatureRefusal, type SignerTrust } from '../../evidence/trust.js';

/** Whether a person's decision counts: yes, or the refusal that says why not. */
export type Honour = { ok: true } | { ok: false; code: 'unrecorded' | SignatureRefusal; detail: string };

const RANK: Record<SignatureRefusal, number> = {
  'signature-required': 0,
  'signature-invalid': 1,
  'signer-unknown': 2,
};

/**
 * Whether any of a decision's verified records (each with its stream) is honoured: with no
 * signer registered any record is, otherwise one whose signature holds for a trusted signer at
 * its time and at `now`. The refusal names the most telling failure (a trusted-looking but
 * unknown signer over a bad signature over none). `unrecorded` when there is no record.
 */
export function honourRecords(
  records: ReadonlyArray<{ stream: string; record: LedgerRecord }>,
  trust: SignerTrust,
  now: Date,
): Honour {
  if (records.length === 0)
    return { ok: false, code: 'unrecorded', detail: 'the ledger holds no record of it' };
  if (!trust.required) return { ok: true };
  let worst: Honour | null = null;
  for (const { stream, record } of records) {
    const verdict = checkRecordSignature(record, stream, trust, [now.getTime()]);
    if (verdict.ok) return { ok: true };
    if (worst === null || (!worst.ok && worst.code !== 'unrecorded' && RANK[verdict.code] > RANK[worst.code]))
      worst = { ok: false, code: verdict.code, detail: verdict.detail };
  }
  return worst!;
}
