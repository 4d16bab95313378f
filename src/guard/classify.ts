import { aliasCandidates, gitScripts, placeKey } from './git-view.js';
import { readInlineCode } from './inline-code.js';
import { launches } from './launchers.js';
import { join } from './paths.js';
import { scanText } from './prefilter.js';
import { type LaunchRun, type Positional, type Run, unwrap } from './prefixes.js';
import { emptyScope, type Field, type Scope } from './resolve.js';
import {
  type CommandWords,
  type GitAliasLookup,
  type GitPlace,
  type GuardRule,
  type RuleMatch,
  UNREADABLE_ACTION,
} from './rule-types.js';
import { positional } from './scope.js';
import { NO_INPUT, readShell, type SimpleCommand, type Stdin } from './shell.js';
import { ANY_WORD, globWord, NO_WORD, programName } from './words.js';

/**
 * A question for the repository: the command removes (or overwrites) these paths; it is
 * guarded as `action` when one of them holds tracked files, is the repository's root or above
 * it, or is the home folder. `cwd` is the folder it runs in, relative to the call's folder
 * (or absolute, or `~/…`); paths are as the command names them (`~` unexpanded, globs kept).
 */
export interface PathCheck {
  action: string;
  cwd: string;
  paths: string[];
}

/** What the guard makes of one command line. */
export interface Classification {
  /** The guarded actions it would perform, each once, in rule order; empty: not guarded. */
  actions: string[];
  /** The actions no gate window may let through. */
  never: string[];
  /** The parser met a syntax error or a nesting too deep to follow. */
  unreadable: boolean;
  /** Questions only the repository answers (`rm -r build`): each adds its action when it holds. */
  checks: PathCheck[];
  /**
   * Words on a git subcommand's place that may be aliases of the repository's git configuration
   * (`git st`), at places whose aliases were not given (`ClassifyOptions.gitAliases`): the hook
   * reads them and classifies again.
   */
  gitAliasWords: string[];
  /** The same words by where git would read them (`git -C other st`; null: a place the text cannot fix). */
  gitAliasPlaces: { place: GitPlace | null; words: string[] }[];
}

/** What the caller knows beyond the text. */
export interface ClassifyOptions {
  /**
   * The aliases of git's configuration (name in lower case → value): one map for every place,
   * or each place's (see `GitAliasLookup`).
   */
  gitAliases?: ReadonlyMap<string, string> | GitAliasLookup;
}

const MAX_DEPTH = 6;
const MAX_RUNS = 4000;
// Variables whose value a program runs as a shell command line.
const COMMAND_VARIABLES =
  /^(GIT_SSH_COMMAND|GIT_EDITOR|GIT_SEQUENCE_EDITOR|GIT_PAGER|GIT_EXTERNAL_DIFF|GIT_ASKPASS|SSH_ASKPASS|EDITOR|VISUAL|PAGER|PROMPT_COMMAND|LESSOPEN)$/;

/** Words of the text as the fallback reads them: split on anything that is not in a name. */
function looseWords(text: string): Set<string> {
  return new Set(
    scanText(text)
      .split(/[^a-z0-9_.+:/-]+/)
      .map(programName)
      .filter((w) => w !== ''),
  );
}

/** A rule's program (when `programKnown`) and one of its keywords both appear among the words. */
export function looselyNamed(text: string, rules: readonly GuardRule[], programKnown: boolean): boolean {
  const words = looseWords(text);
  return rules.some(
    (r) => (!programKnown || r.programs.some((p) => words.has(p))) && r.keywords.some((k) => words.has(k)),
  );
}

interface State {
  rules: readonly GuardRule[];
  gitAliases: GitAliasLookup | undefined;
  aliasWords: Set<string>;
  aliasPlaces: Map<string, { place: GitPlace | null; words: Set<string> }>;
  found: Set<string>;
  checks: PathCheck[];
  unreadable: boolean;
  runs: number;
}

const known = (value: string): Field => ({ value, glob: false, multi: false, text: value });

/** The words of a known input, for `xargs` and `parallel`; null when the line cannot fix it. */
function inputWords(stdin: Stdin): Field[] | null {
  if (stdin.texts === null) return null;
  return (stdin.texts[0] ?? '')
    .split(/\s+/)
    .filter((w) => w !== '')
    .slice(0, 64)
    .map(known);
}

/** The variables a command's process sees: exported ones, its own assignments, a wrapper's. */
function environment(
  command: SimpleCommand,
  run: ReadonlyMap<string, string | null>,
): Map<string, string | null> {
  const env = new Map<string, string | null>();
  for (const name of command.scope.exported) {
    const values = command.scope.vars.get(name) ?? [null];
    env.set(name, values.length === 1 ? values[0]! : null);
  }
  for (const [k, v] of command.assigned) env.set(k, v);
  for (const [k, v] of run) env.set(k, v);
  return env;
}

/** The state a child shell starts from: the variables in its environment, the same folder. */
function childScope(command: SimpleCommand, env: ReadonlyMap<string, string | null>): Scope {
  const vars = new Map<string, (string | null)[]>();
  for (const [k, v] of env) vars.set(k, [v]);
  return { vars, exported: new Set(env.keys()), cwd: command.scope.cwd };
}

/** `git-push -f` (git's own dashed programs) read as `git push -f`. */
function dashedGit(words: Field[]): Field[] {
  const name = programName(words[0]!.value!);
  const m = /^git-([a-z][a-z-]*)$/.exec(name);
  return m === null ? words : [known('git'), known(m[1]!), ...words.slice(1)];
}

function record(state: State, rule: GuardRule, match: RuleMatch, command: SimpleCommand): void {
  if (match === false) return;
  if (match === true) {
    state.found.add(rule.action);
    return;
  }
  for (const cwd of command.scope.cwd) {
    const under = match.under;
    const unknown = cwd === null || under?.includes('\u0000') === true;
    if (unknown && match.paths.some((p) => !p.startsWith('/') && !p.startsWith('~'))) {
      // Relative paths from a folder the line cannot fix: nothing to check them against.
      state.found.add(rule.action);
      continue;
    }
    const at =
      under === undefined || unknown
        ? (cwd ?? '')
        : under.startsWith('/') || under.startsWith('~')
          ? under
          : join(cwd, under);
    state.checks.push({ action: rule.action, cwd: at, paths: [...match.paths] });
  }
}

/**
 * Each rule sees the command twice: with the words the text cannot fix as NO_WORD (what the
 * known words do: that names the rule's own action) and as ANY_WORD (what the command could
 * do: a rule that matches only then is `unreadable-command`).
 */
function evaluate(
  state: State,
  program: string,
  args: readonly Field[],
  command: SimpleCommand,
  env: ReadonlyMap<string, string | null>,
  earlier: CommandWords['earlier'],
): string[] {
  const sure = args.map((f) => (f.value === null ? NO_WORD : f.value));
  const could = args.flatMap((f) =>
    f.value === null
      ? f.multi
        ? [ANY_WORD, ANY_WORD, ANY_WORD]
        : [ANY_WORD]
      : f.glob
        ? [globWord(f.value)]
        : [f.value],
  );
  const envWith = (stand: string) => new Map([...env].map(([k, v]) => [k, v ?? stand]));
  const base = {
    program,
    gitAliases: state.gitAliases,
    input: command.stdin.loose,
    cwd: command.scope.cwd,
    earlier,
    redirects: command.redirects,
  };
  const written = args.map((f) => f.value ?? f.text);
  const a: CommandWords = { ...base, args: sure, env: envWith(NO_WORD), unknown: NO_WORD, written };
  const b: CommandWords = { ...base, args: could, env: envWith(ANY_WORD), unknown: ANY_WORD };
  for (const rule of state.rules) {
    const ra = rule.matches(a);
    record(state, rule, ra, command);
    if (ra === true) continue;
    const rb = rule.matches(b);
    if (rb === true || (rb !== false && ra === false)) state.found.add(UNREADABLE_ACTION);
  }
  return sure;
}

/** A program word the text cannot fix: held when any rule's program in its place would be guarded. */
function unknownProgram(
  state: State,
  words: readonly Field[],
  command: SimpleCommand,
  depth: number,
  files: Map<string, Stdin>,
): void {
  const args = words
    .slice(1)
    .flatMap((f) => (f.value === null ? [ANY_WORD, ANY_WORD] : f.glob ? [globWord(f.value)] : [f.value]));
  const base = {
    gitAliases: state.gitAliases,
    input: command.stdin.loose,
    cwd: command.scope.cwd,
    earlier: [],
    redirects: command.redirects,
    env: new Map(),
    unknown: ANY_WORD,
  };
  // Only when the words carry it: `dropdb` needs none, so any `$X word` could be it.
  const guardedAs = (r: GuardRule, program: string) =>
    r.matches({ ...base, program, args }) !== false && r.matches({ ...base, program, args: [] }) === false;
  if (args.length > 0 && state.rules.some((r) => r.programs.some((program) => guardedAs(r, program)))) {
    state.found.add(UNREADABLE_ACTION);
  }
  // It could also be a wrapper (`$SUDO git push -f`): read the rest as the command. What that
  // reading finds is only possible, so it counts as unreadable, not as its own actions.
  if (words.length > 1) {
    const maybe: State = { ...state, found: new Set(), checks: [] };
    for (const run of unwrap(words.slice(1), inputWords(command.stdin)))
      handle(maybe, run, command, files, depth + 1, []);
    state.runs = maybe.runs;
    state.unreadable ||= maybe.unreadable;
    if (maybe.found.size > 0 || maybe.checks.length > 0) state.found.add(UNREADABLE_ACTION);
  }
}

function code(state: State, text: string, depth: number): void {
  const reading = readInlineCode(text);
  const before = state.found.size;
  const quiet = state.unreadable;
  for (const line of reading.lines) visit(state, line, emptyScope(), NO_INPUT, depth + 1);
  // A literal that is not shell text is no reason to call the whole line unreadable.
  state.unreadable = quiet;
  if (reading.runsCommands && state.found.size === before && looselyNamed(text, state.rules, true)) {
    state.found.add(UNREADABLE_ACTION);
  }
}

function launch(
  state: State,
  run: LaunchRun,
  command: SimpleCommand,
  env: ReadonlyMap<string, string | null>,
  files: Map<string, Stdin>,
  depth: number,
): void {
  const scopeOf = (same: boolean, p: Positional | undefined) => {
    const s = same ? command.scope : childScope(command, env);
    return p === undefined ? s : positional(s, p.params, p.zero);
  };
  switch (run.kind) {
    case 'script':
      visit(state, run.text, scopeOf(run.same, run.positional), command.stdin, depth + 1, files);
      return;
    case 'stdin-script':
    case 'stdin-code':
      if (command.stdin.texts === null) {
        if (looselyNamed(command.stdin.loose, state.rules, true)) state.found.add(UNREADABLE_ACTION);
        return;
      }
      for (const text of command.stdin.texts) {
        if (run.kind === 'stdin-code') code(state, text, depth);
        else visit(state, text, scopeOf(false, run.positional), NO_INPUT, depth + 1, files);
      }
      return;
    case 'unknown-script':
      if (looselyNamed(run.loose, state.rules, true)) state.found.add(UNREADABLE_ACTION);
      return;
    case 'code':
      code(state, run.text, depth);
      return;
    default:
      handle(state, run, command, files, depth + 1, []);
  }
}

function handle(
  state: State,
  run: Run,
  command: SimpleCommand,
  files: Map<string, Stdin>,
  depth: number,
  earlier: { program: string; args: readonly string[] }[],
): void {
  if (++state.runs > MAX_RUNS || depth > MAX_DEPTH * 2) {
    state.unreadable = true;
    return;
  }
  if (run.kind === 'unknown-program') {
    unknownProgram(state, run.words, command, depth, files);
    return;
  }
  if (run.kind !== 'command') {
    launch(state, run, command, new Map(), files, depth);
    return;
  }
  const words = dashedGit(run.words);
  const program = programName(words[0]!.value!);
  const env = environment(command, run.env);
  const sure = evaluate(state, program, words.slice(1), command, env, earlier);
  const launched = launches(words, command.stdin, files);
  for (const l of launched) launch(state, l, command, env, files, depth);
  if (program === 'git') {
    const seen: CommandWords = {
      program,
      args: sure,
      input: '',
      // Settings the environment gives git (`GIT_CONFIG_COUNT`, …) may define a `!` alias.
      env: new Map([...env].map(([k, v]) => [k, v ?? NO_WORD])),
      unknown: NO_WORD,
      cwd: command.scope.cwd,
      earlier: [],
      redirects: [],
      gitAliases: state.gitAliases,
    };
    for (const { word, place } of aliasCandidates(seen)) {
      state.aliasWords.add(word);
      const key = placeKey(place);
      const at = state.aliasPlaces.get(key) ?? { place, words: new Set<string>() };
      at.words.add(word);
      state.aliasPlaces.set(key, at);
    }
    for (const script of gitScripts(seen)) {
      const scope = childScope(command, env);
      // A `!` alias runs where its configuration is (`git -C other yolo`), git's environment kept.
      const at = script.dir === undefined ? scope : { ...scope, cwd: [script.dir] };
      visit(state, script.text, at, NO_INPUT, depth + 1, files);
    }
  }
  for (const [name, value] of env) {
    if (value !== null && COMMAND_VARIABLES.test(name))
      visit(state, value, childScope(command, env), NO_INPUT, depth + 1, files);
  }
  earlier.push({ program, args: sure });
}

function visit(
  state: State,
  source: string,
  scope: Scope,
  stdin: Stdin,
  depth: number,
  files = new Map<string, Stdin>(),
): void {
  if (depth > MAX_DEPTH) {
    state.unreadable = true;
    return;
  }
  const reading = readShell(source, scope, stdin, files);
  if (reading.errors) state.unreadable = true;
  const earlier: { program: string; args: readonly string[] }[] = [];
  for (const command of reading.commands) {
    const input = inputWords(command.stdin);
    for (const words of command.readings) {
      for (const run of unwrap(words, input)) handle(state, run, command, reading.files, depth, earlier);
    }
  }
}

/**
 * Classifies a command line against the rules, on the words a real shell parser reads from it
 * and resolves as the shell would (variables set earlier in the line, braces, wrappers, nested
 * shells and inline code). A line the parser cannot fully read is guarded as
 * `unreadable-command` when no rule matched what could be read but its text names a rule's
 * program and keyword.
 */
export function classifyCommand(
  command: string,
  rules: readonly GuardRule[],
  options: ClassifyOptions = {},
): Classification {
  const given = options.gitAliases;
  const state: State = {
    rules,
    gitAliases: given === undefined || typeof given === 'function' ? given : () => given,
    aliasWords: new Set(),
    aliasPlaces: new Map(),
    found: new Set(),
    checks: [],
    unreadable: false,
    runs: 0,
  };
  visit(state, command, emptyScope(), NO_INPUT, 0);
  if (state.unreadable && state.found.size === 0 && looselyNamed(command, rules, true))
    state.found.add(UNREADABLE_ACTION);
  const c = { actions: [], never: [], unreadable: state.unreadable, checks: state.checks };
  const gitAliasPlaces = [...state.aliasPlaces.values()].map(({ place, words }) => ({
    place,
    words: [...words],
  }));
  return withActions({ ...c, gitAliasWords: [...state.aliasWords], gitAliasPlaces }, rules, [...state.found]);
}

/** A classification with more actions (the answers to its checks), in rule order, `never` recomputed. */
export function withActions(
  c: Classification,
  rules: readonly GuardRule[],
  more: readonly string[],
): Classification {
  const found = new Set([...c.actions, ...more]);
  const order = [...rules.map((r) => r.action), UNREADABLE_ACTION];
  const actions = order.filter((a, i) => found.has(a) && order.indexOf(a) === i);
  const never = actions.filter(
    (a) => a === UNREADABLE_ACTION || rules.find((r) => r.action === a)?.window === 'never',
  );
  return { ...c, actions, never };
}
