import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { HARNESSES, type Harness, PROJECT_DIR_VARIABLE, renderHookOutput } from '../guard/harness.js';
import { DEFAULT_KEYWORDS, mayConcernGuard } from '../guard/prefilter.js';
import { anchoredKeywords, readRegularFile } from '../repo/anchor-note.js';

/** What the fast path concluded: the answer is already known, or the full CLI must decide. */
export type FastPath = { answer: string } | { stdin: string | undefined };

function configMentionsGuard(start: string): boolean {
  for (let dir = start, up = ''; dir !== up; up = dir, dir = dirname(dir)) {
    // Never waits on a named pipe; anything but a readable regular file goes to the full decision.
    const text = readRegularFile(join(dir, 'agent-config.yaml'), 1024 * 1024);
    if (text === null) continue;
    if (text === undefined || text.includes('guard')) return true;
  }
  return false;
}

/**
 * `agent-config hook <harness>` runs before every shell call of an agent: a command that names
 * no keyword of the default rules, where no `agent-config.yaml` above the hook's folder, the
 * harness's project folder or the call's folder says anything of `guard`, and that names no
 * word of the rules committed at HEAD or on the base (repo/anchor-note.ts), gets no opinion
 * here, without loading the CLI, the shell parser or git. Anything else, malformed input
 * included, goes to the full decision with the stdin text already read.
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
  let data: { cwd?: unknown; tool_input?: { command?: unknown } };
  try {
    data = JSON.parse(stdin);
  } catch {
    return { stdin };
  }
  const command = data?.tool_input?.command;
  if (typeof command !== 'string' || mayConcernGuard(command, DEFAULT_KEYWORDS)) return { stdin };
  const projectDir = env[PROJECT_DIR_VARIABLE[harness]];
  const dirs = [processCwd, projectDir, typeof data.cwd === 'string' ? data.cwd : undefined];
  if (dirs.some((d) => d !== undefined && d !== '' && configMentionsGuard(d))) return { stdin };
  // The rules at HEAD and on the base count too (a working copy cannot remove them): their words,
  // from the note the full decision left for the commits HEAD and the base name now.
  const committed = anchoredKeywords(projectDir || processCwd, env);
  if (committed === null || mayConcernGuard(command, committed)) return { stdin };
  return { answer: renderHookOutput(harness, { decision: 'none' }) };
}
