import { join } from './paths.js';
import type { Scope, Values } from './resolve.js';

// How the shell's state changes along a line: what a branch may leave, an assignment, `cd`.

/** The state after any of several paths: every value each may leave, every folder. */
export function union(scopes: readonly Scope[]): Scope {
  if (scopes.length === 1) return scopes[0]!;
  const vars = new Map<string, Values>();
  const names = new Set(scopes.flatMap((s) => [...s.vars.keys()]));
  for (const name of names) {
    const all = scopes.flatMap((s) => s.vars.get(name) ?? [null]);
    vars.set(name, [...new Set(all)].slice(0, 8));
  }
  return {
    vars,
    exported: new Set(scopes.flatMap((s) => [...s.exported])),
    cwd: [...new Set(scopes.flatMap((s) => s.cwd))].slice(0, 8),
  };
}

export function assign(scope: Scope, name: string, values: Values, exported = false): Scope {
  const vars = new Map(scope.vars);
  vars.set(name, values);
  const ex = exported ? new Set([...scope.exported, name]) : scope.exported;
  return { ...scope, vars, exported: ex };
}

/** A scope with the positional parameters `$1`, `$2`, … `$@`, `$*`, `$#` (`$0` first when given). */
export function positional(scope: Scope, params: readonly (string | null)[], zero?: string | null): Scope {
  const vars = new Map(scope.vars);
  for (const key of [...vars.keys()]) if (/^[0-9]+$/.test(key)) vars.delete(key);
  if (zero !== undefined) vars.set('0', [zero]);
  params.slice(0, 32).forEach((v, k) => {
    vars.set(String(k + 1), [v]);
  });
  const all = params.includes(null) ? null : params.join(' ');
  vars.set('@', [all]);
  vars.set('*', [all]);
  vars.set('#', [String(params.length)]);
  return { ...scope, vars };
}

export function changeDir(scope: Scope, targets: Values): Scope {
  const cwd: (string | null)[] = [];
  for (const c of scope.cwd)
    for (const t of targets) {
      if (c === null || t === null || t === '-') cwd.push(null);
      else cwd.push(t.startsWith('/') || t.startsWith('~') ? t : join(c, t));
    }
  return { ...scope, cwd: [...new Set(cwd)].slice(0, 8) };
}
