import { normalSegments } from './posix-paths.js';
import { scanText } from './prefilter.js';

// What the hook's fast path (dist/bin.js) knows of the guard's own files: enough to hand every
// call that may touch them to the full decision, without the rules, the parser or the paths.

/** Segments that a protected path (project, home or git's folder) always has one of. */
const MARKERS = [
  'agent-config.yaml',
  '.claude',
  'agents',
  '.git',
  '.codex',
  '.gemini',
  '.gitconfig',
  '.config',
  'node_modules',
];

/**
 * Words whose presence sends a shell command to the full decision (the fast path's test): the
 * guard's own files and folders, git's alias and hook settings, and the tool's own name and
 * entry points (its person verbs). Lower case, matched in the prefilter's scan text.
 */
export const OWN_FILES_KEYWORDS: readonly string[] = [
  ...MARKERS,
  'agent-config',
  'alias',
  'mirror',
  'requireforce',
  'hookspath',
  'include',
  'bin.js',
  'cli.cjs',
  'bin.ts',
];

/**
 * Whether a file a file tool writes may be one of the guard's own files, wherever the project
 * is: one of its segments is a protected name (`agents` only before `runtime` or `evidence`,
 * so the roadmaps an agent edits stay on the fast path), in any case, or a glob. False means it
 * is not, for any project folder or home.
 */
export function mayBeProtected(path: string): boolean {
  const segs = normalSegments(path).map((s) => s.toLowerCase());
  return segs.some(
    (s, i) =>
      (MARKERS.includes(s) && (s !== 'agents' || ['runtime', 'evidence'].includes(segs[i + 1] ?? ''))) ||
      /[*?[]/.test(s),
  );
}

/** Whether a folder lies in or below one where a relative path may be protected (`cd agents`). */
function inMarkedFolder(folder: string): boolean {
  return normalSegments(folder).some((s) => MARKERS.includes(s.toLowerCase()));
}

/**
 * Programs write-targets.ts reads the writes of (a test keeps the lists equal), but those whose
 * protected writes always name what the keywords catch: git's, `tar -C`/`unzip -d` into one of
 * the folders, a package manager installing `agent-config`; and `find`, which writes only with
 * `-delete`, which the fast path looks for.
 */
export const WRITING_PROGRAMS: readonly string[] = [
  ...['tee', 'sed', 'perl', 'ruby', 'yq', 'sponge', 'cp', 'mv', 'ln', 'link', 'install', 'rsync'],
  ...['rm', 'unlink', 'rmdir', 'shred', 'truncate', 'touch', 'mkdir', 'dd', 'chmod', 'chown', 'chgrp'],
  ...['curl', 'wget', 'sort', 'patch', 'vi', 'vim', 'nvim', 'view', 'nano', 'ed', 'ex', 'emacs'],
  ...['mkfifo', 'mknod'],
];

const WRITING = new RegExp(`(^|[\\s;&|({\`/])(${WRITING_PROGRAMS.join('|')})(?=$|[\\s;&|)}\`])`);
/** `git config --edit` / `-e`: the whole configuration, aliases included, through an editor. */
const CONFIG_EDIT = /\bconfig\b.*\s(-e|--edit)\b/;
/** Redirections that write no file: descriptor copies and closes, and the terminal's own devices. */
const NO_FILE = /\d*>&(\d+|-)|&?\d*>>?\s*\/dev\/(null|stdout|stderr|tty)\b/g;

/**
 * Whether a shell command may write the guard's own files or run the tool: its text names one
 * of them, it runs a program that writes files or redirects output to a file (the file may be a
 * link to one of them, which only the full decision resolves), or it runs in a folder where a
 * relative path may be one (`cwd` inside `.git/`). False lets the hook's fast path answer "no
 * opinion" for it.
 */
export function mayConcernOwnFiles(command: string, cwd: string | null): boolean {
  const text = scanText(command);
  return (
    OWN_FILES_KEYWORDS.some((k) => text.includes(k)) ||
    text.replace(NO_FILE, '').includes('>') ||
    WRITING.test(text) ||
    CONFIG_EDIT.test(text) ||
    text.includes('-delete') ||
    (cwd !== null && inMarkedFolder(cwd))
  );
}
