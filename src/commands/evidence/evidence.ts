import { join } from 'node:path';
import picomatch from 'picomatch';
import { CONFIG_FILE, configKeyLine, DEFAULT_CONFIG, parseConfig } from '../../core/config.js';
import type { Context } from '../../core/context.js';
import { EXIT_OK, UsageError } from '../../core/errors.js';
import { type ExitCode, outcomes } from '../../core/outcomes.js';
import { type AnchorProblem, compareWithAnchor } from '../../evidence/against.js';
import { type DecisionLedger, latestResolution } from '../../evidence/decision-records.js';
import { EvidenceError } from '../../evidence/errors.js';
import { isLedgerFile, LEDGER_DIR } from '../../evidence/paths.js';
import { type EvidenceRead, readEvidence, type StreamState } from '../../evidence/read-fs.js';
import { EVIDENCE_EVENTS, type LedgerRecord, sha256Hex } from '../../evidence/record.js';
import {
  firstSignersChange,
  type SignatureFinding,
  signatureFindings,
} from '../../evidence/signature-findings.js';
import { SIGNERS_FILE, signerTrust } from '../../evidence/trust.js';
import { type StreamStatus, type VerifyReason, verifyStream } from '../../evidence/verify.js';
import { type GuardKey, guardLoosenings } from '../../guard/anchor.js';
import { type LintKey, lintLoosenings } from '../../lint/loosenings.js';
import { type RoadmapRemoval, roadmapRemovals } from '../../lint/removals.js';
import { readRegularFileBytes } from '../../repo/anchor-note.js';
import { MAX_CONFIG_BYTES, readCommittedVersions } from '../../repo/anchored-config.js';
import { readDecisionLedger } from '../../repo/decision-ledger.js';
import { isSymbolicLink } from '../../repo/discover.js';
import { type ConfiguredRepository, openRepository, type Repository } from '../../repo/open-repository.js';
import { notRegularKind, readRegularFile } from '../../repo/read-regular.js';
import { signersListedHere } from '../signing/signers-listed.js';

/** `evidence verify`'s results and their exit codes (SPEC §11), frozen: scripts and CI depend on them. */
export const VERIFY_EXIT = outcomes({
  clean: { exit: 0, meaning: 'clean' },
  integrity: {
    exit: 1,
    meaning:
      'integrity failure (a corrupt stream, an --against problem, a stream that is a link out of the repository)',
  },
  usage: { exit: 2, meaning: 'usage (an unknown REF, bad flags)' },
  tornTail: { exit: 3, meaning: 'torn tail (and nothing worse)' },
  io: { exit: 4, meaning: 'I/O (a stream that is a folder or unreadable, a ledger path that is a file)' },
});

/** One stream's line of the verify report (the `--json` shape is frozen). */
export interface VerifiedStream {
  file: string;
  status: StreamStatus;
  records: number;
  head: string | null;
  intactThroughSeq?: number;
  firstBadSeq?: number;
  reason?: VerifyReason;
}

/** A failure `verify` found: a stream's own, git's (`--against`), or a file it could not read. */
export interface VerifyProblem {
  code:
    | VerifyReason
    | AnchorProblem['code']
    | 'torn-tail'
    | 'not-a-file'
    | 'symlink-outside'
    | 'unreadable'
    | 'guard-loosened'
    | 'lint-loosened'
    | RoadmapRemoval['code']
    | SignatureFinding['code']
    | EvidenceError['code'];
  file: string;
  seq?: number;
  /**
   * For `guard-loosened`: the key of `agent-config.yaml` that loosens the guard; for
   * `lint-loosened`, the key that switches a plan's check off.
   */
  key?: GuardKey | LintKey;
  /** For `blocker-removed`: the id of the blocker removed from `file` (the roadmap at the base). */
  blocker?: string;
  /** For `lint-loosened`: the key's line in HEAD's file (where its mapping is, when it was removed). */
  line?: number;
  /** A few words for people (not in `--json`). */
  detail?: string;
}

export interface EvidenceVerifyReport {
  ok: boolean;
  exit: 0 | 1 | 3 | 4;
  streams: VerifiedStream[];
  problems: VerifyProblem[];
  /** Odd timestamps: reported, never a failure. */
  anomalies: Array<{ code: 'ts-backwards' | 'ts-future'; file: string; seq: number }>;
  /** The revision `--against` compared with, as given. */
  against: string | null;
  /**
   * The ledger holds decisions of a person and no signer is listed: they prove nothing about who
   * decided (the text view says so in one line; not in `--json`).
   */
  unsigned?: boolean;
}

const IO_CODES = new Set(['not-a-file', 'unreadable', 'io-error', 'ledger-not-folder']);
const ALWAYS_FROZEN = ['agents/evidence/**', '**/*.patch'];

function readLedger(
  ctx: Context,
  root: string,
  collect: boolean,
): { read: EvidenceRead; problems: VerifyProblem[] } {
  try {
    return { read: readEvidence(root, { now: ctx.clock(), keepBytes: true, collect }), problems: [] };
  } catch (error) {
    if (!(error instanceof EvidenceError)) throw error;
    const problem = { code: error.code, file: error.where ?? LEDGER_DIR, detail: error.message };
    return { read: { streams: [], records: [] }, problems: [problem] };
  }
}

/** The ledger streams as the index holds them (what the next commit will contain), verified. */
async function readStaged(ctx: Context, { root, git, gitView }: Repository): Promise<EvidenceRead> {
  const view = await gitView();
  if (view === null) throw new UsageError('--staged needs a git repository', root, 'run it inside a clone');
  const entries = (await git.indexFiles()).flatMap((e) => {
    const path = view.toRootRelative(e.path);
    return path !== null && isLedgerFile(path) ? [{ ...e, path }] : [];
  });
  const blobs = await git.readBlobs(entries.map((e) => e.oid));
  const streams = entries.map((e): StreamState => {
    const stream = e.path.slice(LEDGER_DIR.length + 1, -'.jsonl'.length);
    if (e.mode === '120000')
      return {
        file: e.path,
        stream,
        verification: null,
        problem: { code: 'not-a-file', detail: 'is staged as a symbolic link' },
      };
    const bytes = blobs.get(e.oid) ?? Buffer.alloc(0);
    return { file: e.path, stream, verification: verifyStream(bytes, { now: ctx.clock() }) };
  });
  return { streams, records: [] };
}

function fileBytes(root: string, file: string): Uint8Array | null {
  // A frozen record replaced by a link is not the record git tracked.
  if (isSymbolicLink(join(root, file))) return Buffer.from(`link:${file}`);
  try {
    // Never opened unless it is a regular file: a named pipe in its place would hold `verify`.
    return readRegularFile(join(root, file));
  } catch (error) {
    // A pipe, a folder or a device is not the record git tracked either.
    if (notRegularKind(error) !== null) return Buffer.from(`not-a-file:${file}`);
    return null;
  }
}

/** What `--against` found, and what REF holds that the signature checks need. */
interface Anchored {
  problems: AnchorProblem[];
  /** The ledger streams tracked at REF, by repository-relative file. */
  streamsThen: ReadonlyMap<string, Uint8Array>;
  /** The signers file at REF, or null when REF has none. */
  signersThen: string | null;
}

async function anchorProblems(
  { root, git, gitView }: Repository,
  against: string,
  read: EvidenceRead,
  frozenGlobs: string[],
): Promise<Anchored> {
  if ((await git.resolveRevision(against)) === null)
    throw new UsageError(
      `cannot resolve \`${against}\``,
      'evidence verify --against',
      'pass a branch, tag or commit that exists here (fetch it first in CI)',
    );
  // Without a work tree (a bare repository), git's paths are the root's.
  const toRoot = (await gitView())?.toRootRelative ?? ((path: string) => path);
  const files = (await git.treeFiles(against)).flatMap((e) => {
    const path = toRoot(e.path);
    return path === null ? [] : [{ ...e, path }];
  });
  const configAtRef = files.find((f) => f.path === 'agent-config.yaml');
  const signersAtRef = files.find((f) => f.path === SIGNERS_FILE);
  const ledgerFiles = files.filter((f) => isLedgerFile(f.path));
  const blobs = await git.readBlobs([
    ...ledgerFiles.map((f) => f.oid),
    ...(configAtRef ? [configAtRef.oid] : []),
    ...(signersAtRef ? [signersAtRef.oid] : []),
  ]);
  const globs = [...ALWAYS_FROZEN, ...frozenGlobs];
  if (configAtRef) {
    // The frozen globs REF declared still hold: a pull request cannot unfreeze a record by
    // editing agent-config.yaml in the same change.
    try {
      globs.push(...parseConfig(blobs.get(configAtRef.oid)?.toString('utf8') ?? '').frozen);
    } catch {}
  }
  const isFrozen = picomatch(globs, { dot: true });
  const now = new Map(read.streams.map((s) => [s.file, s.bytes ?? null] as const));
  const streamsThen = new Map(ledgerFiles.map((f) => [f.path, blobs.get(f.oid) ?? Buffer.alloc(0)] as const));
  const signersThen = signersAtRef ? (blobs.get(signersAtRef.oid)?.toString('utf8') ?? null) : null;
  const problems = compareWithAnchor({
    streamsThen,
    streamNow: (file) => (now.has(file) ? (now.get(file) ?? fileBytes(root, file)) : null),
    // The signers file changes by review, with signed signers.changed records (docs/signing.md).
    frozenThen: files
      .filter((f) => !f.path.startsWith(`${LEDGER_DIR}/`) && f.path !== SIGNERS_FILE && isFrozen(f.path))
      .map((f) => ({ file: f.path, oid: f.oid })),
    frozenNow: (file) => fileBytes(root, file),
  });
  return { problems, streamsThen, signersThen };
}

/** The number of records (lines) in a stream's bytes. */
function lineCount(bytes: Uint8Array): number {
  let n = 0;
  for (const b of bytes) if (b === 0x0a) n++;
  return n;
}

/** The working copy's signers file, or null when it cannot be read. */
function signersNowText(root: string): string | null {
  const bytes = readRegularFileBytes(join(root, SIGNERS_FILE), MAX_CONFIG_BYTES);
  return bytes === null || bytes === undefined ? null : bytes.toString('utf8');
}

/**
 * The verified records the signature checks judge: those the read collected, else — where no
 * signer is registered now and the read skipped them — the records of every stream (when REF
 * lists a signer) or of the streams that hold a signature, verified again from their bytes.
 */
function verifiedRecords(read: EvidenceRead, all: boolean): EvidenceRead['records'] {
  if (read.records.length > 0) return read.records.filter((r) => r.verified);
  return read.streams.flatMap((s) => {
    if (s.bytes === undefined || (!all && !s.bytes.includes('"sig":"'))) return [];
    const again = verifyStream(s.bytes, { collect: true }).read ?? [];
    return again.filter((r) => r.verified).map((r) => ({ stream: s.stream, file: s.file, ...r }));
  });
}

/**
 * Signature findings, offline (docs/signing.md). With an anchor: the records added since REF
 * are judged by the signers REF lists — a person's decision needs a signature by a signer
 * trusted at REF as soon as REF lists one, a signer added in the pull request counts only once
 * merged — and a signers file that differs from REF's needs a `signers.changed` record of the
 * pull request that ends at exactly its content. Without one: every signature must hold for the
 * working copy's signers, and a person's decision after the first `signers.changed` is signed.
 */
function signatureProblems(
  root: string,
  ledgerOn: boolean,
  read: EvidenceRead,
  anchored: Anchored | null,
): VerifyProblem[] {
  const nowText = signersNowText(root);
  const verified = verifiedRecords(read, anchored !== null && signerTrust([anchored.signersThen]).required);
  // With signers registered and the ledger off, no decision of a person can carry a signature.
  const off = (required: boolean): VerifyProblem[] =>
    required && !ledgerOn
      ? [
          {
            code: 'signature-required',
            file: 'agent-config.yaml',
            detail: 'evidence.ledger is false while signers are registered: no decision can be signed',
          },
        ]
      : [];
  if (anchored === null) {
    const trust = signerTrust([nowText]);
    const first = trust.required ? firstSignersChange(verified) : null;
    return [
      ...off(trust.required),
      ...signatureFindings({ records: verified, trust, requiredFrom: first ?? undefined }),
    ];
  }
  const added = verified.filter((r) => {
    const then = anchored.streamsThen.get(r.file);
    return then === undefined || r.record.seq > lineCount(then);
  });
  const trust = signerTrust([anchored.signersThen]);
  const findings: VerifyProblem[] = off(trust.required || signerTrust([nowText]).required);
  findings.push(
    ...signatureFindings({
      records: added,
      trust,
      requiredFrom: trust.required ? null : undefined,
    }),
  );
  if ((nowText ?? '') !== (anchored.signersThen ?? '')) {
    const digest = sha256Hex(nowText ?? '');
    const recorded = added.some(
      (r) => r.record.event === 'signers.changed' && r.record.payload.signers_sha256 === digest,
    );
    if (!recorded)
      findings.push({
        code: 'signers-unrecorded',
        file: SIGNERS_FILE,
        detail:
          'changed since the base without a signers.changed record of this change (use `signers add|remove`)',
      });
  }
  return findings;
}

/**
 * Each way HEAD's `agent-config.yaml` loosens the guard against REF's, and each lint rule or
 * `evidence.decisions` it switches off (a missing or invalid version reads as the defaults, as
 * the hook reads it): a pull request shows it before it takes effect on the base. `lint` reads
 * the working copy only, so a pull request that switches a check off passes its own lint run;
 * this is where it shows.
 */
async function configProblems(
  ctx: Context,
  { root, git, gitView, config }: ConfiguredRepository,
  against: string,
  signersThen: string | null,
): Promise<VerifyProblem[]> {
  const view = await gitView();
  const path = view === null ? CONFIG_FILE : view.toGitPath(CONFIG_FILE);
  const toRoot = view?.toRootRelative ?? ((p: string) => p);
  // The roadmaps the pull request changed, a move (into archive/ too) as a move: their versions
  // are read in the same git process as the configuration (the folder is the working copy's:
  // `roadmaps` is read from it, as every verb does).
  const changes = (await git.changedBetween(against, 'HEAD', [config.roadmaps])).flatMap((c) => {
    const after = toRoot(c.path);
    const before = c.from === undefined ? after : toRoot(c.from);
    if (before === null || c.status === 'A' || c.status === 'C') return [];
    return [{ before, after: c.status === 'D' ? null : after }];
  });
  const roadmapPaths = [
    ...new Set(changes.flatMap((c) => [c.before, ...(c.after === null ? [] : [c.after])])),
  ];
  const gitPathOf = (rel: string) => (view === null ? rel : view.toGitPath(rel));
  // The same path again as an `also` file: HEAD's text, for the lines of the keys it names.
  const [then, now] = await readCommittedVersions(
    git,
    [
      { source: 'base', rev: against, label: against },
      { source: 'HEAD', rev: 'HEAD', label: 'HEAD' },
    ],
    path,
    [path, ...roadmapPaths.map(gitPathOf)],
  );
  const configOf = (v: typeof then) => v?.version?.config ?? DEFAULT_CONFIG;
  const textOf = (v: typeof then, i: number) => {
    const blob = v?.files?.[i + 1];
    return blob?.type === 'blob' ? blob.bytes.toString('utf8') : null;
  };
  let ledger: DecisionLedger | undefined;
  const removals = roadmapRemovals({
    roadmaps: config.roadmaps,
    changes,
    text: (side, rel) => textOf(side === 'base' ? then : now, roadmapPaths.indexOf(rel)),
    decisionsRequired: configOf(then).evidence.decisions === 'required',
    decided: (roadmap, blocker) => {
      // Only a person's decision counts, signed where the base lists signers.
      ledger ??= readDecisionLedger(root, signerTrust([signersThen]), ctx.clock());
      return latestResolution(ledger, roadmap, blocker) !== undefined;
    },
  }).map(
    ({ code, file, blocker, detail }): VerifyProblem => ({
      code,
      file,
      ...(blocker === undefined ? {} : { blocker }),
      detail,
    }),
  );
  const guard = guardLoosenings(configOf(then), configOf(now)).map(
    ({ key, detail }): VerifyProblem => ({
      code: 'guard-loosened',
      file: CONFIG_FILE,
      key,
      detail: `${key}: ${detail} at HEAD`,
    }),
  );
  const blob = now?.files?.[0];
  const headText = blob?.type === 'blob' ? blob.bytes.toString('utf8') : null;
  const lint = lintLoosenings(configOf(then), configOf(now)).map(({ key, path: keyPath, detail }) => {
    const line = headText === null ? null : configKeyLine(headText, keyPath);
    return {
      code: 'lint-loosened' as const,
      file: CONFIG_FILE,
      key,
      ...(line === null ? {} : { line }),
      detail: `${key}: ${detail} at HEAD`,
    };
  });
  return [...guard, ...lint, ...removals];
}

function exitOf(problems: VerifyProblem[]): 0 | 1 | 3 | 4 {
  if (problems.some((p) => p.code !== 'torn-tail' && !IO_CODES.has(p.code)))
    return VERIFY_EXIT.integrity.exit;
  if (problems.some((p) => IO_CODES.has(p.code))) return VERIFY_EXIT.io.exit;
  if (problems.length > 0) return VERIFY_EXIT.tornTail.exit;
  return VERIFY_EXIT.clean.exit;
}

/**
 * `agent-config evidence verify`: every stream clean, torn or corrupt; with `against`, every
 * stream and frozen record tracked at that revision still there and only appended to.
 */
export async function runEvidenceVerify(
  ctx: Context,
  options: { root?: string; against?: string; staged?: boolean },
): Promise<EvidenceVerifyReport> {
  if (options.staged === true && options.against !== undefined)
    throw new UsageError('--staged and --against do not go together', 'evidence verify', 'pass one of them');
  const repo = await openRepository(ctx, { root: options.root, config: 'read' });
  const { root, config } = repo;
  const { read, problems } =
    options.staged === true
      ? { read: await readStaged(ctx, repo), problems: [] }
      : // Records are kept for the signature checks only where a signer is registered: a ledger
        // nobody signs verifies at the chain's own speed.
        readLedger(ctx, root, signerTrust([signersNowText(root)]).required);
  const streams: VerifiedStream[] = [];
  const anomalies: EvidenceVerifyReport['anomalies'] = [];
  for (const s of read.streams) {
    if (s.problem !== undefined) {
      problems.push({ code: s.problem.code, file: s.file, detail: s.problem.detail });
      continue;
    }
    const v = s.verification!;
    const row: VerifiedStream = { file: s.file, status: v.status, records: v.records, head: v.head };
    if (v.status !== 'clean') row.intactThroughSeq = v.intactThroughSeq;
    if (v.status === 'corrupt') {
      Object.assign(row, { firstBadSeq: v.firstBadSeq, reason: v.reason });
      problems.push({ code: v.reason!, file: s.file, seq: v.firstBadSeq!, detail: v.detail });
    }
    if (v.status === 'torn-tail')
      problems.push({ code: 'torn-tail', file: s.file, seq: v.intactThroughSeq + 1 });
    for (const a of v.anomalies) anomalies.push({ ...a, file: s.file });
    streams.push(row);
  }
  if (options.against !== undefined) {
    if (options.against.trim() === '' || options.against.startsWith('-'))
      throw new UsageError(
        '--against needs a revision',
        'evidence verify --against',
        'for example --against origin/main',
      );
    const anchored = await anchorProblems(repo, options.against, read, config.frozen);
    problems.push(...anchored.problems, ...signatureProblems(root, config.evidence.ledger, read, anchored));
    problems.push(...(await configProblems(ctx, repo, options.against, anchored.signersThen)));
  } else if (options.staged !== true)
    problems.push(...signatureProblems(root, config.evidence.ledger, read, null));
  const exit = exitOf(problems);
  const unsigned =
    !signersListedHere(root) && read.streams.some((s) => s.bytes?.includes('"actor":"human:') === true);
  return { ok: exit === 0, exit, streams, problems, anomalies, against: options.against ?? null, unsigned };
}

/** One record of `evidence log`: what the chain vouches for (`verified`) beside what it claims. */
export interface LoggedRecord {
  stream: string;
  seq: number;
  ts: string;
  event: string;
  actor: string;
  payload: LedgerRecord['payload'];
  hash: string;
  verified: boolean;
}

export interface EvidenceLogReport {
  records: LoggedRecord[];
}

/** `agent-config evidence log`: every readable record of every stream in time order. */
export async function runEvidenceLog(
  ctx: Context,
  options: { root?: string; event?: string },
): Promise<EvidenceLogReport> {
  if (options.event !== undefined && !(EVIDENCE_EVENTS as readonly string[]).includes(options.event)) {
    throw new UsageError(
      `unknown event '${options.event}'`,
      'evidence log --event',
      `use one of ${EVIDENCE_EVENTS.join(', ')}`,
    );
  }
  const { root } = await openRepository(ctx, { root: options.root });
  const read = readEvidence(root, { now: ctx.clock(), collect: true });
  const records = read.records
    .filter((r) => options.event === undefined || r.record.event === options.event)
    .map(({ stream, record: r, verified }) => ({
      stream,
      seq: r.seq,
      ts: r.ts,
      event: r.event,
      actor: r.actor,
      payload: r.payload,
      hash: r.hash,
      verified,
    }));
  return { records };
}

/** The exit code of `evidence verify`: its result's, from `VERIFY_EXIT`. */
export function verifyExit(report: EvidenceVerifyReport): ExitCode {
  return report.exit;
}

/** `evidence verify --json`: a problem's `detail` is for people and stays out. */
export interface VerifyDocument {
  ok: boolean;
  exit: EvidenceVerifyReport['exit'];
  streams: VerifiedStream[];
  problems: Array<Pick<VerifyProblem, 'code' | 'file' | 'seq' | 'key' | 'line' | 'blocker'>>;
  anomalies: EvidenceVerifyReport['anomalies'];
}

/** The document of `evidence verify --json`: the CLI prints it and the report embeds it. */
export function verifyDocument(report: EvidenceVerifyReport): VerifyDocument {
  const { ok, exit, streams, problems, anomalies } = report;
  const bare = problems.map(({ code, file, seq, key, line, blocker }) => ({
    code,
    file,
    ...(seq === undefined ? {} : { seq }),
    ...(key === undefined ? {} : { key }),
    ...(line === undefined ? {} : { line }),
    ...(blocker === undefined ? {} : { blocker }),
  }));
  return { ok, exit, streams, problems: bare, anomalies };
}

/** `evidence log` exits 0 whenever it could read the ledger. */
export function logExit(): ExitCode {
  return EXIT_OK;
}

/** `evidence log --json`: the records in time order, as the command gives them. */
export interface LogDocument {
  records: LoggedRecord[];
}

/** The document of `evidence log --json`. */
export function logDocument(report: EvidenceLogReport): LogDocument {
  return { records: report.records };
}
