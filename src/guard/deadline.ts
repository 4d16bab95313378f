/**
 * The agent hook's time budget (docs/guard.md, "An answer in time"). A harness runs the call
 * when its hook outlives the timeout in its settings, so the hook answers well inside it, and
 * whatever is still pending then — a lock, a slow disk, git — ends in a deny.
 */

/** The timeout, in seconds (Claude Code's unit), that `hooks install` writes for the hook. */
export const HOOK_TIMEOUT_S = 30;

/** The hook answers within this many milliseconds of starting to decide: a deny if it must. */
export const HOOK_DEADLINE_MS = 5_000;

/**
 * When the decision has not answered by then (a read that blocks the thread that decides),
 * the watchdog beside it ends the process, counted from the start of the full decision.
 */
export const HOOK_WATCHDOG_MS = 8_000;

/** How long the hook waits for a ledger lock a live process on this machine holds. */
export const HOOK_LOCK_WAIT_MS = 2_000;
