import { type Config, DEFAULT_CONFIG } from '../../core/config.js';
import type { Context } from '../../core/context.js';
import { personCommand } from '../../core/person-command.js';
import { SIGNATURE_REFUSALS, SIGNERS_FILE } from '../../evidence/trust.js';
import { classifyCommand, looselyNamed } from '../../guard/classify.js';
import { planHookStep } from '../../guard/flow.js';
import { type Harness, readHookInput, type ShellCall } from '../../guard/harness.js';
import type { GuardRule } from '../../guard/rule-types.js';
import { rulesFor } from '../../guard/rules.js';
import { type ConfiguredRepository, openRepository } from '../../repo/open-repository.js';
import { formatExpiry, policyAt } from '../../staging/status.js';
import { listStore } from '../../staging/store.js';
import { loadSignerTrust } from '../signing/trust.js';
import { runClaim } from '../staging/claim.js';
import { runStage } from '../staging/stage.js';
import { callObject, deny, errorText, type HookReport, PREFIX, report } from './hook-report.js';
import { throughWindow } from './hook-window.js';

export type { HookOutcome, HookReport } from './hook-report.js';

function rulesOf(config: Config): GuardRule[] {
  return rulesFor(config.guard);
}

/** Stages, re-announces, claims or refuses one guarded call (see docs/guard.md, "The flow"). */
async function decideGuarded(
  ctx: Context,
  harness: Harness,
  call: ShellCall,
  root: string,
  config: Config,
  actions: string[],
): Promise<HookReport> {
  const action = actions.join('+');
  const object = callObject(ctx, call, root);
  const policy = policyAt(ctx.clock(), config.staging);
  const shown = actions.join(', ');
  const step = planHookStep(listStore(root), action, object, policy);
  const extra = { actions };
  if (step.step === 'claim') {
    const claim = await runClaim(ctx, { root, token: step.record.token });
    if (SIGNATURE_OUTCOMES.has(claim.outcome)) {
      const t = step.record.token;
      return report(
        harness,
        'pending',
        deny(
          `this command (${shown}) is marked confirmed, but the confirmation does not count (${claim.outcome}: ${claim.problem ?? 'it is not signed by a trusted signer'}); it was not run. Only a person's signed confirmation lets it through: a person runs \`${personCommand(`confirm ${t}`)}\` at a terminal, signing with their key. Do not look for another way to run it.`,
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
        `this command (${shown}) still waits for a person and was not run. A person confirms it at a terminal in the repository with \`${personCommand(`confirm ${t}`)}\` before ${formatExpiry(step.record, policy)}; then run the identical command again, once.`,
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
  const staged = await runStage(ctx, { root, action, object, source: `hook:${harness}` });
  const t = staged.token!;
  return report(
    harness,
    'staged',
    deny(
      `this command is guarded (${shown}) and was not run. It is staged as ${t}: a person confirms it at a terminal in the repository with \`${personCommand(`confirm ${t}`)}\` (or declines it with \`${personCommand(`decline ${t} --reason …`)}\`) before ${staged.expiresAt}. Once confirmed, run the identical command again; it is allowed once. Tell the person; do not look for another way to run it.`,
    ),
    { ...extra, token: t },
  );
}

const SIGNATURE_OUTCOMES: ReadonlySet<string> = new Set(SIGNATURE_REFUSALS);

/**
 * With signers registered and the ledger off, no record can carry a person's signature: nothing
 * a person decides can be honoured, and the hook says so instead of staging for nothing.
 * Null otherwise (the signers are read only when the ledger is off).
 */
async function unhonourable(
  harness: Harness,
  repo: ConfiguredRepository,
  actions: string[],
): Promise<HookReport | null> {
  if (repo.config.evidence.ledger || !(await loadSignerTrust(repo)).trust.required) return null;
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
 */
export async function runHook(
  ctx: Context,
  options: { harness: Harness; input: string },
): Promise<HookReport> {
  const { harness } = options;
  const input = readHookInput(harness, options.input);
  if (input.kind === 'other') return report(harness, 'other-tool', { decision: 'none' });
  if (input.kind === 'invalid') {
    let rules: GuardRule[];
    try {
      rules = rulesOf((await openRepository(ctx, { find: 'project-dir', harness, config: 'read' })).config);
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
  const call = input.call;
  let repo: ConfiguredRepository | null = null;
  let root: string | null = null;
  let config: Config = DEFAULT_CONFIG;
  let rules: GuardRule[];
  let configProblem: string | null = null;
  try {
    // The project the harness names (else the hook's own folder, where harnesses start it): rules
    // and stages come from there, wherever the agent's shell has moved to; the call's own
    // folder is part of the staged object.
    repo = await openRepository(ctx, { find: 'project-dir', harness, config: 'read' });
    ({ root, config } = repo);
    rules = rulesOf(config);
  } catch (error) {
    configProblem = errorText(error);
    config = DEFAULT_CONFIG;
    rules = rulesOf(config);
  }
  const { actions, never } = classifyCommand(call.command, rules);
  if (actions.length === 0) {
    return report(
      harness,
      'not-guarded',
      { decision: 'none' },
      {
        warning:
          configProblem === null ? null : `${PREFIX}: only the default rules were applied: ${configProblem}`,
      },
    );
  }
  if (configProblem !== null || root === null || repo === null) {
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
    return (
      (await unhonourable(harness, repo, actions)) ??
      (await throughWindow(ctx, harness, call, repo, actions, never)) ??
      (await decideGuarded(ctx, harness, call, root, config, actions))
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
