import type { Context } from '../../core/context.js';
import { docPage } from '../../core/doc-page.js';
import { personCommand } from '../../core/person-command.js';
import type { FileCall, Harness, ShellCall } from '../../guard/harness.js';
import {
  type CallPlace,
  type OwnFilesFinding,
  type OwnFilesSeen,
  ownFilesFindings,
  personNamedFor,
} from '../../guard/own-files.js';
import { resolvePosix } from '../../guard/posix-paths.js';
import { scanText } from '../../guard/prefilter.js';
import { protectedPath } from '../../guard/protected-files.js';
import { resolveLinks } from '../../repo/resolve-links.js';
import { deny, errorText, type HookReport, report } from './hook-report.js';

const PERSON_EDITS = `a person edits these files, in their own editor or terminal (${docPage('guard.md')}, "Its own files")`;

/** The places the guard's files are anchored at, as given and with their links resolved. */
export function ownFilePlaces(ctx: Context, folders: readonly (string | null)[]): CallPlace {
  const safe = (p: string) => {
    try {
      return [p, resolveLinks(p)];
    } catch {
      return [p];
    }
  };
  const given = ctx.env.HOME;
  const home = given?.startsWith('/') ? resolvePosix('/', given) : null;
  const anchors = folders.filter((f): f is string => f !== null).map((f) => resolvePosix('/', f));
  return {
    cwd: ctx.cwd,
    home,
    anchors: [...new Set(anchors.flatMap(safe))],
    homes: home === null ? [] : [...new Set(safe(home))],
  };
}

function refusal(finding: OwnFilesFinding): string {
  if (finding.kind === 'write' && finding.unknown === true) {
    return `this command ${finding.link ? 'links to' : 'writes'} a path only known when it runs, and names ${finding.file}, one of the guard's own files; it was not run: ${PERSON_EDITS}. Write to a path spelled out, or tell the person what should change and why.`;
  }
  if (finding.kind === 'write') {
    return `this command ${finding.link ? 'links to' : 'writes'} ${finding.file}, one of the guard's own files, and was not run: ${PERSON_EDITS}. Tell the person what should change and why.`;
  }
  if (finding.kind === 'setting') {
    return `this command sets git's ${finding.setting}, which changes what git runs, and was not run: a person changes git's configuration in their own terminal. Tell the person what should change and why.`;
  }
  if (finding.unknown === true) {
    return `this command runs agent-config with a verb only known when it runs (${finding.verb}), and the person's verbs are a person's to run, in their own terminal; it was not run. Spell the verb out.`;
  }
  return `\`${personCommand(finding.verb)}\` is a person's command: a person runs it in their own terminal, never through the agent's shell; it was not run. Tell the person what it is for.`;
}

/** A line the parser could not read in full that names the guard's files or the tool is refused. */
const NAMED = ['agent-config', '.claude', 'agents/', '.git/', '.codex', '.gemini', 'hookspath', 'alias.'];

/**
 * The hook's answer for a shell call that writes the guard's own files, sets git's aliases or
 * hooks folder, or runs a person's verb: an outright deny (never staged: a person confirming
 * an agent's `confirm` would be absurd). Null when it does none of these. Paths the text does
 * not settle are looked at again with their symbolic links resolved; a failure there denies.
 */
export function ownFilesRefusal(
  ctx: Context,
  harness: Harness,
  call: ShellCall,
  place: CallPlace,
  seen: OwnFilesSeen,
  unreadable: boolean,
): HookReport | null {
  const human = personNamedFor(call.command, ctx.env.AGENT_CONFIG_HUMAN);
  const where = { ...place, cwd: resolvePosix(place.cwd, call.cwd ?? place.cwd) };
  const { finding, candidates } = ownFilesFindings(seen, where, {
    command: call.command,
    humanInEnvironment: human,
  });
  const refuse = (reason: string) =>
    report(harness, finding?.kind === 'person-verb' ? 'person-verb' : 'own-files', deny(reason));
  if (finding !== null) return refuse(refusal(finding));
  try {
    for (const c of candidates) {
      const file = protectedPath(resolveLinks(c.path), where, c.mode);
      if (file !== null) return refuse(refusal({ kind: 'write', file, link: c.link }));
    }
  } catch (error) {
    return refuse(
      `the guard could not resolve where this command writes (${errorText(error)}); it was not run.`,
    );
  }
  if (unreadable && NAMED.some((k) => scanText(call.command).includes(k))) {
    return refuse(
      "this command could not be read in full and names the guard's own files or the tool; it was not run.",
    );
  }
  return null;
}

/**
 * Claude Code's file tools: a write to one of the guard's own files, its symbolic links
 * resolved, is denied; any other path gets no opinion.
 */
export function fileToolReport(
  ctx: Context,
  harness: Harness,
  call: FileCall,
  places: CallPlace,
): HookReport {
  if (call.path === null) {
    return report(
      harness,
      'own-files',
      deny(`${call.tool} names no file the guard can read; it was not run.`),
    );
  }
  const homed = places.home !== null ? call.path.replace(/^~(?=\/|$)/, places.home) : call.path;
  const abs = resolvePosix(call.cwd ?? ctx.cwd, homed);
  let file: string | null;
  try {
    file = protectedPath(abs, places) ?? protectedPath(resolveLinks(abs), places);
  } catch (error) {
    file = `a path the guard cannot resolve (${errorText(error)})`;
  }
  if (file === null) return report(harness, 'other-tool', { decision: 'none' });
  return report(
    harness,
    'own-files',
    deny(
      `${call.tool} of ${call.path} was not run: it is one of the guard's own files (${file}), and ${PERSON_EDITS}. Tell the person what should change and why.`,
    ),
  );
}
