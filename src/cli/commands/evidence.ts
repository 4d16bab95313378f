import type { Command } from 'commander';
import type { EvidenceLogReport, EvidenceVerifyReport } from '../../commands/evidence/evidence.js';
import {
  logDocument,
  logExit,
  runEvidenceLog,
  runEvidenceVerify,
  verifyDocument,
  verifyExit,
} from '../../commands/evidence/evidence.js';
import type { Context } from '../../core/context.js';
import { docPage } from '../../core/doc-page.js';
import { sanitize } from '../../core/text/sanitize.js';
import { unsignedNotice } from '../../render/unsigned.js';
import { out, printDocument } from '../output.js';
import { type Act, rootOption } from '../verb.js';

const clean = (text: string) => sanitize(text, { inline: true });

/** Prints a verify report as text. */
export function renderVerify(ctx: Context, report: EvidenceVerifyReport): void {
  for (const s of report.streams) {
    // A newer build's record is not a broken one: it says so, and what to do.
    const newer = s.reason === 'newer-version';
    const what =
      s.status === 'clean'
        ? `${s.records} record${s.records === 1 ? '' : 's'}`
        : s.status === 'torn-tail'
          ? `intact through seq ${s.intactThroughSeq}; the last line is unfinished`
          : newer
            ? `seq ${s.firstBadSeq} was written by a newer agent-config; upgrade it to verify the stream`
            : `first bad seq ${s.firstBadSeq}: ${s.reason}`;
    out(ctx, `${(newer ? 'newer' : s.status).padEnd(9)}  ${clean(s.file)}  ${what}`);
  }
  const streamCodes = new Set(['torn-tail', ...report.streams.flatMap((s) => (s.reason ? [s.reason] : []))]);
  for (const p of report.problems) {
    if (streamCodes.has(p.code) && report.streams.some((s) => s.file === p.file)) continue;
    const seq = p.seq === undefined ? '' : ` at seq ${p.seq}`;
    const line = p.line === undefined ? '' : `:${p.line}`;
    out(ctx, `${p.code}  ${clean(p.file)}${line}${seq}${p.detail ? ` — ${clean(p.detail)}` : ''}`);
  }
  for (const a of report.anomalies)
    out(
      ctx,
      `anomaly  ${clean(a.file)} seq ${a.seq}: ${a.code === 'ts-future' ? 'time in the future' : 'time went backwards'} (a claim, not a failure)`,
    );
  const against = report.against === null ? '' : ` against ${clean(report.against)}`;
  const n = report.streams.length;
  const summary =
    report.exit === 0
      ? `✅  ${n} stream${n === 1 ? '' : 's'} verified${against}.`
      : `❌  evidence verify${against}: ${report.problems.length} problem${report.problems.length === 1 ? '' : 's'} (exit ${report.exit}).`;
  out(ctx, summary);
  if (report.unsigned === true) out(ctx, unsignedNotice());
}

/** Prints the log: what the chain verified, then what the record claims. */
export function renderLog(ctx: Context, report: EvidenceLogReport): void {
  for (const r of report.records) {
    const chain = r.verified ? 'verified  ' : 'UNVERIFIED';
    out(ctx, `${chain}  ${clean(r.stream)}#${r.seq}  ${r.hash.slice(0, 12)}  ${clean(r.event)}`);
    out(ctx, `            claims: ${clean(r.actor)} at ${clean(r.ts)}  ${clean(JSON.stringify(r.payload))}`);
  }
  if (report.records.length === 0) out(ctx, 'No records.');
}

/** `evidence verify` and `evidence log` (SPEC §11, docs/evidence.md). */
export function registerEvidence(program: Command, ctx: Context, act: Act): void {
  const evidence = program
    .command('evidence')
    .description(`verify and list the evidence ledger (${docPage('evidence.md')})`);
  const verify = evidence
    .command('verify')
    .description('check every ledger stream; exit 0 clean, 1 integrity failure, 2 usage, 3 torn tail, 4 I/O')
    .option(
      '--against <ref>',
      'also check against a git revision: streams only appended to, frozen records unchanged',
    )
    .option('--staged', 'verify the streams as staged in the index (the pre-commit hook)')
    .option('--json', 'print the result as one JSON document');
  rootOption(verify).action(
    act(
      async (opts: { root?: string; against?: string; staged?: boolean; json?: boolean }) => {
        const report = await runEvidenceVerify(ctx, {
          root: opts.root,
          against: opts.against,
          staged: opts.staged === true,
        });
        return { report, exit: verifyExit(report) };
      },
      async (report, opts) => {
        if (opts.json !== true) return renderVerify(ctx, report);
        printDocument(ctx, verifyDocument(report));
      },
    ),
  );
  const log = evidence
    .command('log')
    .description(
      'list ledger records across streams in time order, the verified chain apart from what records claim',
    )
    .option('--event <event>', 'only records of this event')
    .option('--json', 'print the records as one JSON document');
  rootOption(log).action(
    act(
      async (opts: { root?: string; event?: string; json?: boolean }) => {
        return { report: await runEvidenceLog(ctx, { root: opts.root, event: opts.event }), exit: logExit() };
      },
      async (report, opts) => {
        if (opts.json !== true) return renderLog(ctx, report);
        printDocument(ctx, logDocument(report));
      },
    ),
  );
}
