import { gitViews } from './git-view.js';
import type { CommandWords } from './rule-types.js';
import { isUnknown, type OptionSpec, splitArgs } from './words.js';
import { copyLike, file, has, optionValues, type Writes, type WriteTarget } from './write-args.js';

const GIT_CONFIG: OptionSpec = {
  withValue: ['-f', '--file', '--blob', '--type', '--default', '--comment', '--value'],
};
/**
 * Settings that make git run something else (an alias, the hooks folder, a file of more
 * settings) or turn a plain command into a guarded one (`git push` forcing or mirroring through
 * the remote's settings, `git clean` deleting without `-f`).
 */
const SETTING =
  /^(alias\..+|core\.hookspath|include\.path|includeif\..+\.path|remote\..+\.(push|mirror)|clean\.requireforce)$/;
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

/** `git rm`, `git mv`, `git checkout … -- paths`, `git restore`, `git config`: what one reading writes. */
function viewWrites(sub: string, rest: readonly string[], dirs: readonly string[]): Writes {
  const from = dirs.length === 0 ? undefined : [dirs.join('/')];
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

/**
 * What a git command writes, read as git reads it (`gitViews`): past its global options, with
 * the aliases of its configuration (`alias.cfg = config`: `git cfg alias.x …` sets an alias) and
 * the line's `-c alias.…` expanded. (`!` aliases are shell text the classifier reads itself.)
 */
export function gitWrites(c: CommandWords): Writes {
  const targets: WriteTarget[] = [];
  let setting: string | null = null;
  for (const view of gitViews(c)) {
    if (isUnknown(view.sub)) continue;
    const w = viewWrites(view.sub, view.args, view.dirs);
    targets.push(...w.targets);
    setting ??= w.setting;
  }
  return { targets, setting };
}
