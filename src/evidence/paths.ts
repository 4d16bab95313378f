/** The ledger folder, relative to the repository root. */
export const LEDGER_DIR = 'agents/evidence/ledger';

/** The folder of this working copy's ledger state (git-ignored machine-local state). */
export const EVIDENCE_RUNTIME_DIR = 'agents/runtime/evidence';

/** The file remembering the stream this working copy writes and the head it last wrote. */
export const WORKING_HEAD_FILE = `${EVIDENCE_RUNTIME_DIR}/head.json`;

/** A stream id: what `<stream>.jsonl` may be named (new ids are 12 random hex digits). */
export const STREAM_ID = /^[0-9A-Za-z][0-9A-Za-z._-]{0,63}$/;

/** The repository-relative file of a stream. */
export function streamFile(stream: string): string {
  return `${LEDGER_DIR}/${stream}.jsonl`;
}

/** True when a repository-relative path is a ledger stream file. */
export function isLedgerFile(path: string): boolean {
  return (
    path.startsWith(`${LEDGER_DIR}/`) &&
    path.endsWith('.jsonl') &&
    !path.slice(LEDGER_DIR.length + 1).includes('/')
  );
}
