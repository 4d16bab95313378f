import { closeSync, constants, fstatSync, openSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { DEFAULT_RULE_WORDS } from '../guard/default-rule-words.js';
import {
  HARNESSES,
  type Harness,
  PROJECT_DIR_VARIABLE,
  readHookInput,
  renderHookOutput,
} from '../guard/harness.js';
import { mayBeProtected, mayConcernOwnFiles } from '../guard/own-files-prefilter.js';
import { type FastVocabulary, fastVocabulary, provablyUnguarded } from '../guard/prefilter.js';
import { anchoredKeywords } from '../repo/anchor-note.js';
import { resolveLinks } from '../repo/resolve-links.js';

/** What the fast path concluded: the answer is already known, or the full CLI must decide. */
export type FastPath = { answer: string } | { stdin: string | undefined };

let vocabulary: FastVocabulary | undefined;
const MAX_CONFIG_BYTES = 1024 * 1024;

/**
 * Whether an `agent-config.yaml` in `dir` may add rules: it names `guard` in any case, or holds
 * a backslash (a YAML escape can spell the key: `"\x67uard"`), or is no small regular file we
 * can read. Opened without blocking: a named pipe there must not hold the hook until the harness's
 * timeout lets the call through.
 */
function configMayAddRules(dir: string): boolean {
  let fd: number;
  try {
    fd = openSync(join(dir, 'agent-config.yaml'), constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ENOENT';
  }
  try {
    const stat = fstatSync(fd);
    // A configuration is a few hundred bytes: a huge file is left to the full decision, whose
    // deadline bounds its read, rather than read here with no deadline at all.
    if (!stat.isFile() || stat.size > MAX_CONFIG_BYTES) return true;
    return /guard|\\/i.test(readFileSync(fd, 'utf8'));
  } catch {
    return true;
  } finally {
    closeSync(fd);
  }
}

function anyConfigMayAddRules(start: string): boolean {
  for (let dir = start, up = ''; dir !== up; up = dir, dir = dirname(dir)) {
    if (configMayAddRules(dir)) return true;
  }
  return false;
}

const FILE_PATH_KEYS: Readonly<Record<string, string>> = {
  Write: 'file_path',
  Edit: 'file_path',
  MultiEdit: 'file_path',
  NotebookEdit: 'notebook_path',
};

/**
 * A file tool's call (Claude Code's `Write`, `Edit`, `MultiEdit`, `NotebookEdit`) whose absolute
 * path, as given and with its symbolic links resolved, has no segment any of the guard's own
 * files has (docs/guard.md, "Its own files"): clearly none of them, so no opinion. Anything
 * else, a file tool's call the full decision must see included, is false.
 */
function fileToolClearlyFree(data: { tool_name?: unknown; tool_input?: Record<string, unknown> }): boolean {
  const key = typeof data.tool_name === 'string' ? FILE_PATH_KEYS[data.tool_name] : undefined;
  const path = key === undefined ? undefined : data.tool_input?.[key];
  if (typeof path !== 'string' || !path.startsWith('/') || mayBeProtected(path)) return false;
  try {
    return !mayBeProtected(resolveLinks(path));
  } catch {
    return false;
  }
}

/**
 * The fast path's answer for the hook's stdin text: no opinion (the harness's empty answer), or
 * the full decision. It answers only for a file tool's call on a path clearly outside the
 * guard's own files, or for the harness's own shell call, read as the full path reads it, whose
 * command `provablyUnguarded` clears and which cannot touch the guard's own files, where no
 * `agent-config.yaml` above `dirs` (the hook's folder, the harness's project folder) or the
 * call's `cwd` may add rules, and that names no word of the rules committed at HEAD or on the
 * base (repo/anchor-note.ts; null when the note does not match the commits: the full decision).
 */
export function decideHookFastPath(
  harness: Harness,
  stdin: string,
  dirs: readonly (string | undefined)[],
  committedWords: () => readonly string[] | null = () => [],
): FastPath {
  try {
    const input = readHookInput(harness, stdin);
    const none = { answer: renderHookOutput(harness, { decision: 'none' }) };
    if (input.kind === 'file') return fileToolClearlyFree(JSON.parse(stdin)) ? none : { stdin };
    // Malformed input, another tool or another event: the full decision reads all of it.
    if (input.kind !== 'shell') return { stdin };
    vocabulary ??= fastVocabulary(DEFAULT_RULE_WORDS);
    if (!provablyUnguarded(input.call.command, vocabulary)) return { stdin };
    const cwd = input.call.cwd ?? dirs[0];
    if (cwd === undefined || mayConcernOwnFiles(input.call.command, cwd)) return { stdin };
    const all = [...dirs, input.call.cwd ?? undefined];
    if (all.some((d) => d !== undefined && d !== '' && anyConfigMayAddRules(d))) return { stdin };
    // The rules at HEAD and on the base count too (a working copy cannot remove them): their
    // words, from the note the full decision left for the commits HEAD and the base name now.
    const committed = committedWords();
    const text = input.call.command.toLowerCase();
    if (committed === null || committed.some((w) => text.includes(w.toLowerCase()))) return { stdin };
    return none;
  } catch {
    // A failure here must not exit 1, which lets the call through: the full decision answers.
    return { stdin };
  }
}

/**
 * `agent-config hook <harness>` runs before every shell call of an agent: the calls the fast
 * path can prove no rule holds get no opinion here, without loading the CLI or the shell
 * parser. Anything else goes to the full decision with the stdin text already read.
 */
export function hookFastPath(
  name: string,
  processCwd: string,
  env: Readonly<Record<string, string | undefined>>,
): FastPath {
  // `hook --help` and a mistyped harness go to the CLI before anything waits on stdin.
  if (!HARNESSES.includes(name as Harness)) return { stdin: undefined };
  const harness = name as Harness;
  let stdin: string;
  try {
    stdin = readFileSync(0, 'utf8');
  } catch {
    return { stdin: undefined };
  }
  const projectDir = env[PROJECT_DIR_VARIABLE[harness]];
  return decideHookFastPath(harness, stdin, [processCwd, projectDir], () =>
    anchoredKeywords(projectDir || processCwd, env),
  );
}
