import { EvidenceError, readEvidence } from '../evidence/api.js';
import { type DecisionLedger, decisionsOf, NO_DECISIONS } from '../evidence/decision-records.js';
import { checkRecordSignature, type SignerTrust } from '../evidence/trust.js';

/**
 * The person's decisions the evidence ledger of `root` holds: verified `decision.resolved` and
 * `plan.approved` records by `human:` actors, in time order. Only streams that mention a
 * decision are verified. With signers registered (`trust.required`) a record counts only when
 * its signature holds for a signer trusted at its time and at `now`. An unreadable ledger holds no decision (the rules that ask then say
 * what is missing, and `evidence verify` says why).
 */
export function readDecisionLedger(root: string, trust: SignerTrust | null, now: Date): DecisionLedger {
  try {
    const decided = readEvidence(root, { collect: true, containing: '"decision.resolved"' }).records;
    const approved = readEvidence(root, { collect: true, containing: '"plan.approved"' }).records;
    const seen = new Set(decided.map((r) => r.record.hash));
    const all = [...decided, ...approved.filter((r) => !seen.has(r.record.hash))].sort((a, b) =>
      a.record.ts < b.record.ts ? -1 : a.record.ts > b.record.ts ? 1 : 0,
    );
    if (trust === null || !trust.required) return decisionsOf(all);
    return decisionsOf(
      all,
      (record, stream) => checkRecordSignature(record, stream, trust, [now.getTime()]).ok,
    );
  } catch (error) {
    if (error instanceof EvidenceError) return NO_DECISIONS;
    throw error;
  }
}
