import {
  FILE_WRITERS,
  GIT_PLAIN_SUBCOMMANDS,
  INTERPRETERS,
  NPM_PLAIN_SUBCOMMANDS,
  RESERVED_WORDS,
  type RuleVocabulary,
  SHELL_BUILTINS,
  SHELLS,
  WRAPPERS,
} from './vocabulary.js';

/**
 * The text the unreadable-command fallback looks at: lower case, with the shell's quoting
 * characters removed, so `g\it`, `"g"it` and `'gi't` read as `git`.
 */
export function scanText(command: string): string {
  return command.toLowerCase().replace(/[\\'"]/g, '');
}

/** What the fast path checks a command line against, built once from a rule table. */
export interface FastVocabulary {
  /** Names no word may carry: the rules' programs, shells, interpreters, wrappers, writers. */
  denied: ReadonlySet<string>;
  /** The rules' keywords: `git` and `npm` pass only with none of them among their words. */
  keywords: readonly string[];
}

/** A name without what does not change the program: `.exe`, a version (`python3.12` → `python`). */
function bare(name: string): string {
  return name.replace(/\.exe$/, '').replace(/[\d.]+$/, '');
}

/** The fast path's vocabulary for these rules (their programs and keywords) and vocabulary.ts. */
export function fastVocabulary(rules: readonly RuleVocabulary[]): FastVocabulary {
  const names = [
    ...rules.flatMap((r) => r.programs),
    ...SHELLS,
    ...INTERPRETERS,
    ...WRAPPERS,
    ...SHELL_BUILTINS,
    ...FILE_WRITERS,
  ].map((n) => n.toLowerCase());
  const denied = new Set([...names, ...names.map(bare)]);
  denied.delete('');
  return { denied, keywords: [...new Set(rules.flatMap((r) => r.keywords))] };
}

/**
 * The parts of a word a program could be named by: lower case, split at anything but a name's
 * characters, each also split at `-` (`/usr/bin/git-push` → `usr`, `bin`, `git-push`, `git`, `push`).
 */
function parts(word: string): string[] {
  const out: string[] = [];
  for (const piece of word.toLowerCase().split(/[^a-z0-9._+-]+/)) {
    const name = piece.replace(/^-+/, '');
    // `.` and `..` are folders as arguments; `.` as a program is checked on its own.
    if (/^\.*$/.test(name)) continue;
    out.push(name, bare(name));
    if (name.includes('-')) out.push(...name.split('-'));
  }
  return out;
}

const names = (word: string, v: FastVocabulary) => parts(word).some((p) => v.denied.has(p));
const keyworded = (word: string, v: FastVocabulary) => parts(word).some((p) => v.keywords.includes(p));

const GIT_PLAIN: ReadonlySet<string> = new Set(GIT_PLAIN_SUBCOMMANDS);
const NPM_PLAIN: ReadonlySet<string> = new Set(NPM_PLAIN_SUBCOMMANDS);
const RESERVED: ReadonlySet<string> = new Set(RESERVED_WORDS);

/** `git` or `npm` with a plain subcommand no rule's keyword starts with, and no keyword after it. */
function plainSubcommand(words: readonly string[], v: FastVocabulary): boolean {
  let at = 1;
  if (words[0] === 'git') {
    for (;;) {
      if (words[at] === '--no-pager' || words[at] === '-P') at++;
      else if (words[at] === '-C' && at + 1 < words.length) at += 2;
      else break;
    }
  }
  const sub = words[at];
  const known = words[0] === 'git' ? GIT_PLAIN : NPM_PLAIN;
  if (sub === undefined || !known.has(sub) || v.keywords.some((k) => k.startsWith(sub))) return false;
  // The program and its subcommand are known; every other word names no program, and no
  // word after the subcommand is a rule's keyword.
  return words.every((w, i) => i === 0 || i === at || (!names(w, v) && (i < at || !keyworded(w, v))));
}

function simpleCommandPasses(words: readonly string[], v: FastVocabulary): boolean {
  const first = words[0]!;
  // An assignment (`x=push`, `GIT_DIR=… git`), zsh's `=git`, or a compound command's start.
  if (first.includes('=') || RESERVED.has(first)) return false;
  const program = first.slice(first.lastIndexOf('/') + 1).toLowerCase();
  if (v.denied.has(program) || v.denied.has(bare(program))) {
    return (first === 'git' || first === 'npm') && plainSubcommand(words, v);
  }
  return words.every((w) => !names(w, v));
}

// Characters of a plain word. Everything else the shell could build a word from or give a
// meaning to (quotes, `\`, `$`, backticks, globs, braces, `(`, `<`, `#`, `!`) ends the fast path.
const PLAIN = /^[A-Za-z0-9_./:@%+,=-]$/;
const plain = (c: string | undefined) => c !== undefined && PLAIN.test(c);

/** `/dev/null` or a descriptor after a redirection at `text[at]`, or -1: not one the fast path knows. */
function redirectionEnd(text: string, at: number): number {
  let i = at;
  let dup = false;
  if (text[i] === '&') i++; // `&>` and `&>>`
  i++; // `>`
  if (text[i] === '>' || text[i] === '|') i++;
  else if (text[i] === '&' && text[at] !== '&') {
    dup = true;
    i++;
  }
  while (text[i] === ' ' || text[i] === '\t') i++;
  const start = i;
  while (plain(text[i])) i++;
  const target = text.slice(start, i);
  return (dup ? /^(\d+|-)$/.test(target) : target === '/dev/null') ? i : -1;
}

/**
 * The simple commands of a line made only of plain words, `;`, `&`, `&&`, `|`, `||`, `|&`,
 * newlines and redirections to `/dev/null` or a descriptor; null for anything else, a syntax
 * error included.
 */
export function plainCommands(text: string): string[][] | null {
  const commands: string[][] = [];
  let words: string[] = [];
  let word = '';
  let needsCommand = false;
  const endWord = () => {
    if (word !== '') words.push(word);
    word = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === ' ' || c === '\t') {
      endWord();
    } else if (c === '\n') {
      endWord();
      if (words.length > 0) {
        commands.push(words);
        needsCommand = false;
      }
      words = [];
    } else if (c === '>' || (c === '&' && text[i + 1] === '>')) {
      // Only a whole word of digits before it is a descriptor (`2>&1`).
      if (word !== '' && !/^\d+$/.test(word)) return null;
      word = '';
      const end = redirectionEnd(text, i);
      if (end === -1) return null;
      i = end - 1;
    } else if (c === ';' || c === '&' || c === '|') {
      const next = text[i + 1];
      const pair = (c === '&' && next === '&') || (c === '|' && (next === '|' || next === '&'));
      if (pair) i++;
      endWord();
      // Nothing before an operator is a syntax error (or zsh's `&|`, `&!`).
      if (words.length === 0) return null;
      commands.push(words);
      words = [];
      needsCommand = pair || c === '|';
    } else if (plain(c) || ((c === '~' || c === '^') && word !== '' && !/[=:]$/.test(word))) {
      // `HEAD~1`, `HEAD^`: a tilde or caret inside a word, never where the shell expands it.
      word += c;
    } else {
      return null;
    }
  }
  endWord();
  if (words.length > 0) commands.push(words);
  else if (needsCommand) return null;
  return commands;
}

/**
 * Whether the full classification provably cannot hold a command line: it is made of plain
 * words (see `plainCommands`), and no word names a rule's program, a shell, an interpreter,
 * a wrapper or a writer, except `git` and `npm` with a plain subcommand that no rule's keyword
 * starts with (`git status`, `npm test`). True is the hook's fast path: no opinion, unparsed.
 */
export function provablyUnguarded(command: string, v: FastVocabulary): boolean {
  return plainCommands(command)?.every((words) => simpleCommandPasses(words, v)) ?? false;
}
