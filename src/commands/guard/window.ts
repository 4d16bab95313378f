import type { Context } from '../../core/context.js';
import { randomHex } from '../../core/crypto.js';
import { docPage } from '../../core/doc-page.js';
import { UsageError } from '../../core/errors.js';
import { personCommand } from '../../core/person-command.js';
import { sanitize } from '../../core/text/sanitize.js';
import { appendEvidence, appendSignedEvidence, readEvidence } from '../../evidence/api.js';
import { ACTOR } from '../../evidence/record.js';
import { checkRecordSignature, type SignatureRefusal } from '../../evidence/trust.js';
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
import { type ConfiguredRepository, openRepository } from '../../repo/open-repository.js';
import { prepareDecisionSigning } from '../signing/decision-signing.js';
import { personPrompt } from '../signing/person-terminal.js';
import { SignatureError } from '../signing/sign.js';
import { loadSignerTrust } from '../signing/trust.js';
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

/** The window state, and why an opening did not count when its signature did not hold. */
export type WindowStateRead = WindowState & { refused?: { code: SignatureRefusal; detail: string } };

/**
 * The gate window at `now`, read from the ledger (closed when it is off or cannot be read).
 * With signers registered, an opening counts only when its signature holds for a trusted
 * signer matching its actor (docs/signing.md); the signers are read only when a window could be
 * open, so the guard pays nothing for them otherwise.
 */
export async function windowStateAt(repo: ConfiguredRepository, now: Date): Promise<WindowStateRead> {
  const { root, config } = repo;
  if (!config.evidence.ledger) return { open: false, window: null, because: 'none' };
  let read: ReturnType<typeof readEvidence>;
  try {
    read = readEvidence(root, { collect: true, containing: 'window.', now });
  } catch {
    return { open: false, window: null, because: 'unreadable' };
  }
  const clean = read.streams.every((s) => s.problem === undefined && s.verification?.status === 'clean');
  const state = deriveWindow(read.records, clean, now);
  if (!state.open) return state;
  const { trust } = await loadSignerTrust(repo);
  if (!trust.required) return state;
  let refused: WindowStateRead['refused'];
  const signed = read.records.filter((r) => {
    if (r.record.event !== 'window.opened') return true;
    const verdict = checkRecordSignature(r.record, r.stream, trust, [now.getTime()]);
    if (!verdict.ok) refused = { code: verdict.code, detail: verdict.detail };
    return verdict.ok;
  });
  const counted = deriveWindow(signed, clean, now);
  return counted.open || refused === undefined ? counted : { ...counted, refused };
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
    exit: WINDOW_REFUSALS[code],
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
  const repo = await openRepository(ctx, { root: options.root, config: 'read' });
  const { root, config } = repo;
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
  const { trust } = await loadSignerTrust(repo);
  const signing = await prepareDecisionSigning(ctx, repo, trust, config.evidence.ledger, by, options.key);
  if ('refusal' in signing) return refuse('open', signing.refusal, signing.message);
  const before = await windowStateAt(repo, ctx.clock());
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
  const again = await windowStateAt(repo, now);
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
  const state = await windowStateAt(repo, ctx.clock());
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
  const repo = await openRepository(ctx, { root: options.root, config: 'read' });
  const { root, config } = repo;
  const state = await windowStateAt(repo, ctx.clock());
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
  const repo = await openRepository(ctx, { root: options.root, config: 'read' });
  const state = await windowStateAt(repo, ctx.clock());
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
        ? `no window is open${unsigned}`
        : `open until ${w.expiresAt} for ${w.actions.join(', ')}, opened by ${w.openedBy}: ${w.reason} (${w.bypassed} let through)`,
  };
}
