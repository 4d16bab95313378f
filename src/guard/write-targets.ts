import type { WriteMode } from './protected-files.js';
import type { CommandWords } from './rules.js';
import { firstOperand, type OptionSpec, splitArgs } from './words.js';

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

/** The program a redirection is read as: `> f` writes `f` whatever the command (shell.ts). */
export const REDIRECT_PROGRAM = '>';

/** Every value of an option, in its spellings `-t X`, `-tX`, `--target-directory X`, `--target-directory=X`. */
function optionValues(args: readonly string[], short: string | null, long: readonly string[]): string[] {
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

const has = (options: readonly string[], long: readonly string[], short: string) =>
  options.some((o) =>
    o.startsWith('--') ? long.includes(o.split('=')[0]!) : [...o.slice(1)].some((l) => short.includes(l)),
  );

const file = (paths: readonly string[], mode: WriteMode = 'file'): WriteTarget[] =>
  paths.map((path) => ({ path, mode }));

/** Each operand is written. */
const operandsWritten =
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

interface CopyOptions {
  spec: OptionSpec;
  /** What happens to each source: `tree` for `mv` (removed), `link` for links made to it. */
  source: 'read' | 'tree' | 'link';
  /** `ln -s`: a relative source is relative to the link's folder. */
  symbolic?: boolean;
  rsync?: boolean;
}

/** `cp`, `mv`, `ln`, `install`, `rsync`: the destination, each name landing in it, and the sources. */
function copyLike(args: readonly string[], o: CopyOptions): WriteTarget[] {
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
    if (targetDir === undefined) out.push({ path: dest, mode: 'file' });
    for (const s of sources) {
      const name = landingName(s, o.rsync === true);
      out.push(name === null ? { path: dest, mode: 'contents' } : { path: `${dest}/${name}`, mode: 'file' });
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

const CP: OptionSpec = { withValue: ['-t', '--target-directory', '-S', '--suffix'] };
const INSTALL: OptionSpec = {
  withValue: ['-t', '--target-directory', '-S', '--suffix', '-m', '--mode', '-o', '--owner', '-g', '--group'],
};
const RSYNC: OptionSpec = {
  withValue: [
    ...['-e', '--rsh', '--exclude', '--include', '--exclude-from', '--include-from', '--files-from'],
    ...['-f', '--filter', '--chmod', '--chown', '--log-file', '--partial-dir', '-T', '--temp-dir'],
    ...['--backup-dir', '--suffix', '--compare-dest', '--copy-dest', '--link-dest', '--port'],
    ...['--password-file', '--max-size', '--min-size', '-B', '--block-size', '--timeout', '--bwlimit'],
    ...['--rsync-path', '-M', '--remote-option', '--out-format', '--info', '--debug'],
  ],
};

function cp(args: readonly string[]): WriteTarget[] {
  const { options } = splitArgs(args, CP);
  const symbolic = has(options, ['--symbolic-link'], 's');
  const hard = has(options, ['--link'], 'l');
  return copyLike(args, { spec: CP, source: symbolic || hard ? 'link' : 'read', symbolic });
}

function ln(args: readonly string[]): WriteTarget[] {
  const spec: OptionSpec = { withValue: ['-t', '--target-directory', '-S', '--suffix'] };
  const symbolic = has(splitArgs(args, spec).options, ['--symbolic'], 's');
  return copyLike(args, { spec, source: 'link', symbolic });
}

function install(args: readonly string[]): WriteTarget[] {
  if (has(splitArgs(args, INSTALL).options, ['--directory'], 'd')) return operandsWritten(INSTALL)(args);
  return copyLike(args, { spec: INSTALL, source: 'read' });
}

function rsync(args: readonly string[]): WriteTarget[] {
  const removes = splitArgs(args, RSYNC).options.some((o) => o === '--remove-source-files');
  return copyLike(args, { spec: RSYNC, source: removes ? 'tree' : 'read', rsync: true });
}

function rm(args: readonly string[]): WriteTarget[] {
  const { options, operands } = splitArgs(args, { withValue: [] });
  return file(operands, has(options, ['--recursive'], 'rR') ? 'tree' : 'file');
}

/** `sed -i`, `perl -i`, `ruby -i`: in place when a short cluster reaches `i` before a letter that takes a value. */
function inPlace(valueLetters: string, long: string | null) {
  return (args: readonly string[]): WriteTarget[] => {
    const edits = args.some((a) => {
      if (long !== null && (a === long || a.startsWith(`${long}=`))) return true;
      if (!/^-[^-]/.test(a)) return false;
      for (const letter of a.slice(1)) {
        if (letter === 'i') return true;
        if (valueLetters.includes(letter)) return false;
      }
      return false;
    });
    // Conservative: every non-option word, the script or code included (it is no protected path).
    return edits ? file(args.filter((a) => !a.startsWith('-'))) : [];
  };
}

/** `chmod MODE f…`, `chown OWNER f…`: the first operand is no file unless `--reference` names one. */
function modeLike(args: readonly string[]): WriteTarget[] {
  const { options, operands } = splitArgs(args, { withValue: [] });
  const modeAsOption = options.some((o) => /^-[rwxXst]+$/.test(o));
  const reference = options.some((o) => o.startsWith('--reference'));
  return file(modeAsOption || reference ? operands : operands.slice(1));
}

/** `find PATH… -delete`: every starting point, as a folder whose contents go. */
function findDelete(args: readonly string[]): WriteTarget[] {
  if (!args.includes('-delete')) return [];
  const starts = args.slice(
    0,
    args.findIndex((a) => /^[-(!]/.test(a)),
  );
  return file(starts.length > 0 ? starts : ['.'], 'dir');
}

const outputOption =
  (short: string | null, long: readonly string[]) =>
  (args: readonly string[]): WriteTarget[] =>
    file(optionValues(args, short, long));

/** Every program whose writes are read here, by name (the fast path's list; a test keeps them equal). */
export const WRITERS: Readonly<Record<string, (args: readonly string[]) => WriteTarget[]>> = {
  [REDIRECT_PROGRAM]: (args) => file(args),
  tee: operandsWritten({ withValue: [] }),
  sed: inPlace('efl', '--in-place'),
  perl: inPlace('eEIMmxdDC', null),
  ruby: inPlace('eEIrCxWKTF', null),
  yq: inPlace('', '--inplace'),
  sponge: operandsWritten({ withValue: [] }),
  cp,
  mv: (args) => copyLike(args, { spec: CP, source: 'tree' }),
  ln,
  link: (args) => [...file(args.slice(0, 1)).map((t) => ({ ...t, link: true })), ...file(args.slice(1))],
  install,
  rsync,
  rm,
  unlink: operandsWritten({ withValue: [] }),
  rmdir: operandsWritten({ withValue: [] }, 'tree'),
  shred: operandsWritten({ withValue: ['-n', '--iterations', '-s', '--size', '--random-source'] }),
  truncate: operandsWritten({ withValue: ['-s', '--size', '-r', '--reference'] }),
  touch: operandsWritten({ withValue: ['-r', '--reference', '-d', '--date', '-t'] }),
  mkdir: operandsWritten({ withValue: ['-m', '--mode', '--context'] }),
  find: findDelete,
  dd: (args) => file(args.filter((a) => a.startsWith('of=')).map((a) => a.slice(3))),
  chmod: modeLike,
  chown: modeLike,
  chgrp: modeLike,
  curl: outputOption('-o', ['--output']),
  wget: outputOption('-O', ['--output-document']),
  sort: outputOption('-o', ['--output']),
  patch: (args) => [
    ...file(
      splitArgs(args, { withValue: ['-i', '--input', '-p', '-d', '--directory', '-r', '-o'] }).operands.slice(
        0,
        1,
      ),
    ),
    ...outputOption('-o', ['--output'])(args),
  ],
  ...Object.fromEntries(
    ['vi', 'vim', 'nvim', 'view', 'nano', 'ed', 'ex', 'emacs'].map((e) => [
      e,
      (args: readonly string[]) =>
        file(
          splitArgs(args, { withValue: ['-c', '--cmd', '-S', '-u', '-i', '-T'] }).operands.filter(
            (a) => !a.startsWith('+'),
          ),
        ),
    ]),
  ),
};

const GIT: OptionSpec = {
  withValue: ['-C', '-c', '--git-dir', '--work-tree', '--namespace', '--config-env', '--super-prefix'],
};
const GIT_CONFIG: OptionSpec = {
  withValue: ['-f', '--file', '--blob', '--type', '--default', '--comment', '--value'],
};
/** Settings that make git run something else: an alias, the hooks folder, a file of more settings. */
const SETTING = /^(alias\..+|core\.hookspath|include\.path|includeif\..+\.path)$/;
const SECTION = /^(alias|core|include|includeif(\..+)?)$/;

/** `git config …` that sets (or removes) an alias, the hooks folder or an include. */
function gitConfigSetting(args: readonly string[]): string | null {
  const { options, operands } = splitArgs(args, GIT_CONFIG);
  const sub = ['set', 'unset', 'rename-section', 'remove-section', 'edit', 'get', 'list'].includes(
    operands[0] ?? '',
  )
    ? operands[0]!
    : null;
  const opt = (...names: string[]) => options.some((o) => names.includes(o.split('=')[0]!));
  if (sub === 'edit' || opt('--edit', '-e')) return 'the whole configuration (--edit)';
  if (
    sub === 'get' ||
    sub === 'list' ||
    opt('--get', '--get-all', '--get-regexp', '--get-urlmatch', '--list', '-l')
  )
    return null;
  const rest = sub === null ? operands : operands.slice(1);
  const writes =
    sub !== null ||
    opt('--unset', '--unset-all', '--add', '--replace-all', '--rename-section', '--remove-section') ||
    rest.length >= 2;
  const key = (rest[0] ?? '').toLowerCase();
  if (!writes) return null;
  const section =
    opt('--rename-section', '--remove-section') || sub === 'rename-section' || sub === 'remove-section';
  return (section ? SECTION : SETTING).test(key) ? key : null;
}

/** `git rm`, `git mv`, `git checkout … -- paths`, `git restore`, `git config`: what they write. */
function gitWrites(args: readonly string[]): Writes {
  const at = firstOperand(args, GIT);
  if (at === -1) return { targets: [], setting: null };
  const dirs = optionValues(args.slice(0, at), '-C', []);
  const from = dirs.length === 0 ? undefined : [dirs.join('/')];
  const sub = args[at]!;
  const rest = args.slice(at + 1);
  let targets: WriteTarget[] = [];
  let setting: string | null = null;
  if (sub === 'config') {
    setting = gitConfigSetting(rest);
    targets = file(optionValues(rest, '-f', ['--file']));
  } else if (sub === 'rm') targets = file(splitArgs(rest, { withValue: [] }).operands, 'tree');
  else if (sub === 'mv') targets = copyLike(rest, { spec: { withValue: [] }, source: 'tree' });
  else if (sub === 'checkout' || sub === 'restore') {
    const spec = {
      withValue: ['-b', '-B', '--orphan', '-s', '--source', '--conflict', '--pathspec-from-file'],
    };
    const { options, operands } = splitArgs(rest, spec);
    const indexOnly = has(options, ['--staged'], 'S') && !has(options, ['--worktree'], 'W');
    if (!(sub === 'restore' && indexOnly)) targets = file(operands, 'dir');
  }
  return { targets: from === undefined ? targets : targets.map((t) => ({ ...t, from })), setting };
}

/** What one command (wrappers removed, redirections read as `>`) writes. */
export function writesOf(c: CommandWords): Writes {
  if (c.program === 'git') return gitWrites(c.args);
  const writer = WRITERS[c.program];
  return { targets: writer === undefined ? [] : writer(c.args), setting: null };
}
