import { buildRecord, type EvidenceEntry, type LedgerRecord } from '../../../src/evidence/record.js';

const EVENTS: EvidenceEntry['event'][] = [
  'stage.staged',
  'stage.confirmed',
  'stage.claimed',
  'roadmap.archived',
];

/** A generated chain of `n` records, one a second from a fixed instant, with varied payloads. */
export function makeChain(
  n: number,
  start = Date.parse('2026-12-01T07:00:00.000Z'),
): {
  records: LedgerRecord[];
  lines: string[];
  text: string;
} {
  const records: LedgerRecord[] = [];
  const lines: string[] = [];
  let after = { seq: 0, head: null as string | null };
  for (let i = 0; i < n; i++) {
    const entry: EvidenceEntry = {
      event: EVENTS[i % EVENTS.length]!,
      actor: i % 2 === 0 ? 'agent:claude' : 'human:Zoë',
      payload: { token: `${i}`.padStart(16, '0'), note: i % 3 === 0 ? 'é "quoted" \\ ok' : null, n: i },
    };
    const { record, line } = buildRecord(entry, after, new Date(start + i * 1000));
    records.push(record);
    lines.push(line);
    after = { seq: record.seq, head: record.hash };
  }
  return { records, lines, text: lines.join('') };
}

export const bytes = (text: string): Buffer => Buffer.from(text, 'utf8');
