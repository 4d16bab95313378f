import type { Config } from '../../core/config.js';
import type { Context } from '../../core/context.js';
import { randomHex } from '../../core/crypto.js';
import { docPage } from '../../core/doc-page.js';
import { AgentConfigError, UsageError } from '../../core/errors.js';
import type { ExitCode } from '../../core/outcomes.js';
import { personCommand } from '../../core/person-command.js';
import { sanitize } from '../../core/text/sanitize.js';
import { appendEvidence, appendSignedEvidence, readEvidence, type StreamState } from '../../evidence/api.js';
import { ACTOR } from '../../evidence/record.js';
import {
  checkRecordSignature,
  SIGNERS_FILE,
  type SignatureRefusal,
  type SignerTrust,
} from '../../evidence/trust.js';
import { rulesFor, UNREADABLE_ACTION } from '../../guard/rules.js';
import {
  deriveWindow,
  MAX_WINDOW_MS,
  parseWindowDuration,
  WINDOW_REFUSALS,
  type WindowRefusal,
  type WindowState,
  type WindowView,
} from '../../guard/window.js';
import { readAnchoredConfig } from '../../repo/anchored-config.js';
import { openRepository, type Repository } from '../../repo/open-repository.js';
import { announce, handOff } from '../notify/announce.js';
import { prepareDecisionSigning } from '../signing/decision-signing.js';
import { personPrompt } from '../signing/person-terminal.js';
import { SignatureError } from '../signing/sign.js';
import { anchoredTrust, type LoadedTrust, loadSignerTrust } from '../signing/trust.js';
import { isHumanDecider } from '../staging/confirm.js';

/** What a `window` verb answers: its outcome code, the exit code and the window concerned. */
export interface WindowReport {
  verb: 'open' | 'close' | 'status';
  outcome: 'opened' | 'closed' | 'status' | WindowRefusal;
  exit: 0 | 1 | 2;
  open: boolean;
  window: WindowView | null;
  /** One sentence for people. */
  message: string;
}

/** Why a stream cannot vouch for anything: the first of the ledger that does not verify clean. */
function uncleanStream(streams: readonly StreamState[]): string | null {
  for (const s of streams) {
    if (s.problem !== undefined) return `${s.file} ${s.problem.detail}`;
    const v = s.verification;
    if (v === null) return `${s.file} was not verified`;
    if (v.status === 'clean') continue;
    if (v.status === 'torn-tail')
      return `${s.file} ends in an unfinished line after seq ${v.intactThroughSeq}`;
    return `${s.file} does not verify at seq ${v.firstBadSeq} (${v.reason})`;
  }
  return null;
}

/** The window state, and why an opening did not count when its signature did not hold. */
export type WindowStateRead = WindowState & { refused?: { code: SignatureRefusal; detail: string } };

/** Where a window is read: the root, the rules in force and the signers (read when first asked). */
export interface WindowSource {
  root: string;
  config: Config;
  /** The signers in force; asked only when a window could be open. */
  signers: () => Promise<LoadedTrust>;
}

/**
 * The window source of an opened repository: its configuration, and the signers read from the
 * three versions of the signers file when first asked.
 */
export function windowSource(repo: { root: string; config: Config; git: Repository['git'] }): WindowSource {
  return { root: repo.root, config: repo.config, signers: () => loadSignerTrust(repo) };
}

/**
 * The gate window at `now`, read from the ledger (closed when it is off or cannot be read).
 * Every stream is verified, whatever it holds: one that does not verify clean (another working
 * copy's included) keeps every window closed, and `why` says which. With signers registered, an
 * opening counts only when its signature holds for a trusted signer matching its actor
 * (docs/signing.md); the signers are asked for only when a window could be open.
 */
export async function windowStateAt(source: WindowSource, now: Date): Promise<WindowStateRead> {
  const { root, config } = source;
  if (!config.evidence.ledger) return { open: false, window: null, because: 'none' };
  let read: ReturnType<typeof readEvidence>;
  try {
    read = readEvidence(root, { collect: true, now });
  } catch (error) {
    return { open: false, window: null, because: 'unreadable', why: errorLine(error) };
  }
  return windowOfRead(read, now, async () => (await source.signers()).trust);
}

/**
 * The gate window a ledger read (every stream, records collected) shows at `now`, with the
 * signers in force asked for only when a window could be open (the inbox reads the ledger once
 * for its integrity and its window).
 */
export async function windowOfRead(
  read: ReturnType<typeof readEvidence>,
  now: Date,
  signers: () => Promise<SignerTrust>,
): Promise<WindowStateRead> {
  const unclean = uncleanStream(read.streams);
  const state = deriveWindow(read.records, unclean === null, now);
  if (unclean !== null) return { open: false, window: null, because: 'unreadable', why: unclean };
  if (!state.open) return state;
  const trust = await signers();
  if (!trust.required) return state;
  let refused: WindowStateRead['refused'];
  const signed = read.records.filter((r) => {
    if (r.record.event !== 'window.opened') return true;
    const verdict = checkRecordSignature(r.record, r.stream, trust, [now.getTime()]);
    if (!verdict.ok) refused = { code: verdict.code, detail: verdict.detail };
    return verdict.ok;
  });
  const counted = deriveWindow(signed, true, now);
  return counted.open || refused === undefined ? counted : { ...counted, refused };
}

function errorLine(error: unknown): string {
  return error instanceof AgentConfigError ? error.oneLine() : String((error as Error)?.message ?? error);
}

/**
 * The repository, the rules in force there (the hook's, repo/anchored-config.ts) and its
 * signers, read with one git process. An invalid working copy is refused first, as every verb a
 * person runs refuses it.
 */
async function openAnchored(ctx: Context, given?: string): Promise<WindowSource & { repo: Repository }> {
  const repo = await openRepository(ctx, { root: given, config: 'read' });
  const anchored = await readAnchoredConfig(repo.root, repo.git, { also: [SIGNERS_FILE] });
  const loaded = anchoredTrust(anchored);
  return { repo, root: repo.root, config: anchored.config, signers: async () => loaded };
}

function refuse(
  verb: WindowReport['verb'],
  code: WindowRefusal,
  message: string,
  state?: WindowState,
): WindowReport {
  return {
    verb,
    outcome: code,
    exit: WINDOW_REFUSALS[code].exit,
    open: state?.open ?? false,
    window: state?.window ?? null,
    message,
  };
}

export interface WindowOpenOptions {
  root?: string;
  for: string;
  actions: string;
  reason?: string;
  /** `human:<id>`; defaults to `AGENT_CONFIG_HUMAN`. */
  as?: string;
  /** The key that signs the opening when signers are registered (docs/signing.md). */
  key?: string;
}

function question(actions: string[], duration: string, until: string, reason: string, by: string): string {
  return [
    'Open a gate window',
    `  Actions:    ${actions.join(', ')}`,
    `  For:        ${duration} (until ${until})`,
    `  Reason:     ${reason}`,
    `  Opened by:  ${by}`,
    "While it is open, an agent's guarded commands with these actions run without asking a person;",
    `each one is recorded in the evidence ledger. \`${personCommand('window close')}\` ends it early.`,
    'Type "understood" to open it (anything else cancels): ',
  ]
    .map((line) => sanitize(line, { inline: true }))
    .join('\n');
}

/**
 * `agent-config window open`: a person at a terminal, who types `understood`, opens a recorded,
 * time-boxed window in which named actions pass the guard without a confirmation. No flag
 * skips the question; the record is written before the window counts.
 */
export async function runWindowOpen(ctx: Context, options: WindowOpenOptions): Promise<WindowReport> {
  const by = options.as ?? ctx.env.AGENT_CONFIG_HUMAN;
  if (by === undefined || !isHumanDecider(by)) {
    return refuse(
      'open',
      'actor-not-human',
      'only a person opens a window: pass --as human:<name> or set AGENT_CONFIG_HUMAN',
    );
  }
  const reason = options.reason?.trim() ?? '';
  if (reason === '') return refuse('open', 'reason-required', 'say why with --reason TEXT (it is recorded)');
  const ms = parseWindowDuration(options.for);
  if (ms === null)
    return refuse(
      'open',
      'duration-invalid',
      `--for ${options.for}: use minutes or hours, such as 30m or 2h`,
    );
  if (ms > MAX_WINDOW_MS)
    return refuse('open', 'duration-too-long', `--for ${options.for}: a window lasts at most 24h`);
  const actions = [
    ...new Set(
      options.actions
        .split(',')
        .map((a) => a.trim())
        .filter((a) => a !== ''),
    ),
  ];
  if (actions.length === 0) return refuse('open', 'actions-required', 'name the actions with --actions A,B');
  const source = await openAnchored(ctx, options.root);
  const { root, config, repo } = source;
  const rules = rulesFor(config.guard);
  const unknown = actions.find((a) => a !== UNREADABLE_ACTION && !rules.some((r) => r.action === a));
  if (unknown !== undefined) {
    return refuse(
      'open',
      'action-unknown',
      `'${unknown}' is not a guarded action (${docPage('guard.md')} lists them)`,
    );
  }
  const never = actions.find(
    (a) => a === UNREADABLE_ACTION || rules.find((r) => r.action === a)?.window === 'never',
  );
  if (never !== undefined)
    return refuse(
      'open',
      'action-never',
      `'${never}' is marked window: never; it always needs a confirmation`,
    );
  if (!config.evidence.ledger) {
    return refuse(
      'open',
      'ledger-disabled',
      'a window exists only as ledger records; evidence.ledger is false in agent-config.yaml',
    );
  }
  // The flags are checked first: a call that could never open a window says what is wrong with it.
  const prompt = personPrompt(ctx);
  if (prompt === null) {
    return refuse('open', 'stdin-not-tty', 'a window is opened by a person at a terminal; stdin is not one');
  }
  const { trust } = await source.signers();
  const signing = await prepareDecisionSigning(ctx, repo, trust, config.evidence.ledger, by, options.key);
  if ('refusal' in signing) return refuse('open', signing.refusal, signing.message);
  const before = await windowStateAt(source, ctx.clock());
  if (before.open)
    return refuse('open', 'window-already-open', 'a window is open already; close it first', before);
  if (before.because === 'unreadable') {
    return refuse(
      'open',
      'ledger-unreadable',
      `the ledger cannot be read cleanly, so no window could count; run \`${personCommand('evidence verify')}\``,
    );
  }
  const until = new Date(ctx.clock().getTime() + ms).toISOString();
  const answer = await prompt(question(actions, options.for, until, reason, by)).catch(() => null);
  if (answer === null || answer.trim().toLowerCase() !== 'understood') {
    return refuse('open', 'confirmation-mismatch', 'the answer was not "understood"; no window was opened');
  }
  const now = ctx.clock();
  const again = await windowStateAt(source, now);
  if (again.open) return refuse('open', 'window-already-open', 'a window was opened meanwhile', again);
  const id = randomHex(ctx, 8);
  const entry = {
    event: 'window.opened' as const,
    actor: by,
    payload: {
      window: id,
      actions,
      reason,
      for: options.for,
      expires_at: new Date(now.getTime() + ms).toISOString(),
    },
  };
  try {
    if (signing.sign === null) await appendEvidence(ctx, root, config, entry);
    else await appendSignedEvidence(ctx, root, config, entry, signing.sign);
  } catch (error) {
    if (error instanceof SignatureError)
      return refuse('open', error.code, `${error.message}; no window was opened`);
    throw error;
  }
  const state = await windowStateAt(source, ctx.clock());
  const window = {
    kind: 'window' as const,
    key: id,
    what: actions.join(', '),
    object: null,
    objectDigest: null,
    token: null,
    askedBy: by,
    until: state.window?.expiresAt ?? until,
    command: personCommand('window close'),
  };
  if (announce(ctx, root, config, window) !== null) handOff(ctx, root);
  return {
    verb: 'open',
    outcome: 'opened',
    exit: 0,
    open: state.open,
    window: state.window,
    message: `window ${id} is open until ${state.window?.expiresAt ?? until} for ${actions.join(', ')}`,
  };
}

/** `agent-config window close`: anyone may close a window, without ceremony (closing only tightens). */
export async function runWindowClose(
  ctx: Context,
  options: { root?: string; note?: string; as?: string },
): Promise<WindowReport> {
  const actor = options.as ?? ctx.env.AGENT_CONFIG_HUMAN ?? 'system:window-close';
  if (!ACTOR.test(actor)) {
    throw new UsageError(
      `'${actor}' is not kind:name`,
      options.as !== undefined ? 'agent-config window close --as' : 'AGENT_CONFIG_HUMAN',
      'use human:<name> (or agent:, reviewer:, system:), e.g. --as human:ada',
    );
  }
  const source = await openAnchored(ctx, options.root);
  const { root, config } = source;
  const state = await windowStateAt(source, ctx.clock());
  if (!state.open) return refuse('close', 'window-not-open', 'no window is open');
  await appendEvidence(ctx, root, config, {
    event: 'window.closed',
    actor,
    payload: { window: state.window.id, note: options.note ?? null },
  });
  return {
    verb: 'close',
    outcome: 'closed',
    exit: 0,
    open: false,
    window: null,
    message: `window ${state.window.id} is closed (it let ${state.window.bypassed} command(s) through)`,
  };
}

/** `agent-config window status`: the window now, from the ledger and the clock. */
export async function runWindowStatus(ctx: Context, options: { root?: string }): Promise<WindowReport> {
  const state = await windowStateAt(await openAnchored(ctx, options.root), ctx.clock());
  const w = state.window;
  const unsigned =
    state.refused === undefined
      ? ''
      : ` (an opening without a valid signature does not count: ${state.refused.code}, ${state.refused.detail})`;
  return {
    verb: 'status',
    outcome: 'status',
    exit: 0,
    open: state.open,
    window: w,
    message:
      w === null
        ? `no window is open${state.open || state.why === undefined ? unsigned : ` (none can count while the evidence ledger does not verify clean: ${state.why})`}`
        : `open until ${w.expiresAt} for ${w.actions.join(', ')}, opened by ${w.openedBy}: ${w.reason} (${w.bypassed} let through)`,
  };
}

/** The exit code of a `window` verb: its outcome's (a refusal's from `WINDOW_REFUSALS`, else 0). */
export function windowExit(report: WindowReport): ExitCode {
  return report.exit;
}

/** An open window as documents show it: its id stays out. */
export type OpenWindowDocument = Omit<WindowView, 'id'>;

/** `window status --json`: exactly `{open, window}`, the window null while none is open. */
export interface WindowDocument {
  open: boolean;
  window: OpenWindowDocument | null;
}

/** An open window's member of `window status --json` (and, first, of `gates --json`). */
export function openWindowDocument(w: WindowView): OpenWindowDocument {
  return {
    openedBy: w.openedBy,
    openedAt: w.openedAt,
    expiresAt: w.expiresAt,
    actions: w.actions,
    reason: w.reason,
    bypassed: w.bypassed,
  };
}

/** The document of `window status --json`. */
export function windowDocument(report: Pick<WindowReport, 'open' | 'window'>): WindowDocument {
  return { open: report.open, window: report.window === null ? null : openWindowDocument(report.window) };
}
