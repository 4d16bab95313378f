import { homedir } from 'node:os';
import type { Context } from '../../core/context.js';
import { HOOK_DEADLINE_MS, HOOK_TIMEOUT_S, HOOK_WATCHDOG_MS } from '../../guard/deadline.js';
import type { Harness } from '../../guard/harness.js';
import { readAnchoredConfig } from '../../repo/anchored-config.js';
import { openRepository } from '../../repo/open-repository.js';
import { locateRecord } from '../../staging/store.js';
import { installedTimeoutMs } from '../hooks/harness-files.js';
import type { HookReport } from './hook-report.js';

/**
 * Waiting instead of deny-and-retry (docs/notify.md, "Waiting for a person"): a call the hook
 * has just staged is held while the announcement goes out; a person who confirms in time has
 * it allowed at once, through the same decision as a retried call (the claim, exactly once,
 * recorded); otherwise it is denied as without a wait, with the same token.
 */

/** What the hook keeps, after the wait, to claim and answer before its deadline. */
export const WAIT_ROOM_MS = 2_000;
const POLL_MS = 200;

/**
 * When the wait must end (epoch ms): the requested wait from now, cut so that the hook answers
 * before its deadline — HOOK_DEADLINE_MS after it started, moved on by the part of the harness
 * timeout beyond HOOK_TIMEOUT_S (what the installer added for the wait) — with room to claim.
 */
export function waitEnd(startedMs: number, nowMs: number, requestedMs: number, timeoutS: number): number {
  const deadline = startedMs + HOOK_DEADLINE_MS + Math.max(0, timeoutS - HOOK_TIMEOUT_S) * 1000;
  return Math.min(nowMs + requestedMs, deadline - WAIT_ROOM_MS);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Holds a just-staged call for a person; `decideAgain` is the hook's whole decision, run once
 * they answer, to be answered by the instant (epoch ms) it is given. `known`: the root and
 * `guard.wait` the decision that staged it read from the rules in force (else read here).
 */
export async function waitForPerson(
  ctx: Context,
  harness: Harness,
  staged: HookReport,
  startedMs: number,
  requestedMs: number | undefined,
  known: { root: string; waitMs: number | undefined } | undefined,
  decideAgain: (answerBy: number) => Promise<HookReport>,
): Promise<HookReport> {
  if (staged.outcome !== 'staged' || staged.token === null) return staged;
  let root: string;
  let wait: number;
  if (known !== undefined) {
    // The decision just read the rules in force: a second read would start git again for them.
    root = known.root;
    wait = requestedMs ?? known.waitMs ?? 0;
  } else {
    try {
      const repo = await openRepository(ctx, { find: 'project-dir', harness });
      root = repo.root;
      wait = requestedMs ?? (await readAnchoredConfig(root, repo.git)).config.guard.waitMs ?? 0;
    } catch {
      return staged;
    }
  }
  if (!(wait > 0)) return staged;
  // The timeout the harness's settings give the hook (Claude Code, Codex: seconds; Gemini CLI: ms).
  const timeoutMs = installedTimeoutMs(root, harness, ctx.env.HOME ?? homedir());
  const end = waitEnd(startedMs, ctx.clock().getTime(), wait, timeoutMs / 1000);
  if (end <= ctx.clock().getTime()) return staged;
  ctx.holdWatchdog?.(end - ctx.clock().getTime() + WAIT_ROOM_MS + (HOOK_WATCHDOG_MS - HOOK_DEADLINE_MS));
  const token = staged.token;
  // Bounded by the polls too, so a clock that does not move (a test's) cannot hold it forever.
  for (
    let polls = Math.ceil((end - ctx.clock().getTime()) / POLL_MS) + 1;
    polls > 0 && ctx.clock().getTime() < end;
    polls--
  ) {
    await sleep(Math.max(1, Math.min(POLL_MS, end - ctx.clock().getTime())));
    const found = locateRecord(root, token);
    // A person answered (confirmed, or declined): the call is decided as a retried call would be.
    // It must answer by the end of the room kept after the wait (by `ctx.clock`).
    if (found !== null && found.folder !== 'pending') return decideAgain(end + WAIT_ROOM_MS);
  }
  return staged;
}
