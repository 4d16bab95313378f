import type { Field } from './resolve.js';
import { programName } from './words.js';
import { RUNNERS, WRAPPERS, type WrapperSpec, XARGS } from './wrappers.js';

/** The positional parameters a script starts with (`sh -c 'git "$@"' zero push -f`). */
export interface Positional {
  zero?: string | null;
  params: readonly (string | null)[];
}

/** Something a command line runs, found by taking wrappers and launchers off. */
export type Run =
  /** A program and its words (program first), with variables set for it. */
  | { kind: 'command'; words: Field[]; env: ReadonlyMap<string, string | null> }
  /** A program word the text cannot fix (`$GIT push -f`), with the words after it. */
  | { kind: 'unknown-program'; words: Field[] }
  /** Shell text a shell runs (`sh -c`, `eval`, `trap`, `su -c`); `same`: in this shell (eval, source). */
  | { kind: 'script'; text: string; same: boolean; positional?: Positional }
  /** A shell that reads its script from its standard input (`| sh`, `bash -s`, `source /dev/stdin`). */
  | { kind: 'stdin-script'; positional?: Positional }
  /** An interpreter's inline code (`python3 -c`, `node -e`, `perl -e`, `awk '…'`). */
  | { kind: 'code'; text: string }
  /** An interpreter that reads its code from its standard input (`python3 - <<EOF`). */
  | { kind: 'stdin-code' };

/** Shell text whose content the text of the line cannot fix: looked at loosely. */
export type LaunchRun = Run | { kind: 'unknown-script'; loose: string };

/** The words from `i` on, as a script the text cannot fix. */
export const unknownRest = (args: readonly Field[], i: number): LaunchRun => ({
  kind: 'unknown-script',
  loose: args
    .slice(i)
    .map((a) => a.text)
    .join(' '),
});

const MAX_RUNS = 24;

/** A program word given as a package (`npm@10`, `twine==5`): its name. */
function packageName(word: string): string {
  const at = word.indexOf('@', 1);
  return (at === -1 ? word : word.slice(0, at)).split(/[=<>]/)[0]!;
}

const field = (value: string): Field => ({ value, glob: false, multi: false, text: value });

/** Where a wrapper's command starts: each reading of its options, or the script an option gives. */
function wrapped(spec: WrapperSpec, words: readonly Field[], env: Map<string, string | null>): Run[] {
  const out: Run[] = [];
  const walk = (i: number, skip: number, vars: Map<string, string | null>): void => {
    if (out.length >= MAX_RUNS) return;
    const f = words[i];
    if (f === undefined) return;
    const v = f.value;
    if (v === null || (f.glob && i === 0)) {
      out.push({ kind: 'unknown-program', words: words.slice(i) });
      walk(i + 1, skip, vars);
      walk(i + 2, skip, vars);
      return;
    }
    if (v === '--') {
      walk(i + 1, skip, vars);
      return;
    }
    if (v.startsWith('-') && v !== '-') {
      const eq = v.indexOf('=');
      const name = eq === -1 ? v : v.slice(0, eq);
      if (spec.notRun?.includes(name)) return;
      if (spec.script?.includes(name)) {
        const text = eq === -1 ? words[i + 1]?.text : v.slice(eq + 1);
        if (text !== undefined) out.push({ kind: 'script', text, same: false });
        walk(i + (eq === -1 ? 2 : 1), skip, vars);
        return;
      }
      if (eq !== -1 || spec.flags?.includes(v)) {
        walk(i + 1, skip, vars);
        return;
      }
      if (spec.withValue?.includes(v)) {
        walk(i + 2, skip, vars);
        return;
      }
      if (!v.startsWith('--') && v.length > 2) {
        // A cluster: `-qc 'cmd'` (script), `-uroot` (value attached), `-fn` (flags).
        for (let k = 1; k < v.length; k++) {
          const letter = `-${v[k]}`;
          if (spec.notRun?.includes(letter)) return;
          const attached = v.slice(k + 1);
          if (spec.script?.includes(letter)) {
            const text = attached !== '' ? attached : words[i + 1]?.text;
            if (text !== undefined) out.push({ kind: 'script', text, same: false });
            walk(i + (attached !== '' ? 1 : 2), skip, vars);
            return;
          }
          if (spec.withValue?.includes(letter)) {
            walk(i + (attached !== '' ? 1 : 2), skip, vars);
            return;
          }
        }
        walk(i + 1, skip, vars);
        return;
      }
      walk(i + 1, skip, vars);
      walk(i + 2, skip, vars);
      return;
    }
    if (spec.assignments === true && /^[A-Za-z_][A-Za-z0-9_]*=/.test(v)) {
      const next = new Map(vars);
      next.set(v.slice(0, v.indexOf('=')), v.slice(v.indexOf('=') + 1));
      walk(i + 1, skip, next);
      return;
    }
    if (skip > 0) {
      walk(i + 1, skip - 1, vars);
      return;
    }
    if (spec.noCommand === true) {
      walk(i + 1, skip, vars);
      return;
    }
    out.push({ kind: 'command', words: words.slice(i), env: vars });
  };
  walk(0, spec.skip ?? 0, env);
  return out;
}

/** `find … -exec cmd {} ;` (and -execdir, -ok, -okdir): each command, `{}` a path unknown here. */
function findExec(words: readonly Field[], env: Map<string, string | null>): Run[] {
  const out: Run[] = [];
  for (let i = 0; i < words.length; i++) {
    if (!/^-(exec|execdir|ok|okdir)$/.test(words[i]!.value ?? '')) continue;
    const end = words.findIndex((w, k) => k > i && (w.value === ';' || w.value === '+'));
    const command = words
      .slice(i + 1, end === -1 ? undefined : end)
      .map((w) => (w.value?.includes('{}') ? { value: null, glob: false, multi: false, text: w.text } : w));
    if (command.length > 0) out.push({ kind: 'command', words: command, env });
    if (end !== -1) i = end;
  }
  return out;
}

/** `parallel CMD ::: ARGS`: the template with each argument, run by a shell; with no template, each argument. */
function parallel(words: readonly Field[], stdinWords: readonly Field[] | null): Run[] {
  const sep = words.findIndex((w) => /^:::+\+?$/.test(w.value ?? ''));
  let at = 0;
  while (at < words.length && at !== sep && (words[at]!.value ?? '').startsWith('-')) at++;
  const template = words.slice(at, sep === -1 ? undefined : sep).map((w) => w.text);
  // No command and no `:::`: each line of the input is a command.
  if (template.length === 0 && sep === -1) return [{ kind: 'stdin-script' }];
  const args =
    sep === -1
      ? (stdinWords ?? [{ value: null, glob: false, multi: true, text: '"$ARG"' }])
      : words.slice(sep + 1).filter((w) => !/^:::+\+?$/.test(w.value ?? ''));
  const scripts = args.slice(0, MAX_RUNS).map((a) => {
    if (template.length === 0) return a.text;
    const joined = template.join(' ');
    return joined.includes('{}') ? joined.replaceAll('{}', a.text) : `${joined} ${a.text}`;
  });
  if (template.length > 0) scripts.push(template.join(' '));
  return scripts.map((text) => ({ kind: 'script', text, same: false }));
}

/**
 * The runs of a command once wrappers are taken off: `sudo -u x env A=1 nice -n 5 /usr/bin/git
 * push` runs `sudo …`, `env …`, `nice …` and `git push`; `$GIT push` an unknown program. Every
 * level is a run, so a repository's rule for a wrapper still matches.
 */
export function unwrap(words: readonly Field[], stdinWords: readonly Field[] | null, depth = 0): Run[] {
  const first = words[0];
  if (first === undefined) return [];
  if (first.value === null || first.glob) return [{ kind: 'unknown-program', words: [...words] }];
  const runs: Run[] = [{ kind: 'command', words: [...words], env: new Map() }];
  if (depth > 8) return runs;
  const program = programName(first.value);
  const args = words.slice(1);
  const deeper = (inner: readonly Run[], env?: ReadonlyMap<string, string | null>) => {
    for (const r of inner) {
      if (r.kind !== 'command') runs.push(r);
      else
        for (const u of unwrap(r.words, stdinWords, depth + 1))
          runs.push(u.kind === 'command' ? { ...u, env: new Map([...(env ?? []), ...r.env, ...u.env]) } : u);
    }
  };
  if (program === 'env') {
    // `env -S 'git push -f'` splits its string into words and goes on reading them.
    const s = args.findIndex((a) => /^(-S|--split-string)/.test(a.value ?? ''));
    if (s !== -1) {
      const v = args[s]!.value!;
      const attached = v.startsWith('--split-string=')
        ? v.slice(15)
        : v.startsWith('-S') && v.length > 2
          ? v.slice(2)
          : null;
      const text = attached ?? args[s + 1]?.text ?? '';
      const rest = args.slice(s + (attached === null ? 2 : 1)).map((a) => a.text);
      runs.push({ kind: 'script', text: ['env', text, ...rest].join(' '), same: false });
    }
  }
  if (program === 'xargs') {
    // xargs appends the words of its input to the command; a word it cannot know is any word.
    const inner = wrapped(XARGS, args, new Map());
    const input = stdinWords ?? [{ value: null, glob: false, multi: true, text: '"$ARGS"' }];
    deeper(inner.map((r) => (r.kind === 'command' ? { ...r, words: [...r.words, ...input] } : r)));
    return runs;
  }
  if (program === 'find')
    return [
      ...runs,
      ...findExec(args, new Map()).flatMap((r) =>
        r.kind === 'command' ? unwrap(r.words, null, depth + 1) : [r],
      ),
    ];
  if (program === 'parallel') return [...runs, ...parallel(args, stdinWords)];
  if (program === 'watch') {
    const inner = wrapped(WRAPPERS.watch!, args, new Map());
    deeper(inner);
    for (const r of inner)
      if (r.kind === 'command')
        runs.push({ kind: 'script', text: r.words.map((w) => w.text).join(' '), same: false });
    return runs;
  }
  if (program === 'busybox' || program === 'toybox') {
    deeper(
      args.length > 0 && (args[0]!.value ?? '').startsWith('-')
        ? []
        : [{ kind: 'command', words: args, env: new Map() }],
    );
    return runs;
  }
  const runner = RUNNERS[program];
  if (runner !== undefined) {
    const operands = args.flatMap((a, k) => ((a.value ?? '-').startsWith('-') ? [] : [k]));
    const at = operands.slice(0, 2).find((k) => runner.includes(args[k]!.value!));
    if (at !== undefined) {
      // `npm exec -- cmd`, `uv run --with x cmd`, `nix develop -c cmd`, `pnpm exec -c 'cmd'`.
      const rest = args.slice(at + 1);
      const named = (k: number, w: readonly Field[]): Field[] => [
        field(packageName(w[k]?.value ?? '')),
        ...w.slice(k + 1),
      ];
      const inner: Run[] = wrapped({ script: ['-c', '--call', '--shell-mode'] }, rest, new Map()).map((r) =>
        r.kind === 'command' ? { ...r, words: named(0, r.words) } : r,
      );
      for (const marker of ['--', '-c', '--command']) {
        const k = rest.findIndex((a) => a.value === marker);
        if (k !== -1 && rest[k + 1] !== undefined)
          inner.push({ kind: 'command', words: named(k + 1, rest), env: new Map() });
      }
      deeper(inner);
    }
    return runs;
  }
  const spec = WRAPPERS[program];
  if (spec === undefined) return runs;
  const inner = wrapped(spec, args, new Map()).map((r) =>
    r.kind === 'command' && (program === 'npx' || program === 'bunx' || program === 'uvx')
      ? { ...r, words: [field(packageName(r.words[0]!.value ?? '')), ...r.words.slice(1)] }
      : r,
  );
  deeper(inner);
  return runs;
}
