import type { LedgerRecord } from './record.js';
import { checkRecordSignature, isPersonDecision, type SignatureRefusal, type SignerTrust } from './trust.js';

// What `evidence verify` finds about signatures, offline: pure, over records already verified
// by the chain and the signers that count for the check (BASE's with --against).

/** A record the chain verified, with the stream it is in. */
export interface SignedRecordIn {
  stream: string;
  /** Repository-relative stream file. */
  file: string;
  record: LedgerRecord;
}

/** A signature finding: the stream file, the seq, the frozen code and why. */
export interface SignatureFinding {
  code: SignatureRefusal | 'signers-unrecorded';
  file: string;
  seq?: number;
  detail: string;
}

export interface SignatureCheck {
  /** The verified records to judge (with --against: only those added since BASE). */
  records: readonly SignedRecordIn[];
  /** The signers that count: BASE's with --against, else the working copy's. */
  trust: SignerTrust;
  /**
   * After which claimed time an unsigned decision of a person is a finding: with --against, every
   * one (null) when BASE lists a signer; without an anchor, those after the first
   * `signers.changed` record (until then nobody signed, and the first signer needs nobody's
   * signature). Undefined: unsigned ones are no finding.
   */
  requiredFrom?: string | null;
}

/**
 * Every signature finding, in record order: a record that carries a `sig` must verify in its
 * stream by a signer the trust accepts for its actor; a person's decision without one is
 * `signature-required` when signatures are required for it. A `signers.changed` is a person's
 * decision like any other: in a pull request it must be signed by a signer trusted at BASE.
 */
export function signatureFindings(check: SignatureCheck): SignatureFinding[] {
  const findings: SignatureFinding[] = [];
  for (const { stream, file, record } of check.records) {
    const person = isPersonDecision(record);
    if (record.sig === undefined) {
      const required =
        person &&
        check.requiredFrom !== undefined &&
        (check.requiredFrom === null || record.ts > check.requiredFrom);
      if (required)
        findings.push({
          code: 'signature-required',
          file,
          seq: record.seq,
          detail: `${record.event} by ${record.actor} is not signed`,
        });
      continue;
    }
    // A signer nobody trusts yet (the first signer of a repository, before review) is no
    // finding where no signer is registered; a signature that does not hold always is.
    const verdict = checkRecordSignature(record, stream, check.trust);
    if (verdict.ok || (verdict.code === 'signer-unknown' && !check.trust.required)) continue;
    findings.push({ code: verdict.code, file, seq: record.seq, detail: verdict.detail });
  }
  return findings;
}

/** The claimed time of the earliest `signers.changed` record, or null when there is none. */
export function firstSignersChange(records: readonly SignedRecordIn[]): string | null {
  let first: string | null = null;
  for (const { record } of records)
    if (record.event === 'signers.changed' && (first === null || record.ts < first)) first = record.ts;
  return first;
}
