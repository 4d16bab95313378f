import { cpSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Context, OutStream } from '../../src/core/context.js';
import { ROOT } from './bin.js';
import { makeContext } from './context.js';
import { git, tempDir } from './repo.js';

// Command examples in README.md and docs/*.md that a test runs (docs/… "true by construction").
//
// A marked example is an HTML comment on the line right before a ```console block:
//
//   <!-- example -->                 run in a copy of examples/demo
//   <!-- example cwd=. -->           run from the copy's top folder (the one holding examples/)
//   <!-- example tree=PATH -->       run in a copy of another tree of this repository (a small
//                                    tree built for one page, under test/fixtures/doc-trees/)
//   <!-- example tree=none -->       run in an empty repository (one empty commit)
//
// The block holds one or more `$ npx --no agent-config ARGS` lines, each followed by the
// output it prints (stdout and stderr as a terminal shows them, in the order they were
// written). `| head -n N` and `| tail -n N` after the arguments keep part of stdout, as the
// shell would; stderr then comes first. An output that does not end with a newline is shown as
// if it did. The working folder's absolute path is shown as /home/me/project. A console block shown as written (an output from a
// tree other than the example tree) says why on the line before it: `<!-- not run: REASON -->`.
// A console block with neither is an error, so no shown output escapes the test unnoticed.

/** The documents whose command examples are run: README.md and docs/*.md. */
export function exampleDocuments(): string[] {
  const docs = readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`);
  return ['README.md', ...docs];
}

/** One `$ …` line of a block and the output shown under it. */
export interface ShownCommand {
  /** The line as written, without `$ `. */
  line: string;
  /** The CLI's arguments (after `npx --no agent-config`). */
  args: string[];
  /** `head`/`tail` filters applied to stdout, in order. */
  filters: Array<{ kind: 'head' | 'tail'; lines: number }>;
  shown: string;
}

/** A marked example: where its body lies in the document and what it shows. */
export interface DocExample {
  file: string;
  /** 1-based line of the `<!-- example -->` marker. */
  line: number;
  /** The tree copied (a folder of this repository), and the working folder in the copy's top folder. */
  tree: string;
  cwd: string;
  /** Lines of the body: [start, end) as indexes into the document's lines. */
  bodyStart: number;
  bodyEnd: number;
  body: string;
  commands: ShownCommand[];
}

const MARKER = /^<!-- example((?: (?:cwd|tree)=\S+)*) -->$/;
const NOT_RUN = /^<!-- not run: \S.* -->$/;
const CONSOLE_FENCE = /^(`{3,})console\s*$/;
const PREFIX = ['npx', '--no', 'agent-config'];

/** A document problem: a line and what to do. */
export class DocExampleError extends Error {}

/** Splits a command line into words: whitespace, '…' literal, "…" with \" and \\. */
function shellWords(line: string, where: string): string[][] {
  const stages: string[][] = [[]];
  let word: string | null = null;
  let i = 0;
  const push = () => {
    if (word !== null) stages[stages.length - 1]!.push(word);
    word = null;
  };
  while (i < line.length) {
    const c = line[i]!;
    if (c === ' ' || c === '\t') {
      push();
      i++;
    } else if (c === '|') {
      push();
      stages.push([]);
      i++;
    } else if (c === "'") {
      const end = line.indexOf("'", i + 1);
      if (end < 0) throw new DocExampleError(`${where}: unterminated ' quote`);
      word = (word ?? '') + line.slice(i + 1, end);
      i = end + 1;
    } else if (c === '"') {
      let j = i + 1;
      let text = '';
      while (j < line.length && line[j] !== '"') {
        if (line[j] === '\\' && (line[j + 1] === '"' || line[j + 1] === '\\')) j++;
        text += line[j];
        j++;
      }
      if (j >= line.length) throw new DocExampleError(`${where}: unterminated " quote`);
      word = (word ?? '') + text;
      i = j + 1;
    } else if ('&;<>$`()'.includes(c)) {
      throw new DocExampleError(
        `${where}: '${c}' is not supported in a run example — one \`npx --no agent-config …\` per line, optionally \`| head -n N\` or \`| tail -n N\``,
      );
    } else {
      word = (word ?? '') + c;
      i++;
    }
  }
  push();
  return stages;
}

function parseCommand(line: string, where: string): Omit<ShownCommand, 'shown'> {
  const [command, ...pipes] = shellWords(line, where);
  if (!PREFIX.every((word, i) => command![i] === word)) {
    throw new DocExampleError(`${where}: a run example's command starts with \`npx --no agent-config\``);
  }
  const filters = pipes.map((stage) => {
    const [kind, flag, count] = stage;
    if (
      (kind !== 'head' && kind !== 'tail') ||
      flag !== '-n' ||
      !/^\d+$/.test(count ?? '') ||
      stage.length !== 3
    ) {
      throw new DocExampleError(`${where}: only \`| head -n N\` and \`| tail -n N\` may follow the command`);
    }
    return { kind, lines: Number(count) } as const;
  });
  return { line, args: command!.slice(PREFIX.length), filters };
}

function parseBody(lines: string[], file: string, startLine: number): ShownCommand[] {
  const commands: ShownCommand[] = [];
  lines.forEach((text, i) => {
    const where = `${file}:${startLine + i}`;
    if (text.startsWith('$ ')) {
      commands.push({ ...parseCommand(text.slice(2), where), shown: '' });
    } else if (commands.length === 0) {
      throw new DocExampleError(`${where}: a run example starts with a \`$ npx --no agent-config …\` line`);
    } else {
      commands[commands.length - 1]!.shown += `${text}\n`;
    }
  });
  if (commands.length === 0)
    throw new DocExampleError(`${file}:${startLine}: a run example holds no command`);
  return commands;
}

/** Every marked example of a document; throws on a console block without a marker. */
export function findExamples(file: string, text: string): DocExample[] {
  const lines = text.split('\n');
  const examples: DocExample[] = [];
  let fence: string | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (fence !== null) {
      if (line.trimEnd() === fence) fence = null;
      continue;
    }
    const open = /^(`{3,}|~{3,})/.exec(line);
    if (open === null) continue;
    fence = open[1]!;
    const consoleBlock = CONSOLE_FENCE.exec(line);
    if (consoleBlock === null) continue;
    const previous = lines[i - 1] ?? '';
    const marker = MARKER.exec(previous);
    if (marker === null) {
      if (NOT_RUN.test(previous)) continue;
      throw new DocExampleError(
        `${file}:${i + 1}: a console block needs \`<!-- example -->\` (run by the test) or \`<!-- not run: REASON -->\` on the line before it`,
      );
    }
    let end = i + 1;
    while (end < lines.length && lines[end]!.trimEnd() !== fence) end++;
    if (end === lines.length)
      throw new DocExampleError(`${file}:${i + 1}: the console block is never closed`);
    const body = lines.slice(i + 1, end);
    const options = Object.fromEntries(
      marker[1]!
        .trim()
        .split(' ')
        .filter((o) => o !== '')
        .map((o) => o.split('=') as [string, string]),
    );
    const tree = options.tree ?? 'examples/demo';
    examples.push({
      file,
      line: i,
      tree,
      cwd: options.cwd ?? (tree === 'none' ? '.' : tree),
      bodyStart: i + 1,
      bodyEnd: end,
      body: body.map((l) => `${l}\n`).join(''),
      commands: parseBody(body, file, i + 2),
    });
    fence = null;
    i = end;
  }
  return examples;
}

/** The examples of a document on disk. */
export function readExamples(file: string): DocExample[] {
  return findExamples(file, readFileSync(join(ROOT, file), 'utf8'));
}

/**
 * A fresh git repository holding a copy of a tree of this repository at the same path
 * (`examples/demo` by default), committed with fixed dates.
 */
export function exampleCopy(tree = 'examples/demo'): string {
  const dir = tempDir('agent-config-doc-example-');
  if (tree !== 'none') cpSync(join(ROOT, tree), join(dir, tree), { recursive: true });
  git(dir, 'init', '-q', '-b', 'main');
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '--allow-empty', '-m', 'The example tree');
  return dir;
}

/** Where the examples say they run. */
export const SHOWN_CWD = '/home/me/project';

/** The fixed clock of the examples (the tests' clock). */
export const EXAMPLE_NOW = new Date('2026-11-30T12:00:00Z');

/** Deterministic nonces: the n-th draw of a run is n's digits, repeated to the length asked. */
function fixedNonces(): (bytes: number) => string {
  let n = 0;
  return (bytes) => {
    n++;
    return `${n}`.repeat(bytes * 2).slice(0, bytes * 2);
  };
}

function keep(text: string, filter: ShownCommand['filters'][number]): string {
  const lines = text.split(/(?<=\n)/).filter((l) => l !== '');
  if (filter.lines === 0) return '';
  return (filter.kind === 'head' ? lines.slice(0, filter.lines) : lines.slice(-filter.lines)).join('');
}

/** Runs a block's commands in order in one copy of the example tree; returns the body they print. */
export async function runExample(example: DocExample): Promise<string> {
  const { runCli } = await import('../../src/cli/run-cli.js');
  const repo = exampleCopy(example.tree);
  const nonce = fixedNonces();
  let body = '';
  for (const command of example.commands) {
    const both: string[] = [];
    const stdout: string[] = [];
    const stderr: string[] = [];
    const stream = (own: string[]): OutStream => ({
      write(chunk: string) {
        own.push(chunk);
        both.push(chunk);
        return true;
      },
    });
    const cwd = join(repo, example.cwd);
    // The working tree a stage is bound to is shown as it is, at /home/me/project: tokens hash it.
    const worktreeIdentity = (root: string) => root.split(cwd).join(SHOWN_CWD);
    const base = makeContext(cwd, { clock: () => EXAMPLE_NOW, nonce, worktreeIdentity });
    const ctx: Context = { ...base, io: { ...base.io, stdout: stream(stdout), stderr: stream(stderr) } };
    await runCli(command.args, ctx);
    let shown = both.join('');
    if (command.filters.length > 0) {
      shown = stderr.join('') + command.filters.reduce(keep, stdout.join(''));
    }
    if (shown !== '' && !shown.endsWith('\n')) shown += '\n';
    shown = shown.split(cwd).join(SHOWN_CWD);
    for (const line of shown.split('\n')) {
      if (line.startsWith('$ ') || /^(`{3,}|~{3,})/.test(line)) {
        throw new DocExampleError(
          `${example.file}:${example.line}: the output of \`${command.line}\` holds a line a console block cannot show: ${line}`,
        );
      }
    }
    body += `$ ${command.line}\n${shown}`;
  }
  return body;
}

/** The document with one example's body replaced (the `n`-th marked example). */
export function replaceExample(text: string, file: string, n: number, body: string): string {
  const example = findExamples(file, text)[n];
  if (example === undefined) throw new DocExampleError(`${file}: no example number ${n + 1}`);
  const lines = text.split('\n');
  const replaced = body.endsWith('\n') ? body.slice(0, -1).split('\n') : body.split('\n');
  lines.splice(example.bodyStart, example.bodyEnd - example.bodyStart, ...(body === '' ? [] : replaced));
  return lines.join('\n');
}
