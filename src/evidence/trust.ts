import { type AllowedSigners, parseAllowedSigners, signersFor } from './allowed-signers.js';
import type { LedgerRecord } from './record.js';
import { signedContent } from './record.js';
import type { SshPublicKey } from './ssh-key.js';
import { parseSshSignature, verifyParsedSignature } from './sshsig.js';

// Who is trusted to sign a person's decision, and whether a record's signature holds. Pure: the
// signers files come in as text, the times as numbers.

/** The namespace every signature of this tool is made in (`ssh-keygen -Y sign -n`). */
export const SIGNATURE_NAMESPACE = 'agent-config';

/** The repository-relative signers file. */
export const SIGNERS_FILE = 'agents/evidence/allowed_signers';

/**
 * Why a person's decision is not honoured: a closed list, frozen by a test (scripts and CI match
 * on the names). `signature-required`: signers are registered and the record has no `sig` (or
 * no record can carry one: the ledger is off). `signature-invalid`: the `sig` does not verify
 * over this record's content in this stream. `signer-unknown`: it verifies, but its key is not
 * trusted for the record's actor.
 */
export const SIGNATURE_REFUSALS = Object.freeze([
  'signature-required',
  'signature-invalid',
  'signer-unknown',
] as const);

export type SignatureRefusal = (typeof SIGNATURE_REFUSALS)[number];

/** The events that carry a person's decision: with signers registered, each must be signed. */
export const PERSON_DECISIONS: ReadonlySet<string> = new Set([
  'stage.confirmed',
  'stage.declined',
  'window.opened',
  'signers.changed',
  'decision.resolved',
  'plan.approved',
]);

/** True when a record is a decision a person must sign (a `human:` actor, a decision event). */
export function isPersonDecision(record: Pick<LedgerRecord, 'event' | 'actor'>): boolean {
  return record.actor.startsWith('human:') && PERSON_DECISIONS.has(record.event);
}

/**
 * The signers in force, from the versions of the signers file that count (null: absent). A
 * key counts only when every version lists it for the principal; signatures are required as
 * soon as any version lists anyone.
 */
export interface SignerTrust {
  /** True when any version lists a signer (a line that is neither blank nor a comment). */
  required: boolean;
  versions: ReadonlyArray<AllowedSigners>;
}

/** Builds the trust from the text of each version that counts (null where a version is absent). */
export function signerTrust(versions: ReadonlyArray<string | null>): SignerTrust {
  const parsed = versions.map((v) => parseAllowedSigners(v ?? ''));
  return { required: parsed.some((p) => p.listsAnyone), versions: parsed };
}

/** True when every version lets `key` sign as `principal` at each of `times`. */
export function isTrusted(
  trust: SignerTrust,
  key: Pick<SshPublicKey, 'blob'>,
  principal: string,
  times: readonly number[],
): boolean {
  return (
    trust.versions.length > 0 &&
    trust.versions.every((v) => signersFor(v, key, principal, SIGNATURE_NAMESPACE, times).length > 0)
  );
}

/** A record's signature verdict: honoured, or the refusal and a few words on why. */
export type SignatureVerdict = { ok: true } | { ok: false; code: SignatureRefusal; detail: string };

/**
 * Checks a person's record: its `sig` must verify over the record's signed content in
 * `stream`, by a key every version trusts for the record's actor, at the record's claimed time
 * and at each of `alsoAt` (the hook passes now: an expired key signs nothing new).
 */
export function checkRecordSignature(
  record: Pick<LedgerRecord, 'event' | 'actor' | 'ts' | 'payload' | 'sig'>,
  stream: string,
  trust: SignerTrust,
  alsoAt: readonly number[] = [],
): SignatureVerdict {
  if (record.sig === undefined) return { ok: false, code: 'signature-required', detail: 'it is not signed' };
  const parsed = parseSshSignature(record.sig);
  if (!parsed.ok) return { ok: false, code: 'signature-invalid', detail: parsed.detail };
  const content = Buffer.from(signedContent({ stream, ...record }), 'utf8');
  const check = verifyParsedSignature(parsed.sig, content, SIGNATURE_NAMESPACE);
  if (!check.ok) return { ok: false, code: 'signature-invalid', detail: check.detail };
  if (!record.actor.startsWith('human:'))
    return { ok: false, code: 'signer-unknown', detail: `${record.actor} is not a person` };
  const times = [Date.parse(record.ts), ...alsoAt];
  if (!isTrusted(trust, check.key, record.actor, times))
    return {
      ok: false,
      code: 'signer-unknown',
      detail: `the key is not trusted for ${record.actor} in every version of ${SIGNERS_FILE}`,
    };
  return { ok: true };
}
