import type { Command, ParsedScript, Redirection, SyntaxNode, Word } from 'unbash';
import { forEachChild, parse } from './shell-parser.js';

/** The program a redirection is read as: `> f` writes `f` whatever the command (see `collect`). */
export const REDIRECT_PROGRAM = '>';

/** One simple command found anywhere in a command line, with its words dequoted. */
export interface SimpleCommand {
  /** The program and its arguments as the shell would pass them (quotes removed). */
  words: string[];
  /** The program word holds an expansion (`$GIT`, `$(which git)`): its name is unknown. */
  opaqueProgram: boolean;
  /** Text that may reach its stdin: earlier commands of its pipeline, here-documents, here-strings. */
  input: string;
}

/** What parsing found: every simple command, and whether the parser met a syntax error. */
export interface ShellReading {
  commands: SimpleCommand[];
  errors: boolean;
}

const EXPANSIONS = new Set([
  'SimpleExpansion',
  'ParameterExpansion',
  'CommandExpansion',
  'ArithmeticExpansion',
  'ProcessSubstitution',
]);

function isOpaque(word: Word): boolean {
  return (word.parts ?? []).some(
    (p) =>
      EXPANSIONS.has(p.type) || (p.type === 'DoubleQuoted' && p.parts.some((c) => EXPANSIONS.has(c.type))),
  );
}

/** Every word value and here-document text below a node: what a pipeline stage can print. */
function textBelow(node: SyntaxNode, into: string[]): void {
  if (node.type === 'Word') into.push(node.value);
  else if (node.type === 'HereDocBody') into.push(node.text);
  forEachChild(node, (child) => textBelow(child, into));
}

function ownInput(command: Command): string[] {
  const parts: string[] = [];
  for (const r of command.redirects) {
    if (r.type === 'HereDoc') parts.push(r.body.text);
    else if (r.type === 'HereString' && r.target !== undefined) parts.push(r.target.value);
  }
  return parts;
}

/** The files a node's redirections open for writing (`>`, `>>`, `>|`, `&>`, `<>`, `>&file`). */
function writtenFiles(redirects: readonly Redirection[]): string[] {
  return redirects.flatMap((r) =>
    r.type === 'Redirect' &&
    r.target !== undefined &&
    r.operator !== '<' &&
    r.operator !== '<&' &&
    !(r.operator === '>&' && /^(\d+|-)$/.test(r.target.value))
      ? [r.target.value]
      : [],
  );
}

function collect(node: SyntaxNode, piped: string, out: ShellReading): void {
  if (node.type === 'Script' && (node as ParsedScript).errors?.length) out.errors = true;
  if (
    (node.type === 'CommandExpansion' || node.type === 'ProcessSubstitution') &&
    node.script === undefined
  ) {
    out.errors = true;
  }
  if (node.type === 'Pipeline') {
    const before: string[] = [];
    for (const stage of node.commands) {
      collect(stage, [piped, ...before].join('\n'), out);
      textBelow(stage, before);
    }
    return;
  }
  if (node.type === 'Command' && node.name !== undefined) {
    const words = [node.name.value];
    for (const arg of node.args) words.push(arg.type === 'Word' ? arg.value : arg.text);
    out.commands.push({
      words,
      opaqueProgram: isOpaque(node.name),
      input: [piped, ...ownInput(node)].filter((t) => t !== '').join('\n'),
    });
  }
  if (node.type === 'Command' || node.type === 'Redirected') {
    // A redirection writes its file whatever the command is, or with none (`> f`): read as
    // its own command, `>` with the files as operands, for the rules on writes.
    const files = writtenFiles(node.redirects);
    if (files.length > 0)
      out.commands.push({ words: [REDIRECT_PROGRAM, ...files], opaqueProgram: false, input: '' });
  }
  // Nested scripts ($(…), backticks, subshells, bodies) start without the outer pipe's text,
  // except the direct stages of a compound command inside a pipeline.
  const inherits =
    node.type === 'Subshell' ||
    node.type === 'BraceGroup' ||
    node.type === 'CompoundList' ||
    node.type === 'Statement' ||
    node.type === 'Redirected';
  forEachChild(node, (child) => collect(child, inherits ? piped : '', out));
}

/**
 * Reads a command line into its simple commands, through `&&`, `||`, `;`, newlines, pipes,
 * subshells, groups, control flow, `$(…)`, backticks and process substitution. A syntax
 * error still yields what could be read, with `errors` set.
 */
export function readShell(source: string): ShellReading {
  let script: ParsedScript;
  try {
    script = parse(source);
  } catch {
    return { commands: [], errors: true };
  }
  const reading: ShellReading = { commands: [], errors: false };
  collect(script, '', reading);
  return reading;
}
