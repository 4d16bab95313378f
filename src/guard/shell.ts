import type {
  AndOr,
  Assignment,
  Command,
  CommandExpansionPart,
  ParsedScript,
  Pipeline,
  Redirection,
  Statement,
  SyntaxNode,
  Word,
} from 'unbash';
import { effectsOf } from './effects.js';
import { normalize } from './paths.js';
import { printedBy } from './printed.js';
import {
  concat,
  emptyScope,
  type Field,
  resolveBody,
  resolveText,
  resolveWord,
  type Scope,
  type Stdin,
} from './resolve.js';
import { assign, union } from './scope.js';
import { forEachChild, parse } from './shell-parser.js';

export type { Stdin } from './resolve.js';

export const NO_INPUT: Stdin = { texts: [''], loose: '' };

/**
 * The program a redirection is read as: `> f` writes `f` whatever the command, or with none. Each
 * command, compound command or bare redirection that writes files is followed by a command of
 * this program with the files as its words, for the rules on writes (the guard's own files).
 */
export const REDIRECT_PROGRAM = '>';

/** Whether a redirection opens its file for writing (`>`, `>>`, `>|`, `&>`, `&>>`, `<>`, `>&file`). */
function writesFile(r: Redirection): r is Redirection & { type: 'Redirect'; target: Word } {
  return (
    r.type === 'Redirect' &&
    r.target !== undefined &&
    r.operator !== '<' &&
    r.operator !== '<&' &&
    !(r.operator === '>&' && /^(\d+|-)$/.test(r.target.value))
  );
}

/** How a file is named in `files`: `./x.sh` and `x.sh` are one file. */
export function fileKey(path: string): string {
  return normalize(path);
}

/** The content of a file the line wrote or a `<(…)`, as script runs; null for a file it cannot see. */
export function fileContent(path: string, files: ReadonlyMap<string, Stdin>): Stdin | undefined {
  return files.get(fileKey(path));
}

/** One simple command found anywhere in a command line, with its words as the shell passes them. */
export interface SimpleCommand {
  /** Its words (program first), for each reading the text allows. */
  readings: Field[][];
  /** Variables assigned in front of it (`GIT_CONFIG_COUNT=1 git …`); null: unknown value. */
  assigned: ReadonlyMap<string, string | null>;
  stdin: Stdin;
  /** Its redirections, with the target's text when the text fixes it. */
  redirects: readonly { operator: string; target: string | null }[];
  /** The shell's state when it runs: variables, exports and folder. */
  scope: Scope;
}

/** What reading found: every simple command, the contents of `<(…)` files, and syntax errors. */
export interface ShellReading {
  commands: SimpleCommand[];
  /** Contents of process substitutions (by the `/dev/fd/…` path that stands for them) and of files written earlier in the line. */
  files: Map<string, Stdin>;
  errors: boolean;
}

/** Every word and here-document text below a node: what a pipeline stage can print. */
function textBelow(node: SyntaxNode, into: string[]): void {
  if (node.type === 'Word') into.push(node.value);
  else if (node.type === 'HereDocBody') into.push(node.text);
  forEachChild(node, (child) => textBelow(child, into));
}

class Walker {
  readonly commands: SimpleCommand[] = [];
  errors = false;

  constructor(readonly files: Map<string, Stdin>) {}

  private readonly expander = {
    output: (part: CommandExpansionPart, scope: Scope) =>
      part.script === undefined ? null : (this.outputOf(part.script.commands, scope, NO_INPUT)?.[0] ?? null),
    processFile: (part: { script: ParsedScript | undefined }, scope: Scope) => {
      const path = `/dev/fd/${63 - this.files.size}`;
      const out = part.script === undefined ? null : this.outputOf(part.script.commands, scope, NO_INPUT);
      const loose: string[] = [];
      if (part.script !== undefined) textBelow(part.script, loose);
      this.files.set(path, { texts: out, loose: loose.join('\n') });
      return path;
    },
  };

  /** What a list of statements prints, when every one of them only prints literals. */
  private outputOf(statements: readonly Statement[], scope: Scope, stdin: Stdin): string[] | null {
    let out = [''];
    for (const s of statements) {
      const printed = this.stageOutput(s.command, scope, stdin);
      if (printed === null) return null;
      out = concat(
        out.map((o) => [o]),
        printed.map((p) => [p]),
      ).map((pair) => pair.join(''));
    }
    return out;
  }

  private stageOutput(node: SyntaxNode, scope: Scope, stdin: Stdin): string[] | null {
    if (node.type === 'Pipeline') {
      let input: Stdin = stdin;
      for (const stage of (node as Pipeline).commands) {
        const out = this.stageOutput(stage, scope, input);
        input = { texts: out, loose: '' };
      }
      return input.texts === null ? null : [...input.texts];
    }
    if (node.type !== 'Command') return null;
    const command = node as Command;
    if (command.name === undefined) return [''];
    const words = this.readings(command, scope);
    if (words.length !== 1 || words[0]!.some((f) => f.value === null || f.glob)) return null;
    const own = this.ownInput(command, scope, stdin);
    return printedBy(
      words[0]!.map((f) => f.value!),
      own.texts,
    );
  }

  private readings(command: Command, scope: Scope): Field[][] {
    let readings: Field[][] = [[]];
    for (const word of [command.name!, ...command.args]) {
      readings = concat(readings, this.fieldsOfArg(word, scope));
    }
    return readings;
  }

  private fieldsOfArg(arg: Word | Assignment, scope: Scope): Field[][] {
    if (arg.type === 'Word') return resolveWord(arg, scope, this.expander);
    const values = arg.value.type === 'Word' ? resolveText(arg.value, scope, this.expander) : [null];
    return values.map((v) => {
      const value = v === null ? null : `${arg.name}=${v}`;
      return [{ value, glob: false, multi: false, text: value ?? arg.text }];
    });
  }

  /** A command's stdin: its own here-document, here-string or `<` file, else what is piped in. */
  private ownInput(command: { redirects: readonly Redirection[] }, scope: Scope, piped: Stdin): Stdin {
    let input = piped;
    for (const r of command.redirects) {
      if (r.type === 'HereDoc') {
        const texts =
          r.delimiter?.quoted === true || r.body.parts === undefined
            ? [r.body.text]
            : resolveBody(r.body.parts, scope, this.expander);
        input = { texts, loose: r.body.text };
      } else if (r.type === 'HereString' && r.target !== undefined) {
        const fields = resolveWord(r.target, scope, this.expander);
        input = {
          texts: fields.map((f) => `${f.map((x) => x.text).join(' ')}\n`),
          loose: r.target.value,
        };
      } else if (r.type === 'Redirect' && r.operator === '<' && r.descriptor === undefined) {
        const target =
          r.target === undefined ? null : (resolveText(r.target, scope, this.expander)[0] ?? null);
        input = (target !== null ? this.files.get(target) : undefined) ?? {
          texts: null,
          loose: r.target?.value ?? '',
        };
      }
    }
    return input;
  }

  /** Scripts nested in a node's own words (`$(…)`, backticks, `<(…)`), each read on its own. */
  private nested(node: SyntaxNode, scope: Scope): void {
    const visit = (n: SyntaxNode): void => {
      if (
        n.type === 'CommandExpansion' ||
        n.type === 'ProcessSubstitution' ||
        n.type === 'ArithmeticCommandExpansion'
      ) {
        if (n.script === undefined) this.errors = true;
        else this.statements(n.script.commands, scope, NO_INPUT);
        return;
      }
      if (n.type === 'Statement' || n.type === 'CompoundList' || n.type === 'Script') return;
      forEachChild(n, visit);
    };
    forEachChild(node, visit);
  }

  /** The files a node's redirections write, as a command of `REDIRECT_PROGRAM` (see there). */
  private redirected(redirects: readonly Redirection[], scope: Scope): void {
    const written = redirects.filter(writesFile);
    if (written.length === 0) return;
    let readings: Field[][] = [
      [{ value: REDIRECT_PROGRAM, glob: false, multi: false, text: REDIRECT_PROGRAM }],
    ];
    for (const r of written) readings = concat(readings, resolveWord(r.target, scope, this.expander));
    this.commands.push({ readings, assigned: new Map(), stdin: NO_INPUT, redirects: [], scope });
  }

  statements(list: readonly Statement[], scope: Scope, stdin: Stdin): Scope {
    let s = scope;
    for (const statement of list) {
      const after = this.node(statement.command, s, stdin);
      if (statement.background !== true) s = after;
    }
    return s;
  }

  private andOr(node: AndOr, scope: Scope, stdin: Stdin): Scope {
    // Each element may be the last to run: the state after the chain is any of theirs.
    const exits: Scope[] = [];
    let s = scope;
    for (const element of node.commands) {
      s = this.node(element, s, stdin);
      exits.push(s);
    }
    return union(exits);
  }

  private pipeline(node: Pipeline, scope: Scope, stdin: Stdin): Scope {
    let input = stdin;
    for (const stage of node.commands) {
      this.node(stage, scope, input);
      const out = this.stageOutput(stage, scope, input);
      const words: string[] = [];
      textBelow(stage, words);
      input = { texts: out, loose: [input.loose, ...(out ?? words)].filter((t) => t !== '').join('\n') };
    }
    return scope;
  }

  private assignment(p: Assignment, scope: Scope, exported: boolean): Scope {
    if (p.value.type === 'Word')
      return assign(scope, p.name, resolveText(p.value, scope, this.expander), exported);
    // An array: each element, `${a[@]}` (every element, each a word) and `$a` (the first).
    const elements: (string | null)[] = [];
    for (const w of p.value.elements) {
      const fields = resolveWord(w, scope, this.expander)[0] ?? [];
      for (const f of fields) elements.push(f.value);
    }
    let s = scope;
    elements.slice(0, 32).forEach((v, k) => {
      s = assign(s, `${p.name}[${k}]`, [v]);
    });
    const all = elements.includes(null) ? null : elements.join(' ');
    s = assign(s, `${p.name}[@]`, [all]);
    s = assign(s, `${p.name}[*]`, [all]);
    return assign(s, p.name, [elements[0] ?? ''], exported);
  }

  private command(node: Command, scope: Scope, stdin: Stdin): Scope {
    this.nested(node, scope);
    if (node.name === undefined) {
      this.redirected(node.redirects, scope);
      let s = scope;
      for (const p of node.prefix)
        if (p.type === 'Assignment') s = this.assignment(p, s, s.exported.has(p.name));
      return s;
    }
    const readings = this.readings(node, scope);
    const assigned = new Map<string, string | null>();
    for (const p of node.prefix) {
      if (p.type !== 'Assignment') continue;
      const values = p.value.type === 'Word' ? resolveText(p.value, scope, this.expander) : [null];
      assigned.set(p.name, values.length === 1 ? values[0]! : null);
    }
    const redirects = node.redirects
      .filter((r) => r.type === 'Redirect')
      .map((r) => ({
        operator: r.operator,
        target: r.target === undefined ? null : (resolveText(r.target, scope, this.expander)[0] ?? null),
      }));
    const input = this.ownInput(node, scope, stdin);
    this.commands.push({ readings, assigned, stdin: input, redirects, scope });
    this.redirected(node.redirects, scope);
    this.writes(node, readings, redirects, scope, input);
    return effectsOf(readings, node, scope, input, (p, at, exported) => this.assignment(p, at, exported));
  }

  /** Files the command writes with a content the line fixes (`echo 'git push -f' > x.sh`), for a later `bash x.sh`. */
  private writes(
    node: Command,
    readings: Field[][],
    redirects: SimpleCommand['redirects'],
    scope: Scope,
    input: Stdin,
  ): void {
    const targets = redirects.filter((r) => /^(>|>>|>\||&>|&>>)$/.test(r.operator) && r.target !== null);
    const words = readings[0] ?? [];
    const tee =
      words[0]?.value === 'tee'
        ? words.slice(1).filter((w) => w.value !== null && !w.value.startsWith('-'))
        : [];
    if (targets.length === 0 && tee.length === 0) return;
    const out = tee.length > 0 ? input.texts : this.stageOutput(node, scope, input);
    const loose: string[] = [];
    textBelow(node, loose);
    const content: Stdin = {
      texts: out === null ? null : [...out],
      loose: [input.loose, ...loose].join('\n'),
    };
    for (const path of [...targets.map((t) => t.target!), ...tee.map((w) => w.value!)]) {
      const key = fileKey(path);
      const before = this.files.get(key);
      const append = targets.find((t) => t.target === path)?.operator.endsWith('>>') === true;
      this.files.set(
        key,
        append && before !== undefined
          ? {
              texts:
                before.texts === null || content.texts === null
                  ? null
                  : concat(
                      before.texts.map((t) => [t]),
                      content.texts.map((t) => [t]),
                    ).map((p) => p.join('')),
              loose: `${before.loose}\n${content.loose}`,
            }
          : content,
      );
    }
  }

  private loop(
    name: Word | undefined,
    words: readonly Word[] | undefined,
    body: readonly Statement[],
    scope: Scope,
    stdin: Stdin,
  ): Scope {
    let s = scope;
    if (name !== undefined) {
      const values: (string | null)[] = [];
      if (words === undefined) values.push(null);
      else
        for (const w of words)
          for (const r of resolveWord(w, scope, this.expander)) for (const f of r) values.push(f.value);
      s = assign(s, name.value, [...new Set(values)].slice(0, 8));
    }
    return union([scope, this.statements(body, s, stdin)]);
  }

  node(node: SyntaxNode, scope: Scope, stdin: Stdin): Scope {
    switch (node.type) {
      case 'Command':
        return this.command(node, scope, stdin);
      case 'AndOr':
        return this.andOr(node, scope, stdin);
      case 'Pipeline':
        return this.pipeline(node, scope, stdin);
      case 'Subshell':
        this.statements(node.body.commands, scope, stdin);
        return scope;
      case 'BraceGroup':
        return this.statements(node.body.commands, scope, stdin);
      case 'Redirected': {
        this.nested(node, scope);
        const after = this.node(node.command, scope, this.ownInput(node, scope, stdin));
        this.redirected(node.redirects, scope);
        return after;
      }
      case 'If': {
        const s = this.statements(node.clause.commands, scope, stdin);
        const ends = [this.statements(node.then.commands, s, stdin)];
        for (const e of node.elif)
          ends.push(this.statements(e.then.commands, this.statements(e.clause.commands, s, stdin), stdin));
        ends.push(node.else === undefined ? s : this.statements(node.else.commands, s, stdin));
        return union(ends);
      }
      case 'While':
        return union([
          scope,
          this.statements(node.body.commands, this.statements(node.clause.commands, scope, stdin), stdin),
        ]);
      case 'For':
      case 'Select':
        this.nested(node, scope);
        return this.loop(node.name, node.wordlist, node.body.commands, scope, stdin);
      case 'ArithmeticFor':
        this.nested(node, scope);
        return this.loop(undefined, undefined, node.body.commands, scope, stdin);
      case 'Case':
        this.nested(node, scope);
        return union([scope, ...node.items.map((i) => this.statements(i.body.commands, scope, stdin))]);
      case 'Function':
      case 'Coproc':
        if (node.body.type === 'CompoundList') this.statements(node.body.commands, scope, stdin);
        else this.node(node.body, scope, stdin);
        return scope;
      case 'TestCommand':
      case 'ArithmeticCommand':
        this.nested(node, scope);
        return scope;
      default:
        forEachChild(node, (child) => {
          this.node(child, scope, stdin);
        });
        return scope;
    }
  }
}

/**
 * Reads a command line into its simple commands, through `&&`, `||`, `;`, newlines, pipes,
 * subshells, groups, control flow, `$(…)`, backticks and process substitution, with the words
 * the shell would pass: variables assigned earlier in the line, brace expansion and `$(…)` of
 * commands that only print literals are resolved; what reaches each command's stdin is kept.
 * A syntax error still yields what could be read, with `errors` set.
 */
export function readShell(
  source: string,
  scope: Scope = emptyScope(),
  stdin: Stdin = NO_INPUT,
  files: Map<string, Stdin> = new Map(),
): ShellReading {
  let script: ParsedScript;
  try {
    script = parse(source);
  } catch {
    return { commands: [], files, errors: true };
  }
  const walker = new Walker(files);
  if (script.errors?.length) walker.errors = true;
  walker.statements(script.commands, scope, stdin);
  return { commands: walker.commands, files: walker.files, errors: walker.errors };
}
