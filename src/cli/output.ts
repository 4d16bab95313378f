import type { Context } from '../core/context.js';
import type { Diagnostic } from '../core/diagnostics.js';
import { documentText } from '../core/document.js';
import { sanitize } from '../core/text/sanitize.js';

/** Writes one line to stdout (results only). */
export function out(ctx: Context, line = ''): void {
  ctx.io.stdout.write(`${line}\n`);
}

/** Writes one line to stderr (warnings and errors). */
export function err(ctx: Context, line = ''): void {
  ctx.io.stderr.write(`${line}\n`);
}

/** Prints a verb's `--json` document (`compact`: on one line, where upstream printed it so). */
export function printDocument(ctx: Context, document: object, compact = false): void {
  ctx.io.stdout.write(documentText(document, compact));
}

/** Writes lines to stderr in one write (a list of 200 roadmaps is one system call, not 200). */
export function errLines(ctx: Context, lines: readonly string[]): void {
  if (lines.length > 0) ctx.io.stderr.write(`${lines.join('\n')}\n`);
}

/** Prints warnings about files on stderr, sanitized: `path:line:col  warning  message  code`. */
export function printDiagnostics(ctx: Context, diagnostics: readonly Diagnostic[]): void {
  errLines(
    ctx,
    diagnostics.map((d) =>
      sanitize(`${d.file}:${d.line}:${d.column}  ${d.severity}  ${d.message}  ${d.code}`),
    ),
  );
}
