import { type Config, DEFAULT_CONFIG } from '../../core/config.js';
import type { Context } from '../../core/context.js';
import { personCommand } from '../../core/person-command.js';
import { SIGNATURE_REFUSALS, SIGNERS_FILE } from '../../evidence/trust.js';
import { type Classification, classifyCommand, looselyNamed, withActions } from '../../guard/classify.js';
import { HOOK_DEADLINE_MS, HOOK_LOCK_WAIT_MS } from '../../guard/deadline.js';
import { planHookStep } from '../../guard/flow.js';
import { placeKey } from '../../guard/git-view.js';
import { type Harness, PROJECT_DIR_VARIABLE, readHookInput, type ShellCall } from '../../guard/harness.js';
import { watchOwnFiles } from '../../guard/own-files.js';
import { type GuardRule, UNREADABLE_ACTION } from '../../guard/rule-types.js';
import { rulesFor } from '../../guard/rules.js';
import { type AnchoredConfig, readAnchoredConfig, writeAnchorNote } from '../../repo/anchored-config.js';
import { openRepository } from '../../repo/open-repository.js';
import { formatExpiry, policyAt } from '../../staging/status.js';
import { listStore } from '../../staging/store.js';
import { anchoredTrust } from '../signing/trust.js';
import { runClaim } from '../staging/claim.js';
import { runStage } from '../staging/stage.js';
import { storeOf } from '../staging/staging-shared.js';
import { aliasReader, answerChecks, type ReadAliases } from './hook-checks.js';
import { fileToolReport, ownFilePlaces, ownFilesRefusal } from './hook-own-files.js';
import { callObject, deny, errorText, type HookReport, PREFIX, report } from './hook-report.js';
import { WAIT_ROOM_MS, waitForPerson } from './hook-wait.js';
import { throughWindow } from './hook-window.js';
import type { WindowSource } from './window.js';

export type { HookOutcome, HookReport } from './hook-report.js';

function rulesOf(config: Config): GuardRule[] {
  return rulesFor(config.guard);
}

/** The folder the harness names as the project (else the hook's own folder). */
function projectDir(ctx: Context, harness: Harness): string {
  return ctx.env[PROJECT_DIR_VARIABLE[harness]] || ctx.cwd;
}

/**
 * The rules in force at the hook's root: the strictest of the working copy's, HEAD's and the
 * base's `agent-config.yaml` (repo/anchored-config.ts); and the note the fast path reads.
 */
async function rulesInForce(
  ctx: Context,
  harness: Harness,
): Promise<{ root: string; anchored: AnchoredConfig }> {
  const { root, git } = await openRepository(ctx, { find: 'project-dir', harness });
  const anchored = await readAnchoredConfig(root, git, { also: [SIGNERS_FILE] });
  try {
    writeAnchorNote(root, anchored);
  } catch {
    // Only a cache: without it the fast path leaves every call to this full decision.
  }
  return { root, anchored };
}

/** Says on a guarded call's answer (and on stderr) which versions of the configuration are invalid. */
function withProblems(result: HookReport, problems: string[]): HookReport {
  if (problems.length === 0) return result;
  const note = `${problems.join('; ')} (an invalid version counts as an empty file until it is fixed; the other versions' rules stay in force)`;
  const { decision } = result;
  return {
    ...result,
    decision:
      decision.decision === 'none' ? decision : { ...decision, reason: `${decision.reason} ${note}.` },
    warning: `${PREFIX}: ${note}`,
  };
}

/** What a claim needs beyond its lock wait before the hook's answer is due (a rename, a record). */
export const CLAIM_MARGIN_MS = 500;

/** Whether a claim started now can finish before the hook must answer (`Patience.answerBy`). */
function roomToClaim(ctx: Context): boolean {
  const by = ctx.patience?.answerBy;
  if (by === undefined) return true;
  return by - ctx.clock().getTime() >= (ctx.patience?.lockWaitMs ?? 0) + CLAIM_MARGIN_MS;
}

/** Stages, re-announces, claims or refuses one guarded call (see docs/guard.md, "The flow"). */
async function decideGuarded(
  ctx: Context,
  harness: Harness,
  call: ShellCall,
  source: WindowSource,
  actions: string[],
  note: string | null,
): Promise<HookReport> {
  const { root, config } = source;
  const action = actions.join('+');
  const more = note === null ? '' : ` ${note}`;
  const object = callObject(ctx, call, root);
  const policy = policyAt(ctx.clock(), storeOf({ root, config }, ctx));
  const shown = actions.join(', ');
  const step = planHookStep(listStore(root), action, object, policy);
  const extra = { actions };
  if (step.step === 'claim' && !roomToClaim(ctx)) {
    const t = step.record.token;
    return report(
      harness,
      'pending',
      deny(
        `this command (${shown}) is confirmed (stage ${t}), but too little time was left to claim it before the harness gives up on the guard, so it was not run and the confirmation still stands. Run the identical command again, once; it is allowed then.${more}`,
      ),
      { ...extra, token: t },
    );
  }
  if (step.step === 'claim') {
    const claim = await runClaim(ctx, {
      store: storeOf(source, ctx),
      signers: source.signers,
      token: step.record.token,
    });
    if (SIGNATURE_OUTCOMES.has(claim.outcome)) {
      const t = step.record.token;
      return report(
        harness,
        'pending',
        deny(
          `this command (${shown}) is marked confirmed, but the confirmation does not count (${claim.outcome}: ${claim.problem ?? 'it is not signed by a trusted signer'}); it was not run. Only a person's signed confirmation lets it through: a person runs \`${personCommand(`confirm ${t}`)}\` at a terminal, signing with their key. Do not look for another way to run it.${more}`,
        ),
        { ...extra, token: t },
      );
    }
    if (claim.outcome === 'execute') {
      const by = claim.record?.decided_by ?? 'a person';
      return report(
        harness,
        'claimed',
        {
          decision: 'allow',
          reason: `${PREFIX}: ${shown} confirmed by ${by} (stage ${step.record.token}); allowed this once.`,
        },
        { ...extra, token: step.record.token },
      );
    }
  }
  if (step.step === 'pending') {
    const t = step.record.token;
    return report(
      harness,
      'pending',
      deny(
        `this command (${shown}) still waits for a person and was not run. A person confirms it at a terminal in the repository with \`${personCommand(`confirm ${t}`)}\` before ${formatExpiry(step.record, policy)}; then run the identical command again, once.${more}`,
      ),
      { ...extra, token: t },
    );
  }
  if (step.step === 'declined') {
    const r = step.record;
    const by = r.decided_by === null ? 'A person' : r.decided_by;
    const why = r.reason === null || r.reason.trim() === '' ? 'no reason given' : `"${r.reason}"`;
    return report(
      harness,
      'declined',
      deny(
        `${by} declined this command (${shown}; stage ${r.token}): ${why}. Do not run it; take that reason into account.`,
      ),
      { ...extra, token: r.token },
    );
  }
  const staged = await runStage(ctx, {
    store: storeOf({ root, config }, ctx),
    action,
    object,
    source: `hook:${harness}`,
  });
  const t = staged.token!;
  return report(
    harness,
    'staged',
    deny(
      `this command is guarded (${shown}) and was not run. It is staged as ${t}: a person confirms it at a terminal in the repository with \`${personCommand(`confirm ${t}`)}\` (or declines it with \`${personCommand(`decline ${t} --reason …`)}\`) before ${staged.expiresAt}. Once confirmed, run the identical command again; it is allowed once. Tell the person; do not look for another way to run it.${more}`,
    ),
    { ...extra, token: t },
  );
}

const ALIAS_ROUNDS = 3;

/**
 * The line classified again with the aliases of git's configuration where each of its git
 * commands runs, read once per place; an alias may lead to another place (`!cd x && git y`),
 * read in the next round. What is still unread after the last round is held as unreadable.
 */
async function withGitAliases(
  ctx: Context,
  call: ShellCall,
  rules: GuardRule[],
  own: ReturnType<typeof watchOwnFiles>,
  classified: Classification,
): Promise<{ own: ReturnType<typeof watchOwnFiles>; classified: Classification }> {
  const read: ReadAliases = new Map();
  const readAt = aliasReader(ctx, call);
  const unread = (c: Classification) => c.gitAliasPlaces.filter((p) => !read.has(placeKey(p.place)));
  for (let round = 0; round < ALIAS_ROUNDS && unread(classified).length > 0; round++) {
    const fresh = unread(classified);
    await readAt(
      fresh.map((p) => p.place),
      read,
    );
    const matters = fresh.some(({ place, words }) => {
      const aliases = read.get(placeKey(place));
      return aliases == null || words.some((w) => aliases.has(w.toLowerCase()));
    });
    if (!matters) break;
    own = watchOwnFiles();
    classified = classifyCommand(call.command, [...rules, own.rule], {
      gitAliases: (place) => read.get(placeKey(place)),
    });
  }
  if (unread(classified).length > 0) classified = withActions(classified, rules, [UNREADABLE_ACTION]);
  return { own, classified };
}

export interface HookOptions {
  harness: Harness;
  input: string;
  /** Milliseconds to the answer (default `HOOK_DEADLINE_MS`; tests shorten it). */
  deadlineMs?: number;
  /** `--wait`: hold a call just staged this long for a person (else `guard.wait`; docs/notify.md). */
  waitMs?: number;
}

const SIGNATURE_OUTCOMES: ReadonlySet<string> = new Set(SIGNATURE_REFUSALS);

/**
 * With signers registered and the ledger off, no record can carry a person's signature: nothing
 * a person decides can be honoured, and the hook says so instead of staging for nothing.
 * Null otherwise.
 */
async function unhonourable(
  harness: Harness,
  source: WindowSource,
  actions: string[],
): Promise<HookReport | null> {
  if (source.config.evidence.ledger || !(await source.signers()).trust.required) return null;
  return report(
    harness,
    'failed',
    deny(
      `this command is guarded (${actions.join(', ')}) and was not run. Signers are registered (${SIGNERS_FILE}) but evidence.ledger is false in agent-config.yaml, so no decision of a person can be honoured: a person turns the ledger back on, then confirms.`,
    ),
    { actions },
  );
}

/**
 * `agent-config hook <harness>`: the PreToolUse decision. No opinion for anything the rules do
 * not guard; for a guarded command an explicit allow or deny on every path, failures included.
 * It answers by its deadline: whatever is still pending then (a lock, a slow disk, git) ends
 * in a deny, and a ledger lock another machine holds is refused at once (docs/guard.md).
 */
export async function runHook(ctx: Context, options: HookOptions): Promise<HookReport> {
  const deadlineMs = options.deadlineMs ?? HOOK_DEADLINE_MS;
  const patient: Context = {
    ...ctx,
    patience: { lockWaitMs: Math.min(HOOK_LOCK_WAIT_MS, deadlineMs / 2) },
  };
  const late = () =>
    report(
      options.harness,
      'failed',
      deny(
        `the guard could not decide within ${seconds(deadlineMs)} (a lock, a slow disk or git kept it waiting), so the command was not run. Run it again; if this repeats, ask a person to look.`,
      ),
    );
  const started = ctx.clock().getTime();
  const seen: RulesRead = {};
  const decided = await withDeadline(decideHook(patient, options, seen), deadlineMs, late);
  if (decided.outcome !== 'staged') return decided;
  const known = seen.root === undefined ? undefined : { root: seen.root, waitMs: seen.waitMs };
  return waitForPerson(patient, options.harness, decided, started, options.waitMs, known, (answerBy) => {
    // The decision again, once a person answered: it claims only while the claim still fits
    // before `answerBy`, so a late answer is a deny that leaves the confirmation standing.
    const now = ctx.clock().getTime();
    const by = Math.min(answerBy, now + WAIT_ROOM_MS);
    const left = by - now;
    const lockWaitMs = Math.max(0, Math.min(HOOK_LOCK_WAIT_MS, (left - CLAIM_MARGIN_MS) / 2));
    const again: Context = { ...ctx, patience: { lockWaitMs, answerBy: by } };
    return withDeadline(decideHook(again, options), Math.max(left, CLAIM_MARGIN_MS), late);
  });
}

const seconds = (ms: number) => (ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`);

/** `work`, or `late()` when it has not settled within `ms` (the work is left to the exit). */
export function withDeadline<T>(work: Promise<T>, ms: number, late: () => T): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(late()), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

/** What a decision read of the rules in force, for the wait after it (`waitForPerson`). */
interface RulesRead {
  root?: string;
  /** `guard.wait` of the rules in force (the strictest version's). */
  waitMs?: number;
}

async function decideHook(ctx: Context, options: HookOptions, seen: RulesRead = {}): Promise<HookReport> {
  const { harness } = options;
  const input = readHookInput(harness, options.input);
  if (input.kind === 'other') return report(harness, 'other-tool', { decision: 'none' });
  if (input.kind === 'invalid') {
    let rules: GuardRule[];
    try {
      rules = rulesOf((await rulesInForce(ctx, harness)).anchored.config);
    } catch {
      rules = rulesOf(DEFAULT_CONFIG);
    }
    // JSON's punctuation parts words: compact JSON (`{"command":"git push -f\u0001"}`) would
    // otherwise read as the one word `command:git`, and a guarded command would pass unnoticed.
    const guarded = looselyNamed(options.input.replace(/[{}[\]",:]/g, ' '), rules, true);
    return report(
      harness,
      'invalid-input',
      guarded ? deny(`${input.problem}; it names a guarded command, so it is refused`) : { decision: 'none' },
      {
        block: guarded
          ? `${PREFIX}: ${input.problem}; the input names a guarded command, so the call is refused (exit 2)`
          : null,
      },
    );
  }
  if (input.kind === 'file') {
    const root = await openRepository(ctx, { find: 'project-dir', harness }).then(
      (repo) => repo.root,
      () => null,
    );
    return fileToolReport(ctx, harness, input.call, ownFilePlaces(ctx, [root, projectDir(ctx, harness)]));
  }
  const call = input.call;
  let source: WindowSource | null = null;
  let root: string | null = null;
  let config: Config = DEFAULT_CONFIG;
  let rules: GuardRule[];
  let configProblem: string | null = null;
  let problems: string[] = [];
  try {
    // The project the harness names (else the hook's own folder, where harnesses start it): rules
    // and stages come from there, wherever the agent's shell has moved to; the call's own
    // folder is part of the staged object.
    let anchored: AnchoredConfig;
    const reading = rulesInForce(ctx, harness);
    reading.catch(() => {}); // awaited below; this only keeps a failure from going unhandled meanwhile
    // git reads HEAD's and the base's versions in its own process: load the shell parser meanwhile.
    await new Promise((resolve) => setImmediate(resolve));
    classifyCommand(call.command, []);
    ({ root, anchored } = await reading);
    ({ config, problems } = anchored);
    seen.root = root;
    seen.waitMs = config.guard.waitMs;
    const read = anchored;
    source = { root, config, signers: async () => anchoredTrust(read) };
    rules = rulesOf(config);
  } catch (error) {
    configProblem = errorText(error);
    config = DEFAULT_CONFIG;
    rules = rulesOf(config);
  }
  let own = watchOwnFiles();
  let classified = classifyCommand(call.command, [...rules, own.rule]);
  if (classified.gitAliasPlaces.length > 0) {
    // `git st`, `git -C other st`: what the word runs is in git's configuration where git runs.
    ({ own, classified } = await withGitAliases(ctx, call, rules, own, classified));
  }
  const places = ownFilePlaces(ctx, [root, projectDir(ctx, harness)]);
  const refused = ownFilesRefusal(ctx, harness, call, places, own.seen, classified.unreadable);
  if (refused !== null) return refused;
  if (classified.checks.length > 0) {
    // `rm -r dist`, `git checkout name`: only the repository says whether tracked work goes.
    classified = withActions(classified, rules, await answerChecks(ctx, root, call, classified.checks));
  }
  const { actions, never } = classified;
  if (actions.length === 0) {
    return withProblems(
      report(
        harness,
        'not-guarded',
        { decision: 'none' },
        {
          warning:
            configProblem === null
              ? null
              : `${PREFIX}: only the default rules were applied: ${configProblem}`,
        },
      ),
      problems,
    );
  }
  if (configProblem !== null || root === null || source === null) {
    return report(
      harness,
      'failed',
      deny(
        `this command is guarded (${actions.join(', ')}) and the guard cannot stage it: ${configProblem ?? 'no repository'}. Ask a person to fix that; the command was not run.`,
      ),
      { actions },
    );
  }
  try {
    const window = await throughWindow(ctx, harness, call, source, actions, never);
    if ('report' in window) return withProblems(window.report, problems);
    return withProblems(
      (await unhonourable(harness, source, actions)) ??
        (await decideGuarded(ctx, harness, call, source, actions, window.note)),
      problems,
    );
  } catch (error) {
    const why = errorText(error);
    return report(
      harness,
      'failed',
      deny(
        `this command is guarded (${actions.join(', ')}) and the guard failed while deciding (${why}); it was not run. Ask a person to look.`,
      ),
      { actions },
    );
  }
}
