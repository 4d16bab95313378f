import { posix } from 'node:path';
import type { Context } from '../../core/context.js';
import { AgentConfigError } from '../../core/errors.js';
import type { ExitCode } from '../../core/outcomes.js';
import { latestApproval } from '../../evidence/decision-records.js';
import { approvePlanQuestion, decideQuestion, type HiddenCharacters } from '../../render/gates.js';
import { readDecisionLedger } from '../../repo/decision-ledger.js';
import { type ConfiguredRepository, openRepository } from '../../repo/open-repository.js';
import { readTextFile, scanRoadmapTree } from '../../repo/tree.js';
import { isResolved, needsUser } from '../../roadmap/blockers.js';
import {
  blockerEntrySource,
  needsApproval,
  planSha256,
  resolvedStatus,
  rewriteStatus,
  sha256Text,
  utcDate,
} from '../../roadmap/decision-entry.js';
import { mayHoldBlockers } from '../../roadmap/gate-entries.js';
import type { Blocker, Roadmap } from '../../roadmap/model.js';
import { roadmapStem } from '../../roadmap/names.js';
import { roadmapCounts } from '../../roadmap/queries.js';
import { parseRoadmap } from '../../roadmap/scanner.js';
import { locateRoadmap } from '../roadmap/roadmap.js';
import { personPrompt } from '../signing/person-terminal.js';
import { loadSignerTrust } from '../signing/trust.js';
import { askDecider, isHumanDecider } from '../staging/confirm.js';
import { DECIDE_OUTCOMES, type DecideOutcome } from './outcomes.js';
import { prepareSigning, recordDecision } from './record.js';
import { writeRoadmapText } from './write-roadmap.js';

export interface DecideOptions {
  root?: string;
  /** The blocker's id (the first form). */
  blocker?: string;
  /** The roadmap that holds it: needed when two active roadmaps have a blocker of that id. */
  roadmap?: string;
  /** `--option N`, as typed. */
  option?: string;
  /** `--answer TEXT`. */
  answer?: string;
  /** The roadmap whose plan is approved (the second form). */
  approvePlan?: string;
  /** `human:<name>`; defaults to `AGENT_CONFIG_HUMAN`. */
  as?: string;
  /** The key that signs the decision when signers are registered (docs/signing.md). */
  key?: string;
  json?: boolean;
}

/** What `decide` did, or why it refused. */
export interface DecideReport {
  verb: 'decide';
  outcome: DecideOutcome;
  exit: 0 | 1 | 2;
  /** The blocker's id; null for a plan approval. */
  blocker: string | null;
  /** Repository-relative path of the roadmap, when one was found. */
  roadmap: string | null;
  /** The option's number (from 1), when one was chosen. */
  option: number | null;
  /** The answer recorded (the option's text, or what was typed). */
  answer: string | null;
  /** The status line written. */
  status: string | null;
  /** SHA-256 of the plan approved. */
  planSha256: string | null;
  decidedBy: string | null;
  /** Why, in a sentence, for refusals that need one. */
  problem: string | null;
  /** Hidden characters the question escaped, per file. */
  hidden: HiddenCharacters[];
}

function report(outcome: DecideOutcome, fields: Partial<DecideReport> = {}): DecideReport {
  return {
    verb: 'decide',
    outcome,
    exit: DECIDE_OUTCOMES[outcome].exit,
    blocker: null,
    roadmap: null,
    option: null,
    answer: null,
    status: null,
    planSha256: null,
    decidedBy: null,
    problem: null,
    hidden: [],
    ...fields,
  };
}

/** `decide`'s exit code: its outcome's. */
export function decideExit(r: DecideReport): ExitCode {
  return r.exit;
}

// An answer is one line a person typed: no line break, no control, bidi or zero-width character.
const BAD_ANSWER = /[\p{Cc}\u200b-\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029\ufeff]/u;
const MAX_ANSWER = 500;

/** One blocker found: its roadmap's model and text (as read), and the entry. */
interface Found {
  roadmap: Roadmap;
  text: string;
  blocker: Blocker;
}

function structuredBlockers(roadmap: Roadmap, id: string): Blocker[] {
  return (roadmap.blockersSection?.blockers ?? []).filter((b) => b.id === id);
}

/** Reads and parses one roadmap file; null when it cannot be read. */
function readRoadmap(repo: ConfiguredRepository, rel: string): { roadmap: Roadmap; text: string } | null {
  const file = `${repo.config.roadmaps}/${rel}`;
  const read = readTextFile(posix.join(repo.root, file), file);
  if (!('text' in read)) return null;
  return { roadmap: parseRoadmap(read.text, { rel, file }), text: read.text };
}

/**
 * Finds the blocker: in the named roadmap, or among every active roadmap whose bytes contain the
 * id at all (the others are read, never parsed). The id in two roadmaps, or twice in one, is
 * ambiguous.
 */
function findBlocker(
  repo: ConfiguredRepository,
  id: string,
  roadmapArg: string | undefined,
): Found | DecideOutcome {
  if (roadmapArg !== undefined) {
    const { rel } = locateRoadmap(repo.root, repo.config.roadmaps, roadmapArg);
    const read = readRoadmap(repo, rel);
    if (read === null) return 'blocker-unknown';
    const found = structuredBlockers(read.roadmap, id);
    if (found.length > 1) return 'ambiguous-blocker';
    return found.length === 0 ? 'blocker-unknown' : { ...read, blocker: found[0]! };
  }
  const needle = Buffer.from(id, 'utf8').toString('latin1');
  const holders: Roadmap[] = [];
  scanRoadmapTree(
    repo.root,
    repo.config,
    (roadmap) => {
      if (roadmap.phases.length > 0 && structuredBlockers(roadmap, id).length > 0) holders.push(roadmap);
    },
    { select: (latin1) => latin1.includes(needle) && mayHoldBlockers(latin1) },
  );
  if (holders.length === 0) return 'blocker-unknown';
  if (holders.length > 1 || structuredBlockers(holders[0]!, id).length > 1) return 'ambiguous-blocker';
  const read = readRoadmap(repo, holders[0]!.rel);
  if (read === null) return 'blocker-unknown';
  const found = structuredBlockers(read.roadmap, id);
  return found.length === 1 ? { ...read, blocker: found[0]! } : 'changed-while-asked';
}

/** The choice from `--option`/`--answer`, or the refusal. */
function choose(options: DecideOptions): { option: string | null; answer: string | null } | DecideOutcome {
  const given = [options.option, options.answer].filter((v) => v !== undefined).length;
  if (given !== 1) return 'choice-required';
  if (options.answer !== undefined) {
    const answer = options.answer.trim();
    if (answer === '' || answer.length > MAX_ANSWER || BAD_ANSWER.test(answer)) return 'answer-invalid';
    return { option: null, answer };
  }
  return { option: options.option!.trim(), answer: null };
}

/** The decider named by `--as` or AGENT_CONFIG_HUMAN, or asked; a refusal when none is valid. */
async function decider(
  ctx: Context,
  root: string,
  options: DecideOptions,
  prompt: NonNullable<Context['prompt']>,
): Promise<string | DecideOutcome> {
  // An empty AGENT_CONFIG_HUMAN names nobody, as if it were not set.
  const named = options.as ?? (ctx.env.AGENT_CONFIG_HUMAN || undefined);
  if (named !== undefined) return isHumanDecider(named) ? named : 'decider-required';
  const asked = await askDecider(ctx, root, prompt);
  if (asked === null) return 'answer-mismatch';
  return isHumanDecider(asked) ? asked : 'decider-required';
}

/**
 * `agent-config decide`: a person at a terminal answers a blocker (or approves a plan). The
 * blocker is shown as `gates` shows it, the person types its id; then the answer is recorded
 * in the evidence ledger (`decision.resolved`) and only then written into the status line —
 * record, then act. No flag skips the question; a blocker that changed while it was on screen
 * is refused.
 */
export async function runDecide(ctx: Context, options: DecideOptions): Promise<DecideReport> {
  if (options.approvePlan !== undefined) return approvePlan(ctx, options, options.approvePlan);
  const id = (options.blocker ?? '').trim();
  if (id === '')
    return report('blocker-unknown', {
      problem: 'name the blocker: decide BLOCKER-ID (gates prints the command)',
    });
  const choice = choose(options);
  if (typeof choice === 'string') return report(choice, { blocker: id });
  const prompt = personPrompt(ctx);
  if (options.json === true || prompt === null) return report('stdin-not-tty', { blocker: id });
  const repo = await openRepository(ctx, { root: options.root, config: 'roadmaps' });
  const found = findBlocker(repo, id, options.roadmap);
  if (typeof found === 'string') return report(found, { blocker: id });
  const { roadmap, blocker } = found;
  const base = { blocker: id, roadmap: roadmap.file };
  if (isResolved(blocker)) return report('already-resolved', base);
  let option: number | null = null;
  let answer = choice.answer ?? '';
  if (choice.option !== null) {
    const n = /^\d{1,4}$/.test(choice.option) ? Number(choice.option) : 0;
    const picked = blocker.options[n - 1];
    if (picked === undefined || picked.text === '') {
      const count = blocker.options.length;
      const problem =
        count === 0
          ? `blocker '${id}' lists no options; answer with --answer TEXT`
          : `--option takes a number from 1 to ${count}`;
      return report('option-unknown', { ...base, problem });
    }
    option = n;
    answer = picked.text;
    if (BAD_ANSWER.test(answer)) return report('answer-invalid', base);
  }
  const who = await decider(ctx, repo.root, options, prompt);
  if (who === 'answer-mismatch' || who === 'decider-required') return report(who, base);
  const { trust } = await loadSignerTrust(repo);
  const signing = await prepareSigning(ctx, repo, trust, who, options.key);
  if ('refusal' in signing)
    return report(signing.refusal === 'signer-unknown' ? 'signer-unknown' : 'signature-required', {
      ...base,
      decidedBy: who,
      problem: signing.message,
    });
  const shownSha = sha256Text(blockerEntrySource(found.text, blocker));
  const status = resolvedStatus(utcDate(ctx.clock()), answer);
  const entry = {
    roadmap: roadmap.rel,
    file: roadmap.file,
    openSteps: roadmapCounts(roadmap).open,
    needsYou: needsUser(blocker.owner),
    blocker,
  };
  const question = decideQuestion(entry, { option, answer }, status.slice('- **Status:** '.length), who);
  const fields = { ...base, option, answer, decidedBy: who, hidden: question.hidden };
  // Ctrl-C or Ctrl-D at the question rejects the prompt: that is a "no", not a crash.
  const typed = await prompt(question.text).catch(() => null);
  if (typed === null || typed.trim() !== blocker.id) return report('answer-mismatch', fields);
  // Read again after the person answered: what they answered must be what is on disk now.
  const now = readRoadmap(repo, roadmap.rel);
  const again = now === null ? [] : structuredBlockers(now.roadmap, id);
  if (now === null || again.length !== 1 || isResolved(again[0]!))
    return report('changed-while-asked', fields);
  if (sha256Text(blockerEntrySource(now.text, again[0]!)) !== shownSha)
    return report('changed-while-asked', fields);
  // Record, then act: the status line changes only once the ledger holds the decision.
  const date = utcDate(ctx.clock());
  const written = resolvedStatus(date, answer);
  try {
    await recordDecision(
      ctx,
      repo,
      {
        event: 'decision.resolved',
        actor: who,
        // The evidence schema's members (docs/evidence.md): the chosen option's text, or the
        // answer in words — exactly one — and the decider, the record's actor.
        payload: {
          roadmap: roadmap.file,
          blocker: blocker.id,
          entrySha256: shownSha,
          ...(option === null ? { answer } : { option: answer }),
          decider: who,
        },
      },
      signing.sign,
    );
  } catch (error) {
    if (error instanceof AgentConfigError)
      return report('unrecorded', { ...fields, problem: error.oneLine() });
    throw error;
  }
  writeRoadmapText(repo.root, roadmap.file, rewriteStatus(now.text, again[0]!, written));
  return report('decided', { ...fields, status: written });
}

/** `decide --approve-plan ROADMAP`: a person approves a plan's phases and steps as they are. */
async function approvePlan(ctx: Context, options: DecideOptions, path: string): Promise<DecideReport> {
  if (options.option !== undefined || options.answer !== undefined || options.blocker !== undefined)
    return report('choice-required');
  const prompt = personPrompt(ctx);
  if (options.json === true || prompt === null) return report('stdin-not-tty');
  const repo = await openRepository(ctx, { root: options.root, config: 'roadmaps' });
  const { rel } = locateRoadmap(repo.root, repo.config.roadmaps, path);
  const read = readRoadmap(repo, rel);
  if (read === null) return report('changed-while-asked');
  const { roadmap } = read;
  const base = { roadmap: roadmap.file };
  if (!needsApproval(roadmap)) return report('approval-not-required', base);
  const sha = planSha256(roadmap);
  const { trust } = await loadSignerTrust(repo);
  const latest = repo.config.evidence.ledger
    ? latestApproval(readDecisionLedger(repo.root, trust, ctx.clock()), roadmap.file)
    : undefined;
  if (latest?.planSha256 === sha)
    return report('already-approved', { ...base, planSha256: sha, decidedBy: latest.actor });
  const who = await decider(ctx, repo.root, options, prompt);
  if (who === 'answer-mismatch' || who === 'decider-required') return report(who, base);
  const signing = await prepareSigning(ctx, repo, trust, who, options.key);
  if ('refusal' in signing)
    return report(signing.refusal === 'signer-unknown' ? 'signer-unknown' : 'signature-required', {
      ...base,
      decidedBy: who,
      problem: signing.message,
    });
  const stem = roadmapStem(roadmap.rel);
  const question = approvePlanQuestion(roadmap.file, stem, roadmap.phases, who);
  const fields = { ...base, planSha256: sha, decidedBy: who, hidden: question.hidden };
  const typed = await prompt(question.text).catch(() => null);
  if (typed === null || typed.trim() !== stem) return report('answer-mismatch', fields);
  const now = readRoadmap(repo, rel);
  if (now === null || planSha256(now.roadmap) !== sha) return report('changed-while-asked', fields);
  try {
    await recordDecision(
      ctx,
      repo,
      {
        event: 'plan.approved',
        actor: who,
        payload: { roadmap: roadmap.file, planSha256: sha },
      },
      signing.sign,
    );
  } catch (error) {
    if (error instanceof AgentConfigError)
      return report('unrecorded', { ...fields, problem: error.oneLine() });
    throw error;
  }
  return report('plan-approved', fields);
}

/** The `--json` document of `decide` (only refusals print one: a decision is never made by a program). */
export function decideDocument(r: DecideReport) {
  return {
    verb: r.verb,
    outcome: r.outcome,
    exit: r.exit,
    blocker: r.blocker,
    roadmap: r.roadmap,
    option: r.option,
    answer: r.answer,
    status: r.status,
    planSha256: r.planSha256,
    decidedBy: r.decidedBy,
    problem: r.problem,
  };
}
