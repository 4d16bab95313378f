import type {
  CommandExpansionPart,
  DoubleQuotedChild,
  ParameterExpansionPart,
  ProcessSubstitutionPart,
  Word,
  WordPart,
} from 'unbash';
import { expandBraces } from './braces.js';
import { parse } from './shell-parser.js';

/** One word as the program receives it, after the shell's expansions. */
export interface Field {
  /** The word's value; null when the text cannot fix it (an unset variable, `$(curl …)`). */
  value: string | null;
  /** It holds an unquoted glob, which the shell may replace with file names (value: the pattern). */
  glob: boolean;
  /** Unknown and unquoted: it may stand for any number of words, none included. */
  multi: boolean;
  /** The word as a shell reads it again (`sh -c`, `eval`): what cannot be known is kept as written. */
  text: string;
}

/** What a variable may hold at a point of the line: each possible value, null for unknown. */
export type Values = readonly (string | null)[];

/** What may reach a command's standard input. */
export interface Stdin {
  /** The exact texts it may be (one per reading); null when the text cannot fix it. */
  texts: readonly string[] | null;
  /** Every word that may reach it, for a loose look (`DROP TABLE` fed to psql). */
  loose: string;
}

/** The shell's state as far as the text fixes it. */
export interface Scope {
  /** Variables assigned earlier in the line; one not listed is unknown (it may come from outside). */
  vars: Map<string, Values>;
  /** Variables a child process sees (`export x=…`). */
  exported: Set<string>;
  /** Every folder a command may run in, relative to the call's folder (`cd` in the line); null: unknown. */
  cwd: readonly (string | null)[];
}

export const emptyScope = (): Scope => ({ vars: new Map(), exported: new Set(), cwd: [''] });

/** How nested pieces of a word are read: what a `$(…)` prints, what `<(…)` stands for. */
export interface Expander {
  output(part: CommandExpansionPart, scope: Scope): string | null;
  processFile(part: ProcessSubstitutionPart, scope: Scope): string;
}

type Piece =
  | { kind: 'text'; value: string; quoted: boolean; split: boolean }
  | { kind: 'glob'; value: string }
  | { kind: 'unknown'; text: string; quoted: boolean };

const MAX_ALTERNATIVES = 16;
const DEFAULT_IFS = ' \t\n';

/** The characters the shell splits unquoted expansions on; null when the line sets IFS to an unknown value. */
function ifsOf(scope: Scope): string | null {
  const values = scope.vars.get('IFS');
  if (values === undefined) return DEFAULT_IFS;
  return values.length === 1 ? values[0]! : null;
}

function lookup(name: string, scope: Scope): Values {
  return scope.vars.get(name) ?? [null];
}

/** One value of a word in a parameter operation (`${x:-push}`): its first reading, or null. */
function wordValue(word: Word | undefined, scope: Scope, expander: Expander): string | null {
  if (word === undefined) return '';
  const fields = resolveWord(word, scope, expander)[0] ?? [];
  if (fields.some((f) => f.value === null)) return null;
  return fields.map((f) => f.value).join(' ');
}

/** The variable a parameter expansion reads: `x`, `1`, `@`, or an array element `arr[@]`, `arr[0]`. */
function parameterName(part: ParameterExpansionPart): string | null {
  if (part.index === undefined) return part.parameter;
  const index = part.index.parts?.length ? null : part.index.value;
  return index === null || !/^([0-9]+|@|\*)$/.test(index) ? null : `${part.parameter}[${index}]`;
}

function parameter(part: ParameterExpansionPart, scope: Scope, expander: Expander): Values {
  const name = parameterName(part);
  if (name === null || part.prefix === '!') return [null];
  const values = lookup(name, scope);
  const op = part.operation;
  if (part.prefix === '#')
    return op === undefined ? values.map((v) => (v === null ? null : String(v.length))) : [null];
  if (op === undefined) return values;
  if (op.type !== 'Default') return [null];
  const colon = op.operator.startsWith(':');
  const operand = () => wordValue(op.operand, scope, expander);
  return values.map((v) => {
    if (v === null) return null;
    const empty = v === '' && colon;
    if (op.operator.endsWith('+')) return empty ? '' : operand();
    if (op.operator.endsWith('?')) return v;
    return empty ? operand() : v;
  });
}

function variable(text: string): string | null {
  const name = text.slice(1);
  return /^([A-Za-z_][A-Za-z0-9_]*|[0-9@*#])$/.test(name) ? name : null;
}

/** `"$@"` and `"${arr[@]}"` stay separate words even in double quotes. */
const eachWord = (name: string | null) => name === '@' || name?.endsWith('[@]') === true;

/** The possible piece lists of one part (several when a variable may hold several values). */
function piecesOf(
  part: WordPart | DoubleQuotedChild,
  quoted: boolean,
  scope: Scope,
  expander: Expander,
): Piece[][] {
  const ifs = ifsOf(scope);
  const expansion = (values: Values, text: string, name: string | null = null): Piece[][] =>
    values.map((v) => {
      const split = !quoted || eachWord(name);
      if (v === null || (split && ifs === null))
        return [{ kind: 'unknown', text, quoted: quoted && !eachWord(name) }];
      return [{ kind: 'text', value: v, quoted, split }];
    });
  switch (part.type) {
    case 'Literal':
    case 'SingleQuoted':
    case 'AnsiCQuoted':
      return [[{ kind: 'text', value: part.value, quoted: quoted || part.type !== 'Literal', split: false }]];
    case 'DoubleQuoted':
    case 'LocaleString': {
      let alts: Piece[][] = [[{ kind: 'text', value: '', quoted: true, split: false }]];
      for (const child of part.parts) alts = concat(alts, piecesOf(child, true, scope, expander));
      return alts;
    }
    case 'Glob':
    case 'ExtendedGlob':
      if (quoted) return [[{ kind: 'text', value: part.text, quoted, split: false }]];
      return [[{ kind: 'glob', value: part.type === 'Glob' ? part.text : '*' }]];
    case 'SimpleExpansion': {
      const name = variable(part.text);
      return expansion(name === null ? [null] : lookup(name, scope), part.text, name);
    }
    case 'ParameterExpansion':
      return expansion(parameter(part, scope, expander), part.text, parameterName(part));
    case 'CommandExpansion': {
      const out = expander.output(part, scope);
      return expansion([out === null ? null : out.replace(/\n+$/, '')], part.text);
    }
    case 'ProcessSubstitution':
      return [[{ kind: 'text', value: expander.processFile(part, scope), quoted: true, split: false }]];
    default:
      return [[{ kind: 'unknown', text: part.text, quoted }]];
  }
}

/** Every left reading followed by every right one, at most MAX_ALTERNATIVES of them. */
export function concat<T>(left: readonly T[][], right: readonly T[][]): T[][] {
  const out: T[][] = [];
  for (const l of left) for (const r of right) if (out.length < MAX_ALTERNATIVES) out.push([...l, ...r]);
  return out;
}

/** Fields from pieces: unquoted expansions split on blanks, empty unquoted words dropped. */
function fieldsOf(pieces: readonly Piece[], ifs: string): Field[] {
  const fields: Field[] = [];
  let cur: {
    value: string;
    text: string;
    glob: boolean;
    unknown: boolean;
    multi: boolean;
    kept: boolean;
  } | null = null;
  const start = () => {
    cur ??= { value: '', text: '', glob: false, unknown: false, multi: false, kept: false };
    return cur;
  };
  const finish = () => {
    if (cur !== null && (cur.kept || cur.value !== '' || cur.unknown || cur.glob)) {
      fields.push({
        value: cur.unknown ? null : cur.value,
        glob: cur.glob && !cur.unknown,
        multi: cur.multi,
        text: cur.text,
      });
    }
    cur = null;
  };
  for (const p of pieces) {
    if (p.kind === 'unknown') {
      const f = start();
      f.unknown = true;
      f.multi ||= !p.quoted;
      f.kept ||= p.quoted;
      f.text += p.text;
    } else if (p.kind === 'glob') {
      const f = start();
      f.glob = true;
      f.value += p.value;
      f.text += p.value;
    } else if (!p.split) {
      const f = start();
      f.kept ||= p.quoted;
      f.value += p.value;
      f.text += p.value;
    } else {
      for (const c of p.value) {
        if (ifs.includes(c)) {
          finish();
          continue;
        }
        const f = start();
        if ('*?['.includes(c)) f.glob = true;
        f.value += c;
        f.text += c;
      }
    }
  }
  finish();
  return fields;
}

/** True when a word holds a brace expansion outside quotes (`{push,}`, `x{1..3}`). */
function hasBraces(word: Word): boolean {
  return (word.parts ?? []).some((p) => p.type === 'BraceExpansion');
}

/**
 * The fields a word becomes, for each reading the text allows: brace expansion first, then
 * variables assigned earlier in the line (each value they may hold), `$(…)` of a command that
 * only prints literals, field splitting and glob patterns. Anything else is unknown.
 */
export function resolveWord(word: Word, scope: Scope, expander: Expander, depth = 0): Field[][] {
  if (hasBraces(word) && depth < 4) {
    // Each alternative is a word of its own, in order: `git {push,} -f` is `git push -f`.
    let readings: Field[][] = [[]];
    for (const alternative of expandBraces(word.text)) {
      let script: ReturnType<typeof parse>;
      try {
        script = parse(`: ${alternative}`);
      } catch {
        return [[{ value: null, glob: false, multi: true, text: word.text }]];
      }
      const command = script.commands[0]?.command;
      const words =
        command?.type === 'Command' ? command.args.filter((a): a is Word => a.type === 'Word') : [];
      for (const w of words) readings = concat(readings, resolveWord(w, scope, expander, depth + 1));
    }
    return readings;
  }
  const parts = word.parts ?? [];
  if (parts.length === 0) return [[{ value: word.value, glob: false, multi: false, text: word.value }]];
  let alts: Piece[][] = [[]];
  for (const part of parts) alts = concat(alts, piecesOf(part, false, scope, expander));
  const ifs = ifsOf(scope) ?? DEFAULT_IFS;
  return alts.map((pieces) => fieldsOf(pieces, ifs));
}

/** The texts of a here-document body with expansions: known values in, unknown ones as written. */
export function resolveBody(parts: readonly WordPart[], scope: Scope, expander: Expander): string[] {
  let alts: Piece[][] = [[]];
  for (const part of parts) alts = concat(alts, piecesOf(part, true, scope, expander));
  return alts.map((pieces) => pieces.map((p) => (p.kind === 'unknown' ? p.text : p.value)).join(''));
}

/** A one-line reading of a word for a place that takes text (an assignment's value, a `cd` target). */
export function resolveText(word: Word, scope: Scope, expander: Expander): Values {
  return resolveWord(word, scope, expander).map((fields) =>
    fields.some((f) => f.value === null || f.glob) ? null : fields.map((f) => f.value).join(' '),
  );
}
