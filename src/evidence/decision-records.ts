import type { LedgerRecord } from './record.js';

/** A `decision.resolved` record as the lint rules and the report read it. */
export interface ResolvedDecision {
  /** Repository-relative path of the roadmap (`agents/roadmaps/x.md`). */
  roadmap: string;
  blocker: string;
  /** SHA-256 of the blocker entry's bytes as the person saw them. */
  entrySha256: string;
  /** The option chosen (its text as listed), or null when the person answered in words. */
  option: string | null;
  /** The text the status line carries after `resolved YYYY-MM-DD — `: the option or the words. */
  answer: string;
  /** The record's actor (`human:<id>`). */
  actor: string;
  ts: string;
}

/** A `plan.approved` record. */
export interface PlanApproval {
  roadmap: string;
  /** SHA-256 of the plan's phase headings and step texts (roadmap/plan-hash.ts). */
  planSha256: string;
  actor: string;
  ts: string;
}

/** The person's decisions the ledger holds, each list in ledger (time) order. */
export interface DecisionLedger {
  resolved: ResolvedDecision[];
  approvals: PlanApproval[];
}

export const NO_DECISIONS: DecisionLedger = Object.freeze({
  resolved: [],
  approvals: [],
}) as DecisionLedger;

const str = (v: unknown): v is string => typeof v === 'string';

/**
 * The decisions among verified ledger records, by a `human:` actor only, that `honoured` accepts
 * (where signers are registered: a signature that holds for a trusted signer): a record an
 * agent could write for itself never counts as a person's decision. Records of the wrong shape
 * are skipped.
 */
export function decisionsOf(
  records: ReadonlyArray<{ record: LedgerRecord; verified: boolean; stream: string }>,
  honoured: (record: LedgerRecord, stream: string) => boolean = () => true,
): DecisionLedger {
  const out: DecisionLedger = { resolved: [], approvals: [] };
  for (const { record, verified, stream } of records) {
    if (!verified || !record.actor.startsWith('human:') || !honoured(record, stream)) continue;
    const p = record.payload;
    if (record.event === 'decision.resolved') {
      // Exactly one of option and answer, and the decider is the actor (the schema's rule).
      const option = str(p.option) ? p.option : null;
      const words = str(p.answer) ? p.answer : null;
      if (!str(p.roadmap) || !str(p.blocker) || !str(p.entrySha256) || p.decider !== record.actor) continue;
      if ((option === null) === (words === null)) continue;
      out.resolved.push({
        roadmap: p.roadmap,
        blocker: p.blocker,
        entrySha256: p.entrySha256,
        option,
        answer: (option ?? words)!,
        actor: record.actor,
        ts: record.ts,
      });
    } else if (record.event === 'plan.approved') {
      if (!str(p.roadmap) || !str(p.planSha256)) continue;
      out.approvals.push({
        roadmap: p.roadmap,
        planSha256: p.planSha256,
        actor: record.actor,
        ts: record.ts,
      });
    }
  }
  return out;
}

/** The latest decision on one blocker of one roadmap, or undefined. */
export function latestResolution(ledger: DecisionLedger, roadmap: string, blocker: string) {
  for (let i = ledger.resolved.length - 1; i >= 0; i--) {
    const r = ledger.resolved[i]!;
    if (r.roadmap === roadmap && r.blocker === blocker) return r;
  }
  return undefined;
}

/** The latest approval of one roadmap's plan, or undefined. */
export function latestApproval(ledger: DecisionLedger, roadmap: string) {
  for (let i = ledger.approvals.length - 1; i >= 0; i--) {
    const a = ledger.approvals[i]!;
    if (a.roadmap === roadmap) return a;
  }
  return undefined;
}
