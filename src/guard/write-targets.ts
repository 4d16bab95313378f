import { gitWrites } from './git-writes.js';
import type { CommandWords } from './rule-types.js';
import { REDIRECT_PROGRAM } from './shell.js';
import { type OptionSpec, splitArgs } from './words.js';
import {
  copyLike,
  file,
  has,
  operandsWritten,
  optionValues,
  type Writes,
  type WriteTarget,
} from './write-args.js';

export { REDIRECT_PROGRAM } from './shell.js';
export type { Writes, WriteTarget } from './write-args.js';

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

/** `tar -x … -C DIR`, `unzip … -d DIR`: unpacking into a folder, whose contents are unknown. */
function unpackInto(args: readonly string[], dirOption: string, long: readonly string[]): WriteTarget[] {
  return file(optionValues(args, dirOption, long), 'dir');
}

/** Package-manager verbs that only read, or run a package (the tool's own verbs are person-verbs.ts's). */
const READS_PACKAGES = new Set(
  ['view', 'v', 'info', 'show', 'ls', 'list', 'll', 'la', 'outdated', 'explain', 'why', 'docs', 'home']
    .concat(['repo', 'bugs', 'search', 's', 'exec', 'x', 'dlx', 'run', 'run-script', 'test', 't', 'start'])
    .concat(['stop', 'pack', 'publish', 'audit', 'config', 'c', 'get', 'help', 'create', 'init']),
);
const NAMES_TOOL = /(^|[/@:])agent-config([@.#-]|$)/;
const PACKAGE_MANAGER: OptionSpec = {
  withValue: ['--prefix', '-C', '--dir', '--filter', '-F', '--cwd', '-w', '--workspace', '--registry'],
};

/** `npm install agent-config@…`, `pnpm add ./agent-config-1.0.0.tgz`, `npm link agent-config`: the tool replaced. */
function packageManager(args: readonly string[]): WriteTarget[] {
  const [sub, ...rest] = splitArgs(args, PACKAGE_MANAGER).operands;
  if (sub === undefined || READS_PACKAGES.has(sub) || NAMES_TOOL.test(sub)) return [];
  return rest.some((w) => NAMES_TOOL.test(w)) ? file(['node_modules/agent-config']) : [];
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
  mkfifo: operandsWritten({ withValue: ['-m', '--mode', '-Z', '--context'] }),
  mknod: (args) =>
    file(splitArgs(args, { withValue: ['-m', '--mode', '-Z', '--context'] }).operands.slice(0, 1)),
  tar: (args) => unpackInto(args, '-C', ['--directory']),
  bsdtar: (args) => unpackInto(args, '-C', ['--directory']),
  unzip: (args) => unpackInto(args, '-d', []),
  npm: packageManager,
  pnpm: packageManager,
  yarn: packageManager,
  bun: packageManager,
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

/** What one command (wrappers removed, redirections read as `>`) writes. */
export function writesOf(c: CommandWords): Writes {
  if (c.program === 'git') return gitWrites(c);
  const writer = WRITERS[c.program];
  return { targets: writer === undefined ? [] : writer(c.args), setting: null };
}
