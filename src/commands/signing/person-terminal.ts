import type { Context, Prompt } from '../../core/context.js';

/**
 * The question a person-only verb (`confirm`, `window open`, `signers add|remove`) asks at the
 * terminal, or null when nobody can answer there. The entry that builds the Context — cli/main.ts
 * for the binary, src/index.ts for the library — sets `prompt` and `io.stdinIsTTY` from the
 * operating system's controlling terminal (repo/controlling-terminal.ts), replacing whatever a
 * library caller passed; only in-process tests reach below it with a scripted terminal.
 */
export function personPrompt(ctx: Context): Prompt | null {
  return ctx.io.stdinIsTTY && ctx.prompt !== undefined ? ctx.prompt : null;
}
