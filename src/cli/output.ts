import type { Context } from '../core/context.js';
import type { Diagnostic } from '../core/diagnostics.js';
import { sanitize } from '../render/sanitize.js';

/** Writes one line to stdout (results only). */
export function out(ctx: Context, line = ''): void {
  ctx.io.stdout.write(`${line}\n`);
}

/** Writes one line to stderr (warnings and errors). */
export function err(ctx: Context, line = ''): void {
  ctx.io.stderr.write(`${line}\n`);
}

/** Prints warnings about files on stderr, sanitized: `path:line:col  warning  message  code`. */
export function printDiagnostics(ctx: Context, diagnostics: readonly Diagnostic[]): void {
  for (const d of diagnostics) {
    err(ctx, sanitize(`${d.file}:${d.line}:${d.column}  ${d.severity}  ${d.message}  ${d.code}`));
  }
}
