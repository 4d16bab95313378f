// The shell parser the guard reads commands with (unbash: see docs/decisions.md, "Guard: the
// shell parser"). The CLI bundle swaps this module for scripts/shims/lazy-shell-parser.cjs,
// which loads the parser's own bundle (dist/shell-parser.cjs) on first use: only a hook run
// whose command mentions a guarded word pays for it.
export { forEachChild, parse } from 'unbash';
