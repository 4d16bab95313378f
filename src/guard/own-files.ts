import { isPersonRun, type ToolRun, toolRunOf } from './person-verbs.js';
import { normalSegments, resolvePosix } from './posix-paths.js';
import {
  namedInText,
  type ProtectedPlaces,
  protectedPath,
  protectedTail,
  type WriteMode,
} from './protected-files.js';
import type { CommandWords, GuardRule } from './rule-types.js';
import { NO_WORD } from './words.js';
import { type WriteTarget, writesOf } from './write-targets.js';

/** What the commands of one shell call do to the guard's own files, as the classifier read them. */
export interface OwnFilesSeen {
  targets: WriteTarget[];
  /** `git config` settings that make git run something else. */
  settings: string[];
  runs: ToolRun[];
  /** Folders `cd`/`pushd` moved to, in order, as written; null for one unknown from the text. */
  cds: (string | null)[];
}

/** The action name the watch carries; it never matches, so it never appears among the actions. */
export const OWN_FILES_ACTION = 'own-files';

/**
 * A rule that matches nothing and records, for every command the classifier reads (nested
 * shells, wrappers and all), what it writes and which of the tool's verbs it runs. Passed to
 * `classifyCommand` beside the rules, it sees exactly the words they see.
 */
export function watchOwnFiles(): { rule: GuardRule; seen: OwnFilesSeen } {
  const seen: OwnFilesSeen = { targets: [], settings: [], runs: [], cds: [] };
  const rule: GuardRule = {
    action: OWN_FILES_ACTION,
    window: 'never',
    // What the classifier's fallback looks for when a program is a variable: `"$D"/agent-config confirm`
    // is then held as an unreadable command, as `$GIT push -f` is.
    programs: ['agent-config'],
    keywords: ['confirm', 'decline', 'decide', 'signers', 'uninstall', 'hooks:uninstall'],
    summary: "writes to the guard's own files; a person's verbs",
    matches: (read: CommandWords) => {
      // Each command is read twice (see classify.ts): once is enough here, with the words the
      // text cannot fix as written (`"$D"/.claude/settings.json` ends in a protected path).
      if (read.unknown !== NO_WORD) {
        // What the command could do: the tool run with a person's verb, its program a variable
        // (`"$D"/agent-config confirm`) — held as an unreadable command, as `$GIT push -f` is. (A
        // literal run of such a verb is refused by its finding before the actions count.)
        const run = toolRunOf(read);
        return run !== null && isPersonRun(run, false);
      }
      const c = { ...read, args: read.written ?? read.args };
      if (c.program === 'cd' || c.program === 'pushd') seen.cds.push(cdTarget(c.args));
      const w = writesOf(c);
      seen.targets.push(...w.targets);
      if (w.setting !== null) seen.settings.push(w.setting);
      const run = toolRunOf(c);
      if (run !== null) seen.runs.push(run);
      return false;
    },
  };
  return { rule, seen };
}

function cdTarget(args: readonly string[]): string | null {
  const operands = args.filter((a) => !/^-[LPe@]+$/.test(a) && a !== '--');
  const dir = operands[0];
  if (dir === undefined) return '~';
  if (dir === '-' || /[$`*?[]/.test(dir)) return null;
  return dir;
}

/**
 * Whether a `decline` in this line speaks for a person without `--as`: AGENT_CONFIG_HUMAN is set
 * in the environment the agent's shell inherits, or the line sets it.
 */
export function personNamedFor(command: string, environmentValue: string | undefined): boolean {
  return (environmentValue ?? '') !== '' || command.includes('AGENT_CONFIG_HUMAN');
}

/** Where the call runs: its folder, the user's home (for `~`), and where the guard's files are. */
export interface CallPlace extends ProtectedPlaces {
  cwd: string;
  home: string | null;
}

/** Why a shell call is refused outright. */
export type OwnFilesFinding =
  /** `unknown`: the path is only known when it runs, and the line names `file` elsewhere. */
  | { kind: 'write'; file: string; link: boolean; unknown?: boolean }
  | { kind: 'setting'; setting: string }
  | { kind: 'person-verb'; verb: string; unknown?: boolean };

/** A path to look at again once symbolic links are resolved (by the hook, which may read the disk). */
export interface LinkCandidate {
  path: string;
  mode: WriteMode;
  link: boolean;
}

/** An expansion, or the `{}` that `find -exec` and `xargs -I` fill in: a path only known when it runs. */
const UNKNOWN = /[$`]|\{\}/;

/** `~`, `~/x`, `$HOME/x`, `${HOME}/x` → the home folder; null when the path starts elsewhere. */
function expandHome(path: string, home: string | null): string | null {
  const m = /^(~|\$HOME\b|\$\{HOME\})(\/.*)?$/.exec(path);
  if (m === null || home === null) return null;
  return `${home}${m[2] ?? ''}`;
}

/** The folders a relative path may be relative to: the call's folder and every `cd` of the line. */
function folders(cwd: string, cds: readonly (string | null)[], home: string | null): string[] | null {
  let dirs = [cwd];
  for (const cd of cds) {
    if (cd === null) return null;
    const next = expandHome(cd, home) ?? cd;
    if (UNKNOWN.test(next) || next.startsWith('~')) return null;
    dirs = [...new Set([...dirs, ...dirs.map((d) => resolvePosix(d, next))])];
    if (dirs.length > 32) return null;
  }
  return dirs;
}

type Resolved = { abs: string } | { tail: string[] };

/** Every absolute path a written path may be, or its known tail when its leading folders are not. */
function resolutions(
  path: string,
  from: readonly string[] | undefined,
  dirs: string[] | null,
  home: string | null,
): Resolved[] {
  const homed = expandHome(path, home) ?? path;
  if (UNKNOWN.test(homed) || homed.startsWith('~')) return [{ tail: tailOf(homed) }];
  if (homed.startsWith('/')) return [{ abs: resolvePosix('/', homed) }];
  const bases = from?.map((f) => expandHome(f, home) ?? f);
  if (dirs === null || bases?.some((b) => UNKNOWN.test(b) || b.startsWith('~'))) {
    return [{ tail: normalSegments(homed) }];
  }
  const starts = bases === undefined ? dirs : dirs.flatMap((d) => bases.map((b) => resolvePosix(d, b)));
  return starts.map((b) => ({ abs: resolvePosix(b, homed) }));
}

/** The segments after the last one that holds an expansion. */
function tailOf(path: string): string[] {
  const segs = path.split('/');
  let last = -1;
  segs.forEach((s, i) => {
    if (UNKNOWN.test(s) || (i === 0 && s.startsWith('~'))) last = i;
  });
  return normalSegments(segs.slice(last + 1).join('/'));
}

/**
 * Judges what the watch saw, from the text alone: the first write to a protected path, git
 * setting or person's verb found; else the absolute paths to check again once symbolic links
 * are resolved (`ln -s ../agent-config.yaml x`, run before, makes `echo > x` a write to it).
 */
export function ownFilesFindings(
  seen: OwnFilesSeen,
  place: CallPlace,
  line: { command: string; humanInEnvironment: boolean },
): { finding: OwnFilesFinding | null; candidates: LinkCandidate[] } {
  const dirs = folders(place.cwd, seen.cds, place.home);
  const candidates: LinkCandidate[] = [];
  let unknown: WriteTarget | null = null;
  for (const t of seen.targets) {
    for (const r of resolutions(t.path, t.from, dirs, place.home)) {
      const hit = 'abs' in r ? protectedPath(r.abs, place, t.mode) : protectedTail(r.tail);
      if (hit !== null)
        return { finding: { kind: 'write', file: hit, link: t.link === true }, candidates: [] };
      if ('abs' in r) candidates.push({ path: r.abs, mode: t.mode, link: t.link === true });
      else unknown ??= t;
    }
  }
  // `f=agent-config.yaml; echo x > "$f"`: a path the text leaves to run time, in a line that names one.
  const named = unknown === null ? null : namedInText(line.command);
  if (unknown !== null && named !== null) {
    const finding = { kind: 'write' as const, file: named, link: unknown.link === true, unknown: true };
    return { finding, candidates: [] };
  }
  const setting = seen.settings[0];
  if (setting !== undefined) return { finding: { kind: 'setting', setting }, candidates: [] };
  const run = seen.runs.find((r) => isPersonRun(r, line.humanInEnvironment));
  if (run !== undefined) {
    return { finding: { kind: 'person-verb', verb: run.verb, unknown: run.unknown }, candidates: [] };
  }
  return { finding: null, candidates };
}
