import { createRequire } from 'node:module';

let nodeRequire: NodeJS.Require | undefined;

/**
 * Loads a module synchronously on first use (a built-in, or a dependency that most runs never
 * need). The CLI bundle is CommonJS and swaps this file for scripts/shims/lazy-require.cjs,
 * which uses its own `require`: importing `node:module` there would start Node's ES module
 * loader, a cost every command would pay at start for nothing.
 */
export function lazyRequire<T>(id: string): T {
  nodeRequire ??= createRequire(import.meta.url);
  return nodeRequire(id) as T;
}
