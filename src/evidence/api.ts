// The evidence ledger's entry points for other features (docs/evidence.md): append a record
// with `appendEvidence`, read every stream with its verification with `readEvidence`.
export { EvidenceError, type EvidenceErrorCode } from './errors.js';
export { LEDGER_DIR, streamFile } from './paths.js';
export {
  type EvidenceRead,
  type EvidenceRecordRead,
  findVerifiedRecords,
  hasVerifiedRecord,
  type ReadEvidenceOptions,
  readEvidence,
  type StreamState,
} from './read-fs.js';
export {
  type DecisionResolvedPayload,
  EVIDENCE_EVENTS,
  type EvidenceEntry,
  type EvidenceEvent,
  LEDGER_SCHEMA,
  type LedgerRecord,
  PAYLOAD_MEMBERS,
  type Payload,
  type PlanApprovedPayload,
  signedContent,
} from './record.js';
export {
  type Appended,
  type AppendOptions,
  appendEvidence,
  appendEvidenceBatch,
  appendSignedEvidence,
} from './store.js';
export { type StreamVerification, VERIFY_REASONS, type VerifyReason, verifyStream } from './verify.js';
