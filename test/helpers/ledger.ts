import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Where the evidence ledger's streams live in a repository. */
export const LEDGER = 'agents/evidence/ledger';

/** A ledger record as the tests look at it. */
export interface LedgerLine {
  seq: number;
  event: string;
  actor: string;
  payload: Record<string, unknown>;
  [key: string]: unknown;
}

/**
 * Every record of every stream in `dir`'s ledger, parsed, streams in name order and records
 * in file order; none when the ledger folder does not exist.
 */
export function ledgerRecords(dir: string): LedgerLine[] {
  const folder = join(dir, LEDGER);
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((n) => n.endsWith('.jsonl'))
    .sort()
    .flatMap((n) => readFileSync(join(folder, n), 'utf8').split('\n'))
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as LedgerLine);
}
