/**
 * The guard's own files: what an agent may read but never write, by its shell or its file
 * tools (docs/guard.md, "Its own files"). Pure path arithmetic on POSIX paths: the hook resolves
 * symbolic links and hands the resolved paths back here (see `ownFilesFindings`).
 */

import { normalSegments } from './posix-paths.js';
import { scanText } from './prefilter.js';

/** Where the project-relative files live: the project folder(s) and the user's home. */
export interface ProtectedPlaces {
  /** Absolute folders the project's files are anchored at (the repository root, the harness's project folder). */
  anchors: readonly string[];
  /** The user's home folder(s), absolute; empty when unknown. */
  homes: readonly string[];
}

/** How much of the tree at a path a command changes. */
export type WriteMode =
  /** The path itself (a redirection, `tee`, `cp` onto it, `rm` without `-r`). */
  | 'file'
  /** The path and, when it is a folder, what is below it (`git checkout -- .claude`). */
  | 'dir'
  /** As `dir`, also the project folder and home themselves (`rm -r`, `mv` of a source). */
  | 'tree'
  /** Files of unknown names put into the folder (`cp -r src/. dst`, `rsync src/ dst`). */
  | 'contents';

interface Pattern {
  label: string;
  segments: readonly string[];
  /** The folder and everything below it. */
  below?: boolean;
}

const p = (label: string, below = false): Pattern => ({
  label,
  segments: label.replace(/\/$/, '').split('/'),
  below,
});

/** Relative to the project folder. */
const PROJECT: readonly Pattern[] = [
  p('agent-config.yaml'),
  p('.claude/settings*.json'),
  p('agents/runtime/', true),
  p('agents/evidence/', true),
  p('node_modules/agent-config/', true),
  p('node_modules/.bin/agent-config'),
  p('.codex/hooks.json'),
  p('.gemini/settings.json'),
];

/** Relative to the user's home. */
const HOME: readonly Pattern[] = [
  p('.claude/settings*.json'),
  p('.codex/hooks.json'),
  p('.gemini/settings.json'),
  p('.gitconfig'),
  p('.config/git/config'),
];

/** Folders whose removal as a whole is not held: the tool they hold then fails closed (exit 127). */
const REMOVABLE = new Set(['node_modules', '.bin']);

const GLOB = /[*?[]/;

function globRegex(segment: string): RegExp {
  let re = '';
  for (let i = 0; i < segment.length; i++) {
    const ch = segment[i]!;
    if (ch === '*') re += '[^/]*';
    else if (ch === '?') re += '[^/]';
    else if (ch === '[') {
      const close = segment.indexOf(']', i + 2);
      if (close === -1) re += '\\[';
      else {
        re += `[${segment
          .slice(i + 1, close)
          .replace(/^!/, '^')
          .replace(/\\/g, '\\\\')}]`;
        i = close;
      }
    } else re += ch.replace(/[.+^${}()|\\]/g, '\\$&');
  }
  // The shell's `*` skips names that start with a dot unless the pattern starts with one.
  return new RegExp(segment.startsWith('.') ? `^${re}$` : `^(?!\\.)${re}$`);
}

/** Names a pattern segment stands for, to test a target's glob against. */
function examples(segment: string): string[] {
  return segment === 'settings*.json' ? ['settings.json', 'settings.local.json'] : [segment];
}

/** Whether a path segment (maybe a glob) and a pattern segment (maybe a glob) can name the same file. */
function segmentMatches(given: string, pattern: string): boolean {
  // Lower case: a case-insensitive file system (macOS, Windows) opens `AGENT-CONFIG.YAML` as the file.
  const target = given.toLowerCase();
  if (GLOB.test(target)) {
    const re = globRegex(target);
    return examples(pattern).some((e) => re.test(e));
  }
  return GLOB.test(pattern) ? globRegex(pattern).test(target) : target === pattern;
}

type Relation = 'at' | 'below' | 'above';

/** How a path's segments relate to a pattern's: the file itself, below a protected folder, or an ancestor. */
function relate(rest: readonly string[], pattern: Pattern): Relation | null {
  const n = Math.min(rest.length, pattern.segments.length);
  for (let i = 0; i < n; i++) if (!segmentMatches(rest[i]!, pattern.segments[i]!)) return null;
  if (rest.length === pattern.segments.length) return 'at';
  if (rest.length > pattern.segments.length) return pattern.below ? 'below' : null;
  return 'above';
}

function within(path: readonly string[], folder: readonly string[]): string[] | null {
  if (path.length < folder.length) return null;
  for (let i = 0; i < folder.length; i++)
    if (path[i]!.toLowerCase() !== folder[i]!.toLowerCase()) return null;
  return path.slice(folder.length);
}

/** Whether a write at `rest` (relative), an ancestor of a protected path, is held in this mode. */
function ancestorHeld(rest: readonly string[], mode: WriteMode): boolean {
  if (mode === 'file') return false;
  if (mode === 'contents') return true;
  if (rest.length === 0) return mode === 'tree';
  return !REMOVABLE.has(rest[0]!) && !REMOVABLE.has(rest[rest.length - 1]!);
}

function matchUnder(
  rest: readonly string[],
  patterns: readonly Pattern[],
  mode: WriteMode,
  prefix: string,
): string | null {
  for (const pattern of patterns) {
    const r = relate(rest, pattern);
    if (r === 'at' || r === 'below') return `${prefix}${pattern.label}`;
    if (r === 'above' && ancestorHeld(rest, mode)) return `${prefix}${pattern.label}`;
  }
  return null;
}

/**
 * The protected file a write at the absolute path touches, as a label (`agent-config.yaml`,
 * `~/.claude/settings*.json`, `.git/`), or null. A segment `.git` anywhere is git's own folder.
 * In `tree` and `contents` modes an ancestor of a protected file counts too (`rm -r .claude`).
 */
export function protectedPath(abs: string, places: ProtectedPlaces, mode: WriteMode = 'file'): string | null {
  const segs = normalSegments(abs);
  const git = segs.findIndex((s) => segmentMatches(s, '.git'));
  if (git !== -1 && !(git === segs.length - 1 && GLOB.test(segs[git]!) && mode === 'file')) return '.git/';
  for (const home of places.homes) {
    const rest = within(segs, normalSegments(home));
    if (rest === null) continue;
    const hit = matchUnder(rest, HOME, mode, '~/');
    if (hit !== null) return hit;
  }
  for (const anchor of places.anchors) {
    const rest = within(segs, normalSegments(anchor));
    if (rest === null) continue;
    const hit = matchUnder(rest, PROJECT, mode, '');
    if (hit !== null) return hit;
  }
  if (mode === 'tree' || mode === 'contents') {
    // Above the project or home: `rm -r ..`, `rm -r /`.
    const tops = [...places.anchors, ...places.homes].map(normalSegments);
    if (tops.some((t) => within(t, segs) !== null)) return 'the project folder';
  }
  return null;
}

/**
 * The protected file a path whose leading folders are unknown (`"$D"/.claude/settings.json`,
 * a relative path after `cd "$(…)"`) may be: some trailing run of its segments starts a
 * protected pattern, project or home. A trailing name alone (`$D/settings.json`) is not enough.
 */
export function protectedTail(segments: readonly string[]): string | null {
  if (segments.some((s) => segmentMatches(s, '.git'))) return '.git/';
  for (let i = 0; i < segments.length; i++) {
    const rest = segments.slice(i);
    for (const pattern of [...PROJECT, ...HOME]) {
      const r = relate(rest, pattern);
      if (r === 'at' || r === 'below') return pattern.label;
    }
  }
  return null;
}

/** Names that single out a protected file or folder wherever they stand (not `node_modules`, not `agents`). */
const PROPER_NAMES = ['agent-config.yaml', '.claude', '.git', '.gitconfig', '.codex', '.gemini'];
const PROPER_PATHS = ['agents/runtime', 'agents/evidence', 'node_modules/agent-config', '.bin/agent-config'];

/**
 * The protected name a command line's text holds anywhere (`x=agent-config.yaml`, `$(echo
 * .claude)`), for a write whose path is only known when it runs; null when it holds none.
 */
export function namedInText(command: string): string | null {
  for (const word of scanText(command).split(/[\s;&|<>()`$={}]+/)) {
    const segs = normalSegments(word);
    const name = segs.find((s) => PROPER_NAMES.includes(s));
    if (name !== undefined) return name;
    const path = PROPER_PATHS.find((p) => `/${segs.join('/')}/`.includes(`/${p}/`));
    if (path !== undefined) return path;
  }
  return null;
}
