import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { mayBeProtected, mayConcernOwnFiles } from '../guard/own-files-prefilter.js';
import { DEFAULT_KEYWORDS, mayConcernGuard } from '../guard/prefilter.js';
import { resolveLinks } from '../repo/resolve-links.js';

/** What the fast path concluded: the answer is already known, or the full CLI must decide. */
export type FastPath = { answer: string } | { stdin: string | undefined };

function configMentionsGuard(start: string): boolean {
  for (let dir = start, up = ''; dir !== up; up = dir, dir = dirname(dir)) {
    let text: string;
    try {
      text = readFileSync(join(dir, 'agent-config.yaml'), 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      return true;
    }
    if (text.includes('guard')) return true;
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
 * `agent-config hook <harness>` runs before every shell call of an agent: a command that names
 * no keyword of the default rules and cannot touch the guard's own files, where no
 * `agent-config.yaml` above the hook's folder, the harness's project folder or the call's folder
 * says anything of `guard`, gets no opinion here, without loading the CLI or the shell parser;
 * so does a file tool's call on a path clearly outside those files. Anything else, malformed input included, goes to the full decision with
 * the stdin text already read.
 */
export function hookFastPath(harness: string, processCwd: string, projectDir: string | undefined): FastPath {
  // `hook --help` and a mistyped harness go to the CLI before anything waits on stdin.
  if (harness !== 'claude-code' && harness !== 'codex' && harness !== 'gemini') return { stdin: undefined };
  let stdin: string;
  try {
    stdin = readFileSync(0, 'utf8');
  } catch {
    return { stdin: undefined };
  }
  let data: { cwd?: unknown; tool_name?: unknown; tool_input?: Record<string, unknown> };
  try {
    data = JSON.parse(stdin);
  } catch {
    return { stdin };
  }
  const none = { answer: harness === 'gemini' ? '{}\n' : '' };
  if (fileToolClearlyFree(data ?? {})) return none;
  const command = data?.tool_input?.command;
  if (typeof command !== 'string' || mayConcernGuard(command, DEFAULT_KEYWORDS)) return { stdin };
  const cwd = typeof data.cwd === 'string' ? data.cwd : undefined;
  if (mayConcernOwnFiles(command, cwd ?? processCwd)) return { stdin };
  const dirs = [processCwd, projectDir, cwd];
  if (dirs.some((d) => d !== undefined && d !== '' && configMentionsGuard(d))) return { stdin };
  return none;
}
