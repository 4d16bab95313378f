import type { WriteMode } from './protected-files.js';
import { type OptionSpec, splitArgs } from './words.js';

// The shapes every writing program's reading shares (write-targets.ts, git-writes.ts).

/** A path one command writes (or links), as the shell passes it: it may hold `~`, `$VAR`, a glob. */
export interface WriteTarget {
  path: string;
  mode: WriteMode;
  /** Folders, as written, that `path` is relative to instead of the command's folder (`ln -s`, `git -C`). */
  from?: readonly string[];
  /** The command makes a link to `path` rather than writing it (`ln -s SRC`, `ln SRC`, `cp -l SRC`). */
  link?: boolean;
}

/** What a command writes: paths, and the git setting it sets when that changes what git runs. */
export interface Writes {
  targets: WriteTarget[];
  /** `alias.p`, `core.hookspath`, `include.path`…: git configuration that runs other commands. */
  setting: string | null;
}

/** Every value of an option, in its spellings `-t X`, `-tX`, `--target-directory X`, `--target-directory=X`. */
export function optionValues(
  args: readonly string[],
  short: string | null,
  long: readonly string[],
): string[] {
  const values: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') break;
    const eq = a.indexOf('=');
    if (a.startsWith('--') && long.includes(eq === -1 ? a : a.slice(0, eq))) {
      if (eq !== -1) values.push(a.slice(eq + 1));
      else if (i + 1 < args.length) values.push(args[++i]!);
    } else if (short !== null && a.startsWith(short)) {
      if (a.length > short.length) values.push(a.slice(short.length));
      else if (i + 1 < args.length) values.push(args[++i]!);
    } else if (short !== null && new RegExp(`^-[a-zA-Z]+${short[1]}$`).test(a) && i + 1 < args.length) {
      // The letter last in a cluster of flags takes the next word: `curl -sSLo f`, `cp -vt dir`.
      values.push(args[++i]!);
    }
  }
  return values;
}

export const has = (options: readonly string[], long: readonly string[], short: string) =>
  options.some((o) =>
    o.startsWith('--') ? long.includes(o.split('=')[0]!) : [...o.slice(1)].some((l) => short.includes(l)),
  );

export const file = (paths: readonly string[], mode: WriteMode = 'file'): WriteTarget[] =>
  paths.map((path) => ({ path, mode }));

/** Each operand is written. */
export const operandsWritten =
  (spec: OptionSpec, mode: WriteMode = 'file') =>
  (args: readonly string[]) =>
    file(splitArgs(args, spec).operands, mode);

/** The name a source lands under in a destination folder, or null when unknown (`src/.`, `$F`). */
function landingName(source: string, trailingSlashIsContents: boolean): string | null {
  if (source.includes('$') || source.includes('`')) return null;
  if (trailingSlashIsContents && source.endsWith('/')) return null;
  const parts = source.split('/').filter((s) => s !== '');
  const last = parts[parts.length - 1];
  return last === undefined || last === '.' || last === '..' ? null : last;
}

export interface CopyOptions {
  spec: OptionSpec;
  /** What happens to each source: `tree` for `mv` (removed), `link` for links made to it. */
  source: 'read' | 'tree' | 'link';
  /** `ln -s`: a relative source is relative to the link's folder. */
  symbolic?: boolean;
  rsync?: boolean;
}

/** `cp`, `mv`, `ln`, `install`, `rsync`: the destination, each name landing in it, and the sources. */
export function copyLike(args: readonly string[], o: CopyOptions): WriteTarget[] {
  const { operands } = splitArgs(args, o.spec);
  const targetDir = optionValues(args, '-t', ['--target-directory'])[0];
  const remote = (w: string) => o.rsync === true && (/^[^/]*:/.test(w) || w.startsWith('rsync://'));
  let dest: string | null;
  let sources: string[];
  if (targetDir !== undefined) [dest, sources] = [targetDir, operands];
  else if (operands.length >= 2) [dest, sources] = [operands[operands.length - 1]!, operands.slice(0, -1)];
  else [dest, sources] = [o.symbolic === true || o.source === 'link' ? '.' : null, operands];
  const out: WriteTarget[] = [];
  if (dest !== null && !remote(dest)) {
    // `dir`: what lands may be a folder (`cp -r evil .claude`, `mv evil agents`, `ln -s /tmp/x .claude`).
    if (targetDir === undefined) out.push({ path: dest, mode: 'dir' });
    for (const s of sources) {
      const name = landingName(s, o.rsync === true);
      out.push(name === null ? { path: dest, mode: 'contents' } : { path: `${dest}/${name}`, mode: 'dir' });
    }
  }
  for (const s of sources) {
    if (remote(s)) continue;
    if (o.source === 'tree') out.push({ path: s, mode: 'tree' });
    if (o.source === 'link')
      out.push({
        path: s,
        mode: 'file',
        link: true,
        ...(o.symbolic === true && dest !== null ? { from: [dest, `${dest}/..`] } : {}),
      });
  }
  return out;
}
