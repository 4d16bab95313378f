import type { Context, Prompt } from '../../core/context.js';

/**
 * The question a person-only verb asks at the terminal, or null when nobody can answer there
 * (stdin is not a terminal). The verbs that only a person may run ask through this one function.
 */
export function personPrompt(ctx: Context): Prompt | null {
  return ctx.io.stdinIsTTY && ctx.prompt !== undefined ? ctx.prompt : null;
}
