import type { Assignment, Command } from 'unbash';
import { printfOutput } from './printed.js';
import type { Field, Scope, Stdin, Values } from './resolve.js';
import { assign, changeDir, positional } from './scope.js';

const DECLARE = ['export', 'declare', 'typeset', 'local', 'readonly'];

/**
 * What a command changes in the shell: `cd`, `export`/`declare`/`local`, `set --`, `unset`,
 * `read` from a known input, `printf -v`. Any other command changes nothing the line can see.
 */
export function effectsOf(
  readings: Field[][],
  node: Command,
  scope: Scope,
  input: Stdin,
  assignment: (p: Assignment, scope: Scope, exported: boolean) => Scope,
): Scope {
  const name = readings[0]?.[0]?.value;
  const values = (k: number): Values => [...new Set(readings.map((r) => r[k]?.value ?? null))];
  if (name === 'cd' || name === 'pushd') {
    const at = (readings[0] ?? []).findIndex((f, k) => k > 0 && !/^-[LPe@]*$|^--$/.test(f.value ?? ''));
    const targets = at === -1 ? ['~'] : values(at);
    return changeDir(
      scope,
      targets.map((t) => (t === '-' ? null : t)),
    );
  }
  if (name === 'popd') return { ...scope, cwd: [null] };
  if (name !== undefined && name !== null && DECLARE.includes(name)) {
    let s = scope;
    const exported = name === 'export' || (readings[0] ?? []).some((f) => /^-\w*x/.test(f.value ?? ''));
    for (const arg of node.args) {
      if (arg.type === 'Assignment') s = assignment(arg, s, exported);
      else if (exported && /^[A-Za-z_]\w*$/.test(arg.value)) {
        s = assign(s, arg.value, s.vars.get(arg.value) ?? [null], true);
      }
    }
    return s;
  }
  if (name === 'set') {
    // `set -- a b c` (or `set a b`): the positional parameters.
    const words = (readings[0] ?? []).slice(1);
    const dashes = words.findIndex((f) => f.value === '--');
    const params =
      dashes !== -1 ? words.slice(dashes + 1) : /^[-+]/.test(words[0]?.value ?? '-') ? null : words;
    return params === null
      ? scope
      : positional(
          scope,
          params.map((f) => f.value),
        );
  }
  if (name === 'unset') {
    let s = scope;
    for (const f of (readings[0] ?? []).slice(1))
      if (f.value !== null && !f.value.startsWith('-')) s = assign(s, f.value, ['']);
    return s;
  }
  if (name === 'read') {
    // `read a b <<< 'push -f'`: the first line, split, the last name taking the rest.
    const names = (readings[0] ?? [])
      .slice(1)
      .flatMap((f) => (f.value !== null && /^[A-Za-z_]\w*$/.test(f.value) ? [f.value] : []));
    const line = input.texts?.length === 1 ? (input.texts[0]!.split('\n')[0] ?? '') : null;
    const parts = line?.trim().split(/\s+/) ?? [];
    let s = scope;
    names.forEach((n, k) => {
      const v = line === null ? null : k === names.length - 1 ? parts.slice(k).join(' ') : (parts[k] ?? '');
      s = assign(s, n, [v]);
    });
    return s;
  }
  if (name === 'mapfile' || name === 'readarray' || name === 'getopts') {
    let s = scope;
    for (const f of (readings[0] ?? []).slice(1))
      if (f.value !== null && /^[A-Za-z_]\w*$/.test(f.value)) s = assign(s, f.value, [null]);
    return s;
  }
  const v = readings[0]?.[2]?.value;
  if (name === 'printf' && readings[0]?.[1]?.value === '-v' && v !== undefined && v !== null) {
    const rest = (readings[0] ?? []).slice(3);
    const text =
      rest.some((f) => f.value === null) || rest.length === 0
        ? null
        : printfOutput(
            rest[0]!.value!,
            rest.slice(1).map((f) => f.value!),
          );
    return assign(scope, v, [text]);
  }
  return scope;
}
