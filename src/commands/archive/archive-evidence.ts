import type { ArchivePlan } from '../../archive/model.js';
import type { Config } from '../../core/config.js';
import type { Context } from '../../core/context.js';
import { appendEvidenceBatch, readEvidence } from '../../evidence/api.js';
import { type EvidenceEntry, sha256Hex } from '../../evidence/record.js';

/**
 * One `roadmap.archived` entry per moved roadmap: where it went, the files whose references to
 * it are rewritten, and the frozen records that cite it and are left as recorded.
 */
export function archivedEntries(plan: ArchivePlan, run: string): EvidenceEntry[] {
  return plan.moves.map((move) => {
    const rewritten = plan.rewrites
      .filter((r) => r.edits.some((e) => e.roadmap === move.from))
      .map((r) => r.path);
    const frozen = plan.leftAlone
      .filter((l) => l.reason === 'frozen' && l.cites === move.from)
      .map((l) => l.path);
    return {
      event: 'roadmap.archived',
      actor: 'system:agent-config',
      payload: {
        run,
        from: move.from,
        to: move.to,
        references_rewritten: [...new Set(rewritten)].sort(),
        frozen_left: [...new Set(frozen)].sort(),
      },
    };
  });
}

/** The id of an archive run: the first 16 hex digits of its plan's SHA-256. */
export function archiveRunId(plan: ArchivePlan): string {
  return sha256Hex(JSON.stringify(plan)).slice(0, 16);
}

/**
 * Records an archive run before anything moves (no archive without its record) and returns the
 * ledger file to stage with the moves, or null when the ledger is off. A resumed run whose
 * records are already written records nothing again. Throws `EvidenceError` when the records
 * cannot be written; then nothing has moved.
 */
export async function recordArchive(
  ctx: Context,
  root: string,
  config: Config,
  plan: ArchivePlan,
): Promise<string | null> {
  if (!config.evidence.ledger) return null;
  const run = archiveRunId(plan);
  const earlier = readEvidence(root, { collect: true, containing: run }).records.find(
    (r) => r.verified && r.record.event === 'roadmap.archived' && r.record.payload.run === run,
  );
  if (earlier !== undefined) return earlier.file;
  const appended = await appendEvidenceBatch(ctx, root, config, archivedEntries(plan, run));
  return appended?.file ?? null;
}
